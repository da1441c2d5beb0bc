import type { RecurringTemplateFieldsFragment } from '../api/generated/recurring'

// A template as a person reads it: what it makes and when, in words, never the API's values.

export const frequencies = [
  { frequency: 'weekly', label: 'Weekly', one: 'week', many: 'weeks' },
  { frequency: 'monthly', label: 'Monthly', one: 'month', many: 'months' },
  { frequency: 'quarterly', label: 'Quarterly', one: 'quarter', many: 'quarters' },
  { frequency: 'yearly', label: 'Yearly', one: 'year', many: 'years' },
] as const

export type Frequency = (typeof frequencies)[number]['frequency']

const kindWords: Record<string, string> = {
  journal_entry: 'Journal entry',
  ledger_event: 'Bank event',
  // The template does not say which kind of document its payload is; its name usually does.
  invoice: 'Invoice or bill',
}

export const kindInWords = (kind: string) => kindWords[kind] ?? 'Something else'

type Schedule = Pick<
  RecurringTemplateFieldsFragment,
  'frequency' | 'interval' | 'dayOfMonth' | 'startDate' | 'endDate' | 'occurrencesMax'
>

/** "Monthly on day 31", "Every 2 weeks", with the end when there is one. */
export function scheduleInWords(schedule: Schedule): string {
  const words = frequencies.find((known) => known.frequency === schedule.frequency)
  if (!words) return 'On its own schedule'
  const every = schedule.interval === 1 ? words.label : `Every ${schedule.interval} ${words.many}`
  // Without a day of its own, a monthly schedule keeps the day of its start date.
  const day = schedule.dayOfMonth ?? Number(schedule.startDate.slice(8, 10))
  const when = schedule.frequency === 'weekly' ? every : `${every} on day ${day}`
  const ends = [
    schedule.endDate ? `until ${schedule.endDate}` : '',
    schedule.occurrencesMax
      ? `${schedule.occurrencesMax} ${schedule.occurrencesMax === 1 ? 'time' : 'times'}`
      : '',
  ].filter(Boolean)
  return ends.length > 0 ? `${when}, ${ends.join(', ')}` : when
}

export function stateInWords(template: Pick<RecurringTemplateFieldsFragment, 'paused' | 'nextDate'>) {
  if (template.paused) return 'Paused'
  return template.nextDate ? 'Active' : 'Finished'
}

const refusalWords: Record<string, string> = {
  PERIOD_LOCKED: 'Its date fell in a locked period, so that date was skipped.',
  ACCOUNT_NOT_FOUND: 'An account it uses is gone, so that date was skipped.',
  ACCOUNT_INACTIVE: 'An account it uses is inactive, so that date was skipped.',
  CONTACT_NOT_FOUND: 'Its contact is gone, so that date was skipped.',
}

/** Why the latest refused date was skipped, in words; empty when none was refused. */
export function lastRefusalInWords(
  template: Pick<RecurringTemplateFieldsFragment, 'lastErrorCode' | 'lastError'>,
): string {
  if (!template.lastErrorCode && !template.lastError) return ''
  const known = template.lastErrorCode ? refusalWords[template.lastErrorCode] : undefined
  return known ?? `${template.lastError ?? 'Daybook refused a date'} That date was skipped.`
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** The date `steps` periods after `date`; a month without its day takes its last day. */
export function periodsAfter(date: string, frequency: Frequency, steps: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  if (frequency === 'weekly') {
    const moved = new Date(Date.UTC(year, month - 1, day + 7 * steps))
    return moved.toISOString().slice(0, 10)
  }
  const months = { monthly: 1, quarterly: 3, yearly: 12 }[frequency] * steps
  const index = year * 12 + (month - 1) + months
  const movedYear = Math.floor(index / 12)
  const movedMonth = (index % 12) + 1
  const movedDay = Math.min(day, daysInMonth(movedYear, movedMonth))
  return `${String(movedYear).padStart(4, '0')}-${String(movedMonth).padStart(2, '0')}-${String(movedDay).padStart(2, '0')}`
}
