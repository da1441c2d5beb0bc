import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { EntryPlan, PostingLine } from './journal.js'
import type { JournalEntryRecord, LedgerLine } from './journal-store.js'

// What the books offer other modules, inside their own database transaction: every entry is
// written here and balanced before it is, and nothing is ever edited, only reversed.

export { type EntryKind, type EntryPlan, type PostingLine, planPosting } from './journal.js'
export type { JournalEntryRecord, LedgerLine } from './journal-store.js'

export interface JournalPort {
  /** Posts an event's entry; false when the event already has one (a lost race). */
  postEventEntry(
    tx: Executor,
    scope: OrgScope,
    eventId: string,
    plan: EntryPlan,
    entryId: string,
  ): Promise<boolean>
  /** postEventEntry for many events at once (imports that post as they import). */
  postEventEntries(
    tx: Executor,
    scope: OrgScope,
    postings: Array<{ eventId: string; entryId: string; plan: EntryPlan }>,
  ): Promise<void>
  /**
   * Posts the mirror image of an entry, dated like the original so every period nets to zero: an
   * event's entry (`eventId`), or a reconciliation's adjustment (null).
   */
  reverseEntry(
    tx: Executor,
    scope: OrgScope,
    eventId: string | null,
    originalEntryId: string,
    entryId: string,
  ): Promise<boolean>
  /** reverseEntry for many entries at once; each reversal is dated like its original. */
  reverseEntries(
    tx: Executor,
    scope: OrgScope,
    reversals: Array<{ eventId: string; originalEntryId: string; entryId: string }>,
  ): Promise<void>
  /** A reconciliation's adjustment: an entry of no event, for the difference to the statement. */
  postAdjustment(tx: Executor, scope: OrgScope, plan: EntryPlan, entryId: string): Promise<void>
  findEntries(ex: Executor, scope: OrgScope, ids: string[]): Promise<JournalEntryRecord[]>
  /** Debits minus credits of one account's lines in these entries (a reconciliation's cleared events). */
  accountMovement(ex: Executor, scope: OrgScope, accountId: string, entryIds: string[]): Promise<bigint>
  /** Debit and credit sums per account from the per-day totals: the cost follows accounts x days. */
  totalsByAccount(
    ex: Executor,
    scope: OrgScope,
    range: { from?: string; to?: string },
  ): Promise<Map<string, { debitMinor: bigint; creditMinor: bigint }>>
  /** One account's lines in a date range, oldest first, with the running sum of debits minus credits. */
  accountLines(
    ex: Executor,
    scope: OrgScope,
    accountId: string,
    range: { from: string; to: string },
    page: { limit: number; offset: number },
  ): Promise<{ lines: LedgerLine[]; totalCount: number }>
  /** Every currency the books hold, booked or original. */
  currenciesUsed(ex: Executor, scope: OrgScope): Promise<string[]>
  /** Entries in posting order after a cursor, with their lines: the export reads the books in pages. */
  entriesAfter(
    ex: Executor,
    scope: OrgScope,
    after: { txnDate: string; createdAt: string; id: string } | undefined,
    limit: number,
  ): Promise<Array<JournalEntryRecord & { createdAt: string; lines: PostingLine[] }>>
}
