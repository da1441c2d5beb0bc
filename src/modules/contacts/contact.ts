import { parseBusinessNumber } from '../../kernel/business-number.js'
import { parseEmail } from '../../kernel/email.js'
import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import { parseName } from '../../kernel/text.js'

// The pure rules of a contact. Email is checked; a phone number is kept exactly as given, since
// people write them in every national format.
export const contactTypes = ['vendor', 'customer'] as const
export type ContactType = (typeof contactTypes)[number]

export interface ContactInput {
  contactType: string
  displayName: string
  email?: string | null | undefined
  phone?: string | null | undefined
  businessNumber?: string | null | undefined
}

export interface ValidContact {
  contactType: ContactType
  displayName: string
  email: string
  phone: string
  /** A supplier's GST/HST registration, which an input tax credit of 100.00 or more needs. */
  businessNumber: string | null
}

export function validateContact(input: ContactInput): Result<ValidContact> {
  if (!(contactTypes as readonly string[]).includes(input.contactType)) {
    return fail('INVALID_CONTACT_TYPE', 'contactType must be vendor or customer.', 'contactType')
  }
  const displayName = parseName(input.displayName, 'displayName')
  if (!displayName.ok) return displayName
  let email = ''
  if (input.email) {
    const parsed = parseEmail(input.email)
    if (!parsed.ok) return parsed
    // The address pattern lets a NUL through, and PostgreSQL cannot store one.
    if (parsed.value.includes('\u0000')) {
      return fail('INVALID_EMAIL', 'email must not contain NUL characters.', 'email')
    }
    email = parsed.value
  }
  const phone = input.phone ?? ''
  if (phone.length > limits.phoneLengthMax || phone.includes('\u0000')) {
    return fail('INVALID_PHONE', `phone must be at most ${limits.phoneLengthMax} characters.`, 'phone')
  }
  let businessNumber: string | null = null
  if (input.businessNumber) {
    const parsed = parseBusinessNumber(input.businessNumber)
    if (!parsed.ok) return parsed
    businessNumber = parsed.value
  }
  return ok({
    contactType: input.contactType as ContactType,
    displayName: displayName.value,
    email,
    phone,
    businessNumber,
  })
}

export const contactNotFound = () => fail('CONTACT_NOT_FOUND', 'No contact with this contactId.', 'contactId')

export const contactNameTaken = () =>
  fail('CONTACT_NAME_TAKEN', 'Contact with this name already exists.', 'displayName')

export interface ContactRecord {
  id: string
  contactType: ContactType
  displayName: string
  email: string
  phone: string
  businessNumber: string | null
  active: boolean
  balanceMinor: bigint
}
