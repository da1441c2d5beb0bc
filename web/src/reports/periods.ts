import { addDays } from '../format/dates'

export interface Period {
  label: string
  startDate: string
  endDate: string
}

// Twenty-four columns still fit a wide table and a readable chart; a longer range is cut there.
export const monthsShownMax = 24

const monthName = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** The calendar months a range touches, each cut to the range: 2026-01-15..2026-02-10 gives two. */
export function monthsOf(startDate: string, endDate: string): Period[] {
  const months: Period[] = []
  let monthStart = `${startDate.slice(0, 7)}-01`
  while (monthStart <= endDate && months.length < monthsShownMax) {
    const nextMonth = addDays(`${monthStart.slice(0, 7)}-28`, 4).slice(0, 7)
    const monthEnd = addDays(`${nextMonth}-01`, -1)
    months.push({
      label: monthName.format(new Date(`${monthStart}T00:00:00Z`)),
      startDate: startDate > monthStart ? startDate : monthStart,
      endDate: endDate < monthEnd ? endDate : monthEnd,
    })
    monthStart = `${nextMonth}-01`
  }
  return months
}

/** Today in UTC, as the API's defaults count it. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10)
}
