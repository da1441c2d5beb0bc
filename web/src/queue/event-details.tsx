import type { Client } from '@urql/core'
import { useEffect, useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import {
  type CategoryAccountFragment,
  type QueueEventFragment,
  type SameAmountEventFragment,
  SameAmountEventsDocument,
} from '../api/generated/review-queue'
import { failed, type Outcome, succeeded } from '../api/outcome'
import { addDays } from '../format/dates'
import { groupDigits, signedAmount } from '../format/money'
import type { SessionStore } from '../session/session-store'
import type { DocumentLookup } from './document-match'
import { DocumentSuggestion } from './document-suggestion'
import { EventRecordDetails } from './event-record'
import { duplicateWindowDays } from './possible-duplicates'
import type { RowState } from './review-queue-store'
import type { Suggestion } from './rule-matcher'

// Moving through the queue with J/K asks about the event the focus settles on, not every one passed.
const lookupDelayMs = 250
const sameAmountShownMax = 10

const statusWords: Record<string, string> = {
  needs_review: 'to review',
  pending: 'pending',
  confirmed: 'confirmed',
  synced: 'synced',
  reconciled: 'reconciled',
  ignored: 'rejected',
}

/** Everything the API says about the focused event, and the events that may be the same one. */
export function EventDetails(props: {
  client: Client
  session: SessionStore
  organizationId: string
  event: QueueEventFragment | undefined
  state: RowState | undefined
  suggestion: Suggestion
  /**
   * Rejects the focused event through the queue, as X does, so its row shows the outcome; null
   * for a role that may not write.
   */
  onRejectAsDuplicate: (() => void) | null
  /** The accounts a line may go to. */
  accounts: Outcome<CategoryAccountFragment[]> | null
  onEventChanged: (changed: QueueEventFragment) => void
  /** What the event pays and the best open document it may pay, as the queue asked it. */
  match: Outcome<DocumentLookup> | null
  /** Pays that document with the event, as M does; null for a role that does not write documents. */
  onPayMatch: (() => void) | null
}) {
  const { event, client, organizationId } = props
  const sameAmount = useSameAmountEvents(client, organizationId, event)

  if (!event) {
    return (
      <aside class="event-details" aria-label="Event details">
        <p class="muted">No event selected.</p>
      </aside>
    )
  }
  return (
    <aside class="event-details" aria-labelledby="event-details-heading">
      <h2 id="event-details-heading">{event.merchantName}</h2>
      {props.state?.error && <p class="error-text">{props.state.error}</p>}
      <dl class="details-list">
        <dt>Amount</dt>
        <dd class="amount">
          {signedAmount(event.direction, event.functionalAmount)} {event.functionalCurrency}
          {event.originalCurrency !== event.functionalCurrency &&
            ` (${groupDigits(event.originalAmount)} ${event.originalCurrency})`}
        </dd>
        <dt>Date</dt>
        <dd>{event.transactionDate}</dd>
        <dt>Paid through</dt>
        <dd>{event.paymentAccount?.name ?? 'No payment account: confirming needs one'}</dd>
        <dt>Category</dt>
        <dd>
          {event.category?.name ?? 'None yet'}
          <span class="details-note">{suggestionReason(props.suggestion)}</span>
        </dd>
        <DocumentSuggestion event={event} match={props.match} onPay={props.onPayMatch} />
        {event.memo && (
          <>
            <dt>Memo</dt>
            <dd>{event.memo}</dd>
          </>
        )}
        <dt>From</dt>
        <dd>
          {sourceWords(event.source)}
          {event.reference && `, reference ${event.reference}`}
        </dd>
      </dl>
      <EventRecordDetails
        key={event.id}
        client={client}
        session={props.session}
        organizationId={organizationId}
        event={event}
        accounts={props.accounts}
        onEventChanged={props.onEventChanged}
      />
      <h3>Same amount within {duplicateWindowDays} days</h3>
      {sameAmount === null && <p class="muted">Looking…</p>}
      {sameAmount && !sameAmount.ok && <p class="error-text">Could not look: {sameAmount.error}</p>}
      {sameAmount?.ok && sameAmount.value.length === 0 && (
        <p class="muted">None: not a duplicate as far as the books show.</p>
      )}
      {sameAmount?.ok && sameAmount.value.length > 0 && (
        <>
          <ul class="same-amount-list">
            {sameAmount.value.map((other) => (
              <li key={other.id}>
                {other.transactionDate} · {other.merchantName} · {statusWords[other.status] ?? other.status}
              </li>
            ))}
          </ul>
          {props.onRejectAsDuplicate && (
            <p class="duplicate-choice">
              <button type="button" onClick={props.onRejectAsDuplicate}>
                Same as one of these: reject this event
              </button>
              <span class="muted"> A different one: classify and confirm it as usual.</span>
            </p>
          )}
        </>
      )}
    </aside>
  )
}

function useSameAmountEvents(
  client: Client,
  organizationId: string,
  event: QueueEventFragment | undefined,
): Outcome<SameAmountEventFragment[]> | null {
  const [answer, setAnswer] = useState<Outcome<SameAmountEventFragment[]> | null>(null)
  const eventId = event?.id
  const amount = event?.functionalAmount
  const date = event?.transactionDate
  const direction = event?.direction
  useEffect(() => {
    setAnswer(null)
    if (!eventId || !amount || !date) return
    let current = true
    const timer = window.setTimeout(async () => {
      const result = await client
        .query(SameAmountEventsDocument, {
          organizationId,
          amount,
          dateFrom: addDays(date, -duplicateWindowDays),
          dateTo: addDays(date, duplicateWindowDays),
          limit: sameAmountShownMax + 1,
        })
        .toPromise()
      if (!current) return
      const items = result.data?.listLedgerEvents?.items
      setAnswer(
        items
          ? succeeded(
              items
                .filter((other) => other.id !== eventId && other.direction === direction)
                .slice(0, sameAmountShownMax),
            )
          : failed(result.error ? errorInWords(result.error) : 'No answer came back.'),
      )
    }, lookupDelayMs)
    return () => {
      current = false
      window.clearTimeout(timer)
    }
  }, [client, organizationId, eventId, amount, date, direction])
  return answer
}

function sourceWords(source: string): string {
  if (source === 'bank_import') return 'Bank statement'
  if (source === 'processor_import') return 'Payment processor import'
  return 'Entered through the API'
}

function suggestionReason(suggestion: Suggestion): string {
  switch (suggestion.kind) {
    case 'by_rule':
      return `Filled by the category rule “${suggestion.rule.vendorPattern}”, which matches this merchant.`
    case 'differs_from_rule':
      return `Chosen by hand or before the rules changed: the rule “${suggestion.rule.vendorPattern}” would give ${suggestion.rule.account.name}.`
    case 'rule_would_apply':
      return `The rule “${suggestion.rule.vendorPattern}” suggests ${suggestion.rule.account.name}.`
    case 'given':
      return 'Chosen when the event was created or classified; no category rule matches this merchant.'
    case 'none':
      return 'No category rule matches this merchant.'
  }
}
