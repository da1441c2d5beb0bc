import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import { hitFaultPoint } from '../../fault-points.js'
import { parseCalendarDate } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { formatMoney, parseMoney } from '../../kernel/money.js'
import { type Page, pageOf, parsePageRequest } from '../../kernel/page.js'
import { assert, fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountRecord, AccountsPort } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import {
  type BankStatementsPort,
  paymentAccountOf,
  type StatementFormat,
} from '../bank-statements/bank-statements-port.js'
import type { JournalPort } from '../journal/journal-port.js'
import type { LedgerEventRecord, LedgerEventsPort } from '../ledger-events/ledger-events-port.js'
import { postedStatuses, type Status } from '../ledger-events/ledger-events-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import type { ReconciliationRecord, ReconciliationStore } from './reconciliation-store.js'

// Reconciliation (DESIGN 7.2): a payment account tied to the bank's statement. Balances are in the
// statement's sign: debits minus credits for an asset account, credits minus debits for a liability.

export interface ReconciliationView extends ReconciliationRecord {
  /** The organization's functional currency, whose minor units every amount counts. */
  currency: string
  clearedEventIds: string[]
  clearedBalanceMinor: bigint
  differenceMinor: bigint
}

const notFound = () =>
  fail('RECONCILIATION_NOT_FOUND', 'No reconciliation has this id in the organization.', 'reconciliationId')

const notOpen = (status: string) =>
  fail(
    'RECONCILIATION_NOT_OPEN',
    `This reconciliation is ${status}; only an open one can change.`,
    'reconciliationId',
  )

/** +1 when the account's statement reads debits minus credits, -1 when credits minus debits. */
const statementSign = (account: Pick<AccountRecord, 'classification'>): bigint =>
  account.classification === 'liability' || account.classification === 'equity' ? -1n : 1n

export class ReconciliationService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      access: AccessPort
      accounts: AccountsPort
      statements: BankStatementsPort
      journal: JournalPort
      events: LedgerEventsPort
      periodLock: OrganizationsPort
      /** The currency postings are made in, read in the caller's transaction. */
      functionalCurrency: (tx: Executor, scope: OrgScope) => Promise<string>
      /** The same as this process knows it, for answers. */
      functionalCurrencyOf: (organizationId: string) => Promise<string>
      store: ReconciliationStore
      audit: AuditRecorder
    },
  ) {}

  async startReconciliation(
    principal: Principal,
    organizationId: string,
    input: { paymentAccountId: string; statementDate: string; statementBalance: string },
  ): Promise<Result<ReconciliationView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'startReconciliation')
    const statementDate = parseCalendarDate(input.statementDate, 'statementDate')
    if (!statementDate.ok) return statementDate
    return this.start(scope, {
      paymentAccountId: input.paymentAccountId,
      statementDate: statementDate.value,
      statementBalanceMinor: (currency) =>
        parseMoney(input.statementBalance, currencyDecimals(currency), 'statementBalance'),
      listedEventIds: [],
    })
  }

  /**
   * A reconciliation started from the closing balance a statement file states, on the day it
   * states, with the events its rows are already cleared (those that can be).
   */
  async startReconciliationFromStatementFile(
    principal: Principal,
    organizationId: string,
    input: { paymentAccountId: string; s3Key: string; format?: StatementFormat | 'AUTO' | null },
  ): Promise<Result<ReconciliationView>> {
    const scope = await this.deps.access.authorize(
      principal,
      organizationId,
      'startReconciliationFromStatementFile',
    )
    const closing = await this.deps.statements.statementClosing(scope, input)
    if (!closing.ok) return closing
    const [account] = await this.deps.accounts.accountsByIds(this.deps.db, scope, [input.paymentAccountId])
    assert(account, 'the statement was read for an account of the organization')
    return this.start(scope, {
      paymentAccountId: input.paymentAccountId,
      statementDate: closing.value.closingDate,
      // A file's balance is positive in the holder's favour, which is debits minus credits.
      statementBalanceMinor: () => ok(closing.value.closingMinor * statementSign(account)),
      listedEventIds: closing.value.listedEventIds,
    })
  }

  private async start(
    scope: OrgScope,
    input: {
      paymentAccountId: string
      statementDate: string
      /** The balance in the minor units of the organization's currency. */
      statementBalanceMinor: (currency: string) => Result<bigint>
      listedEventIds: string[]
    },
  ): Promise<Result<ReconciliationView>> {
    const started = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const account = await paymentAccountOf(this.deps.accounts, tx, scope, input.paymentAccountId)
      if (!account.ok) return account
      const balance = input.statementBalanceMinor(await this.deps.functionalCurrency(tx, scope))
      if (!balance.ok) return balance
      await this.deps.store.holdAccount(tx, scope, input.paymentAccountId, this.deps.engine)
      const last = await this.deps.store.lastFinished(tx, scope, input.paymentAccountId)
      if (last && input.statementDate <= last.statementDate) {
        return fail(
          'INVALID_DATE',
          `statementDate must be after ${last.statementDate}, the end of this account's last reconciliation.`,
          'statementDate',
        )
      }
      // A reconciliation of a closed period could never finish (ADR 0050): none is started there.
      const open = await this.deps.periodLock.checkOpen(tx, scope, [input.statementDate], 'statementDate')
      if (!open.ok) return open
      const record: ReconciliationRecord = {
        id: newId(),
        paymentAccountId: input.paymentAccountId,
        statementDate: input.statementDate,
        statementBalanceMinor: balance.value,
        openingBalanceMinor: last?.statementBalanceMinor ?? 0n,
        status: 'open',
        adjustmentEntryId: null,
        createdAt: this.now(),
        finishedAt: null,
        undoneAt: null,
        undoReason: null,
        cancelledAt: null,
        cancelReason: null,
      }
      if (!(await this.deps.store.insert(tx, scope, record))) {
        return fail(
          'RECONCILIATION_OPEN',
          'This payment account has an open reconciliation already; finish or cancel it first.',
          'paymentAccountId',
        )
      }
      const changes = [reconciliationChange('started', record.id, null, record)]
      // Events the statement lists but that are not posted yet stay for the bookkeeper to clear.
      const listed = await this.deps.events.findByIds(tx, scope, input.listedEventIds)
      const clearable = listed
        .filter((event) => !clearProblem(event, record, event.id))
        .map((event) => event.id)
      if (clearable.length > 0) {
        await this.deps.store.clear(tx, scope, record.id, clearable)
        changes.push(reconciliationChange('cleared', record.id, null, { eventIds: clearable, cleared: true }))
      }
      await this.deps.audit.record(tx, scope, changes)
      return ok(record.id)
    })
    if (!started.ok) return started
    return this.viewOf(this.deps.db, scope, started.value)
  }

  async setReconciliationCleared(
    principal: Principal,
    organizationId: string,
    input: { reconciliationId: string; eventIds: string[]; cleared: boolean },
  ): Promise<Result<ReconciliationView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'setReconciliationCleared')
    if (input.eventIds.length > limits.batchItemsMax) {
      return fail(
        'BATCH_TOO_LARGE',
        `At most ${limits.batchItemsMax} events per call; this one has ${input.eventIds.length}.`,
        'eventIds',
      )
    }
    const eventIds = [...new Set(input.eventIds)]
    const changed = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const reconciliation = await this.deps.store.findById(tx, scope, input.reconciliationId)
      if (!reconciliation) return notFound()
      if (reconciliation.status !== 'open') return notOpen(reconciliation.status)
      const change = reconciliationChange('cleared', reconciliation.id, null, {
        eventIds,
        cleared: input.cleared,
      })
      if (!input.cleared) {
        await this.deps.store.unclear(tx, scope, reconciliation.id, eventIds)
        await this.deps.audit.record(tx, scope, [change])
        return ok(undefined)
      }
      const events = await this.deps.events.findByIds(tx, scope, eventIds)
      const byId = new Map(events.map((event) => [event.id, event]))
      for (const eventId of eventIds) {
        const problem = clearProblem(byId.get(eventId), reconciliation, eventId)
        if (problem) return problem
      }
      await this.deps.store.clear(tx, scope, reconciliation.id, eventIds)
      await this.deps.audit.record(tx, scope, [change])
      return ok(undefined)
    })
    if (!changed.ok) return changed
    return this.viewOf(this.deps.db, scope, input.reconciliationId)
  }

  async finishReconciliation(
    principal: Principal,
    organizationId: string,
    input: { reconciliationId: string; adjustmentAccountId?: string | null },
  ): Promise<Result<ReconciliationView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'finishReconciliation')
    const finished = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const now = this.now()
      const found = await this.deps.store.findById(tx, scope, input.reconciliationId)
      if (!found) return notFound()
      await this.deps.store.holdAccount(tx, scope, found.paymentAccountId, this.deps.engine)
      // The guarded move comes first: of concurrent finishes exactly one gets the row, and a
      // refusal below rolls it back to open with the transaction.
      if (
        !(await this.deps.store.moveFrom(tx, scope, input.reconciliationId, 'open', {
          status: 'finished',
          finishedAt: now,
        }))
      ) {
        const current = await this.deps.store.findById(tx, scope, input.reconciliationId)
        return current ? notOpen(current.status) : notFound()
      }
      const view = await this.viewOf(tx, scope, input.reconciliationId)
      if (!view.ok) return view
      const reconciliation = view.value
      // The lock date may have passed the statement's since it started (ADR 0050).
      const open = await this.deps.periodLock.checkOpen(
        tx,
        scope,
        [reconciliation.statementDate],
        'reconciliationId',
      )
      if (!open.ok) return open
      const currency = await this.deps.functionalCurrency(tx, scope)
      const events = await this.deps.events.findByIds(tx, scope, reconciliation.clearedEventIds)
      const byId = new Map(events.map((event) => [event.id, event]))
      for (const eventId of reconciliation.clearedEventIds) {
        const problem = clearProblem(byId.get(eventId), reconciliation, eventId)
        if (problem) return problem
      }
      let adjustmentEntryId: string | null = null
      if (reconciliation.differenceMinor !== 0n) {
        if (!input.adjustmentAccountId) {
          const decimals = currencyDecimals(currency)
          return fail(
            'RECONCILIATION_NOT_BALANCED',
            `The cleared balance differs from the statement by ${formatMoney(reconciliation.differenceMinor, decimals)}; clear more events, or name an adjustmentAccountId.`,
            'adjustmentAccountId',
          )
        }
        const adjusted = await this.postAdjustment(
          tx,
          scope,
          reconciliation,
          input.adjustmentAccountId,
          currency,
        )
        if (!adjusted.ok) return adjusted
        adjustmentEntryId = adjusted.value
        await this.deps.store.moveFrom(tx, scope, reconciliation.id, 'finished', { adjustmentEntryId })
      }
      const cleared = reconciliation.clearedEventIds.map((id) => byId.get(id) as LedgerEventRecord)
      await this.deps.store.setPreviousStatus(tx, scope, reconciliation.id, cleared)
      const moved = await this.deps.events.reconcile(tx, scope, cleared, reconciliation.id)
      if (!moved) {
        return fail(
          'EVENT_CHANGED',
          'A cleared event was changed by another request; try again.',
          'reconciliationId',
        )
      }
      await this.deps.audit.record(tx, scope, [
        reconciliationChange(
          'finished',
          reconciliation.id,
          { status: 'open' },
          {
            status: 'finished',
            finishedAt: now,
            adjustmentEntryId,
            clearedEventIds: reconciliation.clearedEventIds,
          },
        ),
      ])
      hitFaultPoint('reconcile.finish')
      return ok(reconciliation.id)
    })
    if (!finished.ok) return finished
    return this.viewOf(this.deps.db, scope, finished.value)
  }

  async undoReconciliation(
    principal: Principal,
    organizationId: string,
    input: { reconciliationId: string; reason: string },
  ): Promise<Result<ReconciliationView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'undoReconciliation')
    const reason = input.reason.trim()
    if (reason === '' || reason.length > limits.undoReasonLengthMax || reason.includes('\u0000')) {
      return fail('INVALID_REASON', `reason must be 1 to ${limits.undoReasonLengthMax} characters.`, 'reason')
    }
    const undone = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const found = await this.deps.store.findById(tx, scope, input.reconciliationId)
      if (!found) return notFound()
      // Held before anything is read: a reconciliation started or finished beside this undo is
      // either seen below or starts after it, from the one before.
      await this.deps.store.holdAccount(tx, scope, found.paymentAccountId, this.deps.engine)
      const reconciliation = (await this.deps.store.findById(tx, scope, found.id)) ?? found
      if (reconciliation.status !== 'finished') return notOpen(reconciliation.status)
      const last = await this.deps.store.lastFinished(tx, scope, reconciliation.paymentAccountId)
      const later = await this.deps.store.later(tx, scope, reconciliation)
      // A later reconciliation opened from this one's balance and may clear its events again.
      if (last?.id !== reconciliation.id || later) {
        return fail(
          'RECONCILIATION_NOT_LAST',
          later?.status === 'open'
            ? 'A later reconciliation of this account is open; finish or cancel it, then undo it, before this one.'
            : 'Only the last finished reconciliation of an account can be undone.',
          'reconciliationId',
        )
      }
      // Its events' statuses belong to the statement's period, which may have closed (ADR 0050).
      const open = await this.deps.periodLock.checkOpen(
        tx,
        scope,
        [reconciliation.statementDate],
        'reconciliationId',
      )
      if (!open.ok) return open
      if (
        !(await this.deps.store.moveFrom(tx, scope, reconciliation.id, 'finished', {
          status: 'undone',
          undoneAt: this.now(),
          undoReason: reason,
        }))
      ) {
        return notOpen('no longer finished')
      }
      if (reconciliation.adjustmentEntryId) {
        const reversed = await this.deps.journal.reverseEntry(
          tx,
          scope,
          null,
          reconciliation.adjustmentEntryId,
          newId(),
        )
        assert(reversed, 'an adjustment is reversed once, with its reconciliation')
      }
      await this.deps.audit.record(tx, scope, [
        reconciliationChange(
          'undone',
          reconciliation.id,
          { status: 'finished' },
          { status: 'undone', undoReason: reason },
        ),
      ])
      const cleared = await this.deps.store.clearedEvents(tx, scope, [reconciliation.id])
      await this.deps.events.unreconcile(
        tx,
        scope,
        cleared.map((event) => ({ id: event.eventId, previousStatus: event.previousStatus ?? 'confirmed' })),
      )
      return ok(reconciliation.id)
    })
    if (!undone.ok) return undone
    return this.viewOf(this.deps.db, scope, undone.value)
  }

  /** An open reconciliation dropped: nothing was posted and no event moved, so nothing goes back. */
  async cancelReconciliation(
    principal: Principal,
    organizationId: string,
    input: { reconciliationId: string; reason?: string | null },
  ): Promise<Result<ReconciliationView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'cancelReconciliation')
    const reason = input.reason == null ? null : input.reason.trim()
    if (
      reason !== null &&
      (reason === '' || reason.length > limits.undoReasonLengthMax || reason.includes('\u0000'))
    ) {
      return fail('INVALID_REASON', `reason must be 1 to ${limits.undoReasonLengthMax} characters.`, 'reason')
    }
    const cancelled = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const found = await this.deps.store.findById(tx, scope, input.reconciliationId)
      if (!found) return notFound()
      await this.deps.store.holdAccount(tx, scope, found.paymentAccountId, this.deps.engine)
      const cancelledAt = this.now()
      if (
        !(await this.deps.store.moveFrom(tx, scope, found.id, 'open', {
          status: 'cancelled',
          cancelledAt,
          cancelReason: reason,
        }))
      ) {
        const current = await this.deps.store.findById(tx, scope, found.id)
        return notOpen(current?.status ?? found.status)
      }
      await this.deps.audit.record(tx, scope, [
        reconciliationChange(
          'cancelled',
          found.id,
          { status: 'open' },
          { status: 'cancelled', cancelledAt, cancelReason: reason },
        ),
      ])
      return ok(found.id)
    })
    if (!cancelled.ok) return cancelled
    return this.viewOf(this.deps.db, scope, cancelled.value)
  }

  async reconciliation(
    principal: Principal,
    organizationId: string,
    reconciliationId: string,
  ): Promise<Result<ReconciliationView | null>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'reconciliation')
    const view = await this.viewOf(this.deps.db, scope, reconciliationId)
    return view.ok ? view : ok(null)
  }

  async listReconciliations(
    principal: Principal,
    organizationId: string,
    paymentAccountId: string,
    args: { limit?: number | null; offset?: number | null },
  ): Promise<Result<Page<ReconciliationView>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listReconciliations')
    const page = parsePageRequest(args, ['createdAt'], { sortBy: 'createdAt', sortDir: 'desc' })
    if (!page.ok) return page
    const found = await this.deps.store.page(this.deps.db, scope, paymentAccountId, page.value)
    const views = await this.views(this.deps.db, scope, found.items)
    return ok(pageOf(views, found.totalCount, page.value))
  }

  // ---- helpers ------------------------------------------------------------------------------

  /** The difference goes to the account the caller names, on the statement's date. */
  private async postAdjustment(
    tx: Executor,
    scope: OrgScope,
    reconciliation: ReconciliationView,
    adjustmentAccountId: string,
    currency: string,
  ): Promise<Result<string>> {
    const [payment, adjustment] = await Promise.all([
      this.deps.accounts.accountsByIds(tx, scope, [reconciliation.paymentAccountId]),
      this.deps.accounts.accountsByIds(tx, scope, [adjustmentAccountId]),
    ])
    const paymentAccount = payment[0] as AccountRecord
    const adjustmentAccount = adjustment[0]
    if (!adjustmentAccount || adjustmentAccount.id === paymentAccount.id) {
      return fail(
        'ACCOUNT_NOT_FOUND',
        'adjustmentAccountId must name another account of this organization.',
        'adjustmentAccountId',
      )
    }
    // In debits minus credits, the payment account moves by the difference in the statement's sign.
    const movementMinor = reconciliation.differenceMinor * statementSign(paymentAccount)
    const amountMinor = movementMinor < 0n ? -movementMinor : movementMinor
    const paymentSide = movementMinor > 0n ? 'debit' : 'credit'
    const entryId = newId()
    await this.deps.journal.postAdjustment(
      tx,
      scope,
      {
        txnDate: reconciliation.statementDate,
        currency,
        lines: [
          { accountId: paymentAccount.id, contactId: null, side: paymentSide, amountMinor },
          {
            accountId: adjustmentAccount.id,
            contactId: null,
            side: paymentSide === 'debit' ? 'credit' : 'debit',
            amountMinor,
          },
        ],
      },
      entryId,
    )
    return ok(entryId)
  }

  private async viewOf(ex: Executor, scope: OrgScope, id: string): Promise<Result<ReconciliationView>> {
    const record = await this.deps.store.findById(ex, scope, id)
    if (!record) return notFound()
    const [view] = await this.views(ex, scope, [record])
    return ok(view as ReconciliationView)
  }

  private async views(
    ex: Executor,
    scope: OrgScope,
    records: ReconciliationRecord[],
  ): Promise<ReconciliationView[]> {
    const cleared = await this.deps.store.clearedEvents(
      ex,
      scope,
      records.map((record) => record.id),
    )
    const currency = await this.deps.functionalCurrencyOf(scope.organizationId)
    const views: ReconciliationView[] = []
    for (const record of records) {
      const clearedEventIds = cleared.filter((c) => c.reconciliationId === record.id).map((c) => c.eventId)
      const events = await this.deps.events.findByIds(ex, scope, clearedEventIds)
      const entryIds = events.flatMap((event) => (event.journalEntryId ? [event.journalEntryId] : []))
      const [account] = await this.deps.accounts.accountsByIds(ex, scope, [record.paymentAccountId])
      const movementMinor = await this.deps.journal.accountMovement(
        ex,
        scope,
        record.paymentAccountId,
        entryIds,
      )
      const clearedBalanceMinor =
        record.openingBalanceMinor + movementMinor * statementSign(account ?? { classification: 'asset' })
      views.push({
        ...record,
        currency,
        clearedEventIds,
        clearedBalanceMinor,
        differenceMinor: record.statementBalanceMinor - clearedBalanceMinor,
      })
    }
    return views
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

/** Why an event cannot be cleared in this reconciliation, if it cannot. */
function clearProblem(
  event: LedgerEventRecord | undefined,
  reconciliation: ReconciliationRecord,
  eventId: string,
): Result<never> | undefined {
  const clearable =
    event !== undefined &&
    (postedStatuses as readonly Status[]).includes(event.status) &&
    event.status !== 'reconciled' &&
    event.paymentAccountId === reconciliation.paymentAccountId &&
    event.transactionDate <= reconciliation.statementDate &&
    event.journalEntryId !== null &&
    event.reversalEntryId === null
  if (clearable) return undefined
  return fail(
    'EVENT_NOT_RECONCILABLE',
    `Event ${eventId} cannot be cleared here: only posted (confirmed or synced) events of this payment account dated on or before the statement date.`,
    'eventIds',
  )
}

const reconciliationChange = (verb: string, id: string, before: unknown, after: unknown) => ({
  operation: `reconciliation.${verb}`,
  entityType: 'reconciliation',
  entityId: id,
  before,
  after,
})
