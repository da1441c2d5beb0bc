import { addDays, type CalendarDate, daysInMonth } from './calendar-date.js'
import { fiscalYearOf } from './fiscal-year.js'

// GST/HST reporting periods (DESIGN 8.7's nextTaxReturnDue): the CRA cuts them from the fiscal
// year, twelve months, four quarters or the whole year, and a return is due a month after a
// monthly or quarterly period ends and three months after an annual one. A year end on the last
// day of its month (February's 28th included, ADR 0055) makes every period end on a month's last
// day; any other year end makes them end on that day of the month, or the month's last if shorter.

export type SalesTaxFrequency = 'monthly' | 'quarterly' | 'annual'

export interface TaxPeriod {
  startDate: CalendarDate
  endDate: CalendarDate
}

const monthsOf: Record<SalesTaxFrequency, number> = { monthly: 1, quarterly: 3, annual: 12 }

/** The day `months` months after `date`, keeping to month ends when `monthEnds`. */
function shiftMonths(date: CalendarDate, months: number, monthEnds: boolean): CalendarDate {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  const last = daysInMonth(year, month)
  const day = monthEnds ? last : Math.min(Number(date.slice(8, 10)), last)
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

const endsMonths = (fiscalYearEnd: string): boolean => {
  const month = Number(fiscalYearEnd.slice(0, 2))
  return Number(fiscalYearEnd.slice(3, 5)) === (month === 2 ? 28 : daysInMonth(2001, month))
}

/** The reporting period a day falls in. */
export function taxPeriodOf(
  date: CalendarDate,
  frequency: SalesTaxFrequency,
  fiscalYearEnd: string,
): TaxPeriod {
  const year = fiscalYearOf(date, fiscalYearEnd)
  const previousYearEnd = addDays(year.startDate, -1)
  const monthEnds = endsMonths(fiscalYearEnd)
  const months = monthsOf[frequency]
  let startDate = year.startDate
  for (let k = 1; k < 12 / months; k++) {
    const endDate = shiftMonths(previousYearEnd, k * months, monthEnds)
    if (date <= endDate) return { startDate, endDate }
    startDate = addDays(endDate, 1)
  }
  return { startDate, endDate: year.endDate }
}

/** The day a return for the period is due. */
export function taxReturnDueDate(
  period: TaxPeriod,
  frequency: SalesTaxFrequency,
  fiscalYearEnd: string,
): CalendarDate {
  const monthEnds = endsMonths(fiscalYearEnd)
  return shiftMonths(period.endDate, frequency === 'annual' ? 3 : 1, monthEnds)
}
