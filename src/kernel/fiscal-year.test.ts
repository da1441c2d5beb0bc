// Fiscal years from a year end: which year a day falls in, where each starts and ends, and the run of years between two days.
import { describe, expect, it } from 'vitest'
import { fiscalYearEndingIn, fiscalYearOf, fiscalYearsBetween, isFiscalYearEnd } from './fiscal-year.js'

describe('fiscal years', () => {
  it('names a year by the calendar year it ends in', () => {
    expect(fiscalYearEndingIn(2026, '03-31')).toEqual({ startDate: '2025-04-01', endDate: '2026-03-31' })
    expect(fiscalYearEndingIn(2026, '12-31')).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' })
    // After a leap year's February 28th comes its 29th.
    expect(fiscalYearEndingIn(2025, '02-28')).toEqual({ startDate: '2024-02-29', endDate: '2025-02-28' })
  })

  it('finds the year of a day on both sides of a year end', () => {
    expect(fiscalYearOf('2026-03-31', '03-31').endDate).toBe('2026-03-31')
    expect(fiscalYearOf('2026-04-01', '03-31').endDate).toBe('2027-03-31')
    expect(fiscalYearOf('2026-01-01', '12-31')).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' })
    expect(fiscalYearOf('2024-02-29', '02-28').endDate).toBe('2025-02-28')
  })

  it('tells a year end and lists the years between two days', () => {
    expect(isFiscalYearEnd('2026-03-31', '03-31')).toBe(true)
    expect(isFiscalYearEnd('2026-03-30', '03-31')).toBe(false)
    expect(fiscalYearsBetween('2025-05-10', '2027-04-01', '03-31').map((y) => y.endDate)).toEqual([
      '2026-03-31',
      '2027-03-31',
      '2028-03-31',
    ])
    expect(fiscalYearsBetween('2026-06-01', '2026-06-02', '12-31')).toHaveLength(1)
  })
})
