import type { Executor } from '../../db/schema.js'
import type { Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { Direction, EventSource, Status } from './ledger-event.js'
import type { LedgerEventRecord, NewLedgerEvent } from './ledger-event-row-store.js'
import type { WorkLeft } from './ledger-event-store.js'

// What ledger events offer other modules, inside their own database transaction: the events
// they read, the arrivals they record (imports, receipts), the steps of a reconciliation, and
// the two things that happen to events that others react to.

export {
  type Direction,
  type EventSource,
  type EventType,
  parseEventType,
  parseMemo,
  parseMerchantName,
  parseReference,
  paymentProblem,
  postedStatuses,
  reconciledEvent,
  type Status,
} from './ledger-event.js'
export type { DuplicateCandidate, LedgerEventRecord, NewLedgerEvent } from './ledger-event-row-store.js'
export type { WorkLeft } from './ledger-event-store.js'

/** What a new event is made from; the rest is filled in as it is inserted. */
export type NewEventParts = Omit<
  NewLedgerEvent,
  | 'id'
  | 'createdAt'
  | 'status'
  | 'categoryId'
  | 'categoryRuleId'
  | 'taxAmountMinor'
  | 'taxFromCode'
  | 'taxAccountId'
  | 'salesTaxCode'
  | 'direction'
  | 'exchangeRate'
  | 'splitAccountId'
  | 'splitAmountMinor'
> & {
  id?: string
  /** The spec's meaning of the event type when not given. */
  direction?: Direction
  exchangeRate?: string | null
}

/** An imported event that is classified as it arrives and posted in the same transaction. */
export type NewPostedEvent = Omit<NewEventParts, 'paymentAccountId'> & {
  categoryId: string
  paymentAccountId: string
}

/** An imported event with what its books hold, as an undone import reads it. */
export type ImportedEvent = Pick<
  LedgerEventRecord,
  'id' | 'status' | 'journalEntryId' | 'reversalEntryId' | 'batchId' | 'transactionDate'
>

/** What a bank line being confirmed or taken back is to the documents it pays. */
export type SettlingEvent = Pick<
  LedgerEventRecord,
  'id' | 'direction' | 'amountMinor' | 'currency' | 'transactionDate' | 'paymentAccountId'
>

/** A document a bank line pays (DESIGN 8.6): its confirm posts to the control account instead of a category. */
export interface EventSettlement {
  /** Accounts Receivable or Accounts Payable. */
  accountId: string
  /** The document's contact, which the line is tagged with. */
  contactId: string
  /** In the event's currency, which is the document's. */
  amountMinor: bigint
  /**
   * A foreign-currency document's: what the payment clears of the control account in the
   * functional currency, at the rate the document was posted at. The event's own rate moves the
   * payment account; the difference is the realised exchange gain or loss.
   */
  clearsFunctionalMinor?: bigint
}

/**
 * What ledger events ask of the module that keeps documents, inside the confirm's (or the
 * rejection's, or the deletion's) transaction. Wired by the composition root; without it no event
 * pays a document.
 */
export interface DocumentSettlements {
  /** Which of these events pay documents: a confirm of many confirms those one by one. */
  settlingAmong(tx: Executor, scope: OrgScope, eventIds: readonly string[]): Promise<Set<string>>
  /** What the event pays, its documents held until the transaction ends; a refusal rolls the confirm back. */
  settlementsOf(tx: Executor, scope: OrgScope, event: SettlingEvent): Promise<Result<EventSettlement[]>>
  /** The event was posted with its settlements: the documents' payments name its entry. */
  settled(
    tx: Executor,
    scope: OrgScope,
    event: SettlingEvent & { journalEntryId: string; exchangeRate: string | null },
  ): Promise<void>
  /** The events were rejected or deleted: what they paid, or were to pay, is taken back. */
  released(tx: Executor, scope: OrgScope, eventIds: readonly string[]): Promise<void>
}

/** Events that committed: new ones (a create or an import), or ones a person confirmed with a document. */
export type EventsHappened = (scope: OrgScope, eventIds: string[]) => Promise<void>

export interface LedgerEventsPort {
  findByIds(ex: Executor, scope: OrgScope, ids: string[]): Promise<LedgerEventRecord[]>
  /** How many events dated in the range are in this status (the dashboard's review count). */
  countInStatus(
    ex: Executor,
    scope: OrgScope,
    status: Status,
    range: { from: string; to: string },
  ): Promise<number>
  /** The review queue's size and oldest date, and the payment accounts left to reconcile. */
  workLeft(ex: Executor, scope: OrgScope): Promise<WorkLeft>
  /** The first events dated in the range in this status, oldest first (a return's exceptions). */
  inStatus(
    ex: Executor,
    scope: OrgScope,
    status: Status,
    range: { from: string; to: string },
    limit: number,
  ): Promise<LedgerEventRecord[]>
  /** Events a receipt of this amount, dated in the window, could belong to (DESIGN 5.9). */
  receiptCandidates(
    ex: Executor,
    scope: OrgScope,
    amountMinor: bigint,
    window: { from: string; to: string },
    limit: number,
  ): Promise<string[]>

  /** Inserts new events waiting for review, filling missing categories from the category rules. */
  recordArrivals(
    tx: Executor,
    scope: OrgScope,
    events: Array<NewEventParts & Pick<NewLedgerEvent, 'status' | 'categoryId'>>,
  ): Promise<NewLedgerEvent[]>
  /**
   * Inserts classified events as confirmed and posts them through the one posting path. A
   * refusal leaves the caller to roll its transaction back.
   */
  recordPosted(tx: Executor, scope: OrgScope, events: NewPostedEvent[]): Promise<Result<NewLedgerEvent[]>>
  /** Whether every one of these events in another currency has a rate to be posted with. */
  checkRates(
    tx: Executor,
    scope: OrgScope,
    events: ReadonlyArray<Pick<LedgerEventRecord, 'id' | 'currency' | 'exchangeRate' | 'transactionDate'>>,
  ): Promise<Result<void>>
  /** Tells the modules that react to arrivals about events that committed. */
  announce(scope: OrgScope, eventIds: string[]): Promise<void>
  setHasDocument(ex: Executor, scope: OrgScope, eventId: string, hasDocument: boolean): Promise<void>

  /**
   * A reconciliation finishes: each event moves from the posted status it was read in to
   * reconciled. False when one has moved since; the caller rolls back.
   */
  reconcile(
    tx: Executor,
    scope: OrgScope,
    events: ReadonlyArray<{ id: string; status: Status }>,
    reconciliationId: string,
  ): Promise<boolean>
  /** An undone reconciliation gives each of its events back the status it left. */
  unreconcile(
    tx: Executor,
    scope: OrgScope,
    events: ReadonlyArray<{ id: string; previousStatus: Status }>,
  ): Promise<void>

  /** The events of one import source (one batch of it, or all), locked on PostgreSQL, for a deletion. */
  importedEvents(
    tx: Executor,
    scope: OrgScope,
    source: EventSource,
    batchId: string | undefined,
  ): Promise<ImportedEvent[]>
  /** Deletes the imported events of these batches; events of any other source are never touched. */
  deleteImportedEvents(
    tx: Executor,
    scope: OrgScope,
    source: EventSource,
    events: ReadonlyArray<{ id: string; batchId: string | null }>,
  ): Promise<number>

  /** Where confirmed events pay documents (invoices and bills). */
  payDocumentsWith(settlements: DocumentSettlements): void

  /** New events committed (receipt matching looks for their documents). */
  onArrival(listener: EventsHappened): void
  /** A person confirmed an event that has a document (its receipts become reviewed). */
  onConfirmed(listener: EventsHappened): void
}

/** A new event as createLedgerEvent takes it: decimal strings and names, checked when made. */
export interface NewEventInput {
  merchantName: string
  amount: string
  transactionDate: string
  eventType?: string | null
  categoryId?: string | null
  paymentAccountId?: string | null
  contactId?: string | null
  memo?: string | null
  direction?: string | null
  currency?: string | null
  exchangeRate?: string | null
}

/**
 * Events another module makes inside its own transaction (recurring entries), under every rule
 * createLedgerEvent applies: fields, accounts, contact, lock date.
 */
export interface EventMakingPort {
  /** The checks alone, nothing written. */
  checkNewEvent(ex: Executor, scope: OrgScope, input: NewEventInput): Promise<Result<unknown>>
  /**
   * The event with its audit record and feed event: posted through the one posting path when
   * `post` and classified (a category and a payment account), otherwise waiting in needs_review.
   */
  createEvent(
    tx: Executor,
    scope: OrgScope,
    input: NewEventInput,
    post: boolean,
  ): Promise<Result<NewLedgerEvent>>
  /** Tells the modules that react to arrivals, once the caller's transaction committed. */
  announce(scope: OrgScope, eventIds: string[]): Promise<void>
}
