import { sql } from 'kysely'
import type { EngineName } from '../../db/engine.js'
import { preparedRowsQuery, type SlotFor } from '../../db/prepared.js'
import type {
  AccountDayTotalsTable,
  Executor,
  JournalEntriesTable,
  JournalLinesTable,
  TaxDayTotalsTable,
} from '../../db/schema.js'
import { unindexed } from '../../db/sql-helpers.js'
import { limits } from '../../kernel/limits.js'
import { assert } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import {
  type EntryKind,
  type EntryPlan,
  isTaxReturnLineTag,
  type LineTax,
  type PostingLine,
} from './journal.js'

export interface JournalEntryRecord {
  id: string
  eventId: string | null
  kind: EntryKind
  txnDate: string
  totalMinor: bigint
  currency: string
  /** The event's currency when it is not the functional one; its lines then carry originalMinor. */
  originalCurrency: string | null
  memo: string | null
  reference: string | null
  reversesEntryId: string | null
  createdAt: string
}

/** A journal line as stored: one of its two amounts is zero. */
function lineOf(row: {
  account_id: string
  contact_id: string | null
  debit_minor: number | bigint
  credit_minor: number | bigint
  original_minor: number | bigint | null
  tax_kind: string | null
  tax_code: string | null
  tax_base_line_no: number | bigint | null
  memo: string | null
}): PostingLine {
  const debit = BigInt(row.debit_minor)
  const line: PostingLine = {
    accountId: row.account_id,
    contactId: row.contact_id,
    side: debit > 0n ? 'debit' : 'credit',
    amountMinor: debit > 0n ? debit : BigInt(row.credit_minor),
  }
  if (row.original_minor !== null) line.originalMinor = BigInt(row.original_minor)
  if (row.tax_kind !== null) line.tax = lineTaxOf(row.tax_kind, row.tax_code, row.tax_base_line_no)
  if (row.memo !== null) line.memo = row.memo
  return line
}

// Only insertEntries writes the kinds, from a LineTax.
function lineTaxOf(kind: string, code: string | null, baseLineNo: number | bigint | null): LineTax {
  if (kind === 'sale' || kind === 'purchase') return { kind, code }
  if (kind === 'return_line') {
    assert(code !== null && isTaxReturnLineTag(code), `a journal line's tax return line is known: ${code}`)
    return { kind, code }
  }
  assert(kind === 'collected' || kind === 'input_credit', `a journal line's tax kind is known: ${kind}`)
  return { kind, code, baseLineNo: baseLineNo === null ? null : Number(baseLineNo) }
}

const lineColumns = [
  'account_id',
  'contact_id',
  'debit_minor',
  'credit_minor',
  'original_minor',
  'tax_kind',
  'tax_code',
  'tax_base_line_no',
  'memo',
] as const
const entryColumns = [
  'id',
  'event_id',
  'kind',
  'txn_date',
  'total_minor',
  'currency',
  'original_currency',
  'memo',
  'reference',
  'reverses_entry_id',
  'created_at',
] as const

function entryRecordOf(row: {
  id: string
  event_id: string | null
  kind: string
  txn_date: string
  total_minor: number | bigint
  currency: string
  original_currency: string | null
  memo: string | null
  reference: string | null
  reverses_entry_id: string | null
  created_at: string
}): JournalEntryRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    kind: row.kind as EntryKind,
    txnDate: row.txn_date,
    totalMinor: BigInt(row.total_minor),
    currency: row.currency,
    originalCurrency: row.original_currency,
    memo: row.memo,
    reference: row.reference,
    reversesEntryId: row.reverses_entry_id,
    createdAt: row.created_at,
  }
}

// Entries and lines are only ever inserted; a correction is a new (reversing) entry.
export class JournalStore {
  constructor(private readonly engine: EngineName) {}

  /** organization_id, on SQLite in a form no index serves (see entriesWithLines). */
  private organizationColumn() {
    return this.engine === 'sqlite' ? unindexed('organization_id') : sql.ref<string>('organization_id')
  }

  async findEntries(ex: Executor, scope: OrgScope, ids: string[]): Promise<JournalEntryRecord[]> {
    if (ids.length === 0) return []
    const rows = await ex
      .selectFrom('journal_entries')
      .select(entryColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', 'in', ids)
      .execute()
    return rows.map(entryRecordOf)
  }

  async linesOf(ex: Executor, scope: OrgScope, entryId: string): Promise<PostingLine[]> {
    const rows = await ex
      .selectFrom('journal_lines')
      .select(lineColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('entry_id', '=', entryId)
      .orderBy('line_no')
      .execute()
    return rows.map(lineOf)
  }

  /** Debit and credit sums per account over the days in range (either bound may be open). */
  async totalsByAccount(
    ex: Executor,
    scope: OrgScope,
    range: { from?: string; to?: string },
  ): Promise<Map<string, { debitMinor: bigint; creditMinor: bigint }>> {
    let query = ex
      .selectFrom('account_day_totals')
      .select((eb) => [
        'account_id',
        eb.fn.sum<bigint>('debit_minor').as('debit'),
        eb.fn.sum<bigint>('credit_minor').as('credit'),
      ])
      .where('organization_id', '=', scope.organizationId)
    if (range.from !== undefined) query = query.where('txn_date', '>=', range.from)
    if (range.to !== undefined) query = query.where('txn_date', '<=', range.to)
    const rows = await query.groupBy('account_id').execute()
    return new Map(
      rows.map((row) => [
        row.account_id,
        { debitMinor: BigInt(row.debit ?? 0), creditMinor: BigInt(row.credit ?? 0) },
      ]),
    )
  }

  /** One account's lines in a date range, oldest first, with the running sum of debits minus credits. */
  async accountLines(
    ex: Executor,
    scope: OrgScope,
    accountId: string,
    range: { from: string; to: string },
    page: { limit: number; offset: number },
  ): Promise<{ lines: LedgerLine[]; totalCount: number }> {
    const base = ex
      .selectFrom('journal_lines as l')
      .innerJoin('journal_entries as e', (join) =>
        join.onRef('e.organization_id', '=', 'l.organization_id').onRef('e.id', '=', 'l.entry_id'),
      )
      .where('l.organization_id', '=', scope.organizationId)
      .where('l.account_id', '=', accountId)
      .where('l.txn_date', '>=', range.from)
      .where('l.txn_date', '<=', range.to)
    const [rows, count] = await Promise.all([
      base
        .select([
          'l.id as lineId',
          'e.id as entryId',
          'e.event_id as eventId',
          'e.kind as kind',
          'l.txn_date as txnDate',
          'l.debit_minor as debit',
          'l.credit_minor as credit',
          sql<bigint>`sum(l.debit_minor - l.credit_minor) over (order by l.txn_date, e.created_at, e.id, l.line_no rows unbounded preceding)`.as(
            'running',
          ),
        ])
        .orderBy('l.txn_date')
        .orderBy('e.created_at')
        .orderBy('e.id')
        .orderBy('l.line_no')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    ])
    return {
      lines: rows.map((row) => ({
        lineId: row.lineId,
        entryId: row.entryId,
        eventId: row.eventId,
        kind: row.kind as EntryKind,
        txnDate: row.txnDate,
        debitMinor: BigInt(row.debit),
        creditMinor: BigInt(row.credit),
        runningDebitMinusCreditMinor: BigInt(row.running),
      })),
      totalCount: Number(count.count),
    }
  }

  /** Debits minus credits of one account's lines in these entries. */
  async accountMovement(
    ex: Executor,
    scope: OrgScope,
    accountId: string,
    entryIds: string[],
  ): Promise<bigint> {
    let total = 0n
    for (let start = 0; start < entryIds.length; start += limits.sqlIdsPerQueryMax) {
      const row = await ex
        .selectFrom('journal_lines')
        .select(sql<bigint | number | null>`sum(debit_minor - credit_minor)`.as('movement'))
        .where('organization_id', '=', scope.organizationId)
        .where('account_id', '=', accountId)
        .where('entry_id', 'in', entryIds.slice(start, start + limits.sqlIdsPerQueryMax))
        .executeTakeFirst()
      total += BigInt(row?.movement ?? 0)
    }
    return total
  }

  /** Every currency the organization's entries are in or were converted from. */
  async currenciesUsed(ex: Executor, scope: OrgScope): Promise<string[]> {
    const [booked, original] = await Promise.all([
      ex
        .selectFrom('journal_entries')
        .select('currency')
        .distinct()
        .where('organization_id', '=', scope.organizationId)
        .execute(),
      ex
        .selectFrom('journal_entries')
        .select('original_currency as currency')
        .distinct()
        .where('organization_id', '=', scope.organizationId)
        .where('original_currency', 'is not', null)
        .execute(),
    ])
    return [...new Set([...booked, ...original].map((row) => row.currency as string))].sort()
  }

  /** Entries in posting order after a cursor, with their lines: the export reads the books in pages. */
  async entriesAfter(
    ex: Executor,
    scope: OrgScope,
    after: { txnDate: string; createdAt: string; id: string } | undefined,
    limit: number,
  ): Promise<Array<JournalEntryRecord & { createdAt: string; lines: PostingLine[] }>> {
    let query = ex
      .selectFrom('journal_entries')
      .select(entryColumns)
      .where('organization_id', '=', scope.organizationId)
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('txn_date', '>', after.txnDate),
          eb.and([eb('txn_date', '=', after.txnDate), eb('created_at', '>', after.createdAt)]),
          eb.and([
            eb('txn_date', '=', after.txnDate),
            eb('created_at', '=', after.createdAt),
            eb('id', '>', after.id),
          ]),
        ]),
      )
    }
    const entries = await query.orderBy('txn_date').orderBy('created_at').orderBy('id').limit(limit).execute()
    if (entries.length === 0) return []
    const lineRows = await ex
      .selectFrom('journal_lines')
      .select(['entry_id', 'line_no', ...lineColumns])
      .where('organization_id', '=', scope.organizationId)
      .where(
        'entry_id',
        'in',
        entries.map((e) => e.id),
      )
      .orderBy('entry_id')
      .orderBy('line_no')
      .execute()
    const linesByEntry = new Map<string, PostingLine[]>()
    for (const row of lineRows) {
      const line = lineOf(row)
      const list = linesByEntry.get(row.entry_id)
      if (list) list.push(line)
      else linesByEntry.set(row.entry_id, [line])
    }
    return entries.map((row) => ({ ...entryRecordOf(row), lines: linesByEntry.get(row.id) ?? [] }))
  }

  /** The date of the organization's first entry; null when nothing is posted. */
  async firstEntryDate(ex: Executor, scope: OrgScope): Promise<string | null> {
    const row = await ex
      .selectFrom('journal_entries')
      .select('txn_date')
      .where('organization_id', '=', scope.organizationId)
      .orderBy('txn_date')
      .limit(1)
      .executeTakeFirst()
    return row?.txn_date ?? null
  }

  /** A page of the journal, newest first: listJournalEntries' filters, each optional. */
  async entryPage(
    ex: Executor,
    scope: OrgScope,
    filter: { from?: string; to?: string; kinds?: readonly EntryKind[]; accountId?: string },
    page: { limit: number; offset: number },
  ): Promise<{ entries: JournalEntryRecord[]; totalCount: number }> {
    let query = ex.selectFrom('journal_entries as e').where('e.organization_id', '=', scope.organizationId)
    if (filter.from !== undefined) query = query.where('e.txn_date', '>=', filter.from)
    if (filter.to !== undefined) query = query.where('e.txn_date', '<=', filter.to)
    if (filter.kinds !== undefined) query = query.where('e.kind', 'in', [...filter.kinds])
    const accountId = filter.accountId
    if (accountId !== undefined) {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('journal_lines as l')
            .select('l.id')
            .whereRef('l.organization_id', '=', 'e.organization_id')
            .whereRef('l.entry_id', '=', 'e.id')
            .where('l.account_id', '=', accountId),
        ),
      )
    }
    const [rows, count] = await Promise.all([
      query
        .select(entryColumns.map((column) => `e.${column}` as const))
        .orderBy('e.txn_date', 'desc')
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    ])
    return { entries: rows.map(entryRecordOf), totalCount: Number(count.count) }
  }

  async lockEntry(tx: Executor, scope: OrgScope, entryId: string): Promise<JournalEntryRecord | undefined> {
    let query = tx
      .selectFrom('journal_entries')
      .select(entryColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', entryId)
    if (this.engine === 'postgres') query = query.forUpdate()
    const row = await query.executeTakeFirst()
    return row && entryRecordOf(row)
  }

  /** The lines of these entries with their ids, in order. */
  async lineRowsOf(
    ex: Executor,
    scope: OrgScope,
    entryIds: string[],
  ): Promise<Array<{ id: string; entryId: string; line: PostingLine }>> {
    const found: Array<{ id: string; entryId: string; line: PostingLine }> = []
    for (let start = 0; start < entryIds.length; start += limits.sqlIdsPerQueryMax) {
      const rows = await ex
        .selectFrom('journal_lines')
        .select(['id', 'entry_id', ...lineColumns])
        .where(this.organizationColumn(), '=', scope.organizationId)
        .where('entry_id', 'in', entryIds.slice(start, start + limits.sqlIdsPerQueryMax))
        .orderBy('entry_id')
        .orderBy('line_no')
        .execute()
      for (const row of rows) found.push({ id: row.id, entryId: row.entry_id, line: lineOf(row) })
    }
    return found
  }

  /** The entry reversing each of these that has one, keyed by the reversed entry's id. */
  async reversalsOf(ex: Executor, scope: OrgScope, entryIds: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>()
    for (let start = 0; start < entryIds.length; start += limits.sqlIdsPerQueryMax) {
      const rows = await ex
        .selectFrom('journal_entries')
        .select(['id', 'reverses_entry_id'])
        .where('organization_id', '=', scope.organizationId)
        .where('reverses_entry_id', 'in', entryIds.slice(start, start + limits.sqlIdsPerQueryMax))
        .execute()
      for (const row of rows) if (row.reverses_entry_id) found.set(row.reverses_entry_id, row.id)
    }
    return found
  }

  /** The opening balances in force: the entry of kind opening no other entry reverses. */
  async openingEntry(ex: Executor, scope: OrgScope): Promise<JournalEntryRecord | undefined> {
    const row = await ex
      .selectFrom('journal_entries as e')
      .select(entryColumns.map((column) => `e.${column}` as const))
      .where('e.organization_id', '=', scope.organizationId)
      .where('e.kind', '=', 'opening')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('journal_entries as r')
              .select('r.id')
              .whereRef('r.organization_id', '=', 'e.organization_id')
              .whereRef('r.reverses_entry_id', '=', 'e.id'),
          ),
        ),
      )
      .executeTakeFirst()
    return row && entryRecordOf(row)
  }

  // ---- writes: one entry for a confirm, many for an import that posts as it imports ----------

  /**
   * Inserts entries and their lines, many to a statement. Returns the ids of the entries written:
   * an entry whose event already has one of its kind (a lost race) is skipped with its lines.
   */
  async insertEntries(
    ex: Executor,
    scope: OrgScope,
    entries: Array<{
      id: string
      eventId: string | null
      kind: EntryKind
      reversesEntryId: string | null
      totalMinor: bigint
      createdAt: string
      plan: EntryPlan
      lineIds: string[]
    }>,
  ): Promise<Set<string>> {
    if (entries.length === 0) return new Set()
    const { rows } = await insertEntryRows(
      ex,
      entries.map((entry) => ({
        id: entry.id,
        organization_id: scope.organizationId,
        event_id: entry.eventId,
        kind: entry.kind,
        reverses_entry_id: entry.reversesEntryId,
        txn_date: entry.plan.txnDate,
        total_minor: entry.totalMinor,
        currency: entry.plan.currency,
        original_currency: entry.plan.originalCurrency ?? null,
        created_at: entry.createdAt,
        memo: entry.plan.memo ?? null,
        reference: entry.plan.reference ?? null,
      })),
    )
    const inserted = new Set(rows.map((row) => row.id))
    const lines = entries
      .filter((entry) => inserted.has(entry.id))
      .flatMap((entry) =>
        entry.plan.lines.map((line, index) => ({
          id: entry.lineIds[index] as string,
          entry_id: entry.id,
          organization_id: scope.organizationId,
          line_no: index + 1,
          account_id: line.accountId,
          contact_id: line.contactId,
          debit_minor: line.side === 'debit' ? line.amountMinor : 0n,
          credit_minor: line.side === 'credit' ? line.amountMinor : 0n,
          txn_date: entry.plan.txnDate,
          original_minor: line.originalMinor ?? null,
          tax_kind: line.tax?.kind ?? null,
          tax_code: line.tax?.code ?? null,
          tax_base_line_no: line.tax && 'baseLineNo' in line.tax ? line.tax.baseLineNo : null,
          memo: line.memo ?? null,
        })),
      )
    if (lines.length > 0) await insertLineRows(ex, lines)
    return inserted
  }

  /** addDayTotal for many (account, day) pairs at once; each pair must appear only once. */
  async addDayTotals(
    ex: Executor,
    scope: OrgScope,
    totals: Array<{ accountId: string; txnDate: string; debitMinor: bigint; creditMinor: bigint }>,
  ): Promise<void> {
    if (totals.length === 0) return
    await addDayTotalRows(
      ex,
      totals.map((total) => ({
        organization_id: scope.organizationId,
        account_id: total.accountId,
        txn_date: total.txnDate,
        debit_minor: total.debitMinor,
        credit_minor: total.creditMinor,
      })),
    )
  }

  /**
   * Adds the tagged lines of a posting to their day's totals (migration 0032); each key must
   * appear once, and '' stands for no tax code or no base account.
   */
  async addTaxDayTotals(
    ex: Executor,
    scope: OrgScope,
    totals: Array<{
      txnDate: string
      kind: string
      code: string
      accountId: string
      baseAccountId: string
      debitMinor: bigint
      creditMinor: bigint
    }>,
  ): Promise<void> {
    if (totals.length === 0) return
    await addTaxDayTotalRows(
      ex,
      totals.map((total) => ({
        organization_id: scope.organizationId,
        txn_date: total.txnDate,
        tax_kind: total.kind,
        tax_code: total.code,
        account_id: total.accountId,
        base_account_id: total.baseAccountId,
        debit_minor: total.debitMinor,
        credit_minor: total.creditMinor,
      })),
    )
  }

  /**
   * Many entries with their lines, keyed by entry id: what reversing them needs. On PostgreSQL the
   * primary keys lead with the organization (migration 0011), so naming it uses them. SQLite's keep
   * the id alone, and SQLite (which keeps no statistics) would rather walk all of the organization's
   * entries for every chunk through an index that leads with the organization, which makes undoing
   * a large import quadratic: there the organization is compared in a form no index serves.
   */
  async entriesWithLines(
    ex: Executor,
    scope: OrgScope,
    entryIds: string[],
  ): Promise<Map<string, JournalEntryRecord & { lines: PostingLine[] }>> {
    const found = new Map<string, JournalEntryRecord & { lines: PostingLine[] }>()
    for (let start = 0; start < entryIds.length; start += limits.sqlIdsPerQueryMax) {
      const entries = await ex
        .selectFrom('journal_entries')
        .select([...entryColumns, 'organization_id'])
        .where(this.organizationColumn(), '=', scope.organizationId)
        .where('id', 'in', entryIds.slice(start, start + limits.sqlIdsPerQueryMax))
        .execute()
      for (const row of entries) {
        found.set(row.id, { ...entryRecordOf(row), lines: [] })
      }
      const owned = entries.filter((row) => found.has(row.id)).map((row) => row.id)
      if (owned.length === 0) continue
      const lines = await ex
        .selectFrom('journal_lines')
        .select(['entry_id', ...lineColumns])
        .where(this.organizationColumn(), '=', scope.organizationId)
        .where('entry_id', 'in', owned)
        .orderBy('entry_id')
        .orderBy('line_no')
        .execute()
      for (const row of lines) found.get(row.entry_id)?.lines.push(lineOf(row))
    }
    return found
  }
}

export interface LedgerLine {
  lineId: string
  entryId: string
  eventId: string | null
  kind: EntryKind
  txnDate: string
  debitMinor: bigint
  creditMinor: bigint
  /** Debits minus credits of every line up to and including this one, from the start of the range. */
  runningDebitMinusCreditMinor: bigint
}

// Every posting runs these, a confirm with one row each and an import in chunks; see
// preparedRowsQuery.
const insertEntryRows = preparedRowsQuery((ex, rows: Array<SlotFor<JournalEntriesTable>>) =>
  ex
    .insertInto('journal_entries')
    .values(
      rows.map((slot) => ({
        id: slot('id'),
        organization_id: slot('organization_id'),
        event_id: slot('event_id'),
        kind: slot('kind'),
        reverses_entry_id: slot('reverses_entry_id'),
        txn_date: slot('txn_date'),
        total_minor: slot('total_minor'),
        currency: slot('currency'),
        original_currency: slot('original_currency'),
        created_at: slot('created_at'),
        memo: slot('memo'),
        reference: slot('reference'),
      })),
    )
    .onConflict((oc) => oc.columns(['organization_id', 'event_id', 'kind']).doNothing())
    .returning('id'),
)

const insertLineRows = preparedRowsQuery((ex, rows: Array<SlotFor<JournalLinesTable>>) =>
  ex.insertInto('journal_lines').values(
    rows.map((slot) => ({
      id: slot('id'),
      entry_id: slot('entry_id'),
      organization_id: slot('organization_id'),
      line_no: slot('line_no'),
      account_id: slot('account_id'),
      contact_id: slot('contact_id'),
      debit_minor: slot('debit_minor'),
      credit_minor: slot('credit_minor'),
      txn_date: slot('txn_date'),
      original_minor: slot('original_minor'),
      tax_kind: slot('tax_kind'),
      tax_code: slot('tax_code'),
      tax_base_line_no: slot('tax_base_line_no'),
      memo: slot('memo'),
    })),
  ),
)

const addDayTotalRows = preparedRowsQuery((ex, rows: Array<SlotFor<AccountDayTotalsTable>>) =>
  ex
    .insertInto('account_day_totals')
    .values(
      rows.map((slot) => ({
        organization_id: slot('organization_id'),
        account_id: slot('account_id'),
        txn_date: slot('txn_date'),
        debit_minor: slot('debit_minor'),
        credit_minor: slot('credit_minor'),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['organization_id', 'account_id', 'txn_date']).doUpdateSet((eb) => ({
        debit_minor: eb('account_day_totals.debit_minor', '+', eb.ref('excluded.debit_minor')),
        credit_minor: eb('account_day_totals.credit_minor', '+', eb.ref('excluded.credit_minor')),
      })),
    ),
)

const addTaxDayTotalRows = preparedRowsQuery((ex, rows: Array<SlotFor<TaxDayTotalsTable>>) =>
  ex
    .insertInto('tax_day_totals')
    .values(
      rows.map((slot) => ({
        organization_id: slot('organization_id'),
        txn_date: slot('txn_date'),
        tax_kind: slot('tax_kind'),
        tax_code: slot('tax_code'),
        account_id: slot('account_id'),
        base_account_id: slot('base_account_id'),
        debit_minor: slot('debit_minor'),
        credit_minor: slot('credit_minor'),
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'txn_date', 'tax_kind', 'tax_code', 'account_id', 'base_account_id'])
        .doUpdateSet((eb) => ({
          debit_minor: eb('tax_day_totals.debit_minor', '+', eb.ref('excluded.debit_minor')),
          credit_minor: eb('tax_day_totals.credit_minor', '+', eb.ref('excluded.credit_minor')),
        })),
    ),
)
