import { addDays, daysInMonth, parseCalendarDate } from '../../kernel/calendar-date.js'
import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { InvoiceInput } from '../invoices/invoices-port.js'
import type { JournalLineInput } from '../journal/journal-port.js'
import type { NewEventInput } from '../ledger-events/ledger-events-port.js'

// The pure rules of recurring entries (DESIGN 8.10): what a template may say, and the dates its
// schedule reaches. A date is the n-th step from the start, never the previous date plus a step,
// so a monthly schedule on the 31st goes Jan 31, Feb 28, Mar 31 instead of drifting to the 28th.

export const recurringKinds = ['journal_entry', 'ledger_event', 'invoice'] as const
export type RecurringKind = (typeof recurringKinds)[number]
export const frequencies = ['weekly', 'monthly', 'quarterly', 'yearly'] as const
export type Frequency = (typeof frequencies)[number]
export const recurringModes = ['post', 'draft'] as const
export type RecurringMode = (typeof recurringModes)[number]

/** What a template makes on each of its dates, as it was given; one of the three is set. */
export interface TemplatePayload {
  journalEntry?: { memo?: string | null; reference?: string | null; lines: JournalLineInput[] } | undefined
  ledgerEvent?: Omit<NewEventInput, 'transactionDate' | 'contactId' | 'exchangeRate'> | undefined
  invoice?: InvoiceInput | undefined
}

export interface Schedule {
  frequency: Frequency
  interval: number
  /** Null: the start date's day (weekly schedules have none). */
  dayOfMonth: number | null
  startDate: string
  endDate: string | null
  occurrencesMax: number | null
}

const monthsPerStep: Record<Exclude<Frequency, 'weekly'>, number> = { monthly: 1, quarterly: 3, yearly: 12 }

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value)

/**
 * The schedule's n-th date (n from 0), whatever its end; null past year 9999. A month without the
 * day asked for takes its last day. The first date is the first on or after the start.
 */
export function nthDate(schedule: Schedule, n: number): string | null {
  if (schedule.frequency === 'weekly') {
    const date = addDays(schedule.startDate, 7 * schedule.interval * n)
    // Past year 9999 an ISO date gains a sign and more digits.
    return date.length === 10 ? date : null
  }
  const [startYear, startMonth, startDay] = schedule.startDate.split('-').map(Number) as [
    number,
    number,
    number,
  ]
  const day = schedule.dayOfMonth ?? startDay
  const firstFits = Math.min(day, daysInMonth(startYear, startMonth)) >= startDay
  const monthIndex =
    startYear * 12 +
    (startMonth - 1) +
    (firstFits ? 0 : 1) +
    n * monthsPerStep[schedule.frequency] * schedule.interval
  const year = Math.floor(monthIndex / 12)
  const month = (monthIndex % 12) + 1
  if (year > 9999) return null
  const dayInMonth = Math.min(day, daysInMonth(year, month))
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(dayInMonth).padStart(2, '0')}`
}

/** The n-th date when the schedule still has it: within occurrencesMax and the end date. */
function dateInSchedule(schedule: Schedule, n: number): string | null {
  const countMax = schedule.occurrencesMax ?? limits.recurringOccurrencesMax
  if (n >= Math.min(countMax, limits.recurringOccurrencesMax)) return null
  const date = nthDate(schedule, n)
  if (date === null || (schedule.endDate !== null && date > schedule.endDate)) return null
  return date
}

/** The first date of the schedule after `after` (every date when null); null once none is left. */
export function nextDateAfter(schedule: Schedule, after: string | null): string | null {
  for (let n = 0; ; n++) {
    const date = dateInSchedule(schedule, n)
    if (date === null) return null
    if (after === null || date > after) return date
  }
}

/** The input's schedule and choices, each checked in the order the fields are listed. */
export interface TemplateRules {
  name: string
  kind: RecurringKind
  mode: RecurringMode
  schedule: Schedule
}

export interface TemplateFields {
  name: string
  kind: string
  frequency: string
  interval?: number | null
  dayOfMonth?: number | null
  startDate: string
  endDate?: string | null
  occurrencesMax?: number | null
  mode: string
  journalEntry?: unknown
  ledgerEvent?: unknown
  invoice?: unknown
}

const payloadFieldOf: Record<RecurringKind, 'journalEntry' | 'ledgerEvent' | 'invoice'> = {
  journal_entry: 'journalEntry',
  ledger_event: 'ledgerEvent',
  invoice: 'invoice',
}

export function checkTemplate(input: TemplateFields): Result<TemplateRules> {
  const name = input.name.trim()
  if (name === '' || name.length > limits.nameLengthMax || name.includes('\u0000')) {
    return fail(
      'INVALID_NAME',
      `name must be 1 to ${limits.nameLengthMax} characters, without NUL.`,
      'input.name',
    )
  }
  if (!isOneOf(recurringKinds, input.kind)) {
    return fail(
      'INVALID_RECURRING_KIND',
      `kind must be one of ${recurringKinds.join(', ')}; got ${input.kind.slice(0, 40)}.`,
      'input.kind',
    )
  }
  if (!isOneOf(frequencies, input.frequency)) {
    return fail(
      'INVALID_FREQUENCY',
      `frequency must be one of ${frequencies.join(', ')}; got ${input.frequency.slice(0, 40)}.`,
      'input.frequency',
    )
  }
  const interval = input.interval ?? 1
  if (!Number.isInteger(interval) || interval < 1 || interval > limits.recurringIntervalMax) {
    return fail(
      'INVALID_INTERVAL',
      `interval must be a whole number from 1 to ${limits.recurringIntervalMax}; got ${interval}.`,
      'input.interval',
    )
  }
  const dayOfMonth = input.dayOfMonth ?? null
  if (dayOfMonth !== null && input.frequency === 'weekly') {
    return fail(
      'INVALID_DAY_OF_MONTH',
      'A weekly schedule has no dayOfMonth; leave it out.',
      'input.dayOfMonth',
    )
  }
  if (dayOfMonth !== null && (!Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > 31)) {
    return fail(
      'INVALID_DAY_OF_MONTH',
      `dayOfMonth must be from 1 to 31; got ${dayOfMonth}.`,
      'input.dayOfMonth',
    )
  }
  const start = parseCalendarDate(input.startDate, 'input.startDate')
  if (!start.ok) return start
  const endDate = input.endDate ?? null
  if (endDate !== null) {
    const end = parseCalendarDate(endDate, 'input.endDate')
    if (!end.ok) return end
    if (endDate < start.value) {
      return fail(
        'INVALID_DATE_RANGE',
        `endDate (${endDate}) is before startDate (${start.value}).`,
        'input.endDate',
      )
    }
  }
  const occurrencesMax = input.occurrencesMax ?? null
  if (
    occurrencesMax !== null &&
    (!Number.isInteger(occurrencesMax) ||
      occurrencesMax < 1 ||
      occurrencesMax > limits.recurringOccurrencesMax)
  ) {
    return fail(
      'INVALID_OCCURRENCES_MAX',
      `occurrencesMax must be a whole number from 1 to ${limits.recurringOccurrencesMax}; got ${occurrencesMax}.`,
      'input.occurrencesMax',
    )
  }
  if (!isOneOf(recurringModes, input.mode)) {
    return fail(
      'INVALID_RECURRING_MODE',
      `mode must be one of ${recurringModes.join(', ')}; got ${input.mode.slice(0, 40)}.`,
      'input.mode',
    )
  }
  const wanted = payloadFieldOf[input.kind]
  if (input[wanted] == null) {
    return fail(
      'RECURRING_PAYLOAD_REQUIRED',
      `A ${input.kind} template needs its ${wanted} input.`,
      `input.${wanted}`,
    )
  }
  const other = Object.values(payloadFieldOf).find((field) => field !== wanted && input[field] != null)
  if (other !== undefined) {
    return fail(
      'RECURRING_PAYLOAD_MISMATCH',
      `A ${input.kind} template takes ${wanted} only; leave ${other} out.`,
      `input.${other}`,
    )
  }
  if (input.kind === 'journal_entry' && input.mode === 'draft') {
    return fail(
      'RECURRING_MODE_NOT_SUPPORTED',
      'Manual journal entries are posted at once and have no draft; a journal_entry template takes mode post.',
      'input.mode',
    )
  }
  return ok({
    name,
    kind: input.kind,
    mode: input.mode,
    schedule: {
      frequency: input.frequency,
      interval,
      dayOfMonth,
      startDate: start.value,
      endDate,
      occurrencesMax,
    },
  })
}
