import { divideHalfEven } from './money.js'
import { fail, ok, type Result } from './result.js'

// An exchange rate is a decimal string of functional units per original unit (DESIGN 7.7), kept
// as an integer and a power of ten so that converting never touches a float.
export interface ExchangeRate {
  /** The rate as it is stored and shown: no exponent, no leading or trailing zeros beyond one. */
  text: string
  scaledUnits: bigint
  scale: number
}

/** Enough for any published rate (the Bank of Canada writes 4 decimals, ECB up to 6). */
export const exchangeRateDecimalsMax = 12
const exchangeRateDigitsMax = 20
const ratePattern = /^(0|[1-9]\d*)(\.\d+)?$/

export function parseExchangeRate(input: string, field = 'exchangeRate'): Result<ExchangeRate> {
  const refuse = (why: string) =>
    fail('INVALID_EXCHANGE_RATE', `${field} must be a positive decimal string such as "1.3542"${why}.`, field)
  if (!ratePattern.test(input)) return refuse('')
  const [whole = '', fraction = ''] = input.split('.')
  if (fraction.length > exchangeRateDecimalsMax) {
    return refuse(`, with at most ${exchangeRateDecimalsMax} decimals`)
  }
  const trimmedFraction = fraction.replace(/0+$/, '')
  const digits = `${whole}${trimmedFraction}`.replace(/^0+/, '')
  if (digits === '') return refuse('')
  if (digits.length > exchangeRateDigitsMax) return refuse(`, with at most ${exchangeRateDigitsMax} digits`)
  return ok({
    text: trimmedFraction === '' ? whole : `${whole}.${trimmedFraction}`,
    scaledUnits: BigInt(digits),
    scale: trimmedFraction.length,
  })
}

/** A rate that was checked when it was stored. */
export function storedExchangeRate(text: string): ExchangeRate {
  const parsed = parseExchangeRate(text)
  if (!parsed.ok) throw new Error(`stored exchange rate ${JSON.stringify(text)} is not a rate`)
  return parsed.value
}

/**
 * An amount of the original currency's minor units in the functional currency's, rounded half to
 * even once, on the converted amount.
 */
export function convertMinor(
  originalMinor: bigint,
  originalDecimals: number,
  rate: ExchangeRate,
  functionalDecimals: number,
): bigint {
  return divideHalfEven(
    originalMinor * rate.scaledUnits * 10n ** BigInt(functionalDecimals),
    10n ** BigInt(rate.scale + originalDecimals),
  )
}
