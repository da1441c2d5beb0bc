// The schedule's dates: the n-th step from the start, a short month taking its last day, bounded by the end and the count; and a template's fields checked in order.
import { describe, expect, it } from 'vitest'
import { checkTemplate, nextDateAfter, nthDate, type Schedule } from './recurring.js'

const schedule = (extra: Partial<Schedule>): Schedule => ({
  frequency: 'monthly',
  interval: 1,
  dayOfMonth: null,
  startDate: '2026-01-31',
  endDate: null,
  occurrencesMax: null,
  ...extra,
})

const dates = (s: Schedule, count: number) => Array.from({ length: count }, (_, n) => nthDate(s, n))

describe('nthDate', () => {
  it('keeps the 31st across short months instead of drifting to the 28th', () => {
    expect(dates(schedule({ dayOfMonth: 31 }), 4)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ])
    expect(dates(schedule({}), 2)).toEqual(['2026-01-31', '2026-02-28'])
  })

  it('starts on the first date on or after the start', () => {
    expect(nthDate(schedule({ startDate: '2026-01-20', dayOfMonth: 5 }), 0)).toBe('2026-02-05')
    expect(nthDate(schedule({ startDate: '2026-01-05', dayOfMonth: 5 }), 0)).toBe('2026-01-05')
    expect(nthDate(schedule({ startDate: '2026-02-10', dayOfMonth: 30 }), 0)).toBe('2026-02-28')
  })

  it('steps weeks, quarters and years, every interval of them', () => {
    expect(dates(schedule({ frequency: 'weekly', startDate: '2026-12-28', interval: 2 }), 2)).toEqual([
      '2026-12-28',
      '2027-01-11',
    ])
    expect(dates(schedule({ frequency: 'quarterly', dayOfMonth: 31 }), 3)).toEqual([
      '2026-01-31',
      '2026-04-30',
      '2026-07-31',
    ])
    expect(dates(schedule({ frequency: 'yearly', startDate: '2028-02-29' }), 2)).toEqual([
      '2028-02-29',
      '2029-02-28',
    ])
  })
})

describe('nextDateAfter', () => {
  it('ends at endDate and at occurrencesMax', () => {
    expect(nextDateAfter(schedule({ endDate: '2026-02-27' }), '2026-01-31')).toBeNull()
    expect(nextDateAfter(schedule({ occurrencesMax: 2 }), '2026-01-31')).toBe('2026-02-28')
    expect(nextDateAfter(schedule({ occurrencesMax: 2 }), '2026-02-28')).toBeNull()
    expect(nextDateAfter(schedule({}), null)).toBe('2026-01-31')
  })
})

describe('checkTemplate', () => {
  const valid = {
    name: 'Rent',
    kind: 'journal_entry',
    frequency: 'monthly',
    startDate: '2026-01-31',
    mode: 'post',
    journalEntry: { lines: [] },
  }
  it('answers the first problem in the order the fields are listed', () => {
    const code = (extra: Record<string, unknown>) => {
      const checked = checkTemplate({ ...valid, ...extra })
      return checked.ok ? 'ok' : checked.error.code
    }
    expect(code({})).toBe('ok')
    expect(code({ kind: 'nope', frequency: 'nope' })).toBe('INVALID_RECURRING_KIND')
    expect(code({ frequency: 'daily', interval: 0 })).toBe('INVALID_FREQUENCY')
    expect(code({ interval: 101 })).toBe('INVALID_INTERVAL')
    expect(code({ dayOfMonth: 32 })).toBe('INVALID_DAY_OF_MONTH')
    expect(code({ startDate: '2026-02-30' })).toBe('INVALID_DATE')
    expect(code({ endDate: '2026-01-01' })).toBe('INVALID_DATE_RANGE')
    expect(code({ occurrencesMax: 0 })).toBe('INVALID_OCCURRENCES_MAX')
    expect(code({ mode: 'soon' })).toBe('INVALID_RECURRING_MODE')
    expect(code({ journalEntry: null })).toBe('RECURRING_PAYLOAD_REQUIRED')
    expect(code({ invoice: {} })).toBe('RECURRING_PAYLOAD_MISMATCH')
    expect(code({ mode: 'draft' })).toBe('RECURRING_MODE_NOT_SUPPORTED')
  })
})
