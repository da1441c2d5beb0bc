import type { Executor } from '../../db/schema.js'
import { currencyDecimals, parseCurrency } from '../../kernel/currency.js'
import { parseExchangeRate } from '../../kernel/exchange-rate.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import {
  type Direction,
  type EventType,
  parseAmount,
  parseDirection,
  parseEventType,
  parseMemo,
  parseMerchantName,
  parseTransactionDate,
} from './ledger-event.js'
import type { LedgerEventQueryService } from './ledger-event-query-service.js'
import type { NewLedgerEvent } from './ledger-event-row-store.js'
import type { EventMakingPort, NewEventInput } from './ledger-events-port.js'
import type { LedgerEventsProvider } from './ledger-events-provider.js'

/** An event's fields as createLedgerEvent checks them, before anything is read. */
export interface ParsedEvent {
  currency: string
  merchantName: string
  amountMinor: bigint
  transactionDate: string
  eventType: EventType
  memo: string
  direction: Direction
  exchangeRate: string | null
}

/** createLedgerEvent's checks of the fields themselves, in the order a client reads them. */
export function parseNewEvent(input: NewEventInput, functionalCurrency: string): Result<ParsedEvent> {
  const parsedCurrency = parseCurrency(input.currency ?? functionalCurrency)
  if (!parsedCurrency.ok) return parsedCurrency
  const currency = parsedCurrency.value
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
  const direction = parseDirection(input.direction, eventType.value)
  if (!direction.ok) return direction
  let exchangeRate: string | null = null
  if (input.exchangeRate != null) {
    const rate = parseExchangeRate(input.exchangeRate)
    if (!rate.ok) return rate
    if (currency === functionalCurrency) {
      return fail(
        'INVALID_EXCHANGE_RATE',
        `${currency} is the functional currency; an event in it takes no exchange rate.`,
        'exchangeRate',
      )
    }
    exchangeRate = rate.value.text
  }
  return ok({
    currency,
    merchantName: merchantName.value,
    amountMinor: amount.value,
    transactionDate: date.value,
    eventType: eventType.value,
    memo: memo.value,
    direction: direction.value,
    exchangeRate,
  })
}

/**
 * Events another module makes inside its own transaction (recurring entries), under every rule
 * createLedgerEvent applies. One that is to be posted and is classified (a category and a payment
 * account) is posted through the one posting path as an import posts; any other waits for review.
 */
export class LedgerEventMaking implements EventMakingPort {
  constructor(
    private readonly deps: {
      eventQueries: LedgerEventQueryService
      recorder: LedgerEventsProvider
      periodLock: OrganizationsPort
      /** Read in the caller's transaction: on SQLite it holds the only connection. */
      functionalCurrency: (ex: Executor, scope: OrgScope) => Promise<string>
    },
  ) {}

  async checkNewEvent(ex: Executor, scope: OrgScope, input: NewEventInput): Promise<Result<ParsedEvent>> {
    const parsed = parseNewEvent(input, await this.deps.functionalCurrency(ex, scope))
    if (!parsed.ok) return parsed
    const refs = await this.deps.eventQueries.checkReferences(ex, scope, parsed.value.eventType, {
      categoryId: input.categoryId ?? null,
      paymentAccountId: input.paymentAccountId ?? null,
      contactId: input.contactId ?? null,
    })
    if (!refs.ok) return refs
    const open = await this.deps.periodLock.checkOpen(
      ex,
      scope,
      [parsed.value.transactionDate],
      'transactionDate',
    )
    return open.ok ? parsed : open
  }

  async createEvent(
    tx: Executor,
    scope: OrgScope,
    input: NewEventInput,
    post: boolean,
  ): Promise<Result<NewLedgerEvent>> {
    const parsed = await this.checkNewEvent(tx, scope, input)
    if (!parsed.ok) return parsed
    const categoryId = input.categoryId ?? null
    const paymentAccountId = input.paymentAccountId ?? null
    const parts = {
      ...parsed.value,
      contactId: input.contactId ?? null,
      reference: null,
      source: 'api' as const,
      backfillId: null,
      batchId: null,
    }
    if (post && categoryId !== null && paymentAccountId !== null) {
      const posted = await this.deps.recorder.recordPosted(tx, scope, [
        { ...parts, categoryId, paymentAccountId },
      ])
      if (!posted.ok) return posted
      return ok(posted.value[0] as NewLedgerEvent)
    }
    const [event] = await this.deps.recorder.recordArrivals(tx, scope, [
      { ...parts, categoryId, paymentAccountId, status: 'needs_review' },
    ])
    return ok(event as NewLedgerEvent)
  }

  announce(scope: OrgScope, eventIds: string[]): Promise<void> {
    return this.deps.recorder.announce(scope, eventIds)
  }
}
