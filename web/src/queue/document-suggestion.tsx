import type { QueueEventFragment } from '../api/generated/review-queue'
import type { Outcome } from '../api/outcome'
import { toUnits } from '../format/decimal'
import { groupDigits } from '../format/money'
import { amountToApply, type DocumentLookup, matchReasons } from './document-match'

const kindWords: Record<string, string> = {
  invoice: 'Invoice',
  bill: 'Bill',
  credit_note: 'Credit note',
  vendor_credit: 'Vendor credit',
}

/** The documents the event pays already, and the open one it may pay, with the key that pays it. */
export function DocumentSuggestion(props: {
  event: QueueEventFragment
  match: Outcome<DocumentLookup> | null
  onPay: (() => void) | null
}) {
  const { event, match } = props
  const lookup = match?.ok ? match.value : null
  const best = lookup?.best ?? null
  return (
    <>
      {lookup && lookup.applied.length > 0 && (
        <>
          <dt>Applied to</dt>
          <dd class="applied-documents">
            <ul>
              {lookup.applied.map((applied) => (
                <li key={applied.invoice.id}>
                  {kindWords[applied.invoice.kind] ?? applied.invoice.kind} {applied.invoice.number} ·{' '}
                  {groupDigits(applied.amount)} {applied.invoice.currency}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      <dt>Pays</dt>
      <dd class="document-suggestion">
        {match === null && <span class="muted">Looking for an open document…</span>}
        {match?.ok === false && <span class="error-text">Could not look: {match.error}</span>}
        {lookup && !best && (
          <span class="muted">
            {toUnits(lookup.unapplied) === 0n && lookup.applied.length > 0
              ? 'The whole event is applied.'
              : 'No open document fits.'}
          </span>
        )}
        {lookup && best && (
          <>
            {kindWords[best.invoice.kind] ?? best.invoice.kind} {best.invoice.number} ·{' '}
            {best.invoice.contact.displayName} · {groupDigits(best.invoice.amountDue)} {best.invoice.currency}{' '}
            due {best.invoice.dueDate}
            <span class="details-note">{matchReasons(best, event)}</span>
            {props.onPay && (
              <button type="button" onClick={props.onPay}>
                Pay {best.invoice.number} with {groupDigits(amountToApply(best, lookup))} and confirm{' '}
                <kbd>M</kbd>
              </button>
            )}
          </>
        )}
      </dd>
    </>
  )
}
