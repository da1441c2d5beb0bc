import { addDays, type CalendarDate } from './calendar-date.js'

// Fiscal years from the organization's year end, `MM-DD` (DESIGN 8.1, 8.5). A year end falls in
// every calendar year (February ends on the 28th, ADR 0055), so a fiscal year is named by the
// calendar year it ends in.

export interface FiscalYear {
  startDate: CalendarDate
  endDate: CalendarDate
}

/** The fiscal year that ends in this calendar year. */
export function fiscalYearEndingIn(year: number, fiscalYearEnd: string): FiscalYear {
  const endDate = `${String(year).padStart(4, '0')}-${fiscalYearEnd}`
  const previousEnd = `${String(year - 1).padStart(4, '0')}-${fiscalYearEnd}`
  return { startDate: addDays(previousEnd, 1), endDate }
}

/** The fiscal year a day falls in. */
export function fiscalYearOf(date: CalendarDate, fiscalYearEnd: string): FiscalYear {
  const year = Number(date.slice(0, 4))
  const thisYear = fiscalYearEndingIn(year, fiscalYearEnd)
  return date <= thisYear.endDate ? thisYear : fiscalYearEndingIn(year + 1, fiscalYearEnd)
}

/** Whether a day is the last day of a fiscal year. */
export const isFiscalYearEnd = (date: CalendarDate, fiscalYearEnd: string): boolean =>
  date.slice(5) === fiscalYearEnd

/** Every fiscal year from the one holding `from` to the one holding `to`, oldest first. */
export function fiscalYearsBetween(
  from: CalendarDate,
  to: CalendarDate,
  fiscalYearEnd: string,
): FiscalYear[] {
  const years: FiscalYear[] = []
  for (let year = fiscalYearOf(from, fiscalYearEnd); year.startDate <= to; ) {
    years.push(year)
    year = fiscalYearOf(addDays(year.endDate, 1), fiscalYearEnd)
  }
  return years
}
