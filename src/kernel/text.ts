import { limits } from './limits.js'
import { fail, ok, type Result } from './result.js'

/** A required display name: not blank, not longer than the name limit, kept exactly as given. */
export function parseName(input: string, field = 'name'): Result<string> {
  if (input.trim() === '') return fail('INVALID_NAME', `${field} must not be empty.`, field)
  if (input.length > limits.nameLengthMax) {
    return fail('INVALID_NAME', `${field} must be at most ${limits.nameLengthMax} characters.`, field)
  }
  if (input.includes('\u0000'))
    return fail('INVALID_NAME', `${field} must not contain NUL characters.`, field)
  return ok(input)
}

/** The form names are compared in for case-insensitive uniqueness and search. */
export const nameKey = (name: string): string => name.trim().toLowerCase()
