import { type ExchangeRate, storedExchangeRate } from '../../kernel/exchange-rate.js'

/**
 * The rates of one currency held for a stretch of days, oldest first. The rate for a day is the
 * one on that day, else the latest before it (DESIGN 7.7).
 */
export class ExchangeRateTable {
  constructor(private readonly rates: ReadonlyArray<{ date: string; rate: string }>) {}

  rateOn(date: string): ExchangeRate | undefined {
    let low = 0
    let high = this.rates.length - 1
    let found: string | undefined
    while (low <= high) {
      const middle = (low + high) >> 1
      const candidate = this.rates[middle] as { date: string; rate: string }
      if (candidate.date <= date) {
        found = candidate.rate
        low = middle + 1
      } else high = middle - 1
    }
    return found === undefined ? undefined : storedExchangeRate(found)
  }
}
