// Amounts arrive as decimal strings and stay strings: grouping digits needs no arithmetic, and
// floating point has no place near money.

/** "1234567.50" -> "1,234,567.50". */
export function groupDigits(decimal: string): string {
  const [whole = '0', fraction] = decimal.replace(/^[-+]/, '').split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

/** Money out of the payment account shows with a minus sign, money in with a plus. */
export function signedAmount(direction: string, decimal: string): string {
  return `${direction === 'in' ? '+' : '\u2212'}${groupDigits(decimal)}`
}

/** What a screen reader should say: "minus 42.50 CAD", not a typographic glyph. */
export function spokenAmount(direction: string, decimal: string, currency: string): string {
  return `${direction === 'in' ? 'plus' : 'minus'} ${groupDigits(decimal)} ${currency}`
}
