import type { CombinedError } from '@urql/core'
import { useClient } from '@urql/preact'
import { useState } from 'preact/hooks'
import {
  type ReconciliationFieldsFragment,
  UndoReconciliationDocument,
} from '../api/generated/reconciliation'
import { mutate } from '../api/mutate'
import { ErrorText } from '../components/error-text'
import { PageSection, RowError } from '../components/page-section'
import { shortDateTime } from '../format/dates'
import { groupDigits } from '../format/money'
import { useRights } from '../session/rights'

const statusWords: Record<string, string> = {
  open: 'Open',
  finished: 'Finished',
  undone: 'Undone',
}

/** The account's reconciliations, newest first; the last finished one can be undone, with a reason. */
export function ReconciliationHistory(props: {
  organizationId: string
  reconciliations: ReconciliationFieldsFragment[]
  totalCount: number
  loadError: CombinedError | undefined
  onUndone: () => void
}) {
  const { keepsBooks } = useRights()
  const lastFinishedId = props.reconciliations.find((each) => each.status === 'finished')?.id
  return (
    <PageSection
      id="reconciliation-history"
      title="History"
      description={`Reconciliations of this account, newest first (${props.totalCount} in all).`}
      loadError={props.loadError}
    >
      {props.reconciliations.length === 0 ? (
        <p class="muted">This account has not been reconciled yet.</p>
      ) : (
        <div class="table-frame">
          <table class="settings-table reconciliation-history">
            <thead>
              <tr>
                <th scope="col">Statement date</th>
                <th scope="col" class="number">
                  Statement balance
                </th>
                <th scope="col" class="number">
                  Events
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {props.reconciliations.map((reconciliation) => (
                <HistoryRow
                  key={reconciliation.id}
                  organizationId={props.organizationId}
                  reconciliation={reconciliation}
                  canUndo={keepsBooks && reconciliation.id === lastFinishedId}
                  onUndone={props.onUndone}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PageSection>
  )
}

function HistoryRow(props: {
  organizationId: string
  reconciliation: ReconciliationFieldsFragment
  canUndo: boolean
  onUndone: () => void
}) {
  const { reconciliation } = props
  const client = useClient()
  const [undoing, setUndoing] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const reasonId = `undo-reason-${reconciliation.id}`

  async function undo(event: Event) {
    event.preventDefault()
    setError(undefined)
    const outcome = await mutate(
      client,
      UndoReconciliationDocument,
      { organizationId: props.organizationId, reconciliationId: reconciliation.id, reason: reason.trim() },
      (data) => data.undoReconciliation,
    )
    if (!outcome.ok) return setError(outcome.error)
    setUndoing(false)
    props.onUndone()
  }

  return (
    <>
      <tr>
        <td>{reconciliation.statementDate}</td>
        <td class="number">{groupDigits(reconciliation.statementBalance)}</td>
        <td class="number">{reconciliation.clearedEventIds.length}</td>
        <td>
          {statusWords[reconciliation.status] ?? reconciliation.status}
          {reconciliation.status === 'finished' && (
            <div class="muted">
              {shortDateTime(reconciliation.finishedAt)}
              {reconciliation.adjustmentEntryId ? ', with an adjustment' : ''}
            </div>
          )}
          {reconciliation.status === 'undone' && (
            <div class="muted">
              {shortDateTime(reconciliation.undoneAt)}: {reconciliation.undoReason}
            </div>
          )}
          {reconciliation.status === 'open' && (
            <div class="muted">Difference {groupDigits(reconciliation.difference)}</div>
          )}
        </td>
        <td class="row-actions">
          {props.canUndo && !undoing && (
            <button type="button" onClick={() => setUndoing(true)}>
              Undo…
            </button>
          )}
        </td>
      </tr>
      {undoing && (
        <tr>
          <td colSpan={5}>
            <form class="inline-form" onSubmit={undo}>
              <div class="field wide">
                <label for={reasonId}>Why undo the reconciliation to {reconciliation.statementDate}?</label>
                <input
                  id={reasonId}
                  type="text"
                  required
                  value={reason}
                  ref={(element) => element?.focus()}
                  onInput={(change) => setReason(change.currentTarget.value)}
                />
              </div>
              <button type="submit" class="danger">
                Undo reconciliation
              </button>
              <button type="button" onClick={() => setUndoing(false)}>
                Cancel
              </button>
            </form>
            {error && <ErrorText>{error}</ErrorText>}
          </td>
        </tr>
      )}
      {!undoing && <RowError columns={5} message={error} />}
    </>
  )
}
