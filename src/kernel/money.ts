import { limits } from './limits.js'
import { fail, ok, type Result } from './result.js'

// Money is a bigint count of the currency's minor unit. Parsing is strict on purpose:
// "1e3", " 1", "1.", ".5", "00.10" and "-0" are all refused rather than guessed at.
const decimalPattern = /^-?(0|[1-9]\d*)(\.\d+)?$/

export function parseMoney(input: string, decimals: number, field = 'amount'): Result<bigint> {
  if (!decimalPattern.test(input)) {
    return fail('INVALID_AMOUNT', `${field} must be a decimal string such as "12.50".`, field)
  }
  const negative = input.startsWith('-')
  const unsigned = negative ? input.slice(1) : input
  const [whole = '', fraction = ''] = unsigned.split('.')
  if (fraction.length > decimals) {
    return fail(
      'INVALID_AMOUNT',
      `${field} has more than ${decimals} decimal${decimals === 1 ? '' : 's'}.`,
      field,
    )
  }
  if (whole.length + decimals > limits.moneyDigitsMax) {
    return fail('INVALID_AMOUNT', `${field} is too large.`, field)
  }
  const minor = BigInt(whole + fraction.padEnd(decimals, '0'))
  if (negative && minor === 0n) {
    return fail('INVALID_AMOUNT', `${field} must not be negative zero.`, field)
  }
  return ok(negative ? -minor : minor)
}

export function parsePositiveMoney(input: string, decimals: number, field = 'amount'): Result<bigint> {
  const parsed = parseMoney(input, decimals, field)
  if (parsed.ok && parsed.value <= 0n) {
    return fail('INVALID_AMOUNT', `${field} must be greater than zero.`, field)
  }
  return parsed
}

export function formatMoney(minor: bigint, decimals: number): string {
  const negative = minor < 0n
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals)
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`
}

/** For the spec's few JSON-number fields; exact for any amount below 2^53 minor units. */
export function moneyToNumber(minor: bigint, decimals: number): number {
  return Number(formatMoney(minor, decimals))
}

/** Rounds numerator/denominator to the nearest integer, ties to even (banker's rounding). */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator < 0n) return divideHalfEven(-numerator, -denominator)
  const quotient = numerator / denominator
  const remainder = numerator % denominator
  const twice = 2n * (remainder < 0n ? -remainder : remainder)
  if (twice < denominator) return quotient
  const away = numerator < 0n ? quotient - 1n : quotient + 1n
  if (twice > denominator) return away
  return quotient % 2n === 0n ? quotient : away
}
