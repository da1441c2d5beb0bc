import { sql } from 'kysely'
import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { EntryPlan, PostingLine } from './journal.js'

export interface JournalEntryRecord {
  id: string
  eventId: string | null
  kind: 'posting' | 'reversal'
  txnDate: string
  totalMinor: bigint
  currency: string
}

// Entries and lines are only ever inserted; a correction is a new (reversing) entry.
export class JournalStore {
  /** Returns false when the event already has an entry of this kind (the unique constraint). */
  async insertEntry(
    ex: Executor,
    scope: OrgScope,
    entry: {
      id: string
      eventId: string | null
      kind: 'posting' | 'reversal'
      reversesEntryId: string | null
      totalMinor: bigint
      createdAt: string
    },
    plan: EntryPlan,
    lineIds: string[],
  ): Promise<boolean> {
    const inserted = await ex
      .insertInto('journal_entries')
      .values({
        id: entry.id,
        organization_id: scope.organizationId,
        event_id: entry.eventId,
        kind: entry.kind,
        reverses_entry_id: entry.reversesEntryId,
        txn_date: plan.txnDate,
        total_minor: entry.totalMinor,
        currency: plan.currency,
        created_at: entry.createdAt,
      })
      .onConflict((oc) => oc.columns(['organization_id', 'event_id', 'kind']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false
    await ex
      .insertInto('journal_lines')
      .values(
        plan.lines.map((line, index) => ({
          id: lineIds[index] as string,
          entry_id: entry.id,
          organization_id: scope.organizationId,
          line_no: index + 1,
          account_id: line.accountId,
          contact_id: line.contactId,
          debit_minor: line.side === 'debit' ? line.amountMinor : 0n,
          credit_minor: line.side === 'credit' ? line.amountMinor : 0n,
          txn_date: plan.txnDate,
        })),
      )
      .execute()
    return true
  }

  /** Keeps the per-account, per-day totals that reports read instead of every line. */
  async addDayTotal(
    ex: Executor,
    scope: OrgScope,
    accountId: string,
    txnDate: string,
    debitMinor: bigint,
    creditMinor: bigint,
  ): Promise<void> {
    await ex
      .insertInto('account_day_totals')
      .values({
        organization_id: scope.organizationId,
        account_id: accountId,
        txn_date: txnDate,
        debit_minor: debitMinor,
        credit_minor: creditMinor,
      })
      .onConflict((oc) =>
        oc.columns(['organization_id', 'account_id', 'txn_date']).doUpdateSet((eb) => ({
          debit_minor: eb('account_day_totals.debit_minor', '+', debitMinor),
          credit_minor: eb('account_day_totals.credit_minor', '+', creditMinor),
        })),
      )
      .execute()
  }

  async findEntries(ex: Executor, scope: OrgScope, ids: string[]): Promise<JournalEntryRecord[]> {
    if (ids.length === 0) return []
    const rows = await ex
      .selectFrom('journal_entries')
      .select(['id', 'event_id', 'kind', 'txn_date', 'total_minor', 'currency'])
      .where('organization_id', '=', scope.organizationId)
      .where('id', 'in', ids)
      .execute()
    return rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      kind: row.kind as 'posting' | 'reversal',
      txnDate: row.txn_date,
      totalMinor: BigInt(row.total_minor),
      currency: row.currency,
    }))
  }

  async linesOf(ex: Executor, scope: OrgScope, entryId: string): Promise<PostingLine[]> {
    const rows = await ex
      .selectFrom('journal_lines')
      .select(['account_id', 'contact_id', 'debit_minor', 'credit_minor'])
      .where('organization_id', '=', scope.organizationId)
      .where('entry_id', '=', entryId)
      .orderBy('line_no')
      .execute()
    return rows.map((row) => {
      const debit = BigInt(row.debit_minor)
      return {
        accountId: row.account_id,
        contactId: row.contact_id,
        side: debit > 0n ? 'debit' : 'credit',
        amountMinor: debit > 0n ? debit : BigInt(row.credit_minor),
      }
    })
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
      .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
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
        kind: row.kind as 'posting' | 'reversal',
        txnDate: row.txnDate,
        debitMinor: BigInt(row.debit),
        creditMinor: BigInt(row.credit),
        runningDebitMinusCreditMinor: BigInt(row.running),
      })),
      totalCount: Number(count.count),
    }
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
      .select(['id', 'event_id', 'kind', 'txn_date', 'total_minor', 'currency', 'created_at'])
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
      .select(['entry_id', 'account_id', 'contact_id', 'debit_minor', 'credit_minor', 'line_no'])
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
      const debit = BigInt(row.debit_minor)
      const line: PostingLine = {
        accountId: row.account_id,
        contactId: row.contact_id,
        side: debit > 0n ? 'debit' : 'credit',
        amountMinor: debit > 0n ? debit : BigInt(row.credit_minor),
      }
      const list = linesByEntry.get(row.entry_id)
      if (list) list.push(line)
      else linesByEntry.set(row.entry_id, [line])
    }
    return entries.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      kind: row.kind as 'posting' | 'reversal',
      txnDate: row.txn_date,
      totalMinor: BigInt(row.total_minor),
      currency: row.currency,
      createdAt: row.created_at,
      lines: linesByEntry.get(row.id) ?? [],
    }))
  }
}

export interface LedgerLine {
  lineId: string
  entryId: string
  eventId: string | null
  kind: 'posting' | 'reversal'
  txnDate: string
  debitMinor: bigint
  creditMinor: bigint
  /** Debits minus credits of every line up to and including this one, from the start of the range. */
  runningDebitMinusCreditMinor: bigint
}
