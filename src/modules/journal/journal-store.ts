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
}
