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
