// Dates are real calendar days in YYYY-MM-DD form and nothing else.
import { describe, expect, it } from 'vitest'
import { addDays, parseCalendarDate, startOfMonth } from './calendar-date.js'

describe('parseCalendarDate', () => {
  it.each(['2026-01-31', '2024-02-29', '2000-02-29', '1999-12-31', '0001-01-01'])('accepts %s', (input) => {
    expect(parseCalendarDate(input)).toEqual({ ok: true, value: input })
  })

  it.each([
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-5',
    '26-01-05',
    '2026/01/05',
    '2026-01-05T00:00:00Z',
    ' 2026-01-05',
    '',
    '0000-01-01',
    '２０２６-01-05',
  ])('refuses %j', (input) => {
    const parsed = parseCalendarDate(input)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.error.code).toBe('INVALID_DATE')
  })
})

describe('date arithmetic', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(addDays('2026-03-10', -30)).toBe('2026-02-08')
    expect(startOfMonth('2026-11-21')).toBe('2026-11-01')
  })
})
