// Sums of money are worked out on integers: a decimal string becomes a count of millionths (a
// BigInt), so adding and subtracting are exact whatever the amounts. Floating point would turn
// 0.10 + 0.20 into 0.30000000000000004 and a reconciliation that balances into one that does not.

const fractionDigitsMax = 6
const unitsPerOne = 10n ** BigInt(fractionDigitsMax)
const decimalPattern = /^([-+]?)(\d+)(?:\.(\d+))?$/

/** "−12.50" and "-12.50" alike -> -12500000n; throws on anything that is not a plain decimal. */
export function toUnits(decimal: string): bigint {
  const match = decimalPattern.exec(decimal.trim().replace('\u2212', '-'))
  if (!match) throw new Error(`Not a decimal amount: ${decimal}`)
  const [, sign, whole = '0', fraction = ''] = match
  if (fraction.length > fractionDigitsMax)
    throw new Error(`More than ${fractionDigitsMax} decimals: ${decimal}`)
  const units = BigInt(whole) * unitsPerOne + BigInt(fraction.padEnd(fractionDigitsMax, '0'))
  return sign === '-' ? -units : units
}

/** Whether a string is a decimal amount toUnits takes: "1200", "-3.5", "0.125". */
export function isDecimal(text: string): boolean {
  const match = decimalPattern.exec(text.trim())
  return match !== null && (match[3]?.length ?? 0) <= fractionDigitsMax
}

/** -12500000n -> "-12.50": at least two decimals, more only where they are not zero. */
export function fromUnits(units: bigint, fractionDigitsMin = 2): string {
  const sign = units < 0n ? '-' : ''
  const magnitude = units < 0n ? -units : units
  const whole = magnitude / unitsPerOne
  let fraction = (magnitude % unitsPerOne).toString().padStart(fractionDigitsMax, '0')
  while (fraction.length > fractionDigitsMin && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`
}

export function sumUnits(values: Iterable<bigint>): bigint {
  let total = 0n
  for (const value of values) total += value
  return total
}
