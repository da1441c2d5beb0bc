import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inSavepoint, inTransactionResult } from '../../db/transaction.js'
import { hitFaultPoint } from '../../fault-points.js'
import type { Clock } from '../../kernel/clock.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { formatMoney } from '../../kernel/money.js'
import { assert, type Failure, fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountsPort } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type {
  CategoryRulesPort,
  ChangedRule,
  ReviewEvent,
  RuleEvents,
  RuleMatch,
  RuleSubject,
} from '../category-rules/category-rules-port.js'
import type { JournalPort } from '../journal/journal-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import { editableStatuses, postedStatuses, reconciledEvent, type Status } from './ledger-event.js'
import { parseNewEvent } from './ledger-event-making.js'
import type { LedgerEventPosting, PostingEvent } from './ledger-event-posting.js'
import {
  eventNotFound,
  type LedgerEventQueryService,
  type LedgerEventView,
} from './ledger-event-query-service.js'
import type { EventChanges, LedgerEventRecord, NewLedgerEvent } from './ledger-event-row-store.js'
import type { LedgerEventStore } from './ledger-event-store.js'
import type { NewEventInput } from './ledger-events-port.js'
import { eventChange, fieldsBefore, type LedgerEventsProvider } from './ledger-events-provider.js'
import { ruleClassification, ruleSubjectOf } from './rule-actions.js'

/** What createLedgerEvent takes. */
export type CreateEventInput = NewEventInput

/**
 * What a client does to an event: create it, edit it while it waits, confirm it into the books
 * (through the one posting path), reject it, mark it synced. Authorization first, then one
 * database transaction each.
 */
export class LedgerEventLifecycleService implements RuleEvents {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: LedgerEventStore
      clock: Clock
      access: AccessPort
      accounts: AccountsPort
      journal: JournalPort
      categoryRules: CategoryRulesPort
      posting: LedgerEventPosting
      recorder: LedgerEventsProvider
      eventQueries: LedgerEventQueryService
      periodLock: OrganizationsPort
      audit: AuditRecorder
      functionalCurrencyOf: (organizationId: string) => Promise<string>
    },
  ) {
    // Waiting events pick up a rule that was created or changed, and rules are previewed and
    // applied over the events this service keeps.
    deps.categoryRules.onRulesChanged((scope, rule) => this.categorizeWaiting(scope, rule))
    deps.categoryRules.serveRuleEvents(this)
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  async createLedgerEvent(
    principal: Principal,
    organizationId: string,
    input: CreateEventInput,
  ): Promise<Result<LedgerEventView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createLedgerEvent')
    const parsed = parseNewEvent(input, await this.deps.functionalCurrencyOf(organizationId))
    if (!parsed.ok) return parsed
    const refs = await this.deps.eventQueries.checkReferences(this.deps.db, scope, parsed.value.eventType, {
      categoryId: input.categoryId ?? null,
      paymentAccountId: input.paymentAccountId ?? null,
      contactId: input.contactId ?? null,
    })
    if (!refs.ok) return refs
    const created = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const open = await this.deps.periodLock.checkOpen(
        tx,
        scope,
        [parsed.value.transactionDate],
        'transactionDate',
      )
      if (!open.ok) return open
      const [event] = await this.deps.recorder.recordArrivals(tx, scope, [
        {
          ...parsed.value,
          categoryId: input.categoryId ?? null,
          paymentAccountId: input.paymentAccountId ?? null,
          contactId: input.contactId ?? null,
          reference: null,
          source: 'api',
          backfillId: null,
          batchId: null,
          status: 'needs_review',
        },
      ])
      return ok(event as NewLedgerEvent)
    })
    if (!created.ok) return created
    await this.deps.recorder.announce(scope, [created.value.id])
    return this.deps.eventQueries.viewOf(scope, created.value.id)
  }

  async confirmLedgerEvent(
    principal: Principal,
    organizationId: string,
    eventId: string,
  ): Promise<Result<{ eventId: string; journalEntryId: string; hadDocument: boolean }>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'confirmLedgerEvent')
    const confirmed = await inTransactionResult(this.deps.db, this.deps.engine, (tx) =>
      this.confirmInTransaction(tx, scope, eventId),
    )
    if (confirmed.ok && confirmed.value.hadDocument) {
      await this.deps.recorder.announceConfirmed(scope, [eventId])
    }
    return confirmed
  }

  /**
   * Confirms up to 500 events in one database transaction, each on its own terms: the checks of
   * confirmLedgerEvent, one event's refusal leaving the others alone. Events that pay documents
   * go through the single confirm, each in a savepoint; the others are checked together and
   * posted in multi-row writes, which is what makes a batch several times the rate of single
   * confirms. A repeated id is answered as a second confirm of that event would be.
   */
  async confirmLedgerEvents(
    principal: Principal,
    organizationId: string,
    eventIds: readonly string[],
  ): Promise<Result<{ confirmedCount: number; results: ConfirmResult[] }>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'confirmLedgerEvents')
    if (eventIds.length > limits.batchItemsMax) {
      return fail(
        'BATCH_TOO_LARGE',
        `At most ${limits.batchItemsMax} events per call; this one has ${eventIds.length}.`,
        'eventIds',
      )
    }
    const unique = [...new Set(eventIds)]
    const outcomes = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) =>
      ok(await this.confirmManyInTransaction(tx, scope, unique)),
    )
    if (!outcomes.ok) return outcomes
    const byId = outcomes.value
    const confirmedIds = unique.filter((id) => byId.get(id)?.ok)
    const withDocument = confirmedIds.filter((id) => {
      const outcome = byId.get(id)
      return outcome?.ok && outcome.value.hadDocument
    })
    if (withDocument.length > 0) await this.deps.recorder.announceConfirmed(scope, withDocument)
    const answered = new Set<string>()
    const results = eventIds.map((eventId): ConfirmResult => {
      const outcome = byId.get(eventId)
      assert(outcome !== undefined, 'every event of a confirm of many has an outcome')
      const repeated = answered.has(eventId)
      answered.add(eventId)
      if (repeated && outcome.ok) {
        return refusedResult(eventId, {
          code: 'EVENT_ALREADY_CONFIRMED',
          message: 'This event is listed earlier in eventIds, and was confirmed there.',
          field: 'eventIds',
        })
      }
      if (!outcome.ok) return refusedResult(eventId, outcome.error)
      return {
        eventId,
        success: true,
        error: null,
        errorCode: null,
        field: null,
        journalEntryId: outcome.value.journalEntryId,
      }
    })
    return ok({ confirmedCount: confirmedIds.length, results })
  }

  private async confirmManyInTransaction(
    tx: Executor,
    scope: OrgScope,
    eventIds: readonly string[],
  ): Promise<Map<string, Result<{ journalEntryId: string; hadDocument: boolean }>>> {
    const outcomes = new Map<string, Result<{ journalEntryId: string; hadDocument: boolean }>>()
    const held = new Map(
      (await this.deps.store.holdForConfirm(tx, scope, eventIds, this.deps.engine === 'postgres')).map(
        (event) => [event.id, event],
      ),
    )
    const heldIds = [...held.keys()]
    const [settling, linesOf, isOpen] = [
      await this.deps.recorder.settlements.settlingAmong(tx, scope, heldIds),
      await this.deps.store.lines.linesOf(tx, scope, heldIds),
      await this.deps.periodLock.openPeriodCheck(tx, scope, 'eventId'),
    ]
    let payable: Promise<{ id: string } | undefined> | undefined
    const posting: Array<PostingEvent & { hasDocument: boolean }> = []
    const alone: string[] = []
    for (const eventId of eventIds) {
      const event = held.get(eventId)
      if (!event) {
        outcomes.set(eventId, eventNotFound())
        continue
      }
      if (!editableStatuses.includes(event.status)) {
        outcomes.set(eventId, notConfirmable(event.status))
        continue
      }
      if (settling.has(eventId)) {
        alone.push(eventId)
        continue
      }
      const open = isOpen([event.transactionDate])
      if (!open.ok) {
        outcomes.set(eventId, open)
        continue
      }
      const lines = linesOf.get(eventId)
      let taxAccountId = event.taxAccountId
      if (needsTaxAccount(event, lines)) {
        payable ??= this.deps.accounts.accountByRole(tx, scope, 'gst_hst_payable')
        const account = await payable
        if (!account) {
          outcomes.set(eventId, taxAccountRequired())
          continue
        }
        taxAccountId = account.id
      }
      posting.push({ ...event, taxAccountId, journalEntryId: newId(), ...(lines ? { lines } : {}) })
    }
    const posted = await this.deps.posting.postEach(tx, scope, posting)
    const confirmed = posting.filter((_, index) => posted[index]?.ok)
    const marked = await this.deps.store.markConfirmed(
      tx,
      scope,
      confirmed.map((event) => ({
        id: event.id,
        journalEntryId: event.journalEntryId,
        taxAccountId: event.taxAccountId,
      })),
      editableStatuses,
      this.now(),
    )
    assert(marked === confirmed.length, 'the events a confirm of many holds are all still editable')
    const records = []
    for (const [index, event] of posting.entries()) {
      const outcome = posted[index] as (typeof posted)[number]
      if (!outcome.ok) {
        outcomes.set(event.id, outcome)
        continue
      }
      const { rateFound } = outcome.value
      outcomes.set(event.id, ok({ journalEntryId: event.journalEntryId, hadDocument: event.hasDocument }))
      records.push(
        eventChange(
          'confirmed',
          event.id,
          { journalEntryId: null },
          {
            status: 'confirmed',
            journalEntryId: event.journalEntryId,
            taxAccountId: event.taxAccountId,
            ...(rateFound ? { exchangeRate: rateFound } : {}),
          },
        ),
      )
    }
    await this.deps.audit.record(tx, scope, records)
    for (const eventId of alone) {
      outcomes.set(eventId, await inSavepoint(tx, () => this.confirmInTransaction(tx, scope, eventId)))
    }
    hitFaultPoint('confirm.many.posted')
    return outcomes
  }

  /** Claims the event, settles its tax account, and posts it through the one posting path. */
  private async confirmInTransaction(
    tx: Executor,
    scope: OrgScope,
    eventId: string,
  ): Promise<Result<{ eventId: string; journalEntryId: string; hadDocument: boolean }>> {
    // One guarded UPDATE claims the event and reads it back: of concurrent confirms exactly one
    // gets the row, and the others wait for it (PostgreSQL) or run after it (SQLite). Any refusal
    // below rolls the claim back with the transaction.
    const journalEntryId = newId()
    const event = await this.deps.store.claim(
      tx,
      scope,
      eventId,
      editableStatuses,
      { status: 'confirmed', journalEntryId },
      this.now(),
    )
    if (!event) {
      const current = await this.deps.store.findById(tx, scope, eventId)
      if (!current) return eventNotFound()
      return notConfirmable(current.status)
    }
    const open = await this.deps.periodLock.checkOpen(tx, scope, [event.transactionDate], 'eventId')
    if (!open.ok) return open
    const lines = (await this.deps.store.lines.linesOf(tx, scope, [eventId])).get(eventId)
    let taxAccountId = event.taxAccountId
    if (needsTaxAccount(event, lines)) {
      const payable = await this.deps.accounts.accountByRole(tx, scope, 'gst_hst_payable')
      if (!payable) return taxAccountRequired()
      taxAccountId = payable.id
      await this.deps.store.update(tx, scope, eventId, ['confirmed'], { taxAccountId }, this.now())
    }
    // A bank line applied to documents pays them instead of going to a category (DESIGN 8.6).
    const settlements = await this.deps.recorder.settlements.settlementsOf(tx, scope, event)
    if (!settlements.ok) return settlements
    const settling = settlements.value.length > 0
    if (settling && lines) {
      return fail(
        'INVALID_LINES',
        'This event pays documents; it is not also classified line by line. Remove its lines before confirming.',
        'eventId',
      )
    }
    const posted = await this.deps.posting.post(tx, scope, [
      {
        ...event,
        taxAccountId,
        journalEntryId,
        ...(lines ? { lines } : {}),
        ...(settling ? { settlements: settlements.value } : {}),
      },
    ])
    if (!posted.ok) return posted
    const exchangeRate = posted.value.get(eventId)
    if (settling) {
      await this.deps.recorder.settlements.settled(tx, scope, {
        ...event,
        journalEntryId,
        exchangeRate: exchangeRate ?? event.exchangeRate,
      })
    }
    await this.deps.audit.record(tx, scope, [
      eventChange(
        'confirmed',
        eventId,
        { journalEntryId: null },
        { status: 'confirmed', journalEntryId, taxAccountId, ...(exchangeRate ? { exchangeRate } : {}) },
      ),
    ])
    hitFaultPoint('confirm.posted')
    return ok({ eventId, journalEntryId, hadDocument: event.hasDocument })
  }

  async rejectLedgerEvent(
    principal: Principal,
    organizationId: string,
    eventId: string,
  ): Promise<Result<{ eventId: string; reversalEntryId: string | null }>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'rejectLedgerEvent')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const event = await this.deps.store.findById(tx, scope, eventId)
      if (!event) return eventNotFound()
      if (event.status === 'ignored')
        return fail('EVENT_ALREADY_IGNORED', 'This event is already ignored.', 'eventId')
      if (event.status === 'reconciled') return reconciledEvent()
      const open = await this.deps.periodLock.checkOpen(tx, scope, [event.transactionDate], 'eventId')
      if (!open.ok) return open
      const posted = postedStatuses.includes(event.status) && event.journalEntryId !== null
      const reversalEntryId = posted ? newId() : null
      const changes: EventChanges = { status: 'ignored', ...(reversalEntryId ? { reversalEntryId } : {}) }
      if (!(await this.deps.store.update(tx, scope, eventId, [event.status], changes, this.now()))) {
        return fail('EVENT_CHANGED', 'This event was changed by another request; try again.', 'eventId')
      }
      if (posted && event.journalEntryId && reversalEntryId) {
        const reversed = await this.deps.journal.reverseEntry(
          tx,
          scope,
          eventId,
          event.journalEntryId,
          reversalEntryId,
        )
        if (!reversed) return fail('EVENT_ALREADY_IGNORED', 'This event was already reversed.', 'eventId')
      }
      // Its reversal took the documents' part back out of the control accounts; they are due again.
      await this.deps.recorder.settlements.released(tx, scope, [eventId])
      await this.deps.audit.record(tx, scope, [
        eventChange('rejected', eventId, { status: event.status }, changes),
      ])
      return ok({ eventId, reversalEntryId })
    })
  }

  async markLedgerEventsSynced(
    principal: Principal,
    organizationId: string,
    eventIds: string[],
  ): Promise<
    Result<{
      syncedCount: number
      errors: Array<{
        index: number
        eventId: string
        error: string
        errorCode: string
        field: string | null
      }>
    }>
  > {
    const scope = await this.deps.access.authorize(principal, organizationId, 'markLedgerEventsSynced')
    if (eventIds.length > limits.batchItemsMax) {
      return fail(
        'BATCH_TOO_LARGE',
        `At most ${limits.batchItemsMax} events per call; this one has ${eventIds.length}.`,
        'eventIds',
      )
    }
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const errors: Array<{
        index: number
        eventId: string
        error: string
        errorCode: string
        field: string | null
      }> = []
      let syncedCount = 0
      const lockDate = await this.deps.periodLock.lockDate(tx, scope)
      for (const [index, eventId] of eventIds.entries()) {
        if (lockDate !== null) {
          const event = await this.deps.store.findById(tx, scope, eventId)
          const open = event
            ? await this.deps.periodLock.checkOpen(tx, scope, [event.transactionDate], 'eventIds')
            : ok(undefined)
          if (!open.ok) {
            errors.push({
              index,
              eventId,
              error: open.error.message,
              errorCode: open.error.code,
              field: 'eventIds',
            })
            continue
          }
        }
        const moved = await this.deps.store.update(
          tx,
          scope,
          eventId,
          ['confirmed'],
          { status: 'synced' },
          this.now(),
        )
        if (moved) {
          syncedCount++
          await this.deps.audit.record(tx, scope, [
            eventChange('synced', eventId, { status: 'confirmed' }, { status: 'synced' }),
          ])
          continue
        }
        const event = await this.deps.store.findById(tx, scope, eventId)
        const failure: Failure = !event
          ? eventNotFound().error
          : event.status === 'reconciled'
            ? reconciledEvent().error
            : {
                code: 'EVENT_NOT_CONFIRMED',
                message: `Only confirmed events can be marked synced; this one is ${event.status}.`,
              }
        errors.push({ index, eventId, error: failure.message, errorCode: failure.code, field: 'eventIds' })
      }
      return ok({ syncedCount, errors })
    })
  }

  /**
   * A category rule was created or changed: waiting events without a category that it matches may
   * now have one. The full matcher still decides, so precedence holds. A rule that needs its
   * vendor pattern lets the database find the candidates; any other is tried on every waiting
   * event without a category, in memory.
   */
  async categorizeWaiting(scope: OrgScope, changed: ChangedRule): Promise<void> {
    await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const pattern = changed.patternRequired ? changed.vendorPattern : null
      const waiting = (
        await this.waitingUnclassified(tx, scope, pattern, ['needs_review', 'pending'])
      ).filter((event) => changed.matches(ruleSubjectOf(event)))
      if (waiting.length === 0) return ok(0)
      const matches = await this.deps.categoryRules.classify(tx, scope, waiting.map(ruleSubjectOf))
      const applied: RuleMatch[] = []
      for (const [index, event] of waiting.entries()) {
        const rule = matches[index]
        if (rule && (await this.classifyByRule(tx, scope, event, rule))) applied.push(rule)
      }
      await this.deps.categoryRules.recordMatches(tx, scope, applied)
      return ok(applied.length)
    })
  }

  async inReview(ex: Executor, scope: OrgScope): Promise<ReviewEvent[]> {
    return (await this.deps.store.inReview(ex, scope)).map((event) => ({
      ...ruleSubjectOf(event),
      id: event.id,
      amount: formatMoney(event.amountMinor, currencyDecimals(event.currency)),
      transactionDate: event.transactionDate,
    }))
  }

  async classifyWithRule(
    scope: OrgScope,
    rule: RuleMatch,
    matches: (subject: RuleSubject) => boolean,
  ): Promise<number> {
    const classified = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const waiting = await this.waitingUnclassified(tx, scope, null, ['needs_review'])
      let count = 0
      for (const event of waiting) {
        if (matches(ruleSubjectOf(event)) && (await this.classifyByRule(tx, scope, event, rule))) count++
      }
      await this.deps.categoryRules.recordMatches(tx, scope, Array(count).fill(rule))
      return ok(count)
    })
    return classified.ok ? classified.value : 0
  }

  /** Waiting events without a category, outside any closed period: a closed period stays as it was closed. */
  private async waitingUnclassified(
    tx: Executor,
    scope: OrgScope,
    vendorPattern: string | null,
    statuses: readonly Status[],
  ): Promise<LedgerEventRecord[]> {
    const lockDate = await this.deps.periodLock.lockDate(tx, scope)
    return (await this.deps.store.waitingWithoutCategory(tx, scope, vendorPattern, statuses)).filter(
      (event) => lockDate === null || event.transactionDate > lockDate,
    )
  }

  /** Gives a waiting event a rule's classification, its lines and its audit record. */
  private async classifyByRule(
    tx: Executor,
    scope: OrgScope,
    event: LedgerEventRecord,
    rule: RuleMatch,
  ): Promise<boolean> {
    const { changes, lines } = ruleClassification(event, rule)
    if (!(await this.deps.store.update(tx, scope, event.id, editableStatuses, changes, this.now())))
      return false
    if (lines.length > 0) await this.deps.store.lines.replaceLines(tx, scope, event.id, lines)
    await this.deps.audit.record(tx, scope, [
      eventChange(
        'classified',
        event.id,
        fieldsBefore(event, changes),
        lines.length > 0 ? { ...changes, lines } : changes,
      ),
    ])
    return true
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

/** One event's answer in a confirm of many. */
export interface ConfirmResult {
  eventId: string
  success: boolean
  error: string | null
  errorCode: string | null
  field: string | null
  journalEntryId: string | null
}

const refusedResult = (eventId: string, failure: Failure): ConfirmResult => ({
  eventId,
  success: false,
  error: failure.message,
  errorCode: failure.code,
  field: failure.field ?? null,
  journalEntryId: null,
})

/** Why an event that is no longer waiting cannot be confirmed. */
function notConfirmable(status: Status): { ok: false; error: Failure } {
  if (status === 'reconciled') return reconciledEvent()
  return fail(
    status === 'ignored' ? 'EVENT_IGNORED' : 'EVENT_ALREADY_CONFIRMED',
    `Only events in needs_review or pending can be confirmed; this one is ${status}.`,
    'eventId',
  )
}

/**
 * An event classified the old way whose tax is part of its amount and that names no tax account
 * posts the tax to GST/HST Payable.
 */
function needsTaxAccount(
  event: Pick<
    LedgerEventRecord,
    'taxAmountMinor' | 'amountMinor' | 'taxAccountId' | 'categoryId' | 'paymentAccountId'
  >,
  lines: unknown,
): boolean {
  const taxMinor = event.taxAmountMinor ?? 0n
  return (
    !lines &&
    taxMinor > 0n &&
    taxMinor < event.amountMinor &&
    !event.taxAccountId &&
    Boolean(event.categoryId) &&
    Boolean(event.paymentAccountId)
  )
}

const taxAccountRequired = () =>
  fail(
    'TAX_ACCOUNT_REQUIRED',
    'Give taxAccountId; this organization has no GST/HST Payable account.',
    'taxAccountId',
  )
