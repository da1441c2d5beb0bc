import type { Client } from '@urql/core'
import { useClient } from '@urql/preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import {
  FinishReconciliationDocument,
  ReconcilableEventsDocument,
  type ReconcilableEventsQuery,
  type ReconciliationFieldsFragment,
  SetReconciliationClearedDocument,
} from '../api/generated/reconciliation'
import { mutate } from '../api/mutate'
import { failed, type Outcome, succeeded } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { PageSection, RowError } from '../components/page-section'
import { fromUnits, toUnits } from '../format/decimal'
import { groupDigits, signedAmount } from '../format/money'
import type { ReconcilableAccount } from './reconcilable-account'

type ReconcilableEvent = NonNullable<ReconcilableEventsQuery['listLedgerEvents']>['items'][number]

// The API's page bound; a statement period with more posted events than the cap is reconciled
// through the API (the screen says so rather than showing a difference it cannot explain).
const eventsPageSize = 200
const eventsPagesMax = 10
// setReconciliationCleared takes at most 500 events a call.
const clearedPerCallMax = 500

/** Money into an asset account raises its statement balance; into a card (a liability), lowers it. */
function statementSignedUnits(account: ReconcilableAccount, event: ReconcilableEvent): bigint {
  const units = toUnits(event.functionalAmount)
  const raises = account.classification === 'liability' ? event.direction === 'out' : event.direction === 'in'
  return raises ? units : -units
}

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
  const client = useClient()
  const [reconciliation, setReconciliation] = useState(props.reconciliation)
  const [events, setEvents] = useState<Outcome<{ items: ReconcilableEvent[]; complete: boolean }> | null>(
    null,
  )
  // Ticks sent but not yet answered: the event's wanted state.
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map())
  const [rowErrors, setRowErrors] = useState<ReadonlyMap<string, string>>(new Map())
  const [finishError, setFinishError] = useState<string | null>(null)
  const [adjustmentAccountId, setAdjustmentAccountId] = useState('')
  const [finishing, setFinishing] = useState(false)

  useEffect(() => {
    let current = true
    loadEvents(client, organizationId, account.id, reconciliation.statementDate).then((answer) => {
      if (current) setEvents(answer)
    })
    return () => {
      current = false
    }
  }, [client, organizationId, account.id, reconciliation.statementDate])

  const items = events?.ok ? events.value.items : []
  const serverCleared = new Set(reconciliation.clearedEventIds)
  const isCleared = (id: string) => pending.get(id) ?? serverCleared.has(id)
  let inFlight = 0n
  for (const event of items) {
    const wanted = pending.get(event.id)
    if (wanted === undefined || wanted === serverCleared.has(event.id)) continue
    inFlight += wanted ? statementSignedUnits(account, event) : -statementSignedUnits(account, event)
  }
  const clearedBalance = fromUnits(toUnits(reconciliation.clearedBalance) + inFlight)
  const difference = fromUnits(toUnits(reconciliation.difference) - inFlight)
  const balanced = toUnits(difference) === 0n
  const clearedCount = items.filter((event) => isCleared(event.id)).length

  // Ticks are sent one call after another: each answer is the whole reconciliation, so answers
  // arriving out of order would put an older state over a newer one.
  const sending = useRef<Promise<void>>(Promise.resolve())

  function setCleared(ids: string[], cleared: boolean) {
    if (ids.length === 0) return
    setPending((before) => new Map([...before, ...ids.map((id) => [id, cleared] as const)]))
    setRowErrors((before) => new Map([...before].filter(([id]) => !ids.includes(id))))
    setFinishError(null)
    for (let start = 0; start < ids.length; start += clearedPerCallMax) {
      const batch = ids.slice(start, start + clearedPerCallMax)
      sending.current = sending.current.then(() => sendCleared(batch, cleared))
    }
  }

  async function sendCleared(batch: string[], cleared: boolean) {
    const outcome = await mutate(
      client,
      SetReconciliationClearedDocument,
      { organizationId, reconciliationId: reconciliation.id, eventIds: batch, cleared },
      (data) => data.setReconciliationCleared,
    )
    if (outcome.ok && outcome.value.reconciliation) setReconciliation(outcome.value.reconciliation)
    if (!outcome.ok) {
      const message = outcome.error
      setRowErrors((before) => new Map([...before, ...batch.map((id) => [id, message] as const)]))
    }
    // A box ticked again while this call was out stays pending for the call that carries it.
    setPending(
      (before) => new Map([...before].filter(([id, wanted]) => !(batch.includes(id) && wanted === cleared))),
    )
  }

  async function finish() {
    setFinishing(true)
    setFinishError(null)
    const outcome = await mutate(
      client,
      FinishReconciliationDocument,
      {
        organizationId,
        reconciliationId: reconciliation.id,
        adjustmentAccountId: balanced ? null : adjustmentAccountId || null,
      },
      (data) => data.finishReconciliation,
    )
    setFinishing(false)
    if (!outcome.ok) return setFinishError(outcome.error)
    props.onFinished()
  }

  const unticked = items.filter((event) => !isCleared(event.id)).map((event) => event.id)
  const ticked = items.filter((event) => isCleared(event.id)).map((event) => event.id)

  return (
    <PageSection
      id="open-reconciliation"
      title={`${account.name} to ${reconciliation.statementDate}`}
      description="Tick each event the statement shows. Only posted (confirmed) events dated on or before the statement date are listed."
    >
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
          <dd data-testid="cleared-balance">{signedDecimal(clearedBalance)}</dd>
        </div>
        <div class={balanced ? 'difference balanced' : 'difference'}>
          <dt>Difference</dt>
          <dd data-testid="difference">{signedDecimal(difference)}</dd>
        </div>
      </dl>
      {events && !events.ok && <ErrorText>{events.error}</ErrorText>}
      {events === null && <p class="screen-loading">Loading the account's events…</p>}
      {events?.ok && !events.value.complete && (
        <p class="warning-note">
          More than {eventsPageSize * eventsPagesMax} posted events are waiting: the first ones are shown.
        </p>
      )}
      {events?.ok && (
        <>
          <div class="row-actions">
            <button type="button" disabled={unticked.length === 0} onClick={() => setCleared(unticked, true)}>
              Tick all {unticked.length}
            </button>
            <button type="button" disabled={ticked.length === 0} onClick={() => setCleared(ticked, false)}>
              Untick all
            </button>
            <span class="muted">
              {clearedCount} of {items.length} ticked
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
                      No posted events of this account are dated on or before {reconciliation.statementDate}.
                    </td>
                  </tr>
                )}
                {items.map((event) => {
                  const checkboxId = `cleared-${event.id}`
                  return [
                    <tr key={event.id} class={isCleared(event.id) ? 'ticked-row' : ''}>
                      <td>
                        <input
                          id={checkboxId}
                          type="checkbox"
                          checked={isCleared(event.id)}
                          onChange={(change) => setCleared([event.id], change.currentTarget.checked)}
                        />
                      </td>
                      <td>{event.transactionDate}</td>
                      <td>
                        <label for={checkboxId}>{event.merchantName}</label>
                        {event.reference && <div class="muted">{event.reference}</div>}
                      </td>
                      <td class="number">{signedAmount(event.direction, event.functionalAmount)}</td>
                    </tr>,
                    <RowError key={`${event.id}-error`} columns={4} message={rowErrors.get(event.id)} />,
                  ]
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
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
          disabled={finishing || pending.size > 0 || (!balanced && !adjustmentAccountId)}
          onClick={finish}
          aria-describedby={finishError ? 'finish-error' : undefined}
        >
          {balanced ? 'Finish reconciliation' : `Finish with an adjustment of ${signedDecimal(difference)}`}
        </button>
      </div>
      {finishError && <ErrorText id="finish-error">{finishError}</ErrorText>}
    </PageSection>
  )
}

/** "-12.50" -> "−12.50" with grouped digits; a difference reads better with a real minus. */
function signedDecimal(decimal: string): string {
  return `${decimal.startsWith('-') ? '\u2212' : ''}${groupDigits(decimal)}`
}

async function loadEvents(
  client: Client,
  organizationId: string,
  accountId: string,
  statementDate: string,
): Promise<Outcome<{ items: ReconcilableEvent[]; complete: boolean }>> {
  const items: ReconcilableEvent[] = []
  for (let page = 0; page < eventsPagesMax; page += 1) {
    const answer = await client
      .query(ReconcilableEventsDocument, {
        organizationId,
        accountId,
        dateTo: statementDate,
        limit: eventsPageSize,
        offset: page * eventsPageSize,
      })
      .toPromise()
    const listed = answer.data?.listLedgerEvents
    if (!listed) return failed(answer.error ? errorInWords(answer.error) : 'No answer came back.')
    // accountIds matches the category too; only events paid through this account are on its statement.
    items.push(...listed.items.filter((event) => event.paymentAccount?.id === accountId))
    if ((page + 1) * eventsPageSize >= listed.totalCount) return succeeded({ items, complete: true })
  }
  return succeeded({ items, complete: false })
}
