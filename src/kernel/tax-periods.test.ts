// Reporting periods cut from the fiscal year and their due dates, as the CRA sets them.
import { describe, expect, it } from 'vitest'
import { taxPeriodOf, taxReturnDueDate } from './tax-periods.js'

describe('tax periods', () => {
  it('are calendar months and quarters for a December 31 year end', () => {
    expect(taxPeriodOf('2026-02-14', 'monthly', '12-31')).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    })
    expect(taxPeriodOf('2026-05-01', 'quarterly', '12-31')).toEqual({
      startDate: '2026-04-01',
      endDate: '2026-06-30',
    })
    expect(taxPeriodOf('2026-12-31', 'quarterly', '12-31')).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-12-31',
    })
    expect(taxPeriodOf('2026-07-09', 'annual', '12-31')).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    })
  })

  it('follow a March 31 year end, quarters starting in April', () => {
    expect(taxPeriodOf('2026-03-31', 'quarterly', '03-31')).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-03-31',
    })
    expect(taxPeriodOf('2026-04-01', 'quarterly', '03-31')).toEqual({
      startDate: '2026-04-01',
      endDate: '2026-06-30',
    })
    expect(taxPeriodOf('2026-04-30', 'annual', '03-31')).toEqual({
      startDate: '2026-04-01',
      endDate: '2027-03-31',
    })
  })

  it('end on the year end day of the month when the year does not end on a month end', () => {
    expect(taxPeriodOf('2026-06-20', 'monthly', '06-15')).toEqual({
      startDate: '2026-06-16',
      endDate: '2026-07-15',
    })
    expect(taxPeriodOf('2026-06-15', 'quarterly', '06-15')).toEqual({
      startDate: '2026-03-16',
      endDate: '2026-06-15',
    })
  })

  it('keep to month ends for a February year end, a leap day opening the next year (ADR 0055)', () => {
    expect(taxPeriodOf('2027-02-10', 'monthly', '02-28')).toEqual({
      startDate: '2027-02-01',
      endDate: '2027-02-28',
    })
    expect(taxPeriodOf('2028-02-29', 'monthly', '02-28')).toEqual({
      startDate: '2028-02-29',
      endDate: '2028-03-31',
    })
    expect(taxPeriodOf('2028-03-01', 'monthly', '02-28')).toEqual({
      startDate: '2028-02-29',
      endDate: '2028-03-31',
    })
  })

  it('are due a month after a monthly or quarterly period and three months after a year', () => {
    expect(taxReturnDueDate({ startDate: '2026-01-01', endDate: '2026-03-31' }, 'quarterly', '12-31')).toBe(
      '2026-04-30',
    )
    expect(taxReturnDueDate({ startDate: '2026-01-01', endDate: '2026-01-31' }, 'monthly', '12-31')).toBe(
      '2026-02-28',
    )
    expect(taxReturnDueDate({ startDate: '2025-04-01', endDate: '2026-03-31' }, 'annual', '03-31')).toBe(
      '2026-06-30',
    )
    expect(taxReturnDueDate({ startDate: '2026-06-16', endDate: '2026-07-15' }, 'monthly', '06-15')).toBe(
      '2026-08-15',
    )
  })
})
