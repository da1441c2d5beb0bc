import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import { hitFaultPoint } from '../../fault-points.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { type Failure, fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountsPort } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { CategoryRulesPort } from '../category-rules/category-rules-port.js'
import type { JournalPort } from '../journal/journal-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import { editableStatuses, postedStatuses, reconciledEvent } from './ledger-event.js'
import { parseNewEvent } from './ledger-event-making.js'
import type { LedgerEventPosting } from './ledger-event-posting.js'
import {
  eventNotFound,
  type LedgerEventQueryService,
  type LedgerEventView,
} from './ledger-event-query-service.js'
import type { EventChanges, NewLedgerEvent } from './ledger-event-row-store.js'
import type { LedgerEventStore } from './ledger-event-store.js'
import type { NewEventInput } from './ledger-events-port.js'
import { eventChange, type LedgerEventsProvider } from './ledger-events-provider.js'

/** What createLedgerEvent takes. */
export type CreateEventInput = NewEventInput

/**
 * What a client does to an event: create it, edit it while it waits, confirm it into the books
 * (through the one posting path), reject it, mark it synced. Authorization first, then one
 * database transaction each.
 */
export class LedgerEventLifecycleService {
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
    // Waiting events pick up a rule that was created or changed.
    deps.categoryRules.onRulesChanged((scope, vendorPattern) => this.categorizeWaiting(scope, vendorPattern))
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
      if (current.status === 'reconciled') return reconciledEvent()
      return fail(
        current.status === 'ignored' ? 'EVENT_IGNORED' : 'EVENT_ALREADY_CONFIRMED',
        `Only events in needs_review or pending can be confirmed; this one is ${current.status}.`,
        'eventId',
      )
    }
    const open = await this.deps.periodLock.checkOpen(tx, scope, [event.transactionDate], 'eventId')
    if (!open.ok) return open
    const lines = (await this.deps.store.lines.linesOf(tx, scope, [eventId])).get(eventId)
    let taxAccountId = event.taxAccountId
    const taxMinor = event.taxAmountMinor ?? 0n
    if (
      !lines &&
      taxMinor > 0n &&
      taxMinor < event.amountMinor &&
      !taxAccountId &&
      event.categoryId &&
      event.paymentAccountId
    ) {
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
      errors: Array<{ index: number; eventId: string; error: string; errorCode: string }>
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
      const errors: Array<{ index: number; eventId: string; error: string; errorCode: string }> = []
      let syncedCount = 0
      const lockDate = await this.deps.periodLock.lockDate(tx, scope)
      for (const [index, eventId] of eventIds.entries()) {
        if (lockDate !== null) {
          const event = await this.deps.store.findById(tx, scope, eventId)
          const open = event
            ? await this.deps.periodLock.checkOpen(tx, scope, [event.transactionDate], 'eventIds')
            : ok(undefined)
          if (!open.ok) {
            errors.push({ index, eventId, error: open.error.message, errorCode: open.error.code })
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
        errors.push({ index, eventId, error: failure.message, errorCode: failure.code })
      }
      return ok({ syncedCount, errors })
    })
  }

  /**
   * A category rule was created or changed: waiting events without a category that its pattern
   * matches may now have one. The full matcher still decides, so precedence holds.
   */
  async categorizeWaiting(scope: OrgScope, vendorPattern: string): Promise<void> {
    await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const lockDate = await this.deps.periodLock.lockDate(tx, scope)
      // A closed period stays as it was closed, rules or not.
      const waiting = (await this.deps.store.waitingWithoutCategory(tx, scope, vendorPattern)).filter(
        (event) => lockDate === null || event.transactionDate > lockDate,
      )
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
        if (accepted) {
          applied.push(rule)
          await this.deps.audit.record(tx, scope, [
            eventChange(
              'classified',
              event.id,
              { categoryId: null, categoryRuleId: null },
              { categoryId: rule.accountId, categoryRuleId: rule.id },
            ),
          ])
        }
      }
      await this.deps.categoryRules.recordMatches(tx, scope, applied)
      return ok(applied.length)
    })
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}
