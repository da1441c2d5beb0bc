import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { ExchangeRateTable } from './exchange-rate-table.js'

// What exchange rates offer other modules: an organization's daily rates, read inside the
// transaction that converts by them.

export type { ExchangeRateTable } from './exchange-rate-table.js'

export interface ExchangeRatesPort {
  /** For each currency, the rates that can apply to its dates (those in its span and the latest before). */
  tablesFor(
    ex: Executor,
    scope: OrgScope,
    needs: Iterable<{ currency: string; date: string }>,
  ): Promise<Map<string, ExchangeRateTable>>
}
