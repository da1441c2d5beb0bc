import type { Client } from '@urql/core'
import { useEffect, useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import {
  type CategoryAccountFragment,
  EventPanelDocument,
  type EventPanelQuery,
  MatchReceiptDocument,
  type PanelJournalEntryFragment,
  type PanelReceiptFragment,
  PanelReceiptsDocument,
  type QueueEventFragment,
} from '../api/generated/review-queue'
import { mutate } from '../api/mutate'
import { failed, type Outcome, succeeded } from '../api/outcome'
import { toUnits } from '../format/decimal'
import { groupDigits } from '../format/money'
import { useRights } from '../session/rights'
import type { SessionStore } from '../session/session-store'
import { ReceiptPreview } from './receipt-preview'
import { SplitEditor } from './split-editor'

type EventRecord = NonNullable<EventPanelQuery['getLedgerEvent']>

interface RecordAnswer {
  record: EventRecord
  receipts: PanelReceiptFragment[]
  receiptsError: string | null
}

// As for the same-amount lookup: ask about the event the focus settles on, not every one passed.
const lookupDelayMs = 250
// The API has no receipt-by-id query: the newest receipts are read, which holds those attached
// or received lately, the ones a person in the queue is working on.
const receiptsReadMax = 200
const readingPollMs = 2_000

/**
 * The part of the event panel the queue's page does not carry: the journal entry once posted, each
 * receipt's file with what was read from it beside the event's own fields, and the received
 * receipts of the same amount that nothing holds yet, each with a Match button.
 */
export function EventRecordDetails(props: {
  client: Client
  session: SessionStore
  organizationId: string
  event: QueueEventFragment
  accounts: Outcome<CategoryAccountFragment[]> | null
  /** Called with the event as a change made here left it, so the queue's row shows it too. */
  onEventChanged: (changed: QueueEventFragment) => void
}) {
  const { client, organizationId, event } = props
  const [version, setVersion] = useState(0)
  const answer = useEventRecord(client, organizationId, event.id, version)

  // A receipt still being read is asked about again, as the receipts inbox does.
  const beingRead =
    answer?.ok === true &&
    answer.value.record.receipts.some(
      (attachment) =>
        answer.value.receipts.find((receipt) => receipt.id === attachment.id)?.extractionStatus === 'pending',
    )
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer still being read sets the next ask
  useEffect(() => {
    if (!beingRead) return
    const timer = window.setTimeout(() => setVersion((count) => count + 1), readingPollMs)
    return () => window.clearTimeout(timer)
  }, [beingRead, answer])

  if (answer === null) return <p class="muted">Looking up the entry and receipts…</p>
  if (!answer.ok) return <p class="error-text">Could not look up the entry and receipts: {answer.error}</p>
  const { record, receipts, receiptsError } = answer.value
  const attached = record.receipts.map((attachment) => ({
    attachment,
    read: receipts.find((receipt) => receipt.id === attachment.id),
  }))
  const candidates = receipts.filter(
    (receipt) =>
      receipt.event === null && receipt.status !== 'rejected' && sameAmount(receipt, event.functionalAmount),
  )

  return (
    <>
      <SplitEditor
        client={client}
        organizationId={organizationId}
        event={event}
        status={record.status}
        lines={record.lines}
        accounts={props.accounts}
        onSaved={(saved) => {
          setVersion((count) => count + 1)
          props.onEventChanged(saved)
        }}
      />
      <h3>Journal entry</h3>
      {record.journalEntry ? (
        <p>
          {entryWords(record.journalEntry)}
          {record.reversalEntry && <>; reversed by {entryWords(record.reversalEntry)}</>}
        </p>
      ) : (
        <p class="muted">Not posted yet: confirming the event posts it.</p>
      )}

      <h3>Receipt</h3>
      {attached.length === 0 && <p class="muted">None attached.</p>}
      {receiptsError && (
        <p class="error-text">What was read from receipts could not be looked up: {receiptsError}</p>
      )}
      {attached.map(({ attachment, read }) => (
        <div key={attachment.id} class="panel-receipt">
          <ReceiptPreview session={props.session} s3Key={attachment.s3Key} filename={attachment.filename} />
          <ReadBeside event={event} receipt={read} filename={attachment.filename} />
        </div>
      ))}

      <MatchCandidates
        client={client}
        organizationId={organizationId}
        event={event}
        candidates={candidates}
        onMatched={() => setVersion((count) => count + 1)}
      />
    </>
  )
}

/** The received receipts of the event's amount that nothing holds yet, each with a Match button. */
function MatchCandidates(props: {
  client: Client
  organizationId: string
  event: QueueEventFragment
  candidates: PanelReceiptFragment[]
  onMatched: () => void
}) {
  const { client, organizationId, event, candidates } = props
  const { writes } = useRights()
  const [matchError, setMatchError] = useState<string | null>(null)
  const [matching, setMatching] = useState<string | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new event starts with no error
  useEffect(() => setMatchError(null), [event.id])

  async function match(receipt: PanelReceiptFragment) {
    setMatching(receipt.id)
    setMatchError(null)
    const outcome = await mutate(
      client,
      MatchReceiptDocument,
      { organizationId, eventId: event.id, s3Key: receipt.s3Key, filename: receipt.filename },
      (data) => data.attachReceiptToEvent,
    )
    setMatching(null)
    if (!outcome.ok) return setMatchError(`${receipt.filename} was not matched: ${outcome.error}`)
    props.onMatched()
  }

  return (
    <>
      {candidates.length > 0 && (
        <>
          <h3>Received receipts of this amount</h3>
          <p class="muted">
            {writes
              ? 'Not attached to any event yet. Match one to attach it to this event.'
              : 'Not attached to any event yet.'}
          </p>
          <ul class="match-candidates">
            {candidates.map((receipt) => (
              <li key={receipt.id}>
                <span>
                  {receipt.vendorName ?? receipt.filename} · {receipt.receiptDate ?? 'no date read'} ·{' '}
                  {receipt.amount} {receipt.currency}
                </span>
                {writes && (
                  <button
                    type="button"
                    disabled={matching !== null}
                    aria-label={`Match ${receipt.filename} to this event`}
                    onClick={() => match(receipt)}
                  >
                    Match
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {matchError && <p class="error-text">{matchError}</p>}
    </>
  )
}

/** What was read from the receipt beside what the event says, with the ones that differ marked. */
function ReadBeside(props: {
  event: QueueEventFragment
  receipt: PanelReceiptFragment | undefined
  filename: string
}) {
  const { event, receipt } = props
  if (!receipt) return <p class="muted">What was read from {props.filename} is on the Receipts screen.</p>
  if (receipt.extractionStatus === 'pending')
    return <p class="muted">{props.filename} is still being read.</p>
  if (receipt.extractionStatus === 'failed')
    return (
      <p class="error-text">{`${props.filename} could not be read: ${receipt.extractionError ?? 'no reason given'}`}</p>
    )
  const rows: Array<[string, string, string, boolean]> = [
    ['Vendor', event.merchantName, receipt.vendorName ?? 'not read', false],
    [
      'Amount',
      `${groupDigits(event.functionalAmount)} ${event.functionalCurrency}`,
      receipt.amount === null ? 'not read' : `${receipt.amount} ${receipt.currency}`,
      receipt.amount !== null && !sameAmount(receipt, event.functionalAmount),
    ],
    [
      'Date',
      event.transactionDate,
      receipt.receiptDate ?? 'not read',
      receipt.receiptDate !== null && receipt.receiptDate !== event.transactionDate,
    ],
  ]
  return (
    <table class="read-beside" aria-label={`Read from ${props.filename}, beside the event`}>
      <thead>
        <tr>
          <th scope="col">
            <span class="visually-hidden">Field</span>
          </th>
          <th scope="col">Event</th>
          <th scope="col">Receipt</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([field, eventValue, receiptValue, differs]) => (
          <tr key={field} class={differs ? 'differs' : undefined}>
            <th scope="row">{field}</th>
            <td>{eventValue}</td>
            <td>
              {receiptValue}
              {differs && <span class="visually-hidden"> (differs)</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function entryWords(entry: PanelJournalEntryFragment): string {
  return `posted on ${entry.txnDate}, ${groupDigits(entry.totalAmount)} ${entry.currency} (entry ${entry.id.slice(0, 8)})`
}

/**
 * A receipt's amount is a JSON number; it is compared with the event's decimal as the decimal it
 * prints as, never through arithmetic.
 */
function sameAmount(receipt: PanelReceiptFragment, decimal: string): boolean {
  if (receipt.amount === null) return false
  try {
    return toUnits(String(receipt.amount)) === toUnits(decimal)
  } catch {
    return false
  }
}

function useEventRecord(
  client: Client,
  organizationId: string,
  eventId: string,
  version: number,
): Outcome<RecordAnswer> | null {
  const [answer, setAnswer] = useState<Outcome<RecordAnswer> | null>(null)
  useEffect(() => {
    // Asked again for the same event (a receipt matched, or still being read), the panel keeps
    // what it shows until the new answer comes, so the receipt's image does not blink.
    if (version === 0) setAnswer(null)
    let current = true
    const timer = window.setTimeout(async () => {
      const [event, receipts] = await Promise.all([
        client.query(EventPanelDocument, { organizationId, eventId }).toPromise(),
        client.query(PanelReceiptsDocument, { organizationId, limit: receiptsReadMax }).toPromise(),
      ])
      if (!current) return
      const record = event.data?.getLedgerEvent
      const items = receipts.data?.listReceipts?.items
      if (!record) return setAnswer(failed(event.error ? errorInWords(event.error) : 'No answer came back.'))
      // Without the receipts' list the entry is still worth showing, with the list's error beside.
      const receiptsError = items
        ? null
        : receipts.error
          ? errorInWords(receipts.error)
          : 'No answer came back.'
      setAnswer(succeeded({ record, receipts: items ?? [], receiptsError }))
    }, lookupDelayMs)
    return () => {
      current = false
      window.clearTimeout(timer)
    }
  }, [client, organizationId, eventId, version])
  return answer
}
