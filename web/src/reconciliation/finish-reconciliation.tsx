import { useClient } from '@urql/preact'
import { useState } from 'preact/hooks'
import { FinishReconciliationDocument } from '../api/generated/reconciliation'
import { mutate } from '../api/mutate'
import { ErrorText } from '../components/error-text'
import type { ReconcilableAccount } from './reconcilable-account'
import { signedDecimal } from './signed-decimal'

/** Finishing a reconciliation: the call, whether it is out, and why the server refused it. */
export function useFinishReconciliation(organizationId: string, onFinished: () => void) {
  const client = useClient()
  const [finishError, setFinishError] = useState<string | null>(null)
  const [finishing, setFinishing] = useState(false)

  async function finish(reconciliationId: string, adjustmentAccountId: string | null) {
    setFinishing(true)
    setFinishError(null)
    const outcome = await mutate(
      client,
      FinishReconciliationDocument,
      { organizationId, reconciliationId, adjustmentAccountId },
      (data) => data.finishReconciliation,
    )
    setFinishing(false)
    if (!outcome.ok) return setFinishError(outcome.error)
    onFinished()
  }

  return { finish, finishing, finishError, clearFinishError: () => setFinishError(null) }
}

/**
 * The finish button, and while the statement and the ticks disagree, the account the
 * difference may be posted to.
 */
export function FinishReconciliation(props: {
  balanced: boolean
  difference: string
  /** Ticks still on their way: the reconciliation is not finished under them. */
  waiting: boolean
  adjustmentChoices: ReconcilableAccount[]
  finishing: boolean
  finishError: string | null
  onFinish: (adjustmentAccountId: string | null) => void
}) {
  const { balanced } = props
  const [adjustmentAccountId, setAdjustmentAccountId] = useState('')
  return (
    <>
      <div class="finish-reconciliation">
        {balanced ? (
          <p class="saved-note">The cleared events match the statement.</p>
        ) : (
          <div class="field">
            <label for="adjustment-account">Post the difference to (optional)</label>
            <select
              id="adjustment-account"
              value={adjustmentAccountId}
              onChange={(event) => setAdjustmentAccountId(event.currentTarget.value)}
            >
              <option value="">No adjustment: the difference must be zero</option>
              {props.adjustmentChoices.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <button
          type="button"
          class="primary"
          disabled={props.finishing || props.waiting || (!balanced && !adjustmentAccountId)}
          onClick={() => props.onFinish(balanced ? null : adjustmentAccountId || null)}
          aria-describedby={props.finishError ? 'finish-error' : undefined}
        >
          {balanced
            ? 'Finish reconciliation'
            : `Finish with an adjustment of ${signedDecimal(props.difference)}`}
        </button>
      </div>
      {props.finishError && <ErrorText id="finish-error">{props.finishError}</ErrorText>}
    </>
  )
}
