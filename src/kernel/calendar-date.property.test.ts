// Calendar dates agree with the proleptic Gregorian calendar: every real day parses, day arithmetic reverses, and text order is date order.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  calendarDateOf,
  daysInMonth,
  isLeapYear,
  parseCalendarDate,
  startOfMonth,
} from './calendar-date.js'

const dayMs = 24 * 60 * 60_000
const firstMs = Date.parse('0001-01-01T00:00:00Z')
const lastMs = Date.parse('9999-12-31T00:00:00Z')

/** Any real day from 0001-01-01 to 9999-12-31. */
const realDay = fc.integer({ min: 0, max: Math.floor((lastMs - firstMs) / dayMs) }).map((n) => {
  return calendarDateOf(new Date(firstMs + n * dayMs))
})
const pad = (n: number, width: number) => String(n).padStart(width, '0')

describe('calendar dates', () => {
  it('parses every real day as itself', () => {
    fc.assert(
      fc.property(realDay, (date) => {
        expect(parseCalendarDate(date)).toEqual({ ok: true, value: date })
      }),
    )
  })

  it('accepts a year-month-day exactly when the day exists in that month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
          const real = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
          expect(parseCalendarDate(text).ok).toBe(real)
        },
      ),
    )
  })

  it('counts the days of a year as 366 in leap years and 365 otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), (year) => {
        let days = 0
        for (let month = 1; month <= 12; month++) days += daysInMonth(year, month)
        expect(days).toBe(isLeapYear(year) ? 366 : 365)
      }),
    )
  })

  it('undoes adding days by subtracting them, and adds in steps', () => {
    fc.assert(
      fc.property(
        realDay,
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: -400, max: 400 }),
        (date, a, b) => {
          fc.pre(date > '0002' && date < '9998')
          expect(addDays(addDays(date, a), -a)).toBe(date)
          expect(addDays(addDays(date, a), b)).toBe(addDays(date, a + b))
        },
      ),
    )
  })

  it('orders dates as text the same as in time', () => {
    fc.assert(
      fc.property(realDay, realDay, (x, y) => {
        const byTime = Math.sign(Date.parse(`${x}T00:00:00Z`) - Date.parse(`${y}T00:00:00Z`))
        const byText = x < y ? -1 : x > y ? 1 : 0
        expect(byText).toBe(byTime)
      }),
    )
  })

  it('moves a day one step forward to the next day, never past a real one', () => {
    fc.assert(
      fc.property(realDay, (date) => {
        fc.pre(date < '9999-12-31')
        const next = addDays(date, 1)
        expect(next > date).toBe(true)
        expect(parseCalendarDate(next).ok).toBe(true)
        expect(startOfMonth(next) === startOfMonth(date)).toBe(next.slice(8) !== '01')
      }),
    )
  })
})
