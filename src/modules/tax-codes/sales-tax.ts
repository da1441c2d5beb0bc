import { type CalendarDate, parseCalendarDate } from '../../kernel/calendar-date.js'
import { divideHalfEven } from '../../kernel/money.js'
import { assert } from '../../kernel/result.js'
import { readShippedCsv } from './csv.js'

// Canadian sales-tax codes with dated rates. Rates change (Nova Scotia's HST went from 15% to 14%
// on 2025-04-01), so a historical import must be taxed at the rate of its own date, and rates stay
// exact decimals end to end: 9.975% has no exact binary floating-point form.

export interface SalesTaxRate {
  /** A percentage as an exact decimal string, such as "14.975". */
  rate: string
  effectiveFrom: CalendarDate
  /** The last day the rate applies, inclusive; null while it still applies. */
  effectiveTo: CalendarDate | null
}

export interface SalesTaxCode {
  /** Stable identifier, such as GST, HST_ON or GST_QST. */
  id: string
  name: string
  /** ISO 3166 code of the taxing jurisdiction: CA for federal codes, CA-ON for Ontario. */
  jurisdiction: string
  /** For a combined code (GST_QST), the codes it adds up; empty for a single tax. */
  components: readonly string[]
  /** In date order, never overlapping. A day outside every period has no rate. */
  rates: readonly SalesTaxRate[]
}

/** A rate as an exact fraction: 14.975% is 14975n / 100000n. */
export interface Rate {
  numerator: bigint
  denominator: bigint
}

const percentPattern = /^(0|[1-9]\d*)(\.\d+)?$/

/** Turns a percentage string such as "9.975" into an exact fraction, unreduced. */
export function percentRate(percent: string): Rate {
  assert(percentPattern.test(percent), `not a percentage: ${percent}`)
  const [whole = '', fraction = ''] = percent.split('.')
  return { numerator: BigInt(whole + fraction), denominator: 100n * 10n ** BigInt(fraction.length) }
}

const salesTaxHeader = [
  'id',
  'name',
  'jurisdiction',
  'components',
  'rate',
  'effective_from',
  'effective_to',
  'odoo_tax_id',
] as const

let shipped: ReadonlyMap<string, SalesTaxCode> | undefined

function shippedCodes(): ReadonlyMap<string, SalesTaxCode> {
  if (shipped !== undefined) return shipped
  const grouped = new Map<string, { code: Omit<SalesTaxCode, 'rates'>; rates: SalesTaxRate[] }>()
  for (const row of readShippedCsv('sales-tax-codes.csv', salesTaxHeader)) {
    const id = row.id ?? ''
    const rate = row.rate ?? ''
    const effectiveFrom = row.effective_from ?? ''
    const effectiveTo = row.effective_to || null
    assert(/^[A-Z][A-Z_]*$/.test(id), `sales-tax-codes.csv: bad id ${id}`)
    assert(percentPattern.test(rate), `sales-tax-codes.csv: ${id} has a bad rate ${rate}`)
    assert(parseCalendarDate(effectiveFrom).ok, `sales-tax-codes.csv: ${id} has a bad start ${effectiveFrom}`)
    assert(
      effectiveTo === null || (parseCalendarDate(effectiveTo).ok && effectiveFrom <= effectiveTo),
      `sales-tax-codes.csv: ${id} has a bad end ${effectiveTo}`,
    )
    const code = {
      id,
      name: row.name ?? '',
      jurisdiction: row.jurisdiction ?? '',
      components: row.components ? row.components.split(';') : [],
    }
    const group = grouped.get(id) ?? { code, rates: [] }
    assert(
      JSON.stringify(group.code) === JSON.stringify(code),
      `sales-tax-codes.csv: rows of ${id} disagree on name, jurisdiction or components`,
    )
    const previous = group.rates.at(-1)
    assert(
      previous === undefined || (previous.effectiveTo !== null && previous.effectiveTo < effectiveFrom),
      `sales-tax-codes.csv: periods of ${id} overlap or are out of order`,
    )
    group.rates.push(Object.freeze({ rate, effectiveFrom, effectiveTo }))
    grouped.set(id, group)
  }
  const codes = new Map<string, SalesTaxCode>()
  for (const [id, { code, rates }] of grouped) {
    for (const component of code.components) {
      assert(grouped.has(component), `sales-tax-codes.csv: ${id} names unknown component ${component}`)
    }
    codes.set(
      id,
      Object.freeze({ ...code, components: Object.freeze(code.components), rates: Object.freeze(rates) }),
    )
  }
  shipped = codes
  return codes
}

/** The sales-tax codes Daybook ships (data/sales-tax-codes.csv), in file order. */
export function loadSalesTaxCodes(): SalesTaxCode[] {
  return [...shippedCodes().values()]
}

/** A shipped code by its identifier (case-sensitive), or undefined. */
export function salesTaxCode(id: string): SalesTaxCode | undefined {
  return shippedCodes().get(id)
}

/**
 * The exact rate in effect on a date, or undefined for an unknown code or a day the code has no
 * rate. The date must already be a valid CalendarDate; callers parse user input first.
 */
export function rateOn(code: SalesTaxCode | string, date: CalendarDate): Rate | undefined {
  assert(parseCalendarDate(date).ok, `rateOn needs a valid YYYY-MM-DD date, got ${date}`)
  const taxCode = typeof code === 'string' ? salesTaxCode(code) : code
  const period = taxCode?.rates.find(
    (candidate) =>
      candidate.effectiveFrom <= date && (candidate.effectiveTo === null || date <= candidate.effectiveTo),
  )
  return period === undefined ? undefined : percentRate(period.rate)
}

/**
 * The tax inside a tax-inclusive gross amount, gross * r / (1 + r), to the minor unit with ties to
 * even: one rounding, at the end, so no cent drifts between the net and the tax.
 */
export function taxIncludedIn(grossMinor: bigint, rate: Rate): bigint {
  assert(rate.denominator > 0n && rate.numerator >= 0n, 'a tax rate is a non-negative fraction')
  return divideHalfEven(grossMinor * rate.numerator, rate.denominator + rate.numerator)
}

/** One tax inside a code's amount: GST_QST's 14.98 is GST 5.00 and QST 9.98. */
export interface TaxPart {
  /** A code of one tax (GST, HST_ON, QST, PST_BC), never a combined one. */
  code: string
  minor: bigint
}

/**
 * A code's tax amount split into its taxes, in proportion to their rates on the date, each part
 * rounded half-even and the last taking what is left, so the parts add up to the cent. A code of
 * one tax is its own part; a code with no rate that day keeps the amount whole.
 */
export function taxParts(code: SalesTaxCode, date: CalendarDate, taxMinor: bigint): TaxPart[] {
  if (code.components.length === 0) return [{ code: code.id, minor: taxMinor }]
  const rates = code.components.map((component) => ({ component, rate: rateOn(component, date) }))
  const total = rateOn(code, date)
  if (!total || rates.some((entry) => entry.rate === undefined)) return [{ code: code.id, minor: taxMinor }]
  const parts: TaxPart[] = []
  let left = taxMinor
  for (const [index, { component, rate }] of rates.entries()) {
    const last = index === rates.length - 1
    const share = rate as Rate
    // part = tax * componentRate / totalRate, as one exact fraction.
    const minor = last
      ? left
      : divideHalfEven(taxMinor * share.numerator * total.denominator, share.denominator * total.numerator)
    parts.push({ code: component, minor })
    left -= minor
  }
  return parts
}

/**
 * The return a tax is filed on (DESIGN 8.3): GST and every HST on the GST/HST return (CA), QST on
 * Quebec's, each PST on its province's; undefined for a code that is no tax (ZERO_RATED, EXEMPT).
 */
export function returnJurisdictionOf(taxCode: string): string | undefined {
  if (taxCode === 'GST' || taxCode.startsWith('HST_')) return 'CA'
  if (taxCode === 'ZERO_RATED' || taxCode === 'EXEMPT') return undefined
  return salesTaxCode(taxCode)?.jurisdiction
}

/** The returns a code's taxes are filed on: GST_QST on CA and CA-QC. */
export function returnJurisdictionsOf(code: SalesTaxCode): string[] {
  const taxes = code.components.length > 0 ? code.components : [code.id]
  return taxes.flatMap((tax) => returnJurisdictionOf(tax) ?? [])
}

/**
 * DESIGN 8.2: the share of a tax paid on a purchase that is claimed back. PST never is; GST/HST
 * and QST are, but only half on meals and entertainment (GIFI 8523), rounded half-even.
 */
export function recoverableMinor(part: TaxPart, mealsAndEntertainment: boolean): bigint {
  if (part.code.startsWith('PST_')) return 0n
  return mealsAndEntertainment ? divideHalfEven(part.minor, 2n) : part.minor
}
