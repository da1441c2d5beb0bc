import type { Executor } from '../../db/schema.js'
import { limits } from '../../kernel/limits.js'
import type { OrgScope } from '../access/principal.js'

// The one read of the documents' tables a journal export makes: which documents a bank line's
// entry pays. The documents are written by their own module; no other module needs this
// question, so it lives here beside the export.
export class JournalExportStore {
  /**
   * The numbers of the documents each of these events' entries pays, by entry, sorted. Read
   * through the payments' index on the event, so a page of the export costs what it holds.
   */
  async numbersPaidByEvents(
    ex: Executor,
    scope: OrgScope,
    eventIds: string[],
  ): Promise<Map<string, string[]>> {
    const numbers = new Map<string, string[]>()
    for (let start = 0; start < eventIds.length; start += limits.sqlIdsPerQueryMax) {
      const rows = await ex
        .selectFrom('invoice_payments')
        .innerJoin('invoices', (join) =>
          join
            .onRef('invoices.organization_id', '=', 'invoice_payments.organization_id')
            .onRef('invoices.id', '=', 'invoice_payments.invoice_id'),
        )
        .select(['invoice_payments.journal_entry_id', 'invoices.number'])
        .where('invoice_payments.organization_id', '=', scope.organizationId)
        .where('invoice_payments.event_id', 'in', eventIds.slice(start, start + limits.sqlIdsPerQueryMax))
        .execute()
      for (const row of rows) {
        if (row.journal_entry_id === null) continue
        numbers.set(row.journal_entry_id, [...(numbers.get(row.journal_entry_id) ?? []), row.number])
      }
    }
    for (const found of numbers.values()) found.sort()
    return numbers
  }
}
