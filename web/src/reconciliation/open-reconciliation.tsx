import type { ReconciliationFieldsFragment } from '../api/generated/reconciliation'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import { useRights } from '../session/rights'
import { clearedFigures } from './cleared-figures'
import { useClearedTicks } from './cleared-ticks'
import { FinishReconciliation, useFinishReconciliation } from './finish-reconciliation'
import type { ReconcilableAccount } from './reconcilable-account'
import { eventsListedMax, useReconcilableEvents } from './reconcilable-events'
import { ReconcileRows } from './reconcile-rows'
import { ReconciliationFigures } from './reconciliation-figures'

/**
 * An open reconciliation: the account's posted events up to the statement date, each ticked when
 * the statement shows it. The difference moves the moment a box is ticked, worked out exactly from
 * the server's last answer and the ticks still on their way.
 */
export function OpenReconciliation(props: {
  organizationId: string
  account: ReconcilableAccount
  reconciliation: ReconciliationFieldsFragment
  adjustmentChoices: ReconcilableAccount[]
  onFinished: () => void
}) {
  const { organizationId, account } = props
  const { writes } = useRights()
  const { finish, finishing, finishError, clearFinishError } = useFinishReconciliation(
    organizationId,
    props.onFinished,
  )
  const { reconciliation, pending, rowErrors, isCleared, setCleared } = useClearedTicks(
    organizationId,
    props.reconciliation,
    clearFinishError,
  )
  const events = useReconcilableEvents(organizationId, account.id, reconciliation.statementDate)
  const items = events?.ok ? events.value.items : []
  const { clearedBalance, difference, balanced } = clearedFigures(account, reconciliation, items, pending)

  return (
    <PageSection
      id="open-reconciliation"
      title={`${account.name} to ${reconciliation.statementDate}`}
      description="Tick each event the statement shows. Only posted (confirmed) events dated on or before the statement date are listed."
    >
      <ReconciliationFigures
        reconciliation={reconciliation}
        clearedBalance={clearedBalance}
        difference={difference}
        balanced={balanced}
      />
      {events && !events.ok && <ErrorText>{events.error}</ErrorText>}
      {events === null && <p class="screen-loading">Loading the account's events…</p>}
      {events?.ok && !events.value.complete && (
        <p class="warning-note">
          More than {eventsListedMax} posted events are waiting: the first ones are shown.
        </p>
      )}
      {events?.ok && (
        <ReconcileRows
          items={items}
          statementDate={reconciliation.statementDate}
          isCleared={isCleared}
          rowErrors={rowErrors}
          onSetCleared={writes ? setCleared : null}
        />
      )}
      {writes && (
        <FinishReconciliation
          balanced={balanced}
          difference={difference}
          waiting={pending.size > 0}
          adjustmentChoices={props.adjustmentChoices}
          finishing={finishing}
          finishError={finishError}
          onFinish={(adjustmentAccountId) => finish(reconciliation.id, adjustmentAccountId)}
        />
      )}
    </PageSection>
  )
}
