import type { CreateRecurringTemplateMutationVariables } from '../api/generated/recurring'
import { type Frequency, periodsAfter } from './schedule-words'

export type TemplateInput = CreateRecurringTemplateMutationVariables['input']
/** What is repeated, copied from the original: exactly one of the payloads. */
export type RepeatedPayload = Pick<TemplateInput, 'kind' | 'journalEntry' | 'invoice'>

// The API's bounds on a schedule, checked here so a mistake is told in the form's own words.
export const intervalMax = 100
export const occurrencesMax = 1000

/** The form as typed: text until sent, so a half-typed number is never lost. */
export interface RepeatFields {
  name: string
  frequency: Frequency
  interval: string
  dayOfMonth: string
  startDate: string
  /** Until a start date is typed, it follows the schedule: the next period after the original. */
  startTyped: boolean
  endDate: string
  times: string
  mode: string
}

export function initialFields(name: string, originalDate: string): RepeatFields {
  return {
    name,
    frequency: 'monthly',
    interval: '1',
    dayOfMonth: String(Number(originalDate.slice(8, 10))),
    startDate: periodsAfter(originalDate, 'monthly', 1),
    startTyped: false,
    endDate: '',
    times: '',
    mode: 'post',
  }
}

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null
}

/** The fields after a change of schedule, the start date moved along unless it was typed. */
export function scheduleChanged(
  fields: RepeatFields,
  originalDate: string,
  change: Pick<RepeatFields, 'frequency' | 'interval'>,
): RepeatFields {
  const steps = wholeNumber(change.interval)
  const moves = !fields.startTyped && steps !== null && steps >= 1
  return {
    ...fields,
    ...change,
    startDate: moves ? periodsAfter(originalDate, change.frequency, steps) : fields.startDate,
  }
}

/** What createRecurringTemplate takes, or what is wrong with the fields in words. */
export function templateInputOf(
  fields: RepeatFields,
  payload: RepeatedPayload,
  offersDraft: boolean,
): TemplateInput | string {
  if (fields.name.trim() === '') return 'Give the recurring entry a name.'
  const every = wholeNumber(fields.interval)
  if (every === null || every < 1 || every > intervalMax) return `Repeat every 1 to ${intervalMax} periods.`
  const weekly = fields.frequency === 'weekly'
  const day = wholeNumber(fields.dayOfMonth)
  if (!weekly && (day === null || day < 1 || day > 31))
    return 'The day of the month is from 1 to 31; a shorter month takes its last day.'
  if (fields.startDate === '') return 'Choose the first date.'
  if (fields.endDate !== '' && fields.endDate < fields.startDate)
    return 'The end date is before the first date.'
  const count = fields.times.trim() === '' ? null : wholeNumber(fields.times)
  if (fields.times.trim() !== '' && (count === null || count < 1 || count > occurrencesMax))
    return `The number of times is from 1 to ${occurrencesMax}, or left empty.`
  return {
    name: fields.name.trim(),
    ...payload,
    frequency: fields.frequency,
    interval: every,
    dayOfMonth: weekly ? null : day,
    startDate: fields.startDate,
    endDate: fields.endDate || null,
    occurrencesMax: count,
    mode: offersDraft ? fields.mode : 'post',
  }
}
