import type { Executor } from '../../db/schema.js'
import type { Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { AdjustmentKind, EntryKind, EntryPlan, LineTax, PostingLine } from './journal.js'
import type { JournalEntryParent, ManualEntryArgs } from './journal-entry-view.js'
import type { JournalEntryRecord, LedgerLine } from './journal-store.js'

// What the books offer other modules, inside their own database transaction: every entry is
// written here and balanced before it is, and nothing is ever edited, only reversed.

export {
  type AdjustmentKind,
  assertBalanced,
  type EntryKind,
  type EntryPlan,
  type EntrySource,
  isTaxReturnLineTag,
  type LinesPostingInput,
  type LineTax,
  type NetTaxKind,
  type PostingInput,
  type PostingLine,
  type PostingLinePart,
  planLinesPosting,
  planPosting,
  sourceOfKind,
  type TaxReturnLineTag,
  taxReturnLineTags,
} from './journal.js'
export type {
  JournalEntryParent,
  JournalLineInput,
  JournalLineView,
  ManualEntryArgs,
} from './journal-entry-view.js'
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
   * Posts the mirror image of an entry, dated like the original so every period nets to zero
   * unless a date is given: an event's entry (`eventId`), or an entry of no event (null).
   */
  reverseEntry(
    tx: Executor,
    scope: OrgScope,
    eventId: string | null,
    originalEntryId: string,
    entryId: string,
    txnDate?: string,
  ): Promise<boolean>
  /** reverseEntry for many entries at once; each reversal is dated like its original. */
  reverseEntries(
    tx: Executor,
    scope: OrgScope,
    reversals: Array<{ eventId: string; originalEntryId: string; entryId: string }>,
  ): Promise<void>
  /**
   * An entry of no event: a reconciliation's adjustment for the difference to the statement, a
   * filed tax return's clearing entry, a manual entry, the opening balances, an approved invoice
   * or bill, or a payment of one. The caller has checked the period.
   */
  postAdjustment(
    tx: Executor,
    scope: OrgScope,
    plan: EntryPlan,
    entryId: string,
    kind?: AdjustmentKind,
  ): Promise<void>
  findEntries(ex: Executor, scope: OrgScope, ids: string[]): Promise<JournalEntryRecord[]>
  /** One entry's lines in order. */
  linesOf(ex: Executor, scope: OrgScope, entryId: string): Promise<PostingLine[]>
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
  /** The date of the organization's first entry; null when nothing is posted. */
  firstEntryDate(ex: Executor, scope: OrgScope): Promise<string | null>
  /** A page of the journal, newest first, by date, kinds and an account its lines touch. */
  entryPage(
    ex: Executor,
    scope: OrgScope,
    filter: { from?: string; to?: string; kinds?: readonly EntryKind[]; accountId?: string },
    page: { limit: number; offset: number },
  ): Promise<{ entries: JournalEntryRecord[]; totalCount: number }>
  /** Many entries with their lines, keyed by id. */
  entriesWithLines(
    ex: Executor,
    scope: OrgScope,
    entryIds: string[],
  ): Promise<Map<string, JournalEntryRecord & { lines: PostingLine[] }>>
  /** The lines of these entries with their ids, in order. */
  lineRowsOf(
    ex: Executor,
    scope: OrgScope,
    entryIds: string[],
  ): Promise<Array<{ id: string; entryId: string; line: PostingLine }>>
  /** The entry reversing each of these that has one, keyed by the reversed entry's id. */
  reversalsOf(ex: Executor, scope: OrgScope, entryIds: string[]): Promise<Map<string, string>>
  /** The opening balances in force. */
  openingEntry(ex: Executor, scope: OrgScope): Promise<JournalEntryRecord | undefined>
  /** Holds an entry (PostgreSQL) until the transaction ends, so that it is reversed once. */
  lockEntry(tx: Executor, scope: OrgScope, entryId: string): Promise<JournalEntryRecord | undefined>
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

/**
 * Manual entries (DESIGN 8.4) another module makes inside its own transaction (recurring
 * entries), under every rule createJournalEntry applies: lines, accounts, balance, lock date.
 */
export interface ManualEntriesPort {
  /** The checks alone, nothing written. */
  checkManualEntry(ex: Executor, scope: OrgScope, args: ManualEntryArgs): Promise<Result<void>>
  /** Posts the entry with its audit record; a refusal writes nothing. */
  postManualEntry(tx: Executor, scope: OrgScope, args: ManualEntryArgs): Promise<Result<JournalEntryParent>>
}

export type TaxKind = LineTax['kind']

/** Tagged lines of a period summed by what they are, their tax code, account and base line's account. */
export interface TaxTotal {
  kind: TaxKind
  code: string | null
  accountId: string
  /** For a tax line, the account of the net line it was paid on. */
  baseAccountId: string | null
  debitMinor: bigint
  creditMinor: bigint
}

export interface TaxLineRecord {
  entryId: string
  eventId: string | null
  txnDate: string
  lineNo: number
  accountId: string
  contactId: string | null
  kind: TaxKind
  code: string | null
  baseLineNo: number | null
  debitMinor: bigint
  creditMinor: bigint
  /** The whole entry's debits: an event's amount in the functional currency. */
  entryTotalMinor: bigint
}

export interface TaxLineFilter {
  kinds: TaxKind[]
  /** Lines of these codes, and with `withoutCode` those of none; absent, any code. */
  codes?: string[]
  withoutCode?: boolean
  accountIds?: string[]
  /** Tax lines paid on a net line of one of these accounts. */
  baseAccountIds?: string[]
  /** Lines of entries of at least this total (a purchase of 100.00 or more). */
  minEntryTotalMinor?: bigint
}

/** What the books hold for a sales tax return (DESIGN 8.3): the lines postings tagged. */
export interface TaxLinesPort {
  totals(ex: Executor, scope: OrgScope, range: { from: string; to: string }): Promise<TaxTotal[]>
  /** The tagged lines of a period that pass the filter, in date order, a page at a time. */
  lines(
    ex: Executor,
    scope: OrgScope,
    range: { from: string; to: string },
    filter: TaxLineFilter,
    page: { limit: number; offset: number },
  ): Promise<{ lines: TaxLineRecord[]; totalCount: number }>
  /** lines without their count: the first that pass the filter, for what needs only those. */
  firstLines(
    ex: Executor,
    scope: OrgScope,
    range: { from: string; to: string },
    filter: TaxLineFilter,
    page: { limit: number; offset: number },
  ): Promise<TaxLineRecord[]>
  /** Every tagged line of these entries. */
  linesOfEntries(ex: Executor, scope: OrgScope, entryIds: string[]): Promise<TaxLineRecord[]>
}
