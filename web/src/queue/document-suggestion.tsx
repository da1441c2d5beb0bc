import type { QueueEventFragment } from '../api/generated/review-queue'
import type { Outcome } from '../api/outcome'
import { groupDigits } from '../format/money'
import { amountToApply, type DocumentMatch, matchReasons } from './document-match'

const kindWords: Record<string, string> = {
  invoice: 'Invoice',
  bill: 'Bill',
  credit_note: 'Credit note',
  vendor_credit: 'Vendor credit',
}

/** The open document the event may pay, beside its category, with the key that pays it. */
export function DocumentSuggestion(props: {
  event: QueueEventFragment
  match: Outcome<DocumentMatch | null> | null
  onPay: (() => void) | null
}) {
  const { event, match } = props
  return (
    <>
      <dt>Pays</dt>
      <dd class="document-suggestion">
        {match === null && <span class="muted">Looking for an open document…</span>}
        {match?.ok === false && <span class="error-text">Could not look: {match.error}</span>}
        {match?.ok && match.value === null && <span class="muted">No open document fits.</span>}
        {match?.ok && match.value && (
          <>
            {kindWords[match.value.invoice.kind] ?? match.value.invoice.kind} {match.value.invoice.number} ·{' '}
            {match.value.invoice.contact.displayName} · {groupDigits(match.value.invoice.amountDue)}{' '}
            {match.value.invoice.currency} due {match.value.invoice.dueDate}
            <span class="details-note">{matchReasons(match.value, event)}</span>
            {props.onPay && (
              <button type="button" onClick={props.onPay}>
                Pay {match.value.invoice.number} with {groupDigits(amountToApply(match.value, event))} and
                confirm <kbd>M</kbd>
              </button>
            )}
          </>
        )}
      </dd>
    </>
  )
}
