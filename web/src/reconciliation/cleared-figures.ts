import type { ReconciliationFieldsFragment } from '../api/generated/reconciliation'
import { fromUnits, toUnits } from '../format/decimal'
import type { ReconcilableAccount } from './reconcilable-account'
import type { ReconcilableEvent } from './reconcilable-events'

/** Money into an asset account raises its statement balance; into a card (a liability), lowers it. */
function statementSignedUnits(account: ReconcilableAccount, event: ReconcilableEvent): bigint {
  const units = toUnits(event.functionalAmount)
  const raises = account.classification === 'liability' ? event.direction === 'out' : event.direction === 'in'
  return raises ? units : -units
}

/**
 * The cleared balance and the difference worked out exactly from the server's last answer and
 * the ticks still on their way, so they move the moment a box is ticked.
 */
export function clearedFigures(
  account: ReconcilableAccount,
  reconciliation: ReconciliationFieldsFragment,
  items: readonly ReconcilableEvent[],
  pending: ReadonlyMap<string, boolean>,
) {
  const serverCleared = new Set(reconciliation.clearedEventIds)
  let inFlight = 0n
  for (const event of items) {
    const wanted = pending.get(event.id)
    if (wanted === undefined || wanted === serverCleared.has(event.id)) continue
    inFlight += wanted ? statementSignedUnits(account, event) : -statementSignedUnits(account, event)
  }
  const clearedBalance = fromUnits(toUnits(reconciliation.clearedBalance) + inFlight)
  const difference = fromUnits(toUnits(reconciliation.difference) - inFlight)
  return { clearedBalance, difference, balanced: toUnits(difference) === 0n }
}
