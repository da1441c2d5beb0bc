import { useClient } from '@urql/preact'
import { useState } from 'preact/hooks'
import { type JournalEntryFieldsFragment, ReverseJournalEntryDocument } from '../api/generated/journal'
import { mutate } from '../api/mutate'
import { ErrorText } from '../components/error-text'
import { RepeatForm } from '../recurring/repeat-form'
import { useRights } from '../session/rights'

export const journalSources = [
  { source: 'manual', label: 'Manual entries', one: 'Manual entry' },
  { source: 'event', label: 'Bank and card events', one: 'Bank or card event' },
  { source: 'reversal', label: 'Reversals', one: 'Reversal' },
  { source: 'opening', label: 'Opening balances', one: 'Opening balances' },
  { source: 'reconciliation', label: 'Reconciliation adjustments', one: 'Reconciliation adjustment' },
  { source: 'tax_filing', label: 'Sales tax filings', one: 'Sales tax filing' },
]

const sourceLabel = (source: string) => journalSources.find((known) => known.source === source)?.one ?? source

/** The journal, newest first; an entry opens to its lines, and a manual one may be reversed. */
export function JournalList({
  organizationId,
  entries,
  onChanged,
}: {
  organizationId: string
  entries: readonly JournalEntryFieldsFragment[]
  onChanged: () => void
}) {
  const [open, setOpen] = useState<string | null>(null)
  if (entries.length === 0) return <p class="muted">No entries here yet.</p>
  return (
    <ul class="journal-list" aria-label="Journal entries">
      {entries.map((entry) => (
        <li key={entry.id}>
          <button
            type="button"
            class="link-button"
            aria-expanded={open === entry.id}
            onClick={() => setOpen(open === entry.id ? null : entry.id)}
          >
            {entry.txnDate} · {sourceLabel(entry.source)} · {entry.memo ?? entry.reference ?? 'No memo'} ·{' '}
            {entry.totalAmount}
          </button>
          {open === entry.id && (
            <EntryDetail organizationId={organizationId} entry={entry} onChanged={onChanged} />
          )}
        </li>
      ))}
    </ul>
  )
}

function EntryDetail({
  organizationId,
  entry,
  onChanged,
}: {
  organizationId: string
  entry: JournalEntryFieldsFragment
  onChanged: () => void
}) {
  const client = useClient()
  const { writes, writesDocuments } = useRights()
  const [date, setDate] = useState(entry.txnDate)
  const [repeating, setRepeating] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function reverse() {
    setError(null)
    const outcome = await mutate(
      client,
      ReverseJournalEntryDocument,
      { organizationId, journalEntryId: entry.id, date },
      (data) => data.reverseJournalEntry,
    )
    if (!outcome.ok) return setError(outcome.error)
    onChanged()
  }
  return (
    <div class="journal-entry-detail">
      <table class="data-table journal-entry-lines" aria-label={`Lines of the entry of ${entry.txnDate}`}>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Debit</th>
            <th scope="col">Credit</th>
            <th scope="col">Memo</th>
            <th scope="col">Tax return line</th>
          </tr>
        </thead>
        <tbody>
          {entry.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.account.name}</td>
              <td>{line.debit ?? ''}</td>
              <td>{line.credit ?? ''}</td>
              <td>{line.memo ?? ''}</td>
              <td>{line.taxReturnLine ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {entry.reversedByEntryId && <p class="muted">Reversed.</p>}
      {writes && entry.source === 'manual' && !entry.reversedByEntryId && (
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault()
            void reverse()
          }}
        >
          <div class="field">
            <label for={`reverse-date-${entry.id}`}>Reverse on</label>
            <input
              id={`reverse-date-${entry.id}`}
              type="date"
              required
              value={date}
              onInput={(event) => setDate(event.currentTarget.value)}
            />
          </div>
          <button type="submit">Reverse entry</button>
        </form>
      )}
      {error && <ErrorText>{error}</ErrorText>}
      {writesDocuments && entry.source === 'manual' && !repeating && (
        <button type="button" onClick={() => setRepeating(true)}>
          Repeat…
        </button>
      )}
      {repeating && (
        <RepeatForm
          organizationId={organizationId}
          what="entry"
          originalDate={entry.txnDate}
          defaultName={entry.memo ?? entry.reference ?? `Entry of ${entry.txnDate}`}
          payload={{ kind: 'journal_entry', journalEntry: repeatedEntry(entry) }}
          offersDraft={false}
          onClose={() => setRepeating(false)}
        />
      )}
    </div>
  )
}

/** The entry's memo, reference and lines, as a template makes them again on each date. */
function repeatedEntry(entry: JournalEntryFieldsFragment) {
  return {
    memo: entry.memo ?? null,
    reference: entry.reference ?? null,
    lines: entry.lines.map((line) => ({
      accountId: line.account.id,
      debit: line.debit ?? null,
      credit: line.credit ?? null,
      memo: line.memo ?? null,
      contactId: line.contact?.id ?? null,
      taxReturnLine: line.taxReturnLine ?? null,
    })),
  }
}
