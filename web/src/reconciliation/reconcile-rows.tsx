import { RowError } from '../components/page-section'
import { signedAmount } from '../format/money'
import type { ReconcilableEvent } from './reconcilable-events'

/**
 * The events to tick, one box a row, with a tick and an untick for all of them at once; for a
 * role that may not write (onSetCleared null), whether each is cleared, in words.
 */
export function ReconcileRows(props: {
  items: readonly ReconcilableEvent[]
  statementDate: string
  isCleared: (id: string) => boolean
  rowErrors: ReadonlyMap<string, string>
  onSetCleared: ((ids: string[], cleared: boolean) => void) | null
}) {
  const { items, isCleared, onSetCleared } = props
  const unticked = items.filter((event) => !isCleared(event.id)).map((event) => event.id)
  const ticked = items.filter((event) => isCleared(event.id)).map((event) => event.id)
  return (
    <>
      <div class="row-actions">
        {onSetCleared && (
          <>
            <button
              type="button"
              disabled={unticked.length === 0}
              onClick={() => onSetCleared(unticked, true)}
            >
              Tick all {unticked.length}
            </button>
            <button type="button" disabled={ticked.length === 0} onClick={() => onSetCleared(ticked, false)}>
              Untick all
            </button>
          </>
        )}
        <span class="muted">
          {ticked.length} of {items.length} ticked
        </span>
      </div>
      <div class="table-frame">
        <table class="settings-table reconcile-rows">
          <thead>
            <tr>
              <th scope="col">
                <span class="visually-hidden">Cleared</span>
              </th>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col" class="number">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 && (
              <tr>
                <td colSpan={4} class="muted">
                  No posted events of this account are dated on or before {props.statementDate}.
                </td>
              </tr>
            )}
            {items.map((event) => [
              <ReconcileRow
                key={event.id}
                event={event}
                cleared={isCleared(event.id)}
                onSetCleared={onSetCleared && ((cleared) => onSetCleared([event.id], cleared))}
              />,
              <RowError key={`${event.id}-error`} columns={4} message={props.rowErrors.get(event.id)} />,
            ])}
          </tbody>
        </table>
      </div>
    </>
  )
}

function ReconcileRow(props: {
  event: ReconcilableEvent
  cleared: boolean
  onSetCleared: ((cleared: boolean) => void) | null
}) {
  const { event, onSetCleared } = props
  const checkboxId = `cleared-${event.id}`
  return (
    <tr class={props.cleared ? 'ticked-row' : ''}>
      <td>
        {onSetCleared ? (
          <input
            id={checkboxId}
            type="checkbox"
            checked={props.cleared}
            onChange={(change) => onSetCleared(change.currentTarget.checked)}
          />
        ) : (
          props.cleared && 'Cleared'
        )}
      </td>
      <td>{event.transactionDate}</td>
      <td>
        {onSetCleared ? <label for={checkboxId}>{event.merchantName}</label> : event.merchantName}
        {event.reference && <div class="muted">{event.reference}</div>}
      </td>
      <td class="number">{signedAmount(event.direction, event.functionalAmount)}</td>
    </tr>
  )
}
