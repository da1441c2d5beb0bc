import { groupDigits } from '../format/money'

/** "-12.50" -> "−12.50" with grouped digits; a difference reads better with a real minus. */
export function signedDecimal(decimal: string): string {
  return `${decimal.startsWith('-') ? '\u2212' : ''}${groupDigits(decimal)}`
}
