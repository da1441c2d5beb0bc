import type { Executor } from '../../db/schema.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { convertMinor, type ExchangeRate, storedExchangeRate } from '../../kernel/exchange-rate.js'
import { type Failure, fail, ok, type Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import { type AccountRecord, type AccountsPort, exchangeGainOrLoss } from '../accounts/accounts-port.js'
import type { ExchangeRatesPort } from '../exchange-rates/exchange-rates-port.js'
import type { JournalPort, NetTaxKind, PostingInput } from '../journal/journal-port.js'
import {
  assertBalanced,
  type EntryPlan,
  type PostingLine,
  type PostingLinePart,
  planLinesPosting,
  planPosting,
} from '../journal/journal-port.js'
import type { TaxCodesPort } from '../tax-codes/tax-codes-port.js'
import { type EntryLineRecord, linesAddUp, lineTaxParts, taxedEventTypes } from './entry-lines.js'
import { categoryProblem, paymentProblem, splitProblem, taxAccountProblem } from './ledger-event.js'
import type { LedgerEventRecord } from './ledger-event-row-store.js'
import type { LedgerEventStore } from './ledger-event-store.js'
import type { EventSettlement } from './ledger-events-port.js'

/** What posting reads of an event that has just become confirmed and names its entry. */
export type PostingEvent = Pick<
  LedgerEventRecord,
  | 'id'
  | 'eventType'
  | 'direction'
  | 'amountMinor'
  | 'taxAmountMinor'
  | 'splitAmountMinor'
  | 'categoryId'
  | 'paymentAccountId'
  | 'taxAccountId'
  | 'salesTaxCode'
  | 'splitAccountId'
  | 'contactId'
  | 'transactionDate'
  | 'currency'
  | 'exchangeRate'
> & {
  journalEntryId: string
  /** An event classified line by line; absent, it posts by its category, split and tax. */
  lines?: readonly EntryLineRecord[]
  /** The documents the event pays (DESIGN 8.6): their control accounts stand where a category would. */
  settlements?: readonly EventSettlement[]
}

type Planned = { eventId: string; entryId: string; plan: EntryPlan }

/**
 * The one way an event reaches the books: a confirm, and an import that posts as it imports, both
 * end here, inside the caller's transaction. Every event is checked against the organization's
 * accounts before anything is written, so an import is refused what a confirm is refused, and a
 * refusal rolls the caller's transaction back. The books are kept in the organization's functional
 * currency: an event in another is converted at its own rate, or at the rate table's for its day,
 * which is then kept on the event; without either it cannot be posted (DESIGN 7.7).
 */
export class LedgerEventPosting {
  constructor(
    private readonly deps: {
      accounts: AccountsPort
      journal: JournalPort
      rates: ExchangeRatesPort
      taxCodes: TaxCodesPort
      store: LedgerEventStore
      /** Read in the posting's transaction, held against a change until it ends. */
      functionalCurrency: (tx: Executor, scope: OrgScope) => Promise<string>
    },
  ) {}

  /** Posts the events; answers the rates taken from the rate table, by event, for the audit trail. */
  async post(tx: Executor, scope: OrgScope, events: PostingEvent[]): Promise<Result<Map<string, string>>> {
    const { outcomes, ratesFound, rateRefusal } = await this.plan(tx, scope, events)
    if (rateRefusal) return rateRefusal
    const planned: Planned[] = []
    for (const outcome of outcomes) {
      if (!outcome.ok) return outcome
      planned.push(outcome.value)
    }
    if (planned.length === 1) {
      // One event (a confirm) goes through the single-entry write, which tells a lost race apart.
      const [only] = planned as [Planned]
      const posted = await this.deps.journal.postEventEntry(tx, scope, only.eventId, only.plan, only.entryId)
      if (!posted)
        return fail('EVENT_ALREADY_CONFIRMED', 'This event already has a journal entry.', 'eventId')
    } else if (planned.length > 0) await this.deps.journal.postEventEntries(tx, scope, planned)
    for (const [eventId, rate] of ratesFound) await this.deps.store.setExchangeRate(tx, scope, eventId, rate)
    return ok(ratesFound)
  }

  /**
   * Posts each event that can be posted, in one multi-row write, and answers for each event in
   * order its refusal or the rate taken for it from the rate table. The caller holds the events
   * (a confirm of many), so none can have gained an entry meanwhile.
   */
  async postEach(
    tx: Executor,
    scope: OrgScope,
    events: PostingEvent[],
  ): Promise<Array<Result<{ rateFound: string | undefined }>>> {
    const { outcomes, ratesFound } = await this.plan(tx, scope, events)
    const planned = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []))
    if (planned.length > 0) await this.deps.journal.postEventEntries(tx, scope, planned)
    for (const { eventId } of planned) {
      const rate = ratesFound.get(eventId)
      if (rate) await this.deps.store.setExchangeRate(tx, scope, eventId, rate)
    }
    return outcomes.map((outcome) =>
      outcome.ok ? ok({ rateFound: ratesFound.get(outcome.value.eventId) }) : outcome,
    )
  }

  /** Refuses with the first event of another currency that has no rate to be posted with. */
  async checkRates(
    tx: Executor,
    scope: OrgScope,
    events: ReadonlyArray<Pick<PostingEvent, 'id' | 'currency' | 'exchangeRate' | 'transactionDate'>>,
  ): Promise<Result<void>> {
    const { missing } = await this.ratesOf(tx, scope, events)
    const [first] = missing.values()
    return first ? { ok: false, error: first } : ok(undefined)
  }

  /**
   * The entry of each event, or its refusal, in order; `rateRefusal` is the first event's with no
   * rate, which a posting of all or nothing reports first. Nothing is written.
   */
  private async plan(
    ex: Executor,
    scope: OrgScope,
    events: PostingEvent[],
  ): Promise<{
    outcomes: Array<Result<Planned>>
    ratesFound: Map<string, string>
    rateRefusal: { ok: false; error: Failure } | undefined
  }> {
    const ids = new Set<string>()
    for (const event of events) {
      if (event.categoryId) ids.add(event.categoryId)
      if (event.paymentAccountId) ids.add(event.paymentAccountId)
      if (event.taxAccountId) ids.add(event.taxAccountId)
      if (event.splitAccountId) ids.add(event.splitAccountId)
      for (const line of event.lines ?? []) ids.add(line.accountId)
      for (const settlement of event.settlements ?? []) ids.add(settlement.accountId)
    }
    const accounts = new Map(
      (await this.deps.accounts.accountsByIds(ex, scope, [...ids])).map((account) => [account.id, account]),
    )
    const meals = await mealsAccounts(this.deps.taxCodes, ex, accounts)
    const taxAccounts = await this.lineTaxAccounts(ex, scope, events)
    const { functional, rateOf, found, missing } = await this.ratesOf(ex, scope, events)
    const outcomes: Array<Result<Planned>> = []
    for (const event of events) {
      const noRate = missing.get(event.id)
      outcomes.push(
        noRate
          ? { ok: false, error: noRate }
          : await this.planOne(ex, scope, event, {
              accounts,
              meals,
              taxAccounts,
              functional,
              rate: rateOf.get(event.id),
            }),
      )
    }
    const [firstMissing] = missing.values()
    return {
      outcomes,
      ratesFound: found,
      rateRefusal: firstMissing ? { ok: false, error: firstMissing } : undefined,
    }
  }

  private async planOne(
    ex: Executor,
    scope: OrgScope,
    event: PostingEvent,
    context: {
      accounts: Map<string, AccountRecord>
      meals: Set<string>
      taxAccounts: Result<LineTaxAccounts>
      functional: string
      rate: ExchangeRate | undefined
    },
  ): Promise<Result<Planned>> {
    const { accounts, meals, taxAccounts, functional, rate } = context
    if (event.settlements) {
      const toFunctional = this.toFunctionalOf(event, rate, functional)
      const settling = settlingPlan(event, event.settlements, accounts, {
        functional,
        meals,
        taxAccounts,
        ...(toFunctional ? { toFunctional } : {}),
        rate: rate?.text,
      })
      if (!settling.ok) return settling
      const { plan, difference } = settling.value
      if (difference) {
        const exchange = await this.deps.accounts.namedAccountOrCreate(ex, scope, exchangeGainOrLoss)
        plan.lines.push({ ...difference, accountId: exchange.id })
        assertBalanced(plan)
      }
      return ok({ eventId: event.id, entryId: event.journalEntryId, plan })
    }
    const checked = event.lines
      ? linesPostingProblem(event, event.lines, accounts)
      : postingProblem(event, accounts)
    if (checked) return checked
    const paymentAccountId = event.paymentAccountId as string
    const toFunctional = rate
      ? (minor: bigint) =>
          convertMinor(minor, currencyDecimals(event.currency), rate, currencyDecimals(functional))
      : undefined
    const conversion = toFunctional ? { conversion: { originalCurrency: event.currency, toFunctional } } : {}
    if (event.lines) {
      const lined = linesPlan(event, event.lines, accounts, meals, taxAccounts)
      if (!lined.ok) return lined
      const plan = planLinesPosting({
        direction: event.direction,
        paymentAccountId,
        contactId: event.contactId,
        txnDate: event.transactionDate,
        currency: functional,
        ...conversion,
        lines: lined.value,
      })
      if (!plan) return conversionLeavesNothing(rate?.text, functional)
      return ok({ eventId: event.id, entryId: event.journalEntryId, plan })
    }
    const plan = planPosting({
      direction: event.direction,
      grossMinor: event.amountMinor,
      ...salesTaxOf(event, accounts, meals),
      splitMinor: event.splitAmountMinor ?? 0n,
      categoryId: event.categoryId as string,
      paymentAccountId,
      taxAccountId: event.taxAccountId ?? paymentAccountId,
      splitAccountId: event.splitAccountId ?? paymentAccountId,
      contactId: event.contactId,
      txnDate: event.transactionDate,
      currency: functional,
      ...conversion,
    })
    if (!plan) {
      if (toFunctional?.(event.amountMinor) === 0n) return conversionLeavesNothing(rate?.text, functional)
      return fail(
        'INVALID_SPLIT',
        `At the rate ${rate?.text}, the tax and split of this event come to more than its whole amount in ${functional}.`,
        'splitAmount',
      )
    }
    return ok({ eventId: event.id, entryId: event.journalEntryId, plan })
  }

  private toFunctionalOf(event: PostingEvent, rate: ExchangeRate | undefined, functional: string) {
    return rate
      ? (minor: bigint) =>
          convertMinor(minor, currencyDecimals(event.currency), rate, currencyDecimals(functional))
      : undefined
  }

  /**
   * Where the tax of events classified line by line posts (DESIGN 8.2): a sale's to GST/HST
   * Payable, a purchase's claim to Taxes Recoverable, each found by its system role. Read only
   * when some line has tax.
   */
  private async lineTaxAccounts(
    ex: Executor,
    scope: OrgScope,
    events: readonly PostingEvent[],
  ): Promise<Result<LineTaxAccounts>> {
    const taxed = events.some((event) => event.lines?.some((line) => (line.taxAmountMinor ?? 0n) > 0n))
    if (!taxed) return ok({ sale: '', purchase: '' })
    const [payable, recoverable] = await Promise.all([
      this.deps.accounts.accountByRole(ex, scope, 'gst_hst_payable'),
      this.deps.accounts.accountByRole(ex, scope, 'taxes_recoverable'),
    ])
    if (!payable || !recoverable) {
      return fail(
        'TAX_ACCOUNT_NOT_FOUND',
        `This organization has no ${payable ? 'Taxes Recoverable' : 'GST/HST Payable'} account for the lines' tax.`,
        'lines',
      )
    }
    return ok({ sale: payable.id, purchase: recoverable.id })
  }

  /**
   * The rate of each event in another currency: its own, else the table's for its day. `found`
   * holds the rates taken from the table, which the posting keeps on the events.
   */
  private async ratesOf(
    ex: Executor,
    scope: OrgScope,
    events: ReadonlyArray<Pick<PostingEvent, 'id' | 'currency' | 'exchangeRate' | 'transactionDate'>>,
  ): Promise<{
    functional: string
    rateOf: Map<string, ExchangeRate>
    found: Map<string, string>
    missing: Map<string, Failure>
  }> {
    const functional = await this.deps.functionalCurrency(ex, scope)
    const foreign = events.filter((event) => event.currency !== functional)
    const rateOf = new Map<string, ExchangeRate>()
    const found = new Map<string, string>()
    const missing = new Map<string, Failure>()
    if (foreign.length === 0) return { functional, rateOf, found, missing }
    const unrated = foreign.filter((event) => event.exchangeRate === null)
    const tables =
      unrated.length > 0
        ? await this.deps.rates.tablesFor(
            ex,
            scope,
            unrated.map((event) => ({ currency: event.currency, date: event.transactionDate })),
          )
        : undefined
    for (const event of foreign) {
      if (event.exchangeRate !== null) {
        rateOf.set(event.id, storedExchangeRate(event.exchangeRate))
        continue
      }
      const rate = tables?.get(event.currency)?.rateOn(event.transactionDate)
      if (!rate) {
        missing.set(event.id, exchangeRateMissing(event.currency, event.transactionDate).error)
        continue
      }
      rateOf.set(event.id, rate)
      found.set(event.id, rate.text)
    }
    return { functional, rateOf, found, missing }
  }
}

const mealsAndEntertainmentGifi = '8523'

/** The accounts among these keyed to GIFI 8523, whose purchases claim back half their tax. */
export async function mealsAccounts(
  taxCodes: TaxCodesPort,
  ex: Executor,
  accounts: Map<string, AccountRecord>,
): Promise<Set<string>> {
  const keyed = [...accounts.values()].filter((account) => account.taxCodeId !== null)
  if (keyed.length === 0) return new Set()
  const codes = await taxCodes.findByIds(ex, [...new Set(keyed.map((a) => a.taxCodeId as string))])
  const mealsCodes = new Set(codes.filter((code) => code.code === mealsAndEntertainmentGifi).map((c) => c.id))
  return new Set(keyed.filter((account) => mealsCodes.has(account.taxCodeId as string)).map((a) => a.id))
}

/** What a net line of this account is to a sales tax return, on an event that posts its tax. */
export function netTaxKindOf(
  eventType: PostingEvent['eventType'],
  account: AccountRecord | undefined,
): NetTaxKind | null {
  if (!taxedEventTypes.has(eventType)) return null
  return account?.classification === 'revenue' ? 'sale' : 'purchase'
}

const splitTaxKindOf = (account: AccountRecord | undefined): NetTaxKind | null =>
  account?.classification === 'revenue'
    ? 'sale'
    : account?.classification === 'expense' || account?.classification === 'asset'
      ? 'purchase'
      : null

/**
 * What an event's tax posts (DESIGN 8.2 and 8.3): a line per tax its code holds, what a purchase
 * does not claim back left on the category (PST, half of a meal's GST/HST and QST), and the tags a
 * sales tax return reads. Only income and expenses post their tax (DESIGN 5.4); a transfer or
 * refund moves the whole, and is nothing to a return.
 */
function salesTaxOf(
  event: PostingEvent,
  accounts: Map<string, AccountRecord>,
  meals: Set<string>,
): Pick<PostingInput, 'taxParts' | 'salesTax'> {
  const category = netTaxKindOf(event.eventType, accounts.get(event.categoryId as string))
  if (category === null) return { taxParts: [] }
  const split = event.splitAccountId ? splitTaxKindOf(accounts.get(event.splitAccountId)) : null
  const parts = lineTaxParts(
    { taxCode: event.salesTaxCode, taxAmountMinor: event.taxAmountMinor },
    event.transactionDate,
    category,
    meals.has(event.categoryId as string),
  )
  return {
    taxParts: parts.map((part) => ({ code: part.code, minor: part.postedMinor })),
    salesTax: { category, split, code: event.salesTaxCode },
  }
}

/** Where the tax of lines posts: the accounts with the roles of GST/HST Payable and Taxes Recoverable. */
interface LineTaxAccounts {
  sale: string
  purchase: string
}

/** The parts an event classified line by line posts, each line's tax beside its net. */
function linesPlan(
  event: PostingEvent,
  lines: readonly EntryLineRecord[],
  accounts: Map<string, AccountRecord>,
  meals: Set<string>,
  taxAccounts: Result<LineTaxAccounts>,
): Result<PostingLinePart[]> {
  const parts: PostingLinePart[] = []
  for (const line of lines) {
    const kind = netTaxKindOf(event.eventType, accounts.get(line.accountId))
    const taxes = lineTaxParts(line, event.transactionDate, kind, meals.has(line.accountId))
    const posted = taxes.filter((tax) => tax.postedMinor > 0n)
    if (posted.length > 0 && !taxAccounts.ok) return taxAccounts
    const taxAccountId = taxAccounts.ok ? taxAccounts.value[kind ?? 'purchase'] : ''
    parts.push({
      accountId: line.accountId,
      grossMinor: line.amountMinor,
      taxParts: posted.map((tax) => ({ code: tax.code, minor: tax.postedMinor, accountId: taxAccountId })),
      salesTax: kind === null ? null : { kind, code: line.taxCode },
      contactId: line.contactId ?? event.contactId,
    })
  }
  return ok(parts)
}

/**
 * DESIGN 8.6: the entry of a bank line that pays documents. Each document's part posts to its
 * control account tagged with its contact, untaxed (the document's own entry carried its tax); what
 * pays no document posts to the event's category as a line with the event's tax. A foreign
 * document's part clears what it was posted at, and the difference from the event's own rate is
 * answered apart, for the caller to post to "Exchange Gain or Loss".
 */
function settlingPlan(
  event: PostingEvent,
  settlements: readonly EventSettlement[],
  accounts: Map<string, AccountRecord>,
  context: {
    functional: string
    meals: Set<string>
    taxAccounts: Result<LineTaxAccounts>
    toFunctional?: (minor: bigint) => bigint
    rate: string | undefined
  },
): Result<{ plan: EntryPlan; difference: Omit<PostingLine, 'accountId'> | undefined }> {
  const refused = linesPostingProblem(event, [], accounts, false)
  if (refused) return refused
  if ((event.splitAmountMinor ?? 0n) > 0n) {
    // A split (a processor's fee, a loan's interest) would have to be shared with the documents.
    return fail(
      'INVALID_SPLIT',
      'This event pays documents; it is not also split. Remove its split before confirming.',
      'splitAmount',
    )
  }
  const settledMinor = settlements.reduce((sum, settlement) => sum + settlement.amountMinor, 0n)
  if (settledMinor > event.amountMinor) {
    return fail(
      'PAYMENT_EXCEEDS_EVENT_AMOUNT',
      'This event was applied to documents for more than its amount; change its amount or apply less.',
      'eventId',
    )
  }
  const parts: PostingLinePart[] = settlements.map((settlement) => ({
    accountId: settlement.accountId,
    grossMinor: settlement.amountMinor,
    taxParts: [],
    salesTax: null,
    contactId: settlement.contactId,
  }))
  const restMinor = event.amountMinor - settledMinor
  if (restMinor > 0n) {
    if (!event.categoryId) {
      return fail(
        'EVENT_NOT_CLASSIFIED',
        'Part of this event pays no document: assign a category for it (updateStagedEntry) before confirming.',
        'categoryId',
      )
    }
    const problem = lineAccountProblem(event, accounts.get(event.categoryId), 0)
    if (problem) return fail(problem.error.code, problem.error.message, 'categoryId')
    const rest: EntryLineRecord = {
      lineNo: 1,
      accountId: event.categoryId,
      amountMinor: restMinor,
      taxCode: event.salesTaxCode,
      taxAmountMinor: event.taxAmountMinor,
      taxFromCode: false,
      memo: '',
      contactId: null,
    }
    const taxMinor = event.taxAmountMinor ?? 0n
    if (taxMinor < 0n || taxMinor >= restMinor) {
      return fail(
        'INVALID_TAX_AMOUNT',
        'taxAmount must be less than the part that pays no document.',
        'taxAmount',
      )
    }
    const lined = linesPlan(event, [rest], accounts, context.meals, context.taxAccounts)
    if (!lined.ok) return lined
    parts.push(...lined.value)
  }
  const plan = planLinesPosting({
    direction: event.direction,
    paymentAccountId: event.paymentAccountId as string,
    contactId: event.contactId,
    txnDate: event.transactionDate,
    currency: context.functional,
    ...(context.toFunctional
      ? { conversion: { originalCurrency: event.currency, toFunctional: context.toFunctional } }
      : {}),
    lines: parts,
  })
  if (!plan) return conversionLeavesNothing(context.rate, context.functional)
  // The documents' lines come first among the parts, after the payment line on money in.
  const offset = event.direction === 'in' ? 1 : 0
  let differenceMinor = 0n
  for (const [index, settlement] of settlements.entries()) {
    const line = plan.lines[offset + index]
    if (!line || line.accountId !== settlement.accountId || line.contactId !== settlement.contactId) {
      return conversionLeavesNothing(context.rate, context.functional)
    }
    if (settlement.clearsFunctionalMinor === undefined) continue
    if (settlement.clearsFunctionalMinor <= 0n)
      return conversionLeavesNothing(context.rate, context.functional)
    differenceMinor += line.amountMinor - settlement.clearsFunctionalMinor
    line.amountMinor = settlement.clearsFunctionalMinor
  }
  const controlSide = event.direction === 'in' ? 'credit' : 'debit'
  const difference =
    differenceMinor === 0n
      ? undefined
      : ({
          side: differenceMinor > 0n ? controlSide : controlSide === 'debit' ? 'credit' : 'debit',
          amountMinor: differenceMinor > 0n ? differenceMinor : -differenceMinor,
          contactId: null,
        } satisfies Omit<PostingLine, 'accountId'>)
  return ok({ plan, difference })
}

/** Why an event classified line by line cannot be posted with these accounts, if it cannot. */
export function linesPostingProblem(
  event: PostingEvent,
  lines: readonly EntryLineRecord[],
  accounts: Map<string, AccountRecord>,
  addUp = true,
) {
  if (!event.paymentAccountId) {
    return fail(
      'EVENT_NOT_CLASSIFIED',
      'Assign a payment account (updateStagedEntry) before confirming.',
      'paymentId',
    )
  }
  const payment = accounts.get(event.paymentAccountId)
  if (!payment) return fail('PAYMENT_ACCOUNT_NOT_FOUND', 'No account with this paymentId.', 'paymentId')
  const paymentRefused = paymentProblem(payment, 'paymentId')
  if (paymentRefused) return paymentRefused
  for (const [index, line] of lines.entries()) {
    const problem = lineAccountProblem(event, accounts.get(line.accountId), index)
    if (problem) return problem
  }
  return addUp ? linesAddUp(lines, { amountMinor: event.amountMinor, currency: event.currency }) : undefined
}

/** Whether a line's account fits the event: one of the organization's, as its category would. */
export function lineAccountProblem(
  event: Pick<PostingEvent, 'eventType' | 'paymentAccountId'>,
  account: AccountRecord | undefined,
  index: number,
) {
  const field = `lines[${index}].accountId`
  if (!account) return fail('INVALID_LINES', `Line ${index + 1}: no account with this accountId.`, field)
  const refused = categoryProblem(event.eventType, account, event.paymentAccountId)
  return refused && fail(refused.error.code, `Line ${index + 1}: ${refused.error.message}`, field)
}

const conversionLeavesNothing = (rate: string | undefined, functional: string) =>
  fail(
    'INVALID_AMOUNT',
    `At the rate ${rate}, this event's amount is less than the smallest unit of ${functional}; there is nothing to post.`,
    'amount',
  )

export const exchangeRateMissing = (currency: string, date: string) =>
  fail(
    'EXCHANGE_RATE_MISSING',
    `No ${currency} rate on or before ${date}: give exchangeRate (updateLedgerEvent) or add one with setExchangeRates.`,
    'exchangeRate',
  )

/** Why an event cannot be posted with these accounts of its organization, if it cannot. */
export function postingProblem(event: PostingEvent, accounts: Map<string, AccountRecord>) {
  if (!event.categoryId || !event.paymentAccountId) {
    return fail(
      'EVENT_NOT_CLASSIFIED',
      'Assign a category and a payment account (updateStagedEntry) before confirming.',
      !event.categoryId ? 'categoryId' : 'paymentId',
    )
  }
  const category = accounts.get(event.categoryId)
  if (!category) return fail('CATEGORY_NOT_FOUND', 'No account with this categoryId.', 'categoryId')
  const categoryRefused = categoryProblem(event.eventType, category, event.paymentAccountId)
  if (categoryRefused) return categoryRefused
  const payment = accounts.get(event.paymentAccountId)
  if (!payment) return fail('PAYMENT_ACCOUNT_NOT_FOUND', 'No account with this paymentId.', 'paymentId')
  const paymentRefused = paymentProblem(payment, 'paymentId')
  if (paymentRefused) return paymentRefused
  const taxMinor = event.taxAmountMinor ?? 0n
  if (taxMinor < 0n || taxMinor >= event.amountMinor) {
    return fail('INVALID_TAX_AMOUNT', 'taxAmount must be less than the amount.', 'taxAmount')
  }
  if (taxMinor > 0n) {
    if (!event.taxAccountId) {
      return fail('TAX_ACCOUNT_REQUIRED', 'Give taxAccountId for an event with tax.', 'taxAccountId')
    }
    const taxAccount = accounts.get(event.taxAccountId)
    if (!taxAccount)
      return fail('TAX_ACCOUNT_NOT_FOUND', 'No account with this taxAccountId.', 'taxAccountId')
    const taxRefused = taxAccountProblem(taxAccount)
    if (taxRefused) return taxRefused
  }
  if (event.splitAmountMinor !== null || event.splitAccountId !== null) {
    const splitAccount = event.splitAccountId ? accounts.get(event.splitAccountId) : undefined
    return splitProblem(event, splitAccount, true)
  }
  return undefined
}
