import type { Selectable } from 'kysely'
import type { EngineName } from '../../db/engine.js'
import type { Executor, ReconciliationsTable } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { Status } from '../ledger-events/ledger-events-port.js'

// The only SQL of the reconciliations module: reconciliations and the events cleared in them.

export type ReconciliationStatus = 'open' | 'finished' | 'undone' | 'cancelled'

export interface ReconciliationRecord {
  id: string
  paymentAccountId: string
  statementDate: string
  statementBalanceMinor: bigint
  openingBalanceMinor: bigint
  status: ReconciliationStatus
  adjustmentEntryId: string | null
  createdAt: string
  finishedAt: string | null
  undoneAt: string | null
  undoReason: string | null
  cancelledAt: string | null
  cancelReason: string | null
}

const toRecord = (row: Selectable<ReconciliationsTable>): ReconciliationRecord => ({
  id: row.id,
  paymentAccountId: row.payment_account_id,
  statementDate: row.statement_date,
  statementBalanceMinor: BigInt(row.statement_balance_minor),
  openingBalanceMinor: BigInt(row.opening_balance_minor),
  status: row.status as ReconciliationStatus,
  adjustmentEntryId: row.adjustment_entry_id,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
  undoneAt: row.undone_at,
  undoReason: row.undo_reason,
  cancelledAt: row.cancelled_at,
  cancelReason: row.cancel_reason,
})

export class ReconciliationStore {
  /** False when the account already has an open reconciliation. */
  async insert(ex: Executor, scope: OrgScope, record: ReconciliationRecord): Promise<boolean> {
    const result = await ex
      .insertInto('reconciliations')
      .values({
        organization_id: scope.organizationId,
        id: record.id,
        payment_account_id: record.paymentAccountId,
        statement_date: record.statementDate,
        statement_balance_minor: record.statementBalanceMinor,
        opening_balance_minor: record.openingBalanceMinor,
        status: record.status,
        adjustment_entry_id: null,
        created_at: record.createdAt,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  async findById(ex: Executor, scope: OrgScope, id: string): Promise<ReconciliationRecord | undefined> {
    const row = await ex
      .selectFrom('reconciliations')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row && toRecord(row)
  }

  /**
   * Holds the account's reconciliations (PostgreSQL: their rows, until the transaction ends) so
   * that a start, finish, cancel or undo of one account runs one after another: an undo then sees
   * a reconciliation started beside it, and a start never opens from one being undone. SQLite's
   * write transactions already run one at a time.
   */
  async holdAccount(
    ex: Executor,
    scope: OrgScope,
    paymentAccountId: string,
    engine: EngineName,
  ): Promise<void> {
    if (engine !== 'postgres') return
    await ex
      .selectFrom('reconciliations')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('payment_account_id', '=', paymentAccountId)
      .forUpdate()
      .execute()
  }

  /** The newest open or finished reconciliation of the account started after this one, if any. */
  async later(
    ex: Executor,
    scope: OrgScope,
    reconciliation: Pick<ReconciliationRecord, 'id' | 'paymentAccountId' | 'createdAt'>,
  ): Promise<ReconciliationRecord | undefined> {
    const row = await ex
      .selectFrom('reconciliations')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where('payment_account_id', '=', reconciliation.paymentAccountId)
      .where('status', 'in', ['open', 'finished'])
      .where('id', '!=', reconciliation.id)
      .where('created_at', '>=', reconciliation.createdAt)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row && toRecord(row)
  }

  /** The account's last finished reconciliation: the next one opens where it closed. */
  async lastFinished(
    ex: Executor,
    scope: OrgScope,
    paymentAccountId: string,
  ): Promise<ReconciliationRecord | undefined> {
    const row = await ex
      .selectFrom('reconciliations')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where('payment_account_id', '=', paymentAccountId)
      .where('status', '=', 'finished')
      .orderBy('finished_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row && toRecord(row)
  }

  async page(
    ex: Executor,
    scope: OrgScope,
    paymentAccountId: string,
    page: { limit: number; offset: number },
  ): Promise<{ items: ReconciliationRecord[]; totalCount: number }> {
    const base = ex
      .selectFrom('reconciliations')
      .where('organization_id', '=', scope.organizationId)
      .where('payment_account_id', '=', paymentAccountId)
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    ])
    return { items: rows.map(toRecord), totalCount: Number(count.count) }
  }

  /**
   * Moves an open reconciliation on, guarded by its status: of two concurrent finishes one
   * updates the row and the other finds it no longer open (it waits for the first on PostgreSQL).
   */
  async moveFrom(
    ex: Executor,
    scope: OrgScope,
    id: string,
    from: ReconciliationStatus,
    changes: Partial<
      Pick<
        ReconciliationRecord,
        | 'status'
        | 'adjustmentEntryId'
        | 'finishedAt'
        | 'undoneAt'
        | 'undoReason'
        | 'cancelledAt'
        | 'cancelReason'
      >
    >,
  ): Promise<boolean> {
    const result = await ex
      .updateTable('reconciliations')
      .set({
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.adjustmentEntryId !== undefined
          ? { adjustment_entry_id: changes.adjustmentEntryId }
          : {}),
        ...(changes.finishedAt !== undefined ? { finished_at: changes.finishedAt } : {}),
        ...(changes.undoneAt !== undefined ? { undone_at: changes.undoneAt } : {}),
        ...(changes.undoReason !== undefined ? { undo_reason: changes.undoReason } : {}),
        ...(changes.cancelledAt !== undefined ? { cancelled_at: changes.cancelledAt } : {}),
        ...(changes.cancelReason !== undefined ? { cancel_reason: changes.cancelReason } : {}),
      })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  async clearedEvents(
    ex: Executor,
    scope: OrgScope,
    reconciliationIds: string[],
  ): Promise<Array<{ reconciliationId: string; eventId: string; previousStatus: Status | null }>> {
    if (reconciliationIds.length === 0) return []
    const rows = await ex
      .selectFrom('reconciliation_events')
      .select(['reconciliation_id', 'event_id', 'previous_status'])
      .where('organization_id', '=', scope.organizationId)
      .where('reconciliation_id', 'in', reconciliationIds)
      .orderBy('reconciliation_id')
      .orderBy('event_id')
      .execute()
    return rows.map((row) => ({
      reconciliationId: row.reconciliation_id,
      eventId: row.event_id,
      previousStatus: row.previous_status as Status | null,
    }))
  }

  async clear(ex: Executor, scope: OrgScope, reconciliationId: string, eventIds: string[]): Promise<void> {
    if (eventIds.length === 0) return
    await ex
      .insertInto('reconciliation_events')
      .values(
        eventIds.map((eventId) => ({
          organization_id: scope.organizationId,
          reconciliation_id: reconciliationId,
          event_id: eventId,
          previous_status: null,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute()
  }

  async unclear(ex: Executor, scope: OrgScope, reconciliationId: string, eventIds: string[]): Promise<void> {
    if (eventIds.length === 0) return
    await ex
      .deleteFrom('reconciliation_events')
      .where('organization_id', '=', scope.organizationId)
      .where('reconciliation_id', '=', reconciliationId)
      .where('event_id', 'in', eventIds)
      .execute()
  }

  /** Records the status each event left when the reconciliation finished, for an undo. */
  async setPreviousStatus(
    ex: Executor,
    scope: OrgScope,
    reconciliationId: string,
    events: ReadonlyArray<{ id: string; status: Status }>,
  ): Promise<void> {
    for (const status of new Set(events.map((event) => event.status))) {
      await ex
        .updateTable('reconciliation_events')
        .set({ previous_status: status })
        .where('organization_id', '=', scope.organizationId)
        .where('reconciliation_id', '=', reconciliationId)
        .where(
          'event_id',
          'in',
          events.filter((event) => event.status === status).map((event) => event.id),
        )
        .execute()
    }
  }
}
