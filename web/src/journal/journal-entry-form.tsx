import { useClient } from '@urql/preact'
import { useState } from 'preact/hooks'
import { CreateJournalEntryDocument } from '../api/generated/journal'
import type { CategoryAccountFragment } from '../api/generated/review-queue'
import { mutate } from '../api/mutate'
import { ErrorText } from '../components/error-text'
import { type DraftLine, emptyLine, linesInput } from './journal-lines'
import { JournalLinesEditor } from './journal-lines-editor'

/** A manual entry typed line by line, posted at once; with a reverse-on date, an accrual. */
export function JournalEntryForm({
  organizationId,
  accounts,
  onPosted,
}: {
  organizationId: string
  accounts: readonly CategoryAccountFragment[]
  onPosted: () => void
}) {
  const client = useClient()
  const [date, setDate] = useState('')
  const [memo, setMemo] = useState('')
  const [reference, setReference] = useState('')
  const [reverseOn, setReverseOn] = useState('')
  const [lines, setLines] = useState<DraftLine[]>([emptyLine(), emptyLine()])
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState('')

  async function post() {
    setError(null)
    setSaved('')
    const outcome = await mutate(
      client,
      CreateJournalEntryDocument,
      {
        organizationId,
        date,
        memo: memo.trim() || null,
        reference: reference.trim() || null,
        lines: linesInput(lines),
        reverseOn: reverseOn || null,
      },
      (data) => data.createJournalEntry,
    )
    if (!outcome.ok) return setError(outcome.error)
    const entry = outcome.value.journalEntry
    setSaved(`Posted the entry of ${entry?.txnDate ?? date} for ${entry?.totalAmount ?? ''}.`)
    setLines([emptyLine(), emptyLine()])
    setMemo('')
    setReference('')
    setReverseOn('')
    onPosted()
  }

  return (
    <form
      class="journal-entry-form"
      aria-label="New journal entry"
      onSubmit={(event) => {
        event.preventDefault()
        void post()
      }}
    >
      <div class="inline-form">
        <div class="field">
          <label for="journal-date">Date</label>
          <input
            id="journal-date"
            type="date"
            required
            value={date}
            onInput={(e) => setDate(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="journal-memo">Memo</label>
          <input id="journal-memo" value={memo} onInput={(e) => setMemo(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="journal-reference">Reference</label>
          <input
            id="journal-reference"
            value={reference}
            onInput={(e) => setReference(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="journal-reverse-on">Reverse on</label>
          <input
            id="journal-reverse-on"
            type="date"
            value={reverseOn}
            onInput={(e) => setReverseOn(e.currentTarget.value)}
          />
        </div>
      </div>
      <JournalLinesEditor id="journal-line" accounts={accounts} lines={lines} onChange={setLines} />
      <button type="submit" class="primary">
        Post entry
      </button>
      {error && <ErrorText>{error}</ErrorText>}
      {saved && (
        <p class="saved-note" role="status">
          {saved}
        </p>
      )}
    </form>
  )
}
