import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { Listeners } from '../../kernel/listeners.js'
import { assert, ok, type Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { AuditChange, AuditRecorder } from '../audit/audit-port.js'
import type { CategoryRulesPort, RuleSubject } from '../category-rules/category-rules-port.js'
import type { EntryLineRecord } from './entry-lines.js'
import { defaultDirection, type EventSource, type Status } from './ledger-event.js'
import type { LedgerEventImportStore } from './ledger-event-import-store.js'
import type { LedgerEventPosting } from './ledger-event-posting.js'
import type { EventChanges, LedgerEventRecord, NewLedgerEvent } from './ledger-event-row-store.js'
import { LedgerEventStore } from './ledger-event-store.js'
import type {
  DocumentSettlements,
  EventsHappened,
  ImportedEvent,
  LedgerEventsPort,
  NewEventParts,
  NewPostedEvent,
} from './ledger-events-port.js'
import { ruleClassification, ruleSubjectOf } from './rule-actions.js'

/**
 * The ledger-events port: the store's reads as they are, and events written into being and out
 * again inside the caller's transaction: what a client creates, what imports bring (waiting for
 * review, or posted through the one posting path), and what an undone import removes. Every
 * method takes the OrgScope its caller was authorized for.
 */
export class LedgerEventsProvider extends LedgerEventStore implements LedgerEventsPort {
  private readonly arrivalListeners = new Listeners<Parameters<EventsHappened>>()
  private readonly confirmListeners = new Listeners<Parameters<EventsHappened>>()
  /** Until the composition root wires the documents' module, no event pays a document. */
  settlements: DocumentSettlements = noSettlements

  constructor(
    private readonly deps: {
      engine: EngineName
      clock: Clock
      importStore: LedgerEventImportStore
      categoryRules: CategoryRulesPort
      posting: LedgerEventPosting
      audit: AuditRecorder
    },
  ) {
    super()
  }

  payDocumentsWith(settlements: DocumentSettlements): void {
    this.settlements = settlements
  }

  onArrival(listener: EventsHappened): void {
    this.arrivalListeners.add(listener)
  }

  onConfirmed(listener: EventsHappened): void {
    this.confirmListeners.add(listener)
  }

  /** Tells listeners (receipt matching) about events committed by a create or an import. */
  async announce(scope: OrgScope, eventIds: string[]): Promise<void> {
    await this.arrivalListeners.emit(scope, eventIds)
  }

  /** Tells listeners about events a person confirmed, once the confirm committed. */
  async announceConfirmed(scope: OrgScope, eventIds: string[]): Promise<void> {
    await this.confirmListeners.emit(scope, eventIds)
  }

  /**
   * Inserts new events waiting for review, filling missing categories from the category rules
   * and counting the matches.
   */
  async recordArrivals(
    tx: Executor,
    scope: OrgScope,
    events: Array<NewEventParts & Pick<NewLedgerEvent, 'status' | 'categoryId'>>,
  ): Promise<NewLedgerEvent[]> {
    const needRules = events.map((event) => (event.categoryId ? undefined : arrivalSubject(event)))
    const subjects = needRules.filter((subject): subject is RuleSubject => subject !== undefined)
    const matches = await this.deps.categoryRules.classify(tx, scope, subjects)
    let next = 0
    const createdAt = this.now()
    const lines: Array<{ eventId: string; lines: EntryLineRecord[] }> = []
    const rows = events.map((event) => {
      const rule = event.categoryId ? undefined : matches[next++]
      const row = newEventRow(event, {
        status: event.status,
        categoryId: event.categoryId ?? null,
        categoryRuleId: null,
        journalEntryId: null,
        createdAt,
      })
      if (!rule) return row
      const classified = ruleClassification(row, rule)
      Object.assign(row, classified.changes)
      if (classified.lines.length > 0) lines.push({ eventId: row.id, lines: classified.lines })
      return row
    })
    await this.insertMany(tx, scope, rows)
    await this.lines.insertForEvents(tx, scope, lines)
    await this.deps.categoryRules.recordMatches(tx, scope, matches)
    await this.audited(tx, scope, rows)
    return rows
  }

  /**
   * Inserts classified events as confirmed and posts them through the same validated path as a
   * confirm, in multi-row statements. No category rules run and no tax applies. A refusal leaves
   * the caller to roll its transaction back.
   */
  async recordPosted(
    tx: Executor,
    scope: OrgScope,
    events: NewPostedEvent[],
  ): Promise<Result<NewLedgerEvent[]>> {
    const createdAt = this.now()
    const rows = events.map((event) =>
      newEventRow(event, {
        status: 'confirmed',
        categoryId: event.categoryId,
        categoryRuleId: null,
        journalEntryId: newId(),
        createdAt,
      }),
    )
    await this.deps.importStore.insertManyPosted(tx, scope, rows)
    const posted = await this.deps.posting.post(tx, scope, rows)
    if (!posted.ok) return posted
    // The rows as the books now hold them: an event posted at the rate table's rate keeps it.
    for (const row of rows) row.exchangeRate = posted.value.get(row.id) ?? row.exchangeRate
    await this.audited(tx, scope, rows)
    return ok(rows)
  }

  /** Whether every one of these events in another currency has a rate to be posted with. */
  checkRates(
    tx: Executor,
    scope: OrgScope,
    events: Parameters<LedgerEventPosting['checkRates']>[2],
  ): Promise<Result<void>> {
    return this.deps.posting.checkRates(tx, scope, events)
  }

  /**
   * A reconciliation finishes: each event moves from the posted status it was read in to
   * reconciled. False when one has moved since (a reject in between); the caller rolls back.
   */
  async reconcile(
    tx: Executor,
    scope: OrgScope,
    events: ReadonlyArray<{ id: string; status: Status }>,
    reconciliationId: string,
  ): Promise<boolean> {
    for (const event of events) {
      const changes = { status: 'reconciled' as const, reconciliationId }
      if (!(await this.update(tx, scope, event.id, [event.status], changes, this.now()))) return false
    }
    await this.deps.audit.record(
      tx,
      scope,
      events.map((event) =>
        eventChange(
          'reconciled',
          event.id,
          { status: event.status },
          { status: 'reconciled', reconciliationId },
        ),
      ),
    )
    return true
  }

  /** An undone reconciliation gives each of its events back the status it left. */
  async unreconcile(
    tx: Executor,
    scope: OrgScope,
    events: ReadonlyArray<{ id: string; previousStatus: Status }>,
  ): Promise<void> {
    for (const event of events) {
      const changes = { status: event.previousStatus, reconciliationId: null }
      const moved = await this.update(tx, scope, event.id, ['reconciled'], changes, this.now())
      assert(moved, `reconciled event ${event.id} is still reconciled when its reconciliation is undone`)
    }
    await this.deps.audit.record(
      tx,
      scope,
      events.map((event) =>
        eventChange('unreconciled', event.id, { status: 'reconciled' }, { status: event.previousStatus }),
      ),
    )
  }

  async setHasDocument(ex: Executor, scope: OrgScope, eventId: string, hasDocument: boolean): Promise<void> {
    await this.writeHasDocument(ex, scope, eventId, hasDocument, this.now())
  }

  /**
   * The events of one import source (one batch of it, or all), with what their books hold, for a
   * deletion in the caller's transaction. On PostgreSQL their rows are locked until it ends, so a
   * concurrent confirm waits and then finds the event gone instead of posting it unseen.
   */
  importedEvents(
    tx: Executor,
    scope: OrgScope,
    source: EventSource,
    batchId: string | undefined,
  ): Promise<ImportedEvent[]> {
    return this.deps.importStore.importedEvents(tx, scope, source, batchId, this.deps.engine === 'postgres')
  }

  /**
   * Deletes the imported events of these batches; events of any other source are never touched.
   * The caller first reverses what they posted and detaches what points at them, in the same
   * transaction.
   */
  async deleteImportedEvents(
    tx: Executor,
    scope: OrgScope,
    source: EventSource,
    events: ReadonlyArray<{ id: string; batchId: string | null }>,
  ): Promise<number> {
    const batchIds = [...new Set(events.flatMap((event) => (event.batchId === null ? [] : [event.batchId])))]
    // What a deleted bank line paid is no longer paid; its entry was reversed by the caller.
    await this.settlements.released(
      tx,
      scope,
      events.map((event) => event.id),
    )
    const deleted = await this.deps.importStore.deleteImported(tx, scope, source, batchIds)
    await this.deps.audit.record(
      tx,
      scope,
      events.map((event) => eventChange('deleted', event.id, event, null)),
    )
    return deleted
  }

  /** Records changes of events, in the caller's transaction. */
  auditChanges(tx: Executor, scope: OrgScope, changes: readonly AuditChange[]): Promise<void> {
    return this.deps.audit.record(tx, scope, changes)
  }

  private audited(tx: Executor, scope: OrgScope, rows: readonly NewLedgerEvent[]): Promise<void> {
    return this.deps.audit.record(
      tx,
      scope,
      rows.map((row) => eventChange('created', row.id, null, row)),
    )
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

/** What the rules read of an arriving event. */
function arrivalSubject(event: NewEventParts): RuleSubject {
  return ruleSubjectOf({
    merchantName: event.merchantName,
    memo: event.memo,
    reference: event.reference,
    amountMinor: event.amountMinor,
    currency: event.currency,
    direction: event.direction ?? defaultDirection(event.eventType),
    eventType: event.eventType,
    paymentAccountId: event.paymentAccountId,
  })
}

/**
 * A new event's row, written out field by field rather than spread from its parts: V8 adds each
 * property to a spread copy on its slow path, about a microsecond apiece, which an import of
 * 100,000 rows paid for every row.
 */
function newEventRow<EntryId extends string | null>(
  event: NewEventParts,
  filled: {
    status: Status
    categoryId: string | null
    categoryRuleId: string | null
    journalEntryId: EntryId
    createdAt: string
  },
): NewLedgerEvent & { journalEntryId: EntryId } {
  return {
    id: event.id ?? newId(),
    eventType: event.eventType,
    direction: event.direction ?? defaultDirection(event.eventType),
    merchantName: event.merchantName,
    memo: event.memo,
    amountMinor: event.amountMinor,
    currency: event.currency,
    exchangeRate: event.exchangeRate ?? null,
    transactionDate: event.transactionDate,
    status: filled.status,
    categoryId: filled.categoryId,
    paymentAccountId: event.paymentAccountId,
    contactId: event.contactId,
    taxAmountMinor: null,
    taxFromCode: false,
    taxAccountId: null,
    salesTaxCode: null,
    splitAccountId: null,
    splitAmountMinor: null,
    categoryRuleId: filled.categoryRuleId,
    reference: event.reference,
    source: event.source,
    backfillId: event.backfillId,
    batchId: event.batchId,
    journalEntryId: filled.journalEntryId,
    createdAt: filled.createdAt,
  }
}

/** A change of one ledger event, as the audit trail records it: `ledger_event.<verb>`. */
export function eventChange(verb: string, eventId: string, before: unknown, after: unknown): AuditChange {
  return { operation: `ledger_event.${verb}`, entityType: 'ledger_event', entityId: eventId, before, after }
}

/** The event's values of the fields a change sets, for the audit trail's `before`. */
export function fieldsBefore(event: LedgerEventRecord, changes: EventChanges): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(changes).map((key) => [key, (event as unknown as Record<string, unknown>)[key]]),
  )
}

const noSettlements: DocumentSettlements = {
  settlingAmong: async () => new Set(),
  settlementsOf: async () => ok([]),
  settled: async () => {},
  released: async () => {},
}
