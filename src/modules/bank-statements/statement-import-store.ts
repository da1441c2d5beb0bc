import { sql } from 'kysely'
import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { limits } from '../../kernel/limits.js'
import type { OrgScope } from '../access/principal.js'
import type { DuplicateCandidate, EventType } from '../ledger-events/ledger-events-port.js'

// The SQL of a statement's import: the events its rows are judged against. The events are
// written through the ledger-events port; this reads their table, the one read an import makes
// that no other module needs.
export class StatementImportStore {
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
}
