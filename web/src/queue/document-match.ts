import type { Client } from '@urql/core'
import { useEffect, useState } from 'preact/hooks'
import { ask } from '../api/ask'
import {
  ApplyLineToDocumentDocument,
  InvoiceMatchesDocument,
  type InvoiceMatchesQuery,
  PaidDocumentDocument,
  type QueueEventFragment,
} from '../api/generated/review-queue'
import { mutate } from '../api/mutate'
import type { Outcome } from '../api/outcome'
import { fromUnits, toUnits } from '../format/decimal'
import type { ReviewQueueStore } from './review-queue-store'

export type DocumentMatch = InvoiceMatchesQuery['invoiceMatches'][number]
export type AppliedDocument = NonNullable<InvoiceMatchesQuery['getLedgerEvent']>['appliedDocuments'][number]

/** What the focused event already pays, what of it is left, and the best open document for the rest. */
export interface DocumentLookup {
  applied: AppliedDocument[]
  /** The part of the line no document takes yet. */
  unapplied: string
  /** Null when none fits, or when the whole line is applied already. */
  best: DocumentMatch | null
}

// Moving through the queue with J/K asks about the event the focus settles on, not every one passed.
const lookupDelayMs = 250

/** What the focused event pays and may pay, null while asked. */
export function useDocumentMatch(
  client: Client,
  organizationId: string,
  event: QueueEventFragment | undefined,
): Outcome<DocumentLookup> | null {
  const [answer, setAnswer] = useState<Outcome<DocumentLookup> | null>(null)
  const eventId = event?.id
  const lineAmount = event?.originalAmount ?? '0'
  useEffect(() => {
    setAnswer(null)
    if (!eventId) return
    let current = true
    const timer = window.setTimeout(async () => {
      const lookup = await ask(client, InvoiceMatchesDocument, { organizationId, eventId }, (data) =>
        lookupOf(data, lineAmount),
      )
      if (current) setAnswer(lookup)
    }, lookupDelayMs)
    return () => {
      current = false
      window.clearTimeout(timer)
    }
  }, [client, organizationId, eventId, lineAmount])
  return answer
}

function lookupOf(data: InvoiceMatchesQuery, lineAmount: string): DocumentLookup {
  const applied = data.getLedgerEvent?.appliedDocuments ?? []
  const rest = toUnits(lineAmount) - applied.reduce((sum, document) => sum + toUnits(document.amount), 0n)
  return {
    applied,
    unapplied: fromUnits(rest > 0n ? rest : 0n),
    best: rest > 0n ? (data.invoiceMatches[0] ?? null) : null,
  }
}

/**
 * Why the document fits, read back from the API's score: the amount due is the line's (0.5), its
 * number is in the line (0.3), its contact is the line's (0.2). The amount is checked directly,
 * since 0.5 is also the number and the contact together.
 */
export function matchReasons(match: DocumentMatch, event: QueueEventFragment): string {
  const sameAmount = toUnits(match.invoice.amountDue) === toUnits(event.originalAmount)
  const rest = Math.round(match.score * 10) - (sameAmount ? 5 : 0)
  const reasons = [
    sameAmount ? 'the amount due' : '',
    rest >= 3 ? 'its number' : '',
    rest === 2 || rest === 5 ? 'the contact' : '',
  ].filter(Boolean)
  return reasons.length > 0 ? `Fits by ${reasons.join(', ')}.` : 'A possible fit.'
}

/** What the line already gives this document; applying again replaces it, as the API does. */
function alreadyApplied(lookup: DocumentLookup, match: DocumentMatch): bigint {
  const earlier = lookup.applied.find((applied) => applied.invoice.id === match.invoice.id)
  return earlier ? toUnits(earlier.amount) : 0n
}

/**
 * The part of the line the document takes: what it took already and all that is left of the line,
 * or what the document still has due when that is less.
 */
export function amountToApply(match: DocumentMatch, lookup: DocumentLookup): string {
  const wanted = alreadyApplied(lookup, match) + toUnits(lookup.unapplied)
  return wanted <= toUnits(match.invoice.amountDue) ? fromUnits(wanted) : match.invoice.amountDue
}

/**
 * Applies the line to the document and confirms it as the queue confirms any event, so its row
 * leaves the queue the same way; then says what became of the document. When the line is larger
 * than the amount due and has no category, its rest would need one: it is applied, not confirmed.
 */
export async function payWithLine(
  client: Client,
  store: ReviewQueueStore,
  organizationId: string,
  event: QueueEventFragment,
  lookup: DocumentLookup & { best: DocumentMatch },
): Promise<void> {
  const match = lookup.best
  const { number } = match.invoice
  const amount = amountToApply(match, lookup)
  store.announce(`Applying ${amount} to ${number}…`)
  const applied = await mutate(
    client,
    ApplyLineToDocumentDocument,
    { organizationId, eventId: event.id, invoiceId: match.invoice.id, amount },
    (data) => data.applyLedgerEventToInvoice,
  )
  if (!applied.ok) {
    store.showRowError(event.id, applied.error)
    return store.announce(`${number} could not be paid with this event: ${applied.error}`)
  }
  const rest = toUnits(lookup.unapplied) - (toUnits(amount) - alreadyApplied(lookup, match))
  if (rest > 0n && !event.category) {
    return store.announce(
      `Applied ${amount} to ${number}. The rest of the event, ${fromUnits(rest)}, needs a category before it is confirmed.`,
    )
  }
  const confirmed = await store.act({ kind: 'confirm' }, [event])
  if (confirmed.succeeded === 0) return
  const paid = await ask(
    client,
    PaidDocumentDocument,
    { organizationId, invoiceId: match.invoice.id },
    (data) => data.invoice,
  )
  if (!paid.ok) return store.announce(`Paid ${amount} of ${number} and confirmed the event.`)
  const after =
    paid.value.status === 'paid'
      ? `${number} is now paid`
      : `${number} has ${paid.value.amountDue} ${paid.value.currency} still due`
  store.announce(`Paid ${amount} of ${number} and confirmed the event: ${after}.`)
}
