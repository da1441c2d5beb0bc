import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { parseExchangeRate } from '../../kernel/exchange-rate.js'
import { parseMoney } from '../../kernel/money.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountsPort } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { ContactsPort } from '../contacts/contacts-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import { rateOn, salesTaxCode, taxIncludedIn } from '../tax-codes/tax-codes-port.js'
import { type EntryLineInput, type EntryLineRecord, linesOnDate, parseEntryLines } from './entry-lines.js'
import {
  categoryProblem,
  defaultDirection,
  editableStatuses,
  notEditable,
  parseAmount,
  parseDirection,
  parseEventType,
  parseMemo,
  parseTransactionDate,
  splitProblem,
  taxAccountProblem,
} from './ledger-event.js'
import { lineAccountProblem } from './ledger-event-posting.js'
import {
  eventNotFound,
  type LedgerEventQueryService,
  type LedgerEventView,
} from './ledger-event-query-service.js'
import type { EventChanges, LedgerEventRecord } from './ledger-event-row-store.js'
import type { LedgerEventStore } from './ledger-event-store.js'
import { eventChange, fieldsBefore } from './ledger-events-provider.js'

export interface ClassifyInput {
  categoryId?: string | null
  paymentId?: string | null
  taxAmount?: string | null
  taxAccountId?: string | null
  taxCode?: string | null
  contactId?: string | null
  splitAmount?: string | null
  splitAccountId?: string | null
  /** In place of category, split and tax: the event line by line (DESIGN 8.2). */
  lines?: EntryLineInput[] | null
}

/** The classification that lines replace; giving any of it drops an event's lines. */
const oneCategoryFields = [
  'categoryId',
  'taxAmount',
  'taxAccountId',
  'taxCode',
  'splitAmount',
  'splitAccountId',
] as const satisfies ReadonlyArray<keyof ClassifyInput>

/** What an edit records in the audit trail beside the event's own fields: its lines. */
interface AuditedExtra {
  before: Record<string, unknown>
  after: Record<string, unknown>
}

/**
 * Edits of an event still waiting for review: its own fields, and its classification (category,
 * payment account, contact, tax). Each edit locks the event and writes only while it is editable.
 */
export class LedgerEventEditService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      store: LedgerEventStore
      access: AccessPort
      accounts: AccountsPort
      contacts: ContactsPort
      eventQueries: LedgerEventQueryService
      periodLock: OrganizationsPort
      audit: AuditRecorder
      functionalCurrencyOf: (organizationId: string) => Promise<string>
    },
  ) {}

  async updateLedgerEvent(
    principal: Principal,
    organizationId: string,
    eventId: string,
    input: {
      transactionDate?: string | null
      memo?: string | null
      amount?: string | null
      eventType?: string | null
      direction?: string | null
      exchangeRate?: string | null
    },
  ): Promise<Result<LedgerEventView>> {
    const audited: AuditedExtra = { before: {}, after: {} }
    return this.editWaitingEvent(
      principal,
      organizationId,
      eventId,
      'updated',
      async (tx, scope, event) => {
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
        if (input.direction != null) {
          const direction = parseDirection(input.direction, event.eventType)
          if (!direction.ok) return direction
          changes.direction = direction.value
        } else if (
          changes.eventType &&
          event.source === 'api' &&
          event.direction === defaultDirection(event.eventType)
        ) {
          // A spec-shaped change of type keeps the spec's meaning; a direction a client chose, or one
          // a bank's sign gave, stays.
          changes.direction = defaultDirection(changes.eventType)
        }
        if (input.exchangeRate === null) changes.exchangeRate = null
        else if (input.exchangeRate !== undefined) {
          const rate = parseExchangeRate(input.exchangeRate)
          if (!rate.ok) return rate
          if (event.currency === (await this.deps.functionalCurrencyOf(scope.organizationId))) {
            return fail(
              'INVALID_EXCHANGE_RATE',
              `This event is in the functional currency ${event.currency}; it takes no exchange rate.`,
              'exchangeRate',
            )
          }
          changes.exchangeRate = rate.value.text
        }
        const next = { ...event, ...changes }
        const lines = await this.deps.store.lines.linesOf(tx, scope, [eventId])
        const eventLines = lines.get(eventId)
        if (eventLines) {
          const kept = await this.linesKept(tx, scope, next, eventLines, audited)
          return kept.ok ? ok({ ...changes, ...kept.value }) : kept
        }
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
      },
      audited,
    )
  }

  /**
   * The lines of an event whose type or date changes: each account must still fit its type, and a
   * tax worked out from a code is worked out again at the new date. A new amount leaves the lines
   * as they are; confirming refuses them until they add up to it again.
   */
  private async linesKept(
    tx: Executor,
    scope: OrgScope,
    next: LedgerEventRecord,
    lines: readonly EntryLineRecord[],
    audited: AuditedExtra,
  ): Promise<Result<EventChanges>> {
    const checked = await this.checkLines(tx, scope, next, lines)
    if (!checked.ok) return checked
    const moved = linesOnDate(lines, next.transactionDate)
    if (!moved.ok) return moved
    const changed = moved.value.some((line, i) => line.taxAmountMinor !== lines[i]?.taxAmountMinor)
    if (!changed) return ok({})
    await this.deps.store.lines.replaceLines(tx, scope, next.id, moved.value)
    audited.before.lines = lines
    audited.after.lines = moved.value
    const taxed = moved.value.filter((line) => line.taxAmountMinor !== null)
    return ok({ taxAmountMinor: taxed.reduce((sum, l) => sum + (l.taxAmountMinor ?? 0n), 0n) })
  }

  async updateStagedEntry(
    principal: Principal,
    organizationId: string,
    eventId: string,
    input: ClassifyInput,
  ): Promise<Result<LedgerEventView>> {
    const audited: AuditedExtra = { before: {}, after: {} }
    return this.editWaitingEvent(
      principal,
      organizationId,
      eventId,
      'classified',
      async (tx, scope, event) => {
        const oneCategory = oneCategoryFields.some((field) => input[field] != null)
        if (input.lines != null && oneCategory) {
          return fail(
            'INVALID_LINES',
            'Give lines, or categoryId, splitAmount and taxCode; not both.',
            'lines',
          )
        }
        const current = (await this.deps.store.lines.linesOf(tx, scope, [event.id])).get(event.id) ?? []
        if (input.lines != null || (current.length > 0 && !oneCategory)) {
          const lines = input.lines ? parseEntryLines(input.lines, event) : ok(current)
          if (!lines.ok) return lines
          return this.classifyByLines(tx, scope, event, input, current, lines.value, audited)
        }
        if (current.length === 0) return this.classifyOneCategory(tx, scope, event, input)
        // One category in place of lines: the lines go, and their tax with them unless given anew.
        await this.deps.store.lines.replaceLines(tx, scope, event.id, [])
        audited.before.lines = current
        audited.after.lines = []
        const cleared = input.taxAmount == null && input.taxCode == null
        const uncategorized = cleared ? { ...event, taxAmountMinor: null, taxFromCode: false } : event
        const changes = await this.classifyOneCategory(tx, scope, uncategorized, input)
        if (!changes.ok || !cleared) return changes
        return ok({ taxAmountMinor: null, taxFromCode: false, salesTaxCode: null, ...changes.value })
      },
      audited,
    )
  }

  /**
   * The event line by line: each line's account one of the organization's that fits the event,
   * each contact one of its contacts. The event's category reads as its first line's account,
   * its tax as the lines' tax; the split and the event's own tax code give way to the lines.
   */
  private async classifyByLines(
    tx: Executor,
    scope: OrgScope,
    event: LedgerEventRecord,
    input: ClassifyInput,
    current: readonly EntryLineRecord[],
    lines: EntryLineRecord[],
    audited: AuditedExtra,
  ): Promise<Result<EventChanges>> {
    const paymentAccountId = input.paymentId ?? event.paymentAccountId
    const refs = await this.deps.eventQueries.checkReferences(
      tx,
      scope,
      event.eventType,
      { categoryId: null, paymentAccountId, contactId: input.contactId ?? null },
      'paymentId',
    )
    if (!refs.ok) return refs
    const checked = await this.checkLines(tx, scope, { eventType: event.eventType, paymentAccountId }, lines)
    if (!checked.ok) return checked
    const [first] = lines as [EntryLineRecord]
    const taxed = lines.filter((line) => line.taxAmountMinor !== null)
    const changes: EventChanges = {
      categoryId: first.accountId,
      categoryRuleId: input.lines ? null : event.categoryRuleId,
      taxAmountMinor:
        taxed.length === 0 ? null : taxed.reduce((sum, l) => sum + (l.taxAmountMinor ?? 0n), 0n),
      taxFromCode: false,
      taxAccountId: null,
      salesTaxCode: null,
      splitAmountMinor: null,
      splitAccountId: null,
    }
    if (input.paymentId) changes.paymentAccountId = input.paymentId
    if (input.contactId) changes.contactId = input.contactId
    if (input.lines) {
      await this.deps.store.lines.replaceLines(tx, scope, event.id, lines)
      audited.before.lines = current
      audited.after.lines = lines
    }
    return ok(changes)
  }

  /** The accounts and contacts the lines name, checked against the organization and the event. */
  private async checkLines(
    tx: Executor,
    scope: OrgScope,
    event: { eventType: LedgerEventRecord['eventType']; paymentAccountId: string | null },
    lines: readonly EntryLineRecord[],
  ): Promise<Result<true>> {
    const accounts = new Map(
      (await this.deps.accounts.accountsByIds(tx, scope, [...new Set(lines.map((l) => l.accountId))])).map(
        (account) => [account.id, account],
      ),
    )
    for (const [index, line] of lines.entries()) {
      const problem = lineAccountProblem(event, accounts.get(line.accountId), index)
      if (problem) return problem
    }
    const contactIds = [...new Set(lines.flatMap((l) => (l.contactId ? [l.contactId] : [])))]
    const contacts = new Set((await this.deps.contacts.contactsByIds(tx, scope, contactIds)).map((c) => c.id))
    const unknown = lines.findIndex((line) => line.contactId !== null && !contacts.has(line.contactId))
    if (unknown >= 0) {
      return fail(
        'CONTACT_NOT_FOUND',
        `Line ${unknown + 1}: no contact with this contactId.`,
        `lines[${unknown}].contactId`,
      )
    }
    return ok(true as const)
  }

  /** The classification by one category, an optional split, and its tax. */
  private async classifyOneCategory(
    tx: Executor,
    scope: OrgScope,
    event: LedgerEventRecord,
    input: ClassifyInput,
  ): Promise<Result<EventChanges>> {
    const changes: EventChanges = {}
    const categoryId = input.categoryId ?? event.categoryId
    const paymentAccountId = input.paymentId ?? event.paymentAccountId
    const refs = await this.deps.eventQueries.checkReferences(
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
    const split = await this.splitChanges(tx, scope, { ...event, ...changes }, input)
    if (!split.ok) return split
    return ok({ ...changes, ...split.value })
  }

  // ---- helpers ------------------------------------------------------------------------------

  /** The split as given (a zero splitAmount removes it), checked against the event. */
  private async splitChanges(
    tx: Executor,
    scope: OrgScope,
    event: LedgerEventRecord,
    input: ClassifyInput,
  ): Promise<Result<EventChanges>> {
    if (input.splitAmount == null && input.splitAccountId == null) return ok({})
    const changes: EventChanges = {}
    if (input.splitAmount != null) {
      const amount = parseMoney(input.splitAmount, currencyDecimals(event.currency), 'splitAmount')
      if (!amount.ok) return amount
      if (amount.value < 0n) return fail('INVALID_SPLIT', 'splitAmount must not be negative.', 'splitAmount')
      if (amount.value === 0n) return ok({ splitAmountMinor: null, splitAccountId: null })
      changes.splitAmountMinor = amount.value
    }
    if (input.splitAccountId != null) changes.splitAccountId = input.splitAccountId
    const next = { ...event, ...changes }
    const [splitAccount] = next.splitAccountId
      ? await this.deps.accounts.accountsByIds(tx, scope, [next.splitAccountId])
      : []
    const problem = splitProblem(next, splitAccount, false)
    return problem ?? ok(changes)
  }

  /**
   * What every edit of a waiting event shares: the lock, the refusal of an event that is missing
   * or no longer editable, and the status-guarded write, so that `decide` only works out changes.
   */
  private async editWaitingEvent(
    principal: Principal,
    organizationId: string,
    eventId: string,
    verb: 'updated' | 'classified',
    decide: (tx: Executor, scope: OrgScope, event: LedgerEventRecord) => Promise<Result<EventChanges>>,
    audited: AuditedExtra,
  ): Promise<Result<LedgerEventView>> {
    const operation = verb === 'updated' ? 'updateLedgerEvent' : 'updateStagedEntry'
    const scope = await this.deps.access.authorize(principal, organizationId, operation)
    const updated = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const event = await this.lockedEvent(tx, scope, eventId)
      if (!event) return eventNotFound()
      if (!editableStatuses.includes(event.status)) return notEditable(event.status)
      const changes = await decide(tx, scope, event)
      if (!changes.ok) return changes
      const open = await this.deps.periodLock.checkOpen(
        tx,
        scope,
        [event.transactionDate, changes.value.transactionDate],
        'transactionDate',
      )
      if (!open.ok) return open
      if (!(await this.deps.store.update(tx, scope, eventId, editableStatuses, changes.value, this.now()))) {
        return notEditable(event.status)
      }
      await this.deps.audit.record(tx, scope, [
        eventChange(
          verb,
          eventId,
          { ...fieldsBefore(event, changes.value), ...audited.before },
          { ...changes.value, ...audited.after },
        ),
      ])
      return ok(eventId)
    })
    if (!updated.ok) return updated
    return this.deps.eventQueries.viewOf(scope, eventId)
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

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

const taxTooLarge = () => fail('INVALID_TAX_AMOUNT', 'taxAmount must be less than the amount.', 'taxAmount')

/** The tax included in a tax-inclusive amount at the code's rate on the transaction date. */
function taxFromCode(code: string, grossMinor: bigint, date: string): Result<bigint> {
  const rate = rateOn(code, date)
  if (!rate) return fail('TAX_CODE_NO_RATE', `Sales tax ${code} has no rate on ${date}.`, 'taxCode')
  return ok(taxIncludedIn(grossMinor, rate))
}
