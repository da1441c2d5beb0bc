import { fail, ok, type Result } from './result.js'

// The CRA's Business Number: nine digits, alone or as a program account (GST/HST is
// 123456789RT0001). People write it with spaces and dashes ("123456789 RT 0001"); it is kept without
// them, letters upper-case. The ninth digit is not checked as a Luhn digit: the CRA does not publish
// the rule, and numbers the contract calls valid would fail it (ADR 0055).
const businessNumberPattern = /^\d{9}([A-Z]{2}\d{4})?$/

export function parseBusinessNumber(input: string, field = 'businessNumber'): Result<string> {
  const compact = input.replace(/[\s-]/g, '').toUpperCase()
  if (compact.length > 15 || !businessNumberPattern.test(compact)) {
    return fail(
      'INVALID_BUSINESS_NUMBER',
      `${field} must be a nine-digit business number, alone or with its program account (123456789RT0001).`,
      field,
    )
  }
  return ok(compact)
}

/** The nine digits that name the business, whatever program account follows them. */
export const businessNumberRoot = (businessNumber: string): string => businessNumber.slice(0, 9)
