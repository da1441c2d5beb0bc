// A document's lines priced as the server prices them (docs/decisions/0062): each line's amount is
// quantity x unit price rounded half-even once to the currency, its tax that amount at its code's
// rate on the issue date rounded half-even on its own, and the totals the sums. Everything is an
// integer of minor units (a BigInt): a float would drift a cent on a line such as 3 x 33.335.

// The minor units of a currency, after ISO 4217 as the server keeps it: two decimals but for the
// currencies below. A document's lines are rounded to these in the browser exactly as the server
// rounds them, so the totals shown while typing are the ones saved.
const decimalsOtherThanTwo: Readonly<Record<string, number>> = {
  BHD: 3,
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  IQD: 3,
  ISK: 0,
  JOD: 3,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  PYG: 0,
  RWF: 0,
  TND: 3,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
}

/** The decimals a currency's amounts are rounded to. */
export function currencyDecimals(currency: string): number {
  return decimalsOtherThanTwo[currency.toUpperCase()] ?? 2
}

/** A non-negative decimal as digits over 10^scale: "99.99" is 9999 over 10^2. */
interface ExactDecimal {
  digits: bigint
  scale: number
}

const plainDecimal = /^(0|[1-9]\d*)(?:\.(\d+))?$/
const quantityDecimalsMax = 4
const priceDecimalsMin = 4

function exactDecimal(text: string, decimalsMax: number): ExactDecimal | null {
  const match = plainDecimal.exec(text.trim())
  if (!match) return null
  const [, whole = '0', fraction = ''] = match
  if (fraction.length > decimalsMax || whole.length > 12) return null
  return { digits: BigInt(whole + fraction), scale: fraction.length }
}

/** numerator / denominator to the nearest integer, a tie to the even one; never negative here. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator
  const twice = 2n * (numerator % denominator)
  if (twice < denominator) return quotient
  if (twice > denominator) return quotient + 1n
  return quotient % 2n === 0n ? quotient : quotient + 1n
}

/** A rate in percent ("13", "14.975") as an exact fraction. */
export function percentFraction(percent: string): { numerator: bigint; denominator: bigint } | null {
  const exact = exactDecimal(percent, 6)
  if (!exact) return null
  return { numerator: exact.digits, denominator: 100n * 10n ** BigInt(exact.scale) }
}

export interface TaxCodeRates {
  id: string
  rates: ReadonlyArray<{ rate: string; effectiveFrom: string; effectiveTo?: string | null | undefined }>
}

/** The code's rate in percent on a date, or null when it has none that day. */
export function rateOn(code: TaxCodeRates, date: string): string | null {
  const period = code.rates.find(
    (rate) =>
      rate.effectiveFrom.slice(0, 10) <= date && (!rate.effectiveTo || date <= rate.effectiveTo.slice(0, 10)),
  )
  return period?.rate ?? null
}

export interface LineToPrice {
  quantity: string
  unitPrice: string
  taxCode: string
}

/** One line's amount and tax in minor units; null where the line cannot be priced yet. */
export interface PricedLine {
  amountMinor: bigint | null
  taxMinor: bigint | null
}

export function priceLine(
  line: LineToPrice,
  currency: string,
  issueDate: string,
  taxCodes: readonly TaxCodeRates[],
): PricedLine {
  const decimals = currencyDecimals(currency)
  const quantity = exactDecimal(line.quantity, quantityDecimalsMax)
  const unitPrice = exactDecimal(line.unitPrice, Math.max(priceDecimalsMin, decimals))
  if (!quantity || !unitPrice) return { amountMinor: null, taxMinor: null }
  const amountMinor = divideHalfEven(
    quantity.digits * unitPrice.digits * 10n ** BigInt(decimals),
    10n ** BigInt(quantity.scale + unitPrice.scale),
  )
  if (!line.taxCode) return { amountMinor, taxMinor: 0n }
  const code = taxCodes.find((each) => each.id === line.taxCode)
  const percent = code ? rateOn(code, issueDate) : null
  const rate = percent ? percentFraction(percent) : null
  if (!rate) return { amountMinor, taxMinor: null }
  return { amountMinor, taxMinor: divideHalfEven(amountMinor * rate.numerator, rate.denominator) }
}

export interface DocumentTotals {
  lines: PricedLine[]
  subtotal: string
  taxTotal: string
  total: string
  /** False while a line cannot be priced: its amount is left out of the sums shown. */
  complete: boolean
}

export function documentTotals(
  lines: readonly LineToPrice[],
  currency: string,
  issueDate: string,
  taxCodes: readonly TaxCodeRates[],
): DocumentTotals {
  const priced = lines.map((line) => priceLine(line, currency, issueDate, taxCodes))
  const subtotal = priced.reduce((sum, line) => sum + (line.amountMinor ?? 0n), 0n)
  const taxTotal = priced.reduce((sum, line) => sum + (line.taxMinor ?? 0n), 0n)
  return {
    lines: priced,
    subtotal: minorToDecimal(subtotal, currency),
    taxTotal: minorToDecimal(taxTotal, currency),
    total: minorToDecimal(subtotal + taxTotal, currency),
    complete: priced.every((line) => line.amountMinor !== null && line.taxMinor !== null),
  }
}

/** 62149n in CAD -> "621.49"; in JPY -> "62149". */
export function minorToDecimal(minor: bigint, currency: string): string {
  const decimals = currencyDecimals(currency)
  const sign = minor < 0n ? '-' : ''
  const digits = (minor < 0n ? -minor : minor).toString().padStart(decimals + 1, '0')
  if (decimals === 0) return `${sign}${digits}`
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
}
