import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import { addDays, calendarDateOf } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { currencyDecimals, defaultCurrency } from '../../kernel/currency.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { parseMoney } from '../../kernel/money.js'
import { type Page, type PageArgs, pageOf, parsePageRequest } from '../../kernel/page.js'
import { type Failure, fail, ok, type Result } from '../../kernel/result.js'
import type { AccessService } from '../access/access-service.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountService } from '../accounts/account-service.js'
import type { AccountRecord } from '../accounts/account-store.js'
import type { CategoryRuleService } from '../category-rules/category-rule-service.js'
import type { ContactService } from '../contacts/contact-service.js'
import type { ContactRecord } from '../contacts/contact-store.js'
import { planPosting } from '../journal/journal.js'
import type { JournalService } from '../journal/journal-service.js'
import type { JournalEntryRecord } from '../journal/journal-store.js'
import { rateOn, salesTaxCode, taxIncludedIn } from '../tax-codes/sales-tax.js'
import {
  categoryProblem,
  type EventSource,
  type EventType,
  editableStatuses,
  isStatus,
  notEditable,
  parseAmount,
  parseEventType,
  parseMemo,
  parseMerchantName,
  parseTransactionDate,
  paymentProblem,
  postedStatuses,
  type Status,
  statuses,
  taxAccountProblem,
} from './ledger-event.js'
import type {
  EventChanges,
  EventFilters,
  EventSort,
  LedgerEventRecord,
  LedgerEventStore,
  NewLedgerEvent,
} from './ledger-event-store.js'

/**
 * An event with the records it refers to. It holds the event rather than copying its fields: V8
 * builds a copy of a 26-field object with six more fields on its slow path, which cost a page of
 * 25 events about 100 µs.
 */
export interface LedgerEventView {
  event: LedgerEventRecord
  category: AccountRecord | null
  paymentAccount: AccountRecord | null
  taxAccount: AccountRecord | null
  contact: ContactRecord | null
  journalEntry: JournalEntryRecord | null
  reversalEntry: JournalEntryRecord | null
}

export interface CreateEventInput {
  merchantName: string
  amount: string
  transactionDate: string
  eventType?: string | null
  categoryId?: string | null
  paymentAccountId?: string | null
  contactId?: string | null
  memo?: string | null
}

export interface ClassifyInput {
  categoryId?: string | null
  paymentId?: string | null
  taxAmount?: string | null
  taxAccountId?: string | null
  taxCode?: string | null
  contactId?: string | null
}

export interface ListEventsArgs extends PageArgs {
  status?: string[] | null
  hasDocument?: boolean | null
  sinceDays?: number | null
  dateFrom?: string | null
  dateTo?: string | null
  amountMin?: string | null
  amountMax?: string | null
  accountIds?: string[] | null
  categoryIds?: string[] | null
  search?: string | null
}

/** Runs after new events commit, so other modules (receipt matching) can react to them. */
export type EventsArrived = (scope: OrgScope, eventIds: string[]) => Promise<void>

const eventSorts = [
  'transactionDate',
  'functionalAmount',
  'merchantName',
  'status',
] as const satisfies readonly EventSort[]

export class LedgerEventService {
  private readonly arrivalListeners: EventsArrived[] = []
  private readonly confirmListeners: EventsArrived[] = []

  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: LedgerEventStore
      clock: Clock
      access: AccessService
      accounts: AccountService
      contacts: ContactService
      journal: JournalService
      categoryRules: CategoryRuleService
    },
  ) {}

  onArrival(listener: EventsArrived): void {
    this.arrivalListeners.push(listener)
  }

  /** Runs after a person confirms an event (receipts attached to it become reviewed). */
  onConfirmed(listener: EventsArrived): void {
    this.confirmListeners.push(listener)
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  async createLedgerEvent(
    principal: Principal,
    organizationId: string,
    input: CreateEventInput,
  ): Promise<Result<LedgerEventView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'member')
    const currency = defaultCurrency
    const merchantName = parseMerchantName(input.merchantName)
    if (!merchantName.ok) return merchantName
    const amount = parseAmount(input.amount, currencyDecimals(currency))
    if (!amount.ok) return amount
    const date = parseTransactionDate(input.transactionDate)
    if (!date.ok) return date
    const eventType = parseEventType(input.eventType)
    if (!eventType.ok) return eventType
    const memo = parseMemo(input.memo)
    if (!memo.ok) return memo

    const refs = await this.checkReferences(this.deps.db, scope, eventType.value, {
      categoryId: input.categoryId ?? null,
      paymentAccountId: input.paymentAccountId ?? null,
      contactId: input.contactId ?? null,
    })
    if (!refs.ok) return refs
    const created = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const [event] = await this.insertEvents(tx, scope, [
        {
          eventType: eventType.value,
          merchantName: merchantName.value,
          amountMinor: amount.value,
          currency,
          transactionDate: date.value,
          memo: memo.value,
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
    await this.announce(scope, [created.value.id])
    return this.viewOf(scope, created.value.id)
  }

  async updateLedgerEvent(
    principal: Principal,
    organizationId: string,
    eventId: string,
    input: {
      transactionDate?: string | null
      memo?: string | null
      amount?: string | null
      eventType?: string | null
    },
  ): Promise<Result<LedgerEventView>> {
    return this.editWaitingEvent(principal, organizationId, eventId, async (tx, scope, event) => {
      const changes: EventChanges = {}
      if (input.transactionDate != null) {
        const date = parseTransactionDate(input.transactionDate)
        if (!date.ok) return date
        changes.transactionDate = date.value
      }
      if (input.memo != null) {
        const memo = parseMemo(input.memo)
        if (!memo.ok) return memo
        changes.memo = memo.value
      }
      if (input.amount != null) {
        const amount = parseAmount(input.amount, currencyDecimals(event.currency))
        if (!amount.ok) return amount
        changes.amountMinor = amount.value
      }
      if (input.eventType != null) {
        const eventType = parseEventType(input.eventType)
        if (!eventType.ok) return eventType
        changes.eventType = eventType.value
      }
      const next = { ...event, ...changes }
      if (event.categoryId && changes.eventType) {
        const [category] = await this.deps.accounts.accountsByIds(tx, scope, [event.categoryId])
        const problem = category && categoryProblem(next.eventType, category, next.paymentAccountId)
        if (problem) return problem
      }
      if (
        event.taxFromCode &&
        event.salesTaxCode &&
        (changes.amountMinor !== undefined || changes.transactionDate)
      ) {
        const tax = taxFromCode(event.salesTaxCode, next.amountMinor, next.transactionDate)
        if (!tax.ok) return tax
        changes.taxAmountMinor = tax.value
      } else if (next.taxAmountMinor !== null && next.taxAmountMinor >= next.amountMinor) {
        return taxTooLarge()
      }
      return ok(changes)
    })
  }

  async updateStagedEntry(
    principal: Principal,
    organizationId: string,
    eventId: string,
    input: ClassifyInput,
  ): Promise<Result<LedgerEventView>> {
    return this.editWaitingEvent(principal, organizationId, eventId, async (tx, scope, event) => {
      const changes: EventChanges = {}
      const categoryId = input.categoryId ?? event.categoryId
      const paymentAccountId = input.paymentId ?? event.paymentAccountId
      const refs = await this.checkReferences(
        tx,
        scope,
        event.eventType,
        { categoryId, paymentAccountId, contactId: input.contactId ?? null },
        'paymentId',
      )
      if (!refs.ok) return refs
      if (input.categoryId) {
        changes.categoryId = input.categoryId
        changes.categoryRuleId = null
      }
      if (input.paymentId) changes.paymentAccountId = input.paymentId
      if (input.contactId) changes.contactId = input.contactId
      if (input.taxAccountId) {
        const [taxAccount] = await this.deps.accounts.accountsByIds(tx, scope, [input.taxAccountId])
        if (!taxAccount)
          return fail('TAX_ACCOUNT_NOT_FOUND', 'No account with this taxAccountId.', 'taxAccountId')
        const problem = taxAccountProblem(taxAccount)
        if (problem) return problem
        changes.taxAccountId = taxAccount.id
      }
      if (input.taxCode) {
        if (!salesTaxCode(input.taxCode)) {
          return fail(
            'SALES_TAX_CODE_NOT_FOUND',
            'taxCode must be a sales tax code id from listSalesTaxCodes.',
            'taxCode',
          )
        }
        changes.salesTaxCode = input.taxCode
      }
      if (input.taxAmount != null) {
        const tax = parseMoney(input.taxAmount, currencyDecimals(event.currency), 'taxAmount')
        if (!tax.ok) return tax
        if (tax.value < 0n) return fail('INVALID_TAX_AMOUNT', 'taxAmount must not be negative.', 'taxAmount')
        if (tax.value >= event.amountMinor) return taxTooLarge()
        changes.taxAmountMinor = tax.value
        changes.taxFromCode = false
      } else if (input.taxCode) {
        const tax = taxFromCode(input.taxCode, event.amountMinor, event.transactionDate)
        if (!tax.ok) return tax
        changes.taxAmountMinor = tax.value
        changes.taxFromCode = true
      }
      return ok(changes)
    })
  }

  async confirmLedgerEvent(
    principal: Principal,
    organizationId: string,
    eventId: string,
  ): Promise<Result<{ eventId: string; journalEntryId: string; hadDocument: boolean }>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'member')
    const confirmed = await inTransactionResult(this.deps.db, this.deps.engine, (tx) =>
      this.confirmInTransaction(tx, scope, eventId),
    )
    if (confirmed.ok && confirmed.value.hadDocument) {
      for (const listener of this.confirmListeners) await listener(scope, [eventId])
    }
    return confirmed
  }

  /** Posts an event inside the caller's transaction (the processor import posts as it imports). */
  async confirmInTransaction(
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
      return fail(
        current.status === 'ignored' ? 'EVENT_IGNORED' : 'EVENT_ALREADY_CONFIRMED',
        `Only events in needs_review or pending can be confirmed; this one is ${current.status}.`,
        'eventId',
      )
    }
    if (!event.categoryId || !event.paymentAccountId) {
      return fail(
        'EVENT_NOT_CLASSIFIED',
        'Assign a category and a payment account (updateStagedEntry) before confirming.',
        !event.categoryId ? 'categoryId' : 'paymentId',
      )
    }
    const taxMinor = event.taxAmountMinor ?? 0n
    if (taxMinor >= event.amountMinor) return taxTooLarge()
    let taxAccountId = event.taxAccountId
    if (taxMinor > 0n && !taxAccountId) {
      const payable = await this.deps.accounts.accountByRole(tx, scope, 'gst_hst_payable')
      if (!payable) {
        return fail(
          'TAX_ACCOUNT_REQUIRED',
          'Give taxAccountId; this organization has no GST/HST Payable account.',
          'taxAccountId',
        )
      }
      taxAccountId = payable.id
      await this.deps.store.update(tx, scope, eventId, ['confirmed'], { taxAccountId }, this.now())
    }
    const plan = planPosting({
      eventType: event.eventType,
      grossMinor: event.amountMinor,
      taxMinor,
      categoryId: event.categoryId,
      paymentAccountId: event.paymentAccountId,
      taxAccountId: taxAccountId ?? event.paymentAccountId,
      contactId: event.contactId,
      txnDate: event.transactionDate,
      currency: event.currency,
    })
    const posted = await this.deps.journal.postEventEntry(tx, scope, eventId, plan, journalEntryId)
    if (!posted) return fail('EVENT_ALREADY_CONFIRMED', 'This event already has a journal entry.', 'eventId')
    return ok({ eventId, journalEntryId, hadDocument: event.hasDocument })
  }

  async rejectLedgerEvent(
    principal: Principal,
    organizationId: string,
    eventId: string,
  ): Promise<Result<{ eventId: string; reversalEntryId: string | null }>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'member')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const event = await this.deps.store.findById(tx, scope, eventId)
      if (!event) return eventNotFound()
      if (event.status === 'ignored')
        return fail('EVENT_ALREADY_IGNORED', 'This event is already ignored.', 'eventId')
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
      errors: Array<{ index: number; eventId: string; error: string; errorCode: string }>
    }>
  > {
    const scope = await this.deps.access.authorize(principal, organizationId, 'member')
    if (eventIds.length > 500) {
      return fail(
        'BATCH_TOO_LARGE',
        `At most 500 events per call; this one has ${eventIds.length}.`,
        'eventIds',
      )
    }
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const errors: Array<{ index: number; eventId: string; error: string; errorCode: string }> = []
      let syncedCount = 0
      for (const [index, eventId] of eventIds.entries()) {
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
          continue
        }
        const event = await this.deps.store.findById(tx, scope, eventId)
        const failure: Failure = event
          ? {
              code: 'EVENT_NOT_CONFIRMED',
              message: `Only confirmed events can be marked synced; this one is ${event.status}.`,
            }
          : eventNotFound().error
        errors.push({ index, eventId, error: failure.message, errorCode: failure.code })
      }
      return ok({ syncedCount, errors })
    })
  }

  // ---- reading ------------------------------------------------------------------------------

  async getLedgerEvent(
    principal: Principal,
    organizationId: string,
    eventId: string,
  ): Promise<Result<LedgerEventView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'member')
    return this.viewOf(scope, eventId)
  }

  async listLedgerEvents(
    principal: Principal,
    organizationId: string,
    args: ListEventsArgs,
  ): Promise<Result<Page<LedgerEventView>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'member')
    const page = parsePageRequest(args, eventSorts, { sortBy: 'transactionDate', sortDir: 'desc' })
    if (!page.ok) return page
    const filters = this.parseFilters(args)
    if (!filters.ok) return filters
    if (page.value.search) filters.value.search = page.value.search
    const found = await this.deps.store.page(this.deps.db, scope, filters.value, page.value)
    return ok(pageOf(await this.views(this.deps.db, scope, found.items), found.totalCount, page.value))
  }

  private parseFilters(args: ListEventsArgs): Result<EventFilters> {
    const filters: EventFilters = {}
    if (args.status) {
      const unknown = args.status.find((s) => !isStatus(s))
      if (unknown !== undefined) {
        return fail(
          'INVALID_STATUS',
          `status must be among: ${statuses.join(', ')}; got ${JSON.stringify(unknown)}.`,
          'status',
        )
      }
      filters.statuses = [...new Set(args.status)] as Status[]
    }
    if (args.hasDocument != null) filters.hasDocument = args.hasDocument
    if (args.sinceDays != null) {
      if (args.sinceDays < 0)
        return fail('INVALID_SINCE_DAYS', 'sinceDays must not be negative.', 'sinceDays')
      filters.dateFrom = addDays(calendarDateOf(this.deps.clock.now()), -Math.min(args.sinceDays, 3_000_000))
    }
    for (const field of ['dateFrom', 'dateTo'] as const) {
      const value = args[field]
      if (value == null) continue
      const date = parseTransactionDate(value, field)
      if (!date.ok) return date
      if (field === 'dateTo') filters.dateTo = date.value
      else if (!filters.dateFrom || date.value > filters.dateFrom) filters.dateFrom = date.value
    }
    const decimals = currencyDecimals(defaultCurrency)
    if (args.amountMin != null) {
      const amount = parseMoney(args.amountMin, decimals, 'amountMin')
      if (!amount.ok) return amount
      filters.amountMinMinor = amount.value
    }
    if (args.amountMax != null) {
      const amount = parseMoney(args.amountMax, decimals, 'amountMax')
      if (!amount.ok) return amount
      filters.amountMaxMinor = amount.value
    }
    for (const field of ['accountIds', 'categoryIds'] as const) {
      const ids = args[field]
      if (!ids) continue
      if (ids.length > limits.filterIdsMax) {
        return fail('INVALID_FILTER', `${field} may name at most ${limits.filterIdsMax} accounts.`, field)
      }
      filters[field] = ids
    }
    return ok(filters)
  }

  // ---- for other modules ------------------------------------------------------------------

  /**
   * Inserts new events inside the caller's transaction, filling missing categories from the
   * category rules and counting the matches. Bank and processor imports come through here too.
   */
  async insertEvents(
    tx: Executor,
    scope: OrgScope,
    events: Array<NewEventParts & Pick<NewLedgerEvent, 'status' | 'categoryId'>>,
  ): Promise<NewLedgerEvent[]> {
    const needRules = events.map((e) => (e.categoryId ? undefined : e.merchantName))
    const names = needRules.filter((n): n is string => n !== undefined)
    const matches = names.length > 0 ? await this.deps.categoryRules.categorize(tx, scope, names) : []
    let next = 0
    const createdAt = this.now()
    const rows = events.map((event, index) => {
      const rule = needRules[index] === undefined ? undefined : matches[next++]
      return newEventRow(event, {
        status: event.status,
        categoryId: event.categoryId ?? rule?.accountId ?? null,
        categoryRuleId: rule?.id ?? null,
        journalEntryId: null,
        createdAt,
      })
    })
    await this.deps.store.insertMany(tx, scope, rows)
    await this.deps.categoryRules.recordMatches(tx, scope, matches)
    return rows
  }

  /** Tells listeners (receipt matching) about events committed by an import. */
  async announce(scope: OrgScope, eventIds: string[]): Promise<void> {
    for (const listener of this.arrivalListeners) await listener(scope, eventIds)
  }

  /**
   * A category rule was created or changed: waiting events without a category that its pattern
   * matches may now have one. The full matcher still decides, so precedence holds.
   */
  async categorizeWaiting(scope: OrgScope, vendorPattern: string): Promise<void> {
    await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const waiting = await this.deps.store.waitingWithoutCategory(tx, scope, vendorPattern)
      if (waiting.length === 0) return ok(0)
      const matches = await this.deps.categoryRules.categorize(
        tx,
        scope,
        waiting.map((e) => e.merchantName),
      )
      const applied: typeof matches = []
      for (const [index, event] of waiting.entries()) {
        const rule = matches[index]
        if (!rule) continue
        const accepted = await this.deps.store.update(
          tx,
          scope,
          event.id,
          editableStatuses,
          { categoryId: rule.accountId, categoryRuleId: rule.id },
          this.now(),
        )
        if (accepted) applied.push(rule)
      }
      await this.deps.categoryRules.recordMatches(tx, scope, applied)
      return ok(applied.length)
    })
  }

  countInStatus(ex: Executor, scope: OrgScope, status: Status, range: { from: string; to: string }) {
    return this.deps.store.countInStatus(ex, scope, status, range)
  }

  duplicateCandidates(
    ex: Executor,
    scope: OrgScope,
    paymentAccountId: string,
    window: { from: string; to: string },
    references: string[],
  ) {
    return this.deps.store.duplicateCandidates(ex, scope, paymentAccountId, window, references)
  }

  setHasDocument(ex: Executor, scope: OrgScope, eventId: string, hasDocument: boolean): Promise<void> {
    return this.deps.store.setHasDocument(ex, scope, eventId, hasDocument, this.now())
  }

  receiptCandidates(
    ex: Executor,
    scope: OrgScope,
    amountMinor: bigint,
    window: { from: string; to: string },
    limit: number,
  ) {
    return this.deps.store.receiptCandidates(ex, scope, amountMinor, window, limit)
  }

  async eventsByIds(ex: Executor, scope: OrgScope, ids: string[]): Promise<LedgerEventRecord[]> {
    return this.deps.store.findByIds(ex, scope, ids)
  }

  // ---- bulk work of imports that post as they import (the payment-processor import) ----------

  /**
   * Inserts classified events as confirmed and posts their entries, inside the caller's
   * transaction: what confirmInTransaction does for one event, done for a whole import in
   * multi-row statements. No category rules run and no tax applies.
   */
  async insertConfirmedEvents(
    tx: Executor,
    scope: OrgScope,
    events: Array<
      Omit<
        NewLedgerEvent,
        | 'id'
        | 'createdAt'
        | 'status'
        | 'categoryId'
        | 'paymentAccountId'
        | 'categoryRuleId'
        | 'taxAmountMinor'
        | 'taxFromCode'
        | 'taxAccountId'
        | 'salesTaxCode'
      > & { id?: string; categoryId: string; paymentAccountId: string }
    >,
  ): Promise<NewLedgerEvent[]> {
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
    await this.deps.store.insertManyPosted(tx, scope, rows)
    await this.deps.journal.postEventEntries(
      tx,
      scope,
      rows.map((row, index) => {
        const { categoryId, paymentAccountId } = events[index] as (typeof events)[number]
        return {
          eventId: row.id,
          entryId: row.journalEntryId,
          plan: planPosting({
            eventType: row.eventType,
            grossMinor: row.amountMinor,
            taxMinor: 0n,
            categoryId,
            paymentAccountId,
            taxAccountId: paymentAccountId,
            contactId: row.contactId,
            txnDate: row.transactionDate,
            currency: row.currency,
          }),
        }
      }),
    )
    return rows
  }

  existingBackfillIds(ex: Executor, scope: OrgScope, backfillIds: string[]): Promise<Set<string>> {
    return this.deps.store.existingBackfillIds(ex, scope, backfillIds)
  }

  batchExists(ex: Executor, scope: OrgScope, batchId: string): Promise<boolean> {
    return this.deps.store.batchExists(ex, scope, batchId)
  }

  /**
   * The events of one import source (one batch of it, or all), with what their books hold, for a
   * deletion in the caller's transaction. On PostgreSQL their rows are locked until it ends, so a
   * concurrent confirm waits and then finds the event gone instead of posting it unseen.
   */
  importedEvents(tx: Executor, scope: OrgScope, source: EventSource, batchId: string | undefined) {
    return this.deps.store.importedEvents(tx, scope, source, batchId, this.deps.engine === 'postgres')
  }

  /**
   * Deletes the imported events of these batches; events of any other source are never touched.
   * The caller first reverses what they posted and detaches what points at them, in the same
   * transaction.
   */
  deleteImportedEvents(
    tx: Executor,
    scope: OrgScope,
    source: EventSource,
    batchIds: string[],
  ): Promise<number> {
    return this.deps.store.deleteImported(tx, scope, source, batchIds)
  }

  // ---- helpers ------------------------------------------------------------------------------

  /**
   * What every edit of a waiting event shares: the lock, the refusal of an event that is missing
   * or no longer editable, and the status-guarded write, so that `decide` only works out changes.
   */
  private async editWaitingEvent(
    principal: Principal,
    organizationId: string,
    eventId: string,
    decide: (tx: Executor, scope: OrgScope, event: LedgerEventRecord) => Promise<Result<EventChanges>>,
  ): Promise<Result<LedgerEventView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'member')
    const updated = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const event = await this.lockedEvent(tx, scope, eventId)
      if (!event) return eventNotFound()
      if (!editableStatuses.includes(event.status)) return notEditable(event.status)
      const changes = await decide(tx, scope, event)
      if (!changes.ok) return changes
      if (!(await this.deps.store.update(tx, scope, eventId, editableStatuses, changes.value, this.now()))) {
        return notEditable(event.status)
      }
      return ok(eventId)
    })
    if (!updated.ok) return updated
    return this.viewOf(scope, eventId)
  }

  /**
   * Reads an event for a change after taking its row lock. Under PostgreSQL's read committed, a
   * plain read followed by a status-guarded write misses an edit that commits in between: a
   * confirm posted the old amount, a tax check passed against an amount already replaced.
   * Touching the row first takes its write lock, so a concurrent edit has either committed before
   * this read or waits for this transaction; SQLite's writers already run one at a time. Touching
   * an event that is not editable changes nothing.
   */
  private async lockedEvent(tx: Executor, scope: OrgScope, eventId: string) {
    if (this.deps.engine === 'postgres')
      await this.deps.store.update(tx, scope, eventId, editableStatuses, {}, this.now())
    return this.deps.store.findById(tx, scope, eventId)
  }

  private async checkReferences(
    ex: Executor,
    scope: OrgScope,
    eventType: EventType,
    refs: { categoryId: string | null; paymentAccountId: string | null; contactId: string | null },
    paymentField = 'paymentAccountId',
  ): Promise<Result<true>> {
    const ids = [refs.categoryId, refs.paymentAccountId].filter((id): id is string => id !== null)
    const accounts = new Map((await this.deps.accounts.accountsByIds(ex, scope, ids)).map((a) => [a.id, a]))
    if (refs.categoryId) {
      const category = accounts.get(refs.categoryId)
      if (!category) return fail('CATEGORY_NOT_FOUND', 'No account with this categoryId.', 'categoryId')
      const problem = categoryProblem(eventType, category, refs.paymentAccountId)
      if (problem) return problem
    }
    if (refs.paymentAccountId) {
      const payment = accounts.get(refs.paymentAccountId)
      if (!payment)
        return fail('PAYMENT_ACCOUNT_NOT_FOUND', `No account with this ${paymentField}.`, paymentField)
      const problem = paymentProblem(payment, paymentField)
      if (problem) return problem
    }
    if (refs.contactId) {
      const [contact] = await this.deps.contacts.contactsByIds(ex, scope, [refs.contactId])
      if (!contact) return fail('CONTACT_NOT_FOUND', 'No contact with this contactId.', 'contactId')
    }
    return ok(true as const)
  }

  private async viewOf(scope: OrgScope, eventId: string): Promise<Result<LedgerEventView>> {
    const event = await this.deps.store.findById(this.deps.db, scope, eventId)
    if (!event) return eventNotFound()
    const [view] = await this.views(this.deps.db, scope, [event])
    return ok(view as LedgerEventView)
  }

  private async views(
    ex: Executor,
    scope: OrgScope,
    events: LedgerEventRecord[],
  ): Promise<LedgerEventView[]> {
    const accountIds = events.flatMap((e) =>
      [e.categoryId, e.paymentAccountId, e.taxAccountId].filter((id): id is string => id !== null),
    )
    const contactIds = events.flatMap((e) => (e.contactId ? [e.contactId] : []))
    const entryIds = events.flatMap((e) =>
      [e.journalEntryId, e.reversalEntryId].filter((id): id is string => id !== null),
    )
    const [accounts, contacts, entries] = await Promise.all([
      this.deps.accounts.accountsByIds(ex, scope, accountIds),
      this.deps.contacts.contactsByIds(ex, scope, contactIds),
      this.deps.journal.entries(ex, scope, entryIds),
    ])
    const accountById = new Map(accounts.map((a) => [a.id, a]))
    const contactById = new Map(contacts.map((c) => [c.id, c]))
    const entryById = new Map(entries.map((e) => [e.id, e]))
    const lookup = <T>(map: Map<string, T>, id: string | null) => (id === null ? null : (map.get(id) ?? null))
    return events.map((event) => ({
      event,
      category: lookup(accountById, event.categoryId),
      paymentAccount: lookup(accountById, event.paymentAccountId),
      taxAccount: lookup(accountById, event.taxAccountId),
      contact: lookup(contactById, event.contactId),
      journalEntry: lookup(entryById, event.journalEntryId),
      reversalEntry: lookup(entryById, event.reversalEntryId),
    }))
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

/** What a new event is made from; the rest is filled in as it is inserted. */
type NewEventParts = Omit<
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
> & { id?: string }

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
    merchantName: event.merchantName,
    memo: event.memo,
    amountMinor: event.amountMinor,
    currency: event.currency,
    transactionDate: event.transactionDate,
    status: filled.status,
    categoryId: filled.categoryId,
    paymentAccountId: event.paymentAccountId,
    contactId: event.contactId,
    taxAmountMinor: null,
    taxFromCode: false,
    taxAccountId: null,
    salesTaxCode: null,
    categoryRuleId: filled.categoryRuleId,
    reference: event.reference,
    source: event.source,
    backfillId: event.backfillId,
    batchId: event.batchId,
    journalEntryId: filled.journalEntryId,
    createdAt: filled.createdAt,
  }
}

const eventNotFound = () => fail('EVENT_NOT_FOUND', 'No ledger event with this id.', 'eventId')
const taxTooLarge = () => fail('INVALID_TAX_AMOUNT', 'taxAmount must be less than the amount.', 'taxAmount')

/** The tax included in a tax-inclusive amount at the code's rate on the transaction date. */
function taxFromCode(code: string, grossMinor: bigint, date: string): Result<bigint> {
  const rate = rateOn(code, date)
  if (!rate) return fail('TAX_CODE_NO_RATE', `Sales tax ${code} has no rate on ${date}.`, 'taxCode')
  return ok(taxIncludedIn(grossMinor, rate))
}

export type { EventSource }
