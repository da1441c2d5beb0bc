import { limits } from './limits.js'
import { fail, ok, type Result } from './result.js'

// Deliberately plain: one @, no spaces, a dot in the domain, and no longer than SMTP carries.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/

export function parseEmail(input: string, field = 'email'): Result<string> {
  if (input.length > limits.emailLengthMax || !emailPattern.test(input)) {
    return fail('INVALID_EMAIL', `${field} is not a valid e-mail address.`, field)
  }
  return ok(input)
}

/** The form used for uniqueness and look-ups; the address itself is kept as given. */
export const emailKey = (email: string): string => email.trim().toLowerCase()
