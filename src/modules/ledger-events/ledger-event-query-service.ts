import type { Executor } from '../../db/schema.js'
import { addDays, calendarDateOf } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { currencyDecimals, defaultCurrency } from '../../kernel/currency.js'
import { type ExchangeRate, storedExchangeRate } from '../../kernel/exchange-rate.js'
import { limits } from '../../kernel/limits.js'
import { parseMoney } from '../../kernel/money.js'
import { type Page, type PageArgs, pageOf, parsePageRequest } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountRecord, AccountsPort } from '../accounts/accounts-port.js'
import type { ContactRecord, ContactsPort } from '../contacts/contacts-port.js'
import type { ExchangeRatesPort } from '../exchange-rates/exchange-rates-port.js'
import type { JournalEntryRecord, JournalPort } from '../journal/journal-port.js'
import type { TaxCodesPort } from '../tax-codes/tax-codes-port.js'
import { type EntryLineRecord, lineTaxParts, recoverableOf } from './entry-lines.js'
import {
  categoryProblem,
  type EventType,
  isStatus,
  parseTransactionDate,
  paymentProblem,
  type Status,
  statuses,
} from './ledger-event.js'
import { mealsAccounts, netTaxKindOf } from './ledger-event-posting.js'
import type { LedgerEventRecord } from './ledger-event-row-store.js'
import type { EventFilters, EventSort, LedgerEventStore } from './ledger-event-store.js'

/**
 * An event with the records it refers to. It holds the event rather than copying its fields: V8
 * builds a copy of a 26-field object with six more fields on its slow path, which cost a page of
 * 25 events about 100 µs.
 */
export interface LedgerEventView {
  organizationId: string
  event: LedgerEventRecord
  category: AccountRecord | null
  paymentAccount: AccountRecord | null
  taxAccount: AccountRecord | null
  contact: ContactRecord | null
  journalEntry: JournalEntryRecord | null
  reversalEntry: JournalEntryRecord | null
  splitAccount: AccountRecord | null
  /** The organization's functional currency. */
  functionalCurrency: string
  /**
   * What converts the event's amount into the functional currency: its own rate (given, or the one
   * it was posted with), else the rate table's for its day; null for an event in the functional
   * currency, or one no rate is known for yet.
   */
  rate: ExchangeRate | null
  /** The accounts the event posts to, as DESIGN 8.2 reads them back; empty unless read. */
  lines: EntryLineView[]
}

/** A line of an event, with what its tax posts. Amounts are in the event's own currency. */
export interface EntryLineView {
  accountId: string
  account: AccountRecord | null
  amountMinor: bigint
  netMinor: bigint
  taxCode: string | null
  taxMinor: bigint | null
  recoverableMinor: bigint
  memo: string
  contact: ContactRecord | null
}

/**
 * Which records a view reads beside its events. A list reads only those its query selects; a part
 * left out reads as null in every view, so it must not be left out of anything that answers it.
 */
export interface RelatedParts {
  accounts: boolean
  contacts: boolean
  journalEntries: boolean
  lines: boolean
}

const everyRelatedPart: RelatedParts = { accounts: true, contacts: true, journalEntries: true, lines: true }

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

const eventSorts = [
  'transactionDate',
  'functionalAmount',
  'merchantName',
  'status',
] as const satisfies readonly EventSort[]

/**
 * Reads events: the GraphQL queries, and what other modules look up, each under the OrgScope
 * their caller was authorized for.
 */
export class LedgerEventQueryService {
  constructor(
    private readonly deps: {
      db: Executor
      clock: Clock
      store: LedgerEventStore
      access: AccessPort
      accounts: AccountsPort
      contacts: ContactsPort
      journal: JournalPort
      rates: ExchangeRatesPort
      taxCodes: TaxCodesPort
      functionalCurrencyOf: (organizationId: string) => Promise<string>
    },
  ) {}

  async getLedgerEvent(
    principal: Principal,
    organizationId: string,
    eventId: string,
  ): Promise<Result<LedgerEventView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'getLedgerEvent')
    return this.viewOf(scope, eventId)
  }

  async listLedgerEvents(
    principal: Principal,
    organizationId: string,
    args: ListEventsArgs,
    related: RelatedParts = everyRelatedPart,
  ): Promise<Result<Page<LedgerEventView>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listLedgerEvents')
    const page = parsePageRequest(args, eventSorts, { sortBy: 'transactionDate', sortDir: 'desc' })
    if (!page.ok) return page
    const filters = this.parseFilters(args)
    if (!filters.ok) return filters
    if (page.value.search) filters.value.search = page.value.search
    const found = await this.deps.store.page(this.deps.db, scope, filters.value, page.value)
    const views = await this.views(this.deps.db, scope, found.items, related)
    return ok(pageOf(views, found.totalCount, page.value))
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
      filters.dateFrom = addDays(
        calendarDateOf(this.deps.clock.now()),
        -Math.min(args.sinceDays, limits.sinceDaysMax),
      )
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

  /** An event with the records it refers to, read after the caller's transaction committed. */
  async viewOf(scope: OrgScope, eventId: string): Promise<Result<LedgerEventView>> {
    const event = await this.deps.store.findById(this.deps.db, scope, eventId)
    if (!event) return eventNotFound()
    const [view] = await this.views(this.deps.db, scope, [event])
    return ok(view as LedgerEventView)
  }

  private async views(
    ex: Executor,
    scope: OrgScope,
    events: LedgerEventRecord[],
    related: RelatedParts = everyRelatedPart,
  ): Promise<LedgerEventView[]> {
    const linesOf = related.lines
      ? await this.deps.store.lines.linesOf(
          ex,
          scope,
          events.filter((e) => e.categoryId !== null).map((e) => e.id),
        )
      : new Map<string, EntryLineRecord[]>()
    const lineRecords = [...linesOf.values()].flat()
    const accountIds = [
      ...(related.accounts || related.lines
        ? events.flatMap((e) =>
            [e.categoryId, e.paymentAccountId, e.taxAccountId, e.splitAccountId].filter(
              (id): id is string => id !== null,
            ),
          )
        : []),
      ...lineRecords.map((line) => line.accountId),
    ]
    const contactIds = [
      ...(related.contacts || related.lines ? events.flatMap((e) => (e.contactId ? [e.contactId] : [])) : []),
      ...lineRecords.flatMap((line) => (line.contactId ? [line.contactId] : [])),
    ]
    const entryIds = related.journalEntries
      ? events.flatMap((e) => [e.journalEntryId, e.reversalEntryId].filter((id): id is string => id !== null))
      : []
    const functionalCurrency = await this.deps.functionalCurrencyOf(scope.organizationId)
    const unrated = events.filter((e) => e.currency !== functionalCurrency && e.exchangeRate === null)
    // A list that selects no related record (the review queue's page) reads nothing more, and
    // skips the four calls and their promises that would each answer nothing.
    const nothingToRead =
      accountIds.length === 0 && contactIds.length === 0 && entryIds.length === 0 && unrated.length === 0
    const [accounts, contacts, entries, tables] = nothingToRead
      ? [[], [], [], undefined]
      : await Promise.all([
          this.deps.accounts.accountsByIds(ex, scope, accountIds),
          this.deps.contacts.contactsByIds(ex, scope, contactIds),
          this.deps.journal.findEntries(ex, scope, entryIds),
          unrated.length === 0
            ? undefined
            : this.deps.rates.tablesFor(
                ex,
                scope,
                unrated.map((e) => ({ currency: e.currency, date: e.transactionDate })),
              ),
        ])
    const rateOf = (event: LedgerEventRecord): ExchangeRate | null => {
      if (event.currency === functionalCurrency) return null
      if (event.exchangeRate !== null) return storedExchangeRate(event.exchangeRate)
      return tables?.get(event.currency)?.rateOn(event.transactionDate) ?? null
    }
    const accountById = new Map(accounts.map((a) => [a.id, a]))
    const contactById = new Map(contacts.map((c) => [c.id, c]))
    const entryById = new Map(entries.map((e) => [e.id, e]))
    // An empty map answers null without hashing the id, a new string on every row.
    const lookup = <T>(map: Map<string, T>, id: string | null) =>
      id === null || map.size === 0 ? null : (map.get(id) ?? null)
    const meals = related.lines ? await mealsAccounts(this.deps.taxCodes, ex, accountById) : new Set<string>()
    const linesFor = (event: LedgerEventRecord): EntryLineView[] => {
      if (!related.lines) return []
      const stored = linesOf.get(event.id) ?? oneCategoryLines(event)
      return stored.map((line) => {
        const account = lookup(accountById, line.accountId)
        const kind = netTaxKindOf(event.eventType, account ?? undefined)
        const parts = lineTaxParts(line, event.transactionDate, kind, meals.has(line.accountId))
        return {
          accountId: line.accountId,
          account,
          amountMinor: line.amountMinor,
          netMinor: line.amountMinor - (line.taxAmountMinor ?? 0n),
          taxCode: line.taxCode,
          taxMinor: line.taxAmountMinor,
          recoverableMinor: recoverableOf(parts, kind),
          memo: line.memo,
          contact: lookup(contactById, line.contactId),
        }
      })
    }
    return events.map((event) => ({
      organizationId: scope.organizationId,
      event,
      lines: linesFor(event),
      category: lookup(accountById, event.categoryId),
      paymentAccount: lookup(accountById, event.paymentAccountId),
      taxAccount: lookup(accountById, event.taxAccountId),
      contact: lookup(contactById, event.contactId),
      journalEntry: lookup(entryById, event.journalEntryId),
      reversalEntry: lookup(entryById, event.reversalEntryId),
      splitAccount: lookup(accountById, event.splitAccountId),
      functionalCurrency,
      rate: rateOf(event),
    }))
  }

  /** Whether the accounts and contact an event names exist in the organization and fit its type. */
  async checkReferences(
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
}

/** An event classified the old way, read as its lines: the category, and the split beside it. */
function oneCategoryLines(event: LedgerEventRecord): EntryLineRecord[] {
  if (event.categoryId === null) return []
  const splitMinor = event.splitAccountId !== null ? (event.splitAmountMinor ?? 0n) : 0n
  const category: EntryLineRecord = {
    lineNo: 1,
    accountId: event.categoryId,
    amountMinor: event.amountMinor - splitMinor,
    taxCode: event.salesTaxCode,
    taxAmountMinor: event.taxAmountMinor,
    taxFromCode: event.taxFromCode,
    memo: '',
    contactId: event.contactId,
  }
  if (splitMinor === 0n || event.splitAccountId === null) return [category]
  return [
    category,
    {
      lineNo: 2,
      accountId: event.splitAccountId,
      amountMinor: splitMinor,
      taxCode: null,
      taxAmountMinor: null,
      taxFromCode: false,
      memo: '',
      contactId: event.contactId,
    },
  ]
}

export const eventNotFound = () => fail('EVENT_NOT_FOUND', 'No ledger event with this id.', 'eventId')
