import { parseEmail } from '../../kernel/email.js'
import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'

// The pure rules of an intake address: how an address is written so that one address is one row.

export type AddressType = 'email' | 'sms'

/** E-mail addresses compare lower-cased; phone numbers as their digits (DESIGN 5.9). */
export function normalizeAddress(
  addressType: string,
  address: string,
): Result<{ addressType: AddressType; address: string }> {
  if (addressType === 'email') {
    const email = parseEmail(address.trim(), 'address')
    if (!email.ok) return email
    return ok({ addressType, address: email.value.toLowerCase() })
  }
  if (addressType === 'sms') {
    const digits = address.replace(/[+\s\-.()]/g, '')
    if (!/^[0-9]{7,15}$/.test(digits)) {
      return fail('INVALID_ADDRESS', 'An sms address must be a phone number of 7 to 15 digits.', 'address')
    }
    return ok({ addressType, address: digits })
  }
  return fail('INVALID_ADDRESS_TYPE', 'addressType must be email or sms.', 'addressType')
}

export function parseLabel(label: string | null | undefined): Result<string | null> {
  if (label === null || label === undefined || label.trim() === '') return ok(null)
  if (label.length > limits.intakeLabelLengthMax) {
    return fail('INVALID_LABEL', `label must be at most ${limits.intakeLabelLengthMax} characters.`, 'label')
  }
  return ok(label)
}
