import type { ReconciliationFieldsFragment } from '../api/generated/reconciliation'
import { groupDigits } from '../format/money'
import { signedDecimal } from './signed-decimal'

/** The statement's balances beside the cleared one, and what still sets them apart. */
export function ReconciliationFigures(props: {
  reconciliation: ReconciliationFieldsFragment
  clearedBalance: string
  difference: string
  balanced: boolean
}) {
  const { reconciliation } = props
  return (
    <dl class="reconciliation-figures" aria-live="polite">
      <div>
        <dt>Statement balance</dt>
        <dd>{groupDigits(reconciliation.statementBalance)}</dd>
      </div>
      <div>
        <dt>Opening balance</dt>
        <dd>{groupDigits(reconciliation.openingBalance)}</dd>
      </div>
      <div>
        <dt>Cleared balance</dt>
        <dd data-testid="cleared-balance">{signedDecimal(props.clearedBalance)}</dd>
      </div>
      <div class={props.balanced ? 'difference balanced' : 'difference'}>
        <dt>Difference</dt>
        <dd data-testid="difference">{signedDecimal(props.difference)}</dd>
      </div>
    </dl>
  )
}
