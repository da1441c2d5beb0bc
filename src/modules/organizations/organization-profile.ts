import { parseBusinessNumber } from '../../kernel/business-number.js'
import { daysInMonth } from '../../kernel/calendar-date.js'
import { fail, ok, type Result } from '../../kernel/result.js'

// The organization's profile (DESIGN 8.1): what its fiscal year and its sales tax returns are
// built from. Pure rules; the service reads, merges and writes.

export const provinces = [
  'CA-AB',
  'CA-BC',
  'CA-MB',
  'CA-NB',
  'CA-NL',
  'CA-NS',
  'CA-NT',
  'CA-NU',
  'CA-ON',
  'CA-PE',
  'CA-QC',
  'CA-SK',
  'CA-YT',
] as const
export const salesTaxFrequencies = ['monthly', 'quarterly', 'annual'] as const
export const salesTaxMethods = ['regular', 'quick'] as const
export type SalesTaxMethod = (typeof salesTaxMethods)[number]

export interface OrganizationProfile {
  /** MM-DD, the last day of every fiscal year. */
  fiscalYearEnd: string
  businessNumber: string | null
  province: string | null
  salesTaxFrequency: string | null
  salesTaxMethod: SalesTaxMethod
  /** A percentage as an exact decimal, such as "8.8"; set while the method is quick. */
  quickMethodRate: string | null
}

export const defaultProfile: OrganizationProfile = {
  fiscalYearEnd: '12-31',
  businessNumber: null,
  province: null,
  salesTaxFrequency: null,
  salesTaxMethod: 'regular',
  quickMethodRate: null,
}

/**
 * What a caller asks to change. Absent keeps a field; null clears one that may be empty, and keeps
 * the two that always hold a value (fiscalYearEnd, salesTaxMethod).
 */
export type ProfileChanges = { [K in keyof OrganizationProfile]?: string | null }

const quickMethodRatePattern = /^(0|[1-9]\d?)(\.\d{1,3})?$/

/** The profile after the changes, every field checked, or the first field refused. */
export function changedProfile(
  current: OrganizationProfile,
  changes: ProfileChanges,
): Result<OrganizationProfile> {
  const next = { ...current }
  if (changes.fiscalYearEnd != null) {
    const fiscalYearEnd = parseFiscalYearEnd(changes.fiscalYearEnd)
    if (!fiscalYearEnd.ok) return fiscalYearEnd
    next.fiscalYearEnd = fiscalYearEnd.value
  }
  if (changes.businessNumber !== undefined) {
    if (changes.businessNumber === null || changes.businessNumber.trim() === '') next.businessNumber = null
    else {
      const businessNumber = parseBusinessNumber(changes.businessNumber)
      if (!businessNumber.ok) return businessNumber
      next.businessNumber = businessNumber.value
    }
  }
  if (changes.province !== undefined) {
    if (changes.province !== null && !(provinces as readonly string[]).includes(changes.province)) {
      return fail(
        'INVALID_PROVINCE',
        `province must be a Canadian province or territory as a sales tax jurisdiction: ${provinces.join(', ')}.`,
        'province',
      )
    }
    next.province = changes.province
  }
  if (changes.salesTaxFrequency !== undefined) {
    const frequency = changes.salesTaxFrequency
    if (frequency !== null && !(salesTaxFrequencies as readonly string[]).includes(frequency)) {
      return fail(
        'INVALID_TAX_METHOD',
        'salesTaxFrequency must be monthly, quarterly or annual.',
        'salesTaxFrequency',
      )
    }
    next.salesTaxFrequency = frequency
  }
  if (changes.salesTaxMethod != null) {
    if (!(salesTaxMethods as readonly string[]).includes(changes.salesTaxMethod)) {
      return fail('INVALID_TAX_METHOD', 'salesTaxMethod must be regular or quick.', 'salesTaxMethod')
    }
    next.salesTaxMethod = changes.salesTaxMethod as SalesTaxMethod
  }
  if (changes.quickMethodRate !== undefined) {
    const rate = changes.quickMethodRate
    if (rate !== null && (!quickMethodRatePattern.test(rate) || /^0(\.0*)?$/.test(rate))) {
      return fail(
        'INVALID_TAX_METHOD',
        'quickMethodRate must be a percentage above 0 and below 100, such as 8.8.',
        'quickMethodRate',
      )
    }
    next.quickMethodRate = rate
  }
  if (next.salesTaxMethod === 'quick' && next.quickMethodRate === null) {
    return fail(
      'INVALID_TAX_METHOD',
      'The quick method needs its remittance rate: give quickMethodRate (such as 8.8).',
      'quickMethodRate',
    )
  }
  return ok(next)
}

const fiscalYearEndPattern = /^(\d{2})-(\d{2})$/

export function parseFiscalYearEnd(input: string): Result<string> {
  const match = fiscalYearEndPattern.exec(input)
  const month = Number(match?.[1])
  const day = Number(match?.[2])
  // A year end must fall in every year: February ends on the 28th (ADR 0055).
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(2001, month)) {
    return fail(
      'INVALID_FISCAL_YEAR_END',
      'fiscalYearEnd must be the month and day the fiscal year ends, MM-DD, such as 12-31 or 03-31 (02-29 does not fall every year).',
      'fiscalYearEnd',
    )
  }
  return ok(input)
}
