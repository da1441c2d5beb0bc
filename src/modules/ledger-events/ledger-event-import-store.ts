import { sql } from 'kysely'
import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { limits } from '../../kernel/limits.js'
import type { OrgScope } from '../access/principal.js'
import type { EventSource, EventType, Status } from './ledger-event.js'
import {
  type DuplicateCandidate,
  insertInChunks,
  type LedgerEventRecord,
  type NewLedgerEvent,
} from './ledger-event-row-store.js'

/**
 * The SQL of imports: what a statement is checked against, and the bulk work of imports that
 * post as they import (the payment-processor import).
 */
export class LedgerEventImportStore {
  constructor(private readonly engine: EngineName) {}

  /**
   * What a statement is checked against (every status included): the account's events dated in
   * the window, and those carrying one of the references, whatever their date. Two indexed reads,
   * each row once, in the order the events were created.
   */
  async duplicateCandidates(
    ex: Executor,
    scope: OrgScope,
    paymentAccountId: string,
    window: { from: string; to: string },
    references: string[],
  ): Promise<DuplicateCandidate[]> {
    const columns = [
      'id',
      'transaction_date',
      'amount_minor',
      'event_type',
      'merchant_name',
      'reference',
      'created_at',
    ] as const
    const onAccount = ex
      .selectFrom('ledger_events')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('payment_account_id', '=', paymentAccountId)
    const rows = await onAccount
      .where('transaction_date', '>=', window.from)
      .where('transaction_date', '<=', window.to)
      .execute()
    const seen = new Set(rows.map((row) => row.id))
    // A reference already on an event of the window needs no second look; an overlapping
    // statement (the usual bank download) carries mostly such references.
    const inWindow = new Set(rows.flatMap((row) => (row.reference === null ? [] : [row.reference])))
    const sought = references.filter((reference) => !inWindow.has(reference))
    const keep = (referenced: typeof rows) => {
      for (const row of referenced) {
        if (seen.has(row.id)) continue
        seen.add(row.id)
        rows.push(row)
      }
    }
    if (this.engine === 'postgres' && sought.length > 0) {
      // One statement whatever the count: the references travel as one array parameter.
      keep(await onAccount.where('reference', '=', sql<string>`any(${sought}::text[])`).execute())
    } else {
      for (let start = 0; start < sought.length; start += limits.sqlIdsPerQueryMax) {
        keep(
          await onAccount
            .where('reference', 'in', sought.slice(start, start + limits.sqlIdsPerQueryMax))
            .execute(),
        )
      }
    }
    rows.sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
    )
    return rows.map((row) => ({
      id: row.id,
      transactionDate: row.transaction_date,
      amountMinor: BigInt(row.amount_minor),
      eventType: row.event_type as EventType,
      merchantName: row.merchant_name,
      reference: row.reference,
    }))
  }

  /** Inserts events that are posted in the same transaction, each naming its entry. */
  async insertManyPosted(
    ex: Executor,
    scope: OrgScope,
    events: Array<NewLedgerEvent & { journalEntryId: string }>,
  ): Promise<void> {
    await insertInChunks(ex, scope, events, (e) => e.journalEntryId)
  }

  /** Which of these backfill ids the organization already holds. */
  async existingBackfillIds(ex: Executor, scope: OrgScope, backfillIds: string[]): Promise<Set<string>> {
    const found = new Set<string>()
    for (let start = 0; start < backfillIds.length; start += limits.sqlIdsPerQueryMax) {
      const rows = await ex
        .selectFrom('ledger_events')
        .select('backfill_id')
        .where('organization_id', '=', scope.organizationId)
        .where('backfill_id', 'in', backfillIds.slice(start, start + limits.sqlIdsPerQueryMax))
        .execute()
      for (const row of rows) if (row.backfill_id !== null) found.add(row.backfill_id)
    }
    return found
  }

  async batchExists(ex: Executor, scope: OrgScope, batchId: string): Promise<boolean> {
    const row = await ex
      .selectFrom('ledger_events')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('batch_id', '=', batchId)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * The events one import source wrote: one batch of it, or all of them. With `lock` (PostgreSQL)
   * their rows stay locked until the transaction ends, so a confirm cannot post one unseen.
   */
  async importedEvents(
    ex: Executor,
    scope: OrgScope,
    source: EventSource,
    batchId: string | undefined,
    lock: boolean,
  ): Promise<
    Array<
      Pick<
        LedgerEventRecord,
        'id' | 'status' | 'journalEntryId' | 'reversalEntryId' | 'batchId' | 'transactionDate'
      >
    >
  > {
    let query = ex
      .selectFrom('ledger_events')
      .select(['id', 'status', 'journal_entry_id', 'reversal_entry_id', 'batch_id', 'transaction_date'])
      .where('organization_id', '=', scope.organizationId)
      .where('source', '=', source)
    if (batchId !== undefined) query = query.where('batch_id', '=', batchId)
    if (lock) query = query.forUpdate()
    const rows = await query.orderBy('id').execute()
    return rows.map((row) => ({
      id: row.id,
      status: row.status as Status,
      journalEntryId: row.journal_entry_id,
      reversalEntryId: row.reversal_entry_id,
      batchId: row.batch_id,
      transactionDate: row.transaction_date,
    }))
  }

  /**
   * Deletes the events of these batches of one import source; events of any other source are
   * left alone. By batch rather than by id: the batch index finds them directly on both engines.
   */
  async deleteImported(
    ex: Executor,
    scope: OrgScope,
    source: EventSource,
    batchIds: string[],
  ): Promise<number> {
    let deleted = 0
    for (let start = 0; start < batchIds.length; start += limits.sqlIdsPerQueryMax) {
      const result = await ex
        .deleteFrom('ledger_events')
        .where('organization_id', '=', scope.organizationId)
        .where('batch_id', 'in', batchIds.slice(start, start + limits.sqlIdsPerQueryMax))
        .where('source', '=', source)
        .executeTakeFirst()
      deleted += Number(result.numDeletedRows)
    }
    return deleted
  }
}
