import type { CalendarDate } from '../../kernel/calendar-date.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { divideHalfEven, formatMoney } from '../../kernel/money.js'
import { loadSalesTaxCodes, rateOn } from '../tax-codes/tax-codes-port.js'

// What a receipt read from a vendor's bill makes of the bill's one line (DESIGN 8.6,
// createBillFromReceipt). A receipt gives a total and, when its subtotal and tax lines add up to
// it, the tax inside it; a bill's line is priced before tax and its tax worked out from a code. The
// line is the total less the tax, with the code whose rate gives exactly that tax on that amount;
// when no code does (or no tax was read), the line is the whole total with no code, and the bill
// claims no tax until a person says which.

export interface BillLine {
  unitPrice: string
  taxCode: string | null
}

const normalized = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')

/**
 * The line of a bill of `totalMinor` holding `taxMinor` of tax on `date`: before tax, with the
 * code that gives that tax, the province's codes and the federal ones preferred.
 */
export function billLineOf(
  receipt: { totalMinor: bigint; taxMinor: bigint | null; currency: string; date: CalendarDate },
  province: string | null,
): BillLine {
  const decimals = currencyDecimals(receipt.currency)
  const whole = { unitPrice: formatMoney(receipt.totalMinor, decimals), taxCode: null }
  const { taxMinor } = receipt
  if (taxMinor === null || taxMinor <= 0n || taxMinor >= receipt.totalMinor) return whole
  const netMinor = receipt.totalMinor - taxMinor
  const preference = (jurisdiction: string) =>
    jurisdiction === `CA-${province}` ? 0 : jurisdiction === 'CA' ? 1 : 2
  const fitting = loadSalesTaxCodes()
    .filter((code) => {
      const rate = rateOn(code, receipt.date)
      return rate !== undefined && divideHalfEven(netMinor * rate.numerator, rate.denominator) === taxMinor
    })
    .sort((a, b) => preference(a.jurisdiction) - preference(b.jurisdiction) || a.id.localeCompare(b.id))
  const code = fitting[0]
  return code ? { unitPrice: formatMoney(netMinor, decimals), taxCode: code.id } : whole
}

/**
 * The vendor a receipt's printed name is, among candidates: the one with its business number,
 * else the one named exactly so, else the longest name the printed one holds ("TIM HORTONS #2041"
 * holds "Tim Hortons").
 */
export function vendorNamed<C extends { id: string; displayName: string; businessNumber: string | null }>(
  candidates: readonly C[],
  printed: { vendorName: string | null; businessNumber: string | null },
): C | undefined {
  if (printed.businessNumber) {
    const byNumber = candidates.find((candidate) => candidate.businessNumber === printed.businessNumber)
    if (byNumber) return byNumber
  }
  const name = normalized(printed.vendorName ?? '')
  if (name === '') return undefined
  const held = candidates
    .map((candidate) => ({ candidate, key: normalized(candidate.displayName) }))
    .filter(({ key }) => key !== '' && name.includes(key))
    .sort((a, b) => b.key.length - a.key.length || a.key.localeCompare(b.key))
  return held.find(({ key }) => key === name)?.candidate ?? held[0]?.candidate
}

/** The first word of a printed vendor name, which a contact's name must start with to be found. */
export function firstWordOf(vendorName: string | null): string {
  return (
    (vendorName ?? '')
      .trim()
      .split(/\s+/)[0]
      ?.replace(/[^\p{L}\p{N}&'.-]+/gu, '') ?? ''
  )
}
