import { useState } from 'preact/hooks'
import type { CsvImportProfileInput } from '../api/generated/bank-files'
import { ErrorText } from '../components/error-text'
import { type Draft, inputOf } from './csv-profile-draft'
import {
  CsvAmountFields,
  CsvDateFields,
  CsvFileFields,
  CsvTextColumnFields,
  type SetDraftField,
} from './csv-profile-fields'

/** A CSV layout being written or changed, saved only when the API takes it. */
export function CsvProfileForm(props: {
  title: string
  initial: Draft
  onCancel: () => void
  /** Answers the API's refusal in words, or null once saved. */
  onSave: (input: CsvImportProfileInput) => Promise<string | null>
}) {
  const [draft, setDraft] = useState(props.initial)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set: SetDraftField = (key, value) => setDraft((before) => ({ ...before, [key]: value }))

  async function save(event: Event) {
    event.preventDefault()
    setBusy(true)
    setError(await props.onSave(inputOf(draft)))
    setBusy(false)
  }

  return (
    <form class="stacked-form csv-layout-form" onSubmit={save} aria-labelledby="csv-layout-title">
      <h3 id="csv-layout-title">{props.title}</h3>
      <CsvFileFields draft={draft} set={set} />
      <CsvDateFields draft={draft} set={set} />
      <CsvAmountFields draft={draft} set={set} />
      <CsvTextColumnFields draft={draft} set={set} />
      {error && <ErrorText>{error}</ErrorText>}
      <div class="dialog-actions">
        <button type="submit" class="primary" disabled={busy}>
          Save layout
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
