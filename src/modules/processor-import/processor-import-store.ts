import { sql } from 'kysely'
import type { Executor } from '../../db/schema.js'

// The only SQL of the processor-import module; the events and entries themselves are written
// through the ledger-events and journal modules.
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
}
