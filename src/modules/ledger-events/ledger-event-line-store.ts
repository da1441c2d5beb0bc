import type { Executor } from '../../db/schema.js'
import { toFlag } from '../../db/schema.js'
import { limits } from '../../kernel/limits.js'
import type { OrgScope } from '../access/principal.js'
import type { EntryLineRecord } from './entry-lines.js'

/** The lines of events classified line by line; an event without any is classified the old way. */
export class LedgerEventLineStore {
  /** Puts these lines in place of the event's; none leaves it classified the old way. */
  async replaceLines(ex: Executor, scope: OrgScope, eventId: string, lines: readonly EntryLineRecord[]) {
    await ex
      .deleteFrom('ledger_event_lines')
      .where('organization_id', '=', scope.organizationId)
      .where('event_id', '=', eventId)
      .execute()
    if (lines.length === 0) return
    await ex
      .insertInto('ledger_event_lines')
      .values(
        lines.map((line) => ({
          organization_id: scope.organizationId,
          event_id: eventId,
          line_no: line.lineNo,
          account_id: line.accountId,
          amount_minor: line.amountMinor,
          tax_code: line.taxCode,
          tax_amount_minor: line.taxAmountMinor,
          tax_from_code: line.taxFromCode ? 1 : 0,
          memo: line.memo,
          contact_id: line.contactId,
        })),
      )
      .execute()
  }

  /** The lines of new events, many rows a statement: an import's rules may give thousands. */
  async insertForEvents(
    ex: Executor,
    scope: OrgScope,
    events: ReadonlyArray<{ eventId: string; lines: readonly EntryLineRecord[] }>,
  ): Promise<void> {
    const rows = events.flatMap(({ eventId, lines }) =>
      lines.map((line) => ({
        organization_id: scope.organizationId,
        event_id: eventId,
        line_no: line.lineNo,
        account_id: line.accountId,
        amount_minor: line.amountMinor,
        tax_code: line.taxCode,
        tax_amount_minor: line.taxAmountMinor,
        tax_from_code: line.taxFromCode ? 1 : 0,
        memo: line.memo,
        contact_id: line.contactId,
      })),
    )
    for (let start = 0; start < rows.length; start += limits.sqlEventRowsPerInsertMax) {
      await ex
        .insertInto('ledger_event_lines')
        .values(rows.slice(start, start + limits.sqlEventRowsPerInsertMax))
        .execute()
    }
  }

  /** The lines of each of these events that has any, in order. */
  async linesOf(
    ex: Executor,
    scope: OrgScope,
    eventIds: readonly string[],
  ): Promise<Map<string, EntryLineRecord[]>> {
    const byEvent = new Map<string, EntryLineRecord[]>()
    for (let start = 0; start < eventIds.length; start += limits.sqlEventRowsPerInsertMax) {
      const rows = await ex
        .selectFrom('ledger_event_lines')
        .selectAll()
        .where('organization_id', '=', scope.organizationId)
        .where('event_id', 'in', eventIds.slice(start, start + limits.sqlEventRowsPerInsertMax))
        .orderBy('event_id')
        .orderBy('line_no')
        .execute()
      for (const row of rows) {
        const lines = byEvent.get(row.event_id) ?? []
        lines.push({
          lineNo: row.line_no,
          accountId: row.account_id,
          amountMinor: BigInt(row.amount_minor),
          taxCode: row.tax_code,
          taxAmountMinor: row.tax_amount_minor === null ? null : BigInt(row.tax_amount_minor),
          taxFromCode: toFlag(row.tax_from_code),
          memo: row.memo,
          contactId: row.contact_id,
        })
        byEvent.set(row.event_id, lines)
      }
    }
    return byEvent
  }
}
