import type { Executor } from '../../db/schema.js'
import { limits } from '../../kernel/limits.js'
import type { OrgScope } from '../access/principal.js'
import type { EventSource, Status } from './ledger-event.js'
import { insertInChunks, type NewLedgerEvent } from './ledger-event-row-store.js'
import type { ImportedEvent } from './ledger-events-port.js'

/**
 * The SQL of imports that post as they import (the payment-processor import), and of undoing
 * an import.
 */
export class LedgerEventImportStore {
  /** Inserts events that are posted in the same transaction, each naming its entry. */
  async insertManyPosted(
    ex: Executor,
    scope: OrgScope,
    events: Array<NewLedgerEvent & { journalEntryId: string }>,
  ): Promise<void> {
    await insertInChunks(ex, scope, events, (e) => e.journalEntryId)
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
  ): Promise<ImportedEvent[]> {
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
      const batch = batchIds.slice(start, start + limits.sqlIdsPerQueryMax)
      // An event classified line by line takes its lines with it.
      await ex
        .deleteFrom('ledger_event_lines')
        .where('organization_id', '=', scope.organizationId)
        .where('event_id', 'in', (eb) =>
          eb
            .selectFrom('ledger_events')
            .select('id')
            .where('organization_id', '=', scope.organizationId)
            .where('batch_id', 'in', batch)
            .where('source', '=', source),
        )
        .execute()
      const result = await ex
        .deleteFrom('ledger_events')
        .where('organization_id', '=', scope.organizationId)
        .where('batch_id', 'in', batch)
        .where('source', '=', source)
        .executeTakeFirst()
      deleted += Number(result.numDeletedRows)
    }
    return deleted
  }
}
