import { sql } from 'kysely'
import type { Executor } from '../../db/schema.js'
import { limits } from '../../kernel/limits.js'
import type { OrgScope } from '../access/principal.js'

// The only SQL of the processor-import module: what an import asks of the events before it writes
// (the processor ids and batch ids it holds already). The events and entries themselves are
// written through the ledger-events and journal ports.
export class ProcessorImportStore {
  /**
   * PostgreSQL plans from table statistics, which autovacuum refreshes only a while after a bulk
   * load. Until then it estimates the tables as nearly empty and answers an `id IN (...)` lookup
   * with a full scan, so undoing or repeating a large import right after it turns quadratic.
   * Analyzing inside the import's transaction commits fresh statistics with the rows.
   */
  async refreshStatistics(tx: Executor): Promise<void> {
    await sql`analyze ledger_events, journal_entries, journal_lines, account_day_totals`.execute(tx)
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
}
