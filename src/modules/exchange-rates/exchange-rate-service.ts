import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction } from '../../db/transaction.js'
import { parseCalendarDate } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { parseCurrency } from '../../kernel/currency.js'
import { parseExchangeRate } from '../../kernel/exchange-rate.js'
import { limits } from '../../kernel/limits.js'
import { type Page, type PageArgs, pageOf, parsePageRequest } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { ExchangeRateRecord, ExchangeRateStore } from './exchange-rate-store.js'
import { readRatesCsv } from './rates-csv.js'

export interface ExchangeRateInput {
  currency: string
  date: string
  rate: string
}

/**
 * An organization's daily exchange rates (DESIGN 7.7): set through the API or loaded from a CSV
 * by the CLI, listed, and looked up by postings and answers.
 */
export class ExchangeRateService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      store: ExchangeRateStore
      access: AccessPort
      audit: AuditRecorder
      functionalCurrencyOf: (organizationId: string) => Promise<string>
    },
  ) {}

  /** All or nothing: the first bad rate is named by its index and nothing is saved. */
  async setExchangeRates(
    principal: Principal,
    organizationId: string,
    rates: ExchangeRateInput[],
  ): Promise<Result<number>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'setExchangeRates')
    const rows = rates.map((rate, index) => ({ ...rate, origin: `rates[${index}]` }))
    return this.save(scope, rows, limits.exchangeRatesPerCallMax)
  }

  /** The CLI's `rates load`: a CSV of daily rates, checked and saved like the API's. */
  async loadCsvAsOperator(organizationId: string, text: string): Promise<Result<number>> {
    const scope = await this.deps.access.authorizeOperator(organizationId)
    const rows = readRatesCsv(text, await this.deps.functionalCurrencyOf(organizationId))
    if (!rows.ok) return rows
    return this.save(scope, rows.value, limits.exchangeRatesPerFileMax)
  }

  async listExchangeRates(
    principal: Principal,
    organizationId: string,
    args: PageArgs & { currency?: string | null; dateFrom?: string | null; dateTo?: string | null },
  ): Promise<Result<Page<ExchangeRateRecord>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listExchangeRates')
    const page = parsePageRequest({ ...args, sortBy: null }, ['date'] as const, {
      sortBy: 'date',
      sortDir: 'desc',
    })
    if (!page.ok) return page
    const currency = args.currency ? parseCurrency(args.currency) : ok(null)
    if (!currency.ok) return currency
    for (const field of ['dateFrom', 'dateTo'] as const) {
      const value = args[field]
      if (value == null) continue
      const date = parseCalendarDate(value, field)
      if (!date.ok) return date
    }
    if (args.dateFrom && args.dateTo && args.dateFrom > args.dateTo) {
      return fail(
        'INVALID_DATE_RANGE',
        `dateFrom ${args.dateFrom} is after dateTo ${args.dateTo}.`,
        'dateFrom',
      )
    }
    const found = await this.deps.store.page(
      this.deps.db,
      scope,
      { currency: currency.value, dateFrom: args.dateFrom ?? null, dateTo: args.dateTo ?? null },
      page.value,
    )
    return ok(pageOf(found.items, found.totalCount, page.value))
  }

  /** The rate tables covering these (currency, day) pairs, one query pair per currency. */
  private async save(
    scope: OrgScope,
    rows: ReadonlyArray<ExchangeRateInput & { origin: string }>,
    rowsMax: number,
  ): Promise<Result<number>> {
    if (rows.length > rowsMax) {
      return fail(
        'BATCH_TOO_LARGE',
        `At most ${rowsMax} rates can be set at once; these are ${rows.length}. Nothing was saved.`,
        'rates',
      )
    }
    const functional = await this.deps.functionalCurrencyOf(scope.organizationId)
    const updatedAt = this.deps.clock.now().toISOString()
    const records = new Map<string, ExchangeRateRecord>()
    for (const row of rows) {
      const refuse = (message: string, field: string) =>
        fail('INVALID_ROW', `${row.origin}: ${message}`, `${row.origin}.${field}`)
      const currency = parseCurrency(row.currency)
      if (!currency.ok) return refuse(currency.error.message, 'currency')
      if (currency.value === functional) {
        return refuse(`${functional} is the functional currency; its rate is always 1.`, 'currency')
      }
      const date = parseCalendarDate(row.date, 'date')
      if (!date.ok) return refuse(date.error.message, 'date')
      const rate = parseExchangeRate(row.rate, 'rate')
      if (!rate.ok) return refuse(rate.error.message, 'rate')
      // A later row for the same day wins, as it would in a second call.
      records.set(`${currency.value}|${date.value}`, {
        currency: currency.value,
        date: date.value,
        rate: rate.value.text,
        updatedAt,
      })
    }
    const saved = [...records.values()]
    await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      for (let start = 0; start < saved.length; start += limits.exchangeRatesPerInsert) {
        await this.deps.store.upsert(tx, scope, saved.slice(start, start + limits.exchangeRatesPerInsert))
      }
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'exchange_rates.set',
          entityType: 'organization',
          entityId: scope.organizationId,
          before: null,
          after: { count: saved.length, currencies: [...new Set(saved.map((rate) => rate.currency))] },
        },
      ])
    })
    return ok(saved.length)
  }
}
