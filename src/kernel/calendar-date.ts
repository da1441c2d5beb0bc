import { fail, ok, type Result } from './result.js'

// A calendar date is a plain 'YYYY-MM-DD' string, valid in the proleptic Gregorian calendar.
// Strings compare in date order, so the database stores and sorts them as text.
export type CalendarDate = string

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/

export function parseCalendarDate(input: string, field = 'date'): Result<CalendarDate> {
  const match = datePattern.exec(input)
  if (!match) return fail('INVALID_DATE', `${field} must be a date in the form YYYY-MM-DD.`, field)
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return fail('INVALID_DATE', `${field} is not a real calendar date: ${input}.`, field)
  }
  return ok(input)
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

export function calendarDateOf(instant: Date): CalendarDate {
  return instant.toISOString().slice(0, 10)
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const instant = new Date(`${date}T00:00:00Z`)
  instant.setUTCDate(instant.getUTCDate() + days)
  return calendarDateOf(instant)
}

export function startOfMonth(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 8)}01`
}
