import type { Client } from '@urql/core'
import { useEffect, useId, useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import {
  AttachReceiptDocument,
  EventsWithoutDocumentDocument,
  type EventsWithoutDocumentQuery,
} from '../api/generated/receipts'
import { mutate } from '../api/mutate'
import { ErrorText } from '../components/error-text'
import { signedAmount } from '../format/money'

type Candidate = NonNullable<EventsWithoutDocumentQuery['listLedgerEvents']>['items'][number]

const candidatesShown = 8
const searchDelayMs = 250

/** Finds an event without a document by its merchant and attaches the file to it. */
export function AttachToEvent(props: {
  client: Client
  organizationId: string
  s3Key: string
  filename: string
  onAttached: () => void
}) {
  const { client, organizationId } = props
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const [candidates, setCandidates] = useState<Candidate[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const searchId = useId()

  useEffect(() => {
    if (!open) return
    let current = true
    const timer = window.setTimeout(async () => {
      const answer = await client
        .query(EventsWithoutDocumentDocument, {
          organizationId,
          search: search.trim() || null,
          limit: candidatesShown,
        })
        .toPromise()
      if (!current) return
      if (answer.error) setError(errorInWords(answer.error))
      setCandidates(answer.data?.listLedgerEvents?.items ?? [])
    }, searchDelayMs)
    return () => {
      current = false
      window.clearTimeout(timer)
    }
  }, [client, organizationId, open, search])

  async function attach(eventId: string) {
    setError(null)
    const outcome = await mutate(
      client,
      AttachReceiptDocument,
      { organizationId, eventId, s3Key: props.s3Key, filename: props.filename },
      (data) => data.attachReceiptToEvent,
    )
    if (!outcome.ok) return setError(outcome.error)
    props.onAttached()
  }

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Attach {props.filename} to an event
      </button>
    )
  }
  return (
    <div class="attach-to-event">
      <label for={searchId}>Find the event for {props.filename}</label>
      <input
        id={searchId}
        type="search"
        value={search}
        placeholder="Merchant"
        ref={(element) => element?.focus()}
        onInput={(event) => setSearch(event.currentTarget.value)}
      />
      {error && <ErrorText>{error}</ErrorText>}
      {candidates && candidates.length === 0 && <p class="muted">No event without a document matches.</p>}
      {candidates && candidates.length > 0 && (
        <ul class="candidate-list">
          {candidates.map((candidate) => (
            <li key={candidate.id}>
              <button type="button" onClick={() => attach(candidate.id)}>
                <span>{candidate.transactionDate}</span> <strong>{candidate.merchantName}</strong>{' '}
                <span class="number">
                  {signedAmount(candidate.direction, candidate.functionalAmount)}{' '}
                  {candidate.functionalCurrency}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" class="link-button" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </div>
  )
}
