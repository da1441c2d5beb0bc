import { useClient } from '@urql/preact'
import { useState } from 'preact/hooks'
import { CreateRecurringTemplateDocument } from '../api/generated/recurring'
import { mutate } from '../api/mutate'
import { ErrorText } from '../components/error-text'
import { ScreenLink } from '../navigation/screen-link'
import {
  initialFields,
  intervalMax,
  occurrencesMax,
  type RepeatedPayload,
  type RepeatFields,
  scheduleChanged,
  templateInputOf,
} from './repeat-input'
import { type Frequency, frequencies } from './schedule-words'

const id = (field: string) => `repeat-${field}`

/**
 * Repeats an entry or a document on a schedule: its lines copied into a recurring template that
 * makes one on each date, from the next period after the original by default.
 */
export function RepeatForm(props: {
  organizationId: string
  /** What the original is called in a sentence: "entry", "invoice", "bill". */
  what: string
  originalDate: string
  defaultName: string
  payload: RepeatedPayload
  /** Documents may be made as drafts; journal entries are always posted. */
  offersDraft: boolean
  onClose: () => void
}) {
  const client = useClient()
  const [fields, setFields] = useState(() => initialFields(props.defaultName, props.originalDate))
  const [error, setError] = useState<string | null>(null)
  const [created, setCreated] = useState<{ name: string; nextDate: string | null } | null>(null)
  const [busy, setBusy] = useState(false)
  const change = (changed: Partial<RepeatFields>) => setFields((before) => ({ ...before, ...changed }))
  const reschedule = (changed: Pick<RepeatFields, 'frequency' | 'interval'>) =>
    setFields((before) => scheduleChanged(before, props.originalDate, changed))

  async function create() {
    setError(null)
    const input = templateInputOf(fields, props.payload, props.offersDraft)
    if (typeof input === 'string') return setError(input)
    setBusy(true)
    const outcome = await mutate(
      client,
      CreateRecurringTemplateDocument,
      { organizationId: props.organizationId, input },
      (data) => data.createRecurringTemplate,
    )
    setBusy(false)
    if (!outcome.ok) return setError(outcome.error)
    const template = outcome.value.recurringTemplate
    setCreated({ name: template?.name ?? input.name, nextDate: template?.nextDate ?? null })
  }

  if (created) return <RepeatDone created={created} onClose={props.onClose} />
  return (
    <form
      class="repeat-form"
      aria-label={`Repeat this ${props.what}`}
      onSubmit={(event) => {
        event.preventDefault()
        void create()
      }}
    >
      <ScheduleFields fields={fields} change={change} reschedule={reschedule} />
      <EndFields fields={fields} change={change} offersDraft={props.offersDraft} />
      {error && <ErrorText>{error}</ErrorText>}
      <div class="inline-form">
        <button type="submit" disabled={busy}>
          Repeat
        </button>
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function RepeatDone({
  created,
  onClose,
}: {
  created: { name: string; nextDate: string | null }
  onClose: () => void
}) {
  return (
    <div class="repeat-done" role="status">
      <p>
        {created.nextDate
          ? `${created.name} repeats; the first is made on ${created.nextDate}.`
          : `${created.name} is saved; its schedule has no date left.`}{' '}
        <ScreenLink screen="recurring">See it on the Recurring screen</ScreenLink>
      </p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  )
}

interface FieldsProps {
  fields: RepeatFields
  change: (changed: Partial<RepeatFields>) => void
}

function ScheduleFields({
  fields,
  change,
  reschedule,
}: FieldsProps & { reschedule: (changed: Pick<RepeatFields, 'frequency' | 'interval'>) => void }) {
  const periods = frequencies.find((known) => known.frequency === fields.frequency)?.many
  return (
    <div class="inline-form">
      <div class="field">
        <label for={id('name')}>Name</label>
        <input
          id={id('name')}
          required
          value={fields.name}
          onInput={(e) => change({ name: e.currentTarget.value })}
        />
      </div>
      <div class="field">
        <label for={id('frequency')}>Repeats</label>
        <select
          id={id('frequency')}
          value={fields.frequency}
          onChange={(e) =>
            reschedule({ frequency: e.currentTarget.value as Frequency, interval: fields.interval })
          }
        >
          {frequencies.map((known) => (
            <option key={known.frequency} value={known.frequency}>
              {known.label}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={id('interval')}>Every how many {periods}</label>
        <input
          id={id('interval')}
          type="number"
          min={1}
          max={intervalMax}
          required
          value={fields.interval}
          onInput={(e) => reschedule({ frequency: fields.frequency, interval: e.currentTarget.value })}
        />
      </div>
      {fields.frequency !== 'weekly' && (
        <div class="field">
          <label for={id('day')}>Day of the month</label>
          <input
            id={id('day')}
            type="number"
            min={1}
            max={31}
            required
            value={fields.dayOfMonth}
            onInput={(e) => change({ dayOfMonth: e.currentTarget.value })}
          />
        </div>
      )}
    </div>
  )
}

function EndFields({ fields, change, offersDraft }: FieldsProps & { offersDraft: boolean }) {
  return (
    <div class="inline-form">
      <div class="field">
        <label for={id('start')}>First date on or after</label>
        <input
          id={id('start')}
          type="date"
          required
          value={fields.startDate}
          onInput={(e) => change({ startDate: e.currentTarget.value, startTyped: true })}
        />
      </div>
      <div class="field">
        <label for={id('end')}>End date (optional)</label>
        <input
          id={id('end')}
          type="date"
          value={fields.endDate}
          onInput={(e) => change({ endDate: e.currentTarget.value })}
        />
      </div>
      <div class="field">
        <label for={id('times')}>Number of times (optional)</label>
        <input
          id={id('times')}
          type="number"
          min={1}
          max={occurrencesMax}
          value={fields.times}
          onInput={(e) => change({ times: e.currentTarget.value })}
        />
      </div>
      {offersDraft && (
        <div class="field">
          <label for={id('mode')}>Each one is</label>
          <select
            id={id('mode')}
            value={fields.mode}
            onChange={(e) => change({ mode: e.currentTarget.value })}
          >
            <option value="post">Approved at once</option>
            <option value="draft">Left as a draft</option>
          </select>
        </div>
      )}
    </div>
  )
}
