import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { Jurisdiction, ReturnLine, ReturnMethod } from './tax-return.js'

export interface FiledReturn {
  id: string
  jurisdiction: Jurisdiction
  method: ReturnMethod
  startDate: string
  endDate: string
  lines: ReturnLine[]
  journalEntryId: string | null
  filedAt: string
}

const columns = [
  'id',
  'jurisdiction',
  'method',
  'start_date',
  'end_date',
  'lines_json',
  'journal_entry_id',
  'filed_at',
] as const

type Row = {
  id: string
  jurisdiction: string
  method: string
  start_date: string
  end_date: string
  lines_json: string
  journal_entry_id: string | null
  filed_at: string
}

// Only insert writes the table, from checked values; bigints travel as decimal strings in JSON.
const recordOf = (row: Row): FiledReturn => ({
  id: row.id,
  jurisdiction: row.jurisdiction as Jurisdiction,
  method: row.method as ReturnMethod,
  startDate: row.start_date,
  endDate: row.end_date,
  lines: (JSON.parse(row.lines_json) as Array<{ line: string; label: string; amountMinor: string }>).map(
    (line) => ({ ...line, amountMinor: BigInt(line.amountMinor) }),
  ),
  journalEntryId: row.journal_entry_id,
  filedAt: row.filed_at,
})

export class SalesTaxReturnStore {
  async insert(ex: Executor, scope: OrgScope, filed: FiledReturn): Promise<void> {
    await ex
      .insertInto('sales_tax_returns')
      .values({
        organization_id: scope.organizationId,
        id: filed.id,
        jurisdiction: filed.jurisdiction,
        method: filed.method,
        start_date: filed.startDate,
        end_date: filed.endDate,
        lines_json: JSON.stringify(
          filed.lines.map((line) => ({ ...line, amountMinor: line.amountMinor.toString() })),
        ),
        journal_entry_id: filed.journalEntryId,
        filed_at: filed.filedAt,
      })
      .execute()
  }

  /** Filed returns of the jurisdiction whose period shares a day with this one, oldest first. */
  async overlapping(
    ex: Executor,
    scope: OrgScope,
    jurisdiction: string,
    range: { from: string; to: string },
  ): Promise<FiledReturn[]> {
    const rows = await ex
      .selectFrom('sales_tax_returns')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('jurisdiction', '=', jurisdiction)
      .where('start_date', '<=', range.to)
      .where('end_date', '>=', range.from)
      .orderBy('start_date')
      .execute()
    return rows.map(recordOf)
  }

  /** The clearing entries of every jurisdiction's returns that end inside the range. */
  async clearingEntriesIn(
    ex: Executor,
    scope: OrgScope,
    range: { from: string; to: string },
  ): Promise<string[]> {
    const rows = await ex
      .selectFrom('sales_tax_returns')
      .select('journal_entry_id')
      .where('organization_id', '=', scope.organizationId)
      .where('end_date', '>=', range.from)
      .where('end_date', '<=', range.to)
      .where('journal_entry_id', 'is not', null)
      .execute()
    return rows.flatMap((row) => row.journal_entry_id ?? [])
  }

  /** The end of the latest period filed for the jurisdiction, or null before the first return. */
  async lastFiledEnd(ex: Executor, scope: OrgScope, jurisdiction: string): Promise<string | null> {
    const row = await ex
      .selectFrom('sales_tax_returns')
      .select((eb) => eb.fn.max('end_date').as('end'))
      .where('organization_id', '=', scope.organizationId)
      .where('jurisdiction', '=', jurisdiction)
      .executeTakeFirst()
    return (row?.end as string | null | undefined) ?? null
  }

  async page(
    ex: Executor,
    scope: OrgScope,
    jurisdiction: string | null,
    page: { limit: number; offset: number },
  ): Promise<{ items: FiledReturn[]; totalCount: number }> {
    let base = ex.selectFrom('sales_tax_returns').where('organization_id', '=', scope.organizationId)
    if (jurisdiction !== null) base = base.where('jurisdiction', '=', jurisdiction)
    const [rows, count] = await Promise.all([
      base
        .select(columns)
        .orderBy('start_date', 'desc')
        .orderBy('jurisdiction')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    ])
    return { items: rows.map(recordOf), totalCount: Number(count.count) }
  }
}
