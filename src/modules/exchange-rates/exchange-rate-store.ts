import type { Executor } from '../../db/schema.js'
import type { PageRequest } from '../../kernel/page.js'
import type { OrgScope } from '../access/principal.js'
import { ExchangeRateTable } from './exchange-rate-table.js'
import type { ExchangeRatesPort } from './exchange-rates-port.js'

export interface ExchangeRateRecord {
  currency: string
  date: string
  rate: string
  updatedAt: string
}

const columns = ['currency', 'rate_date as date', 'rate', 'updated_at as updatedAt'] as const

// The organization's table of daily rates: functional units per unit of `currency` on `date`.
export class ExchangeRateStore implements ExchangeRatesPort {
  /** Adds rates or replaces the rate of a (currency, day) already held. */
  async upsert(ex: Executor, scope: OrgScope, rates: ExchangeRateRecord[]): Promise<void> {
    if (rates.length === 0) return
    await ex
      .insertInto('exchange_rates')
      .values(
        rates.map((rate) => ({
          organization_id: scope.organizationId,
          currency: rate.currency,
          rate_date: rate.date,
          rate: rate.rate,
          updated_at: rate.updatedAt,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['organization_id', 'currency', 'rate_date']).doUpdateSet((eb) => ({
          rate: eb.ref('excluded.rate'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute()
  }

  async page(
    ex: Executor,
    scope: OrgScope,
    filter: { currency: string | null; dateFrom: string | null; dateTo: string | null },
    page: PageRequest<'date'>,
  ): Promise<{ items: ExchangeRateRecord[]; totalCount: number }> {
    let query = ex.selectFrom('exchange_rates').where('organization_id', '=', scope.organizationId)
    if (filter.currency) query = query.where('currency', '=', filter.currency)
    if (filter.dateFrom) query = query.where('rate_date', '>=', filter.dateFrom)
    if (filter.dateTo) query = query.where('rate_date', '<=', filter.dateTo)
    // A rate's key is its (currency, day), so the page is ordered by both and needs no id.
    const [items, counted] = await Promise.all([
      query
        .select(columns)
        .orderBy('rate_date', page.sortDir)
        .orderBy('currency')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    ])
    return { items, totalCount: Number(counted.count) }
  }

  /**
   * The rates of one currency that can apply to days in [from, to]: those inside the range and the
   * latest before it, oldest first.
   */
  async ratesCovering(
    ex: Executor,
    scope: OrgScope,
    currency: string,
    from: string,
    to: string,
  ): Promise<Array<{ date: string; rate: string }>> {
    const base = ex
      .selectFrom('exchange_rates')
      .select(['rate_date as date', 'rate'])
      .where('organization_id', '=', scope.organizationId)
      .where('currency', '=', currency)
    const [before, inside] = await Promise.all([
      base.where('rate_date', '<', from).orderBy('rate_date', 'desc').limit(1).execute(),
      base.where('rate_date', '>=', from).where('rate_date', '<=', to).orderBy('rate_date').execute(),
    ])
    return [...before, ...inside]
  }

  async tablesFor(
    ex: Executor,
    scope: OrgScope,
    needs: Iterable<{ currency: string; date: string }>,
  ): Promise<Map<string, ExchangeRateTable>> {
    const spans = new Map<string, { from: string; to: string }>()
    for (const { currency, date } of needs) {
      const span = spans.get(currency)
      if (!span) spans.set(currency, { from: date, to: date })
      else {
        if (date < span.from) span.from = date
        if (date > span.to) span.to = date
      }
    }
    const tables = new Map<string, ExchangeRateTable>()
    for (const [currency, span] of spans) {
      const rates = await this.ratesCovering(ex, scope, currency, span.from, span.to)
      tables.set(currency, new ExchangeRateTable(rates))
    }
    return tables
  }
}
