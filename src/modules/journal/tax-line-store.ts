import { sql } from 'kysely'
import type { Executor } from '../../db/schema.js'
import { limits } from '../../kernel/limits.js'
import type { OrgScope } from '../access/principal.js'
import type { TaxKind, TaxLineFilter, TaxLineRecord, TaxLinesPort, TaxTotal } from './journal-port.js'

// The lines a sales tax return reads (DESIGN 8.3): those a posting tagged (migration 0027). Every
// query names `tax_kind IS NOT NULL`, the condition of the partial index journal_lines_tax, so a
// quarter's return reads the quarter's tagged lines and nothing of other years.
const lineColumns = [
  'l.entry_id as entryId',
  'e.event_id as eventId',
  'l.txn_date as txnDate',
  'l.line_no as lineNo',
  'l.account_id as accountId',
  'l.contact_id as contactId',
  'l.tax_kind as kind',
  'l.tax_code as code',
  'l.tax_base_line_no as baseLineNo',
  'l.debit_minor as debit',
  'l.credit_minor as credit',
  'e.total_minor as entryTotal',
] as const

export class TaxLineStore implements TaxLinesPort {
  /** From the day totals (migration 0032): the cost follows the period's days, not its lines. */
  async totals(ex: Executor, scope: OrgScope, range: { from: string; to: string }): Promise<TaxTotal[]> {
    const rows = await ex
      .selectFrom('tax_day_totals')
      .select((eb) => [
        'tax_kind as kind',
        'tax_code as code',
        'account_id as accountId',
        'base_account_id as baseAccountId',
        eb.fn.sum<bigint>('debit_minor').as('debit'),
        eb.fn.sum<bigint>('credit_minor').as('credit'),
      ])
      .where('organization_id', '=', scope.organizationId)
      .where('txn_date', '>=', range.from)
      .where('txn_date', '<=', range.to)
      .groupBy(['tax_kind', 'tax_code', 'account_id', 'base_account_id'])
      .execute()
    return rows.map((row) => ({
      kind: row.kind as TaxKind,
      code: row.code === '' ? null : row.code,
      accountId: row.accountId,
      baseAccountId: row.baseAccountId === '' ? null : row.baseAccountId,
      debitMinor: BigInt(row.debit ?? 0),
      creditMinor: BigInt(row.credit ?? 0),
    }))
  }

  async lines(
    ex: Executor,
    scope: OrgScope,
    range: { from: string; to: string },
    filter: TaxLineFilter,
    page: { limit: number; offset: number },
  ): Promise<{ lines: TaxLineRecord[]; totalCount: number }> {
    const base = this.filtered(ex, scope, range, filter)
    if (base === undefined) return { lines: [], totalCount: 0 }
    const [lines, count] = await Promise.all([
      this.pageOf(base, page),
      base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    ])
    return { lines, totalCount: Number(count.count) }
  }

  async firstLines(
    ex: Executor,
    scope: OrgScope,
    range: { from: string; to: string },
    filter: TaxLineFilter,
    page: { limit: number; offset: number },
  ): Promise<TaxLineRecord[]> {
    const base = this.filtered(ex, scope, range, filter)
    return base === undefined ? [] : this.pageOf(base, page)
  }

  private async pageOf(
    base: NonNullable<ReturnType<TaxLineStore['filtered']>>,
    page: { limit: number; offset: number },
  ): Promise<TaxLineRecord[]> {
    const rows = await base
      .select(lineColumns)
      .orderBy('l.txn_date')
      .orderBy('l.entry_id')
      .orderBy('l.line_no')
      .limit(page.limit)
      .offset(page.offset)
      .execute()
    return rows.map(recordOf)
  }

  /** The period's tagged lines that pass the filter; undefined when the filter leaves none. */
  private filtered(
    ex: Executor,
    scope: OrgScope,
    range: { from: string; to: string },
    filter: TaxLineFilter,
  ) {
    if (filter.kinds.length === 0) return undefined
    let base = ex
      .selectFrom('journal_lines as l')
      .innerJoin('journal_entries as e', (join) =>
        join.onRef('e.organization_id', '=', 'l.organization_id').onRef('e.id', '=', 'l.entry_id'),
      )
      .where('l.organization_id', '=', scope.organizationId)
      .where('l.tax_kind', 'is not', null)
      .where('l.txn_date', '>=', range.from)
      .where('l.txn_date', '<=', range.to)
      .where('l.tax_kind', 'in', filter.kinds)
    if (filter.accountIds !== undefined) {
      if (filter.accountIds.length === 0) return undefined
      base = base.where('l.account_id', 'in', filter.accountIds)
    }
    if (filter.minEntryTotalMinor !== undefined)
      base = base.where('e.total_minor', '>=', filter.minEntryTotalMinor)
    if (filter.baseAccountIds !== undefined) {
      const baseAccountIds = filter.baseAccountIds
      if (baseAccountIds.length === 0) return undefined
      base = base.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('journal_lines as b')
            .select('b.id')
            .whereRef('b.organization_id', '=', 'l.organization_id')
            .whereRef('b.entry_id', '=', 'l.entry_id')
            .whereRef('b.line_no', '=', 'l.tax_base_line_no')
            .where('b.account_id', 'in', baseAccountIds),
        ),
      )
    }
    if (filter.codes !== undefined) {
      const { codes, withoutCode } = filter
      base = base.where((eb) =>
        eb.or([
          ...(codes.length > 0 ? [eb('l.tax_code', 'in', codes)] : []),
          ...(withoutCode ? [eb('l.tax_code', 'is', null)] : []),
          ...(codes.length === 0 && !withoutCode ? [sql<boolean>`1 = 0`] : []),
        ]),
      )
    }
    return base
  }

  async linesOfEntries(ex: Executor, scope: OrgScope, entryIds: string[]): Promise<TaxLineRecord[]> {
    const found: TaxLineRecord[] = []
    for (let start = 0; start < entryIds.length; start += limits.sqlIdsPerQueryMax) {
      const rows = await ex
        .selectFrom('journal_lines as l')
        .innerJoin('journal_entries as e', (join) =>
          join.onRef('e.organization_id', '=', 'l.organization_id').onRef('e.id', '=', 'l.entry_id'),
        )
        .select(lineColumns)
        .where('l.organization_id', '=', scope.organizationId)
        .where('l.tax_kind', 'is not', null)
        .where('l.entry_id', 'in', entryIds.slice(start, start + limits.sqlIdsPerQueryMax))
        .execute()
      found.push(...rows.map(recordOf))
    }
    return found
  }
}

function recordOf(row: {
  entryId: string
  eventId: string | null
  txnDate: string
  lineNo: number
  accountId: string
  contactId: string | null
  kind: string | null
  code: string | null
  baseLineNo: number | null
  debit: number | bigint
  credit: number | bigint
  entryTotal: number | bigint
}): TaxLineRecord {
  return {
    entryId: row.entryId,
    eventId: row.eventId,
    txnDate: row.txnDate,
    lineNo: Number(row.lineNo),
    accountId: row.accountId,
    contactId: row.contactId,
    kind: row.kind as TaxKind,
    code: row.code,
    baseLineNo: row.baseLineNo === null ? null : Number(row.baseLineNo),
    debitMinor: BigInt(row.debit),
    creditMinor: BigInt(row.credit),
    entryTotalMinor: BigInt(row.entryTotal),
  }
}
