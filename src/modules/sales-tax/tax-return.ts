import { divideHalfEven } from '../../kernel/money.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccountRecord } from '../accounts/accounts-port.js'
import type { TaxReturnLineTag, TaxTotal } from '../journal/journal-port.js'
import {
  percentRate,
  returnJurisdictionOf,
  returnJurisdictionsOf,
  salesTaxCode,
} from '../tax-codes/tax-codes-port.js'

// A sales tax return computed from the tagged lines of the books (DESIGN 8.3). Pure: the service
// reads the lines, the accounts and the profile, and this adds them up, line by line.

export const jurisdictions = ['CA', 'CA-QC', 'CA-BC', 'CA-SK', 'CA-MB'] as const
export type Jurisdiction = (typeof jurisdictions)[number]
export type ReturnMethod = 'regular' | 'quick'

export interface ReturnLine {
  line: string
  label: string
  amountMinor: bigint
}

const gstHstLabels: Record<string, string> = {
  '90': 'Taxable supplies, zero-rated included (net of tax)',
  '91': 'Exempt supplies, and income with no tax code',
  '101': 'Sales and other revenue (90 + 91)',
  '103': 'GST/HST collected or collectible',
  '104': 'Adjustments to GST/HST collected',
  '105': 'Total GST/HST and adjustments for the period (103 + 104)',
  '106': 'Input tax credits (ITCs) for the current period',
  '107': 'Adjustments to ITCs',
  '108': 'Total ITCs and adjustments (106 + 107)',
  '109': 'Net tax (105 - 108)',
  '110': 'Instalments and other annual filer payments',
  '111': 'Rebates',
  '112': 'Total other credits (110 + 111)',
  '113A': 'Balance (109 - 112)',
  '205': 'GST/HST due on the purchase of real property',
  '405': 'Other GST/HST to be self-assessed',
  '113B': 'Total other debits (205 + 405)',
  '113C': 'Balance (113A + 113B)',
  '114': 'Refund claimed',
  '115': 'Payment due',
}

const quickLabels: Record<string, string> = {
  '101': 'Eligible supplies, GST/HST included',
  '103': 'GST/HST to remit at the quick method rate (101 x rate)',
  '106': 'ITCs on capital property',
  '107': 'Adjustments, the 1% credit on the first 30,000.00 of eligible supplies included',
}

function provincialLabels(jurisdiction: Jurisdiction): Record<string, string> {
  const tax = jurisdiction === 'CA-QC' ? 'QST' : jurisdiction === 'CA-MB' ? 'RST' : 'PST'
  return {
    '101': 'Taxable sales (net of tax)',
    '103': `${tax} collected or collectible`,
    '106': jurisdiction === 'CA-QC' ? 'Input tax refunds (ITRs)' : 'Input tax refunds (none for PST)',
    '109': 'Net tax (103 - 106)',
  }
}

/** The arguments of a return, checked: the jurisdiction exists, and the method applies to it. */
export function returnKind(
  jurisdiction: string,
  method: string | null | undefined,
  profile: { salesTaxMethod: ReturnMethod; quickMethodRate: string | null },
): Result<{ jurisdiction: Jurisdiction; method: ReturnMethod; quickMethodRate: string | null }> {
  if (!(jurisdictions as readonly string[]).includes(jurisdiction)) {
    return fail(
      'INVALID_JURISDICTION',
      `jurisdiction must be CA (GST/HST), CA-QC (QST), CA-BC, CA-SK or CA-MB (PST); got ${jurisdiction}.`,
      'jurisdiction',
    )
  }
  const chosen = method ?? (jurisdiction === 'CA' ? profile.salesTaxMethod : 'regular')
  if (chosen !== 'regular' && chosen !== 'quick') {
    return fail('INVALID_TAX_METHOD', `method must be regular or quick; got ${chosen}.`, 'method')
  }
  if (chosen === 'quick' && jurisdiction !== 'CA') {
    return fail('INVALID_TAX_METHOD', 'The quick method is a method of the GST/HST return (CA).', 'method')
  }
  if (chosen === 'quick' && profile.quickMethodRate === null) {
    return fail(
      'INVALID_TAX_METHOD',
      "A quick method return needs the organization's quick method rate: set quickMethodRate with updateOrganizationProfile.",
      'method',
    )
  }
  return ok({
    jurisdiction: jurisdiction as Jurisdiction,
    method: chosen,
    quickMethodRate: chosen === 'quick' ? profile.quickMethodRate : null,
  })
}

/** Whether a net line of this tax code is a supply on this jurisdiction's return, and how. */
export function supplyOf(code: string | null, jurisdiction: Jurisdiction): 'taxable' | 'exempt' | null {
  const found = code === null ? undefined : salesTaxCode(code)
  const taxedHere = found !== undefined && returnJurisdictionsOf(found).includes(jurisdiction)
  if (jurisdiction !== 'CA') return taxedHere ? 'taxable' : null
  return taxedHere || code === 'ZERO_RATED' ? 'taxable' : 'exempt'
}

/** Whether a tax line of this (single-tax) code is filed on this jurisdiction's return. */
export const taxFiledOn = (code: string | null, jurisdiction: Jurisdiction): boolean =>
  code !== null && returnJurisdictionOf(code) === jurisdiction

/** The sums a return is made of, in the functional currency's minor units. */
export interface ReturnFigures {
  taxableMinor: bigint
  exemptMinor: bigint
  /** Taxable supplies with a tax of this jurisdiction, zero-rated left out: the quick method's base. */
  eligibleNetMinor: bigint
  collectedMinor: bigint
  inputCreditsMinor: bigint
  capitalInputCreditsMinor: bigint
}

export function figuresOf(
  totals: readonly TaxTotal[],
  accounts: ReadonlyMap<string, Pick<AccountRecord, 'classification'>>,
  jurisdiction: Jurisdiction,
): ReturnFigures {
  const figures: ReturnFigures = {
    taxableMinor: 0n,
    exemptMinor: 0n,
    eligibleNetMinor: 0n,
    collectedMinor: 0n,
    inputCreditsMinor: 0n,
    capitalInputCreditsMinor: 0n,
  }
  for (const total of totals) {
    const credit = total.creditMinor - total.debitMinor
    if (total.kind === 'sale') {
      const supply = supplyOf(total.code, jurisdiction)
      if (supply === 'taxable') figures.taxableMinor += credit
      if (supply === 'exempt') figures.exemptMinor += credit
      if (supply === 'taxable' && total.code !== 'ZERO_RATED') figures.eligibleNetMinor += credit
    } else if (total.kind === 'collected' && taxFiledOn(total.code, jurisdiction)) {
      figures.collectedMinor += credit
    } else if (total.kind === 'input_credit' && taxFiledOn(total.code, jurisdiction)) {
      figures.inputCreditsMinor -= credit
      const base = total.baseAccountId === null ? undefined : accounts.get(total.baseAccountId)
      if (base?.classification === 'asset') figures.capitalInputCreditsMinor -= credit
    }
  }
  return figures
}

/** Amounts of lines a journal entry tags with a return line (DESIGN 8.4); none yet are 0.00. */
export type TaggedLines = Partial<Record<'104' | '107' | '110' | '111' | '205' | '405', bigint>>

export interface QuickMethodTerms {
  /** A percentage, such as "8.8". */
  rate: string
  /** Eligible supplies, GST/HST included, of the fiscal year before this return's period. */
  eligibleEarlierInYearMinor: bigint
  /** 30,000.00 in the functional currency's minor units. */
  creditThresholdMinor: bigint
}

/** The GST/HST return's lines (GST34), every total computed from the lines above it. */
export function gstHstLines(
  figures: ReturnFigures,
  tagged: TaggedLines,
  quick: QuickMethodTerms | undefined,
): ReturnLine[] {
  const amounts = new Map<string, bigint>()
  const tag = (line: keyof TaggedLines) => tagged[line] ?? 0n
  amounts.set('90', figures.taxableMinor)
  amounts.set('91', figures.exemptMinor)
  if (quick) {
    const eligible = figures.eligibleNetMinor + figures.collectedMinor
    const rate = percentRate(quick.rate)
    amounts.set('101', eligible)
    amounts.set('103', divideHalfEven(eligible * rate.numerator, rate.denominator))
    amounts.set('106', figures.capitalInputCreditsMinor)
    amounts.set('107', tag('107') + quickMethodCredit(eligible, quick))
  } else {
    amounts.set('101', figures.taxableMinor + figures.exemptMinor)
    amounts.set('103', figures.collectedMinor)
    amounts.set('106', figures.inputCreditsMinor)
    amounts.set('107', tag('107'))
  }
  const get = (line: string) => amounts.get(line) ?? 0n
  amounts.set('104', tag('104'))
  amounts.set('105', get('103') + get('104'))
  amounts.set('108', get('106') + get('107'))
  amounts.set('109', get('105') - get('108'))
  amounts.set('110', tag('110'))
  amounts.set('111', tag('111'))
  amounts.set('112', get('110') + get('111'))
  amounts.set('113A', get('109') - get('112'))
  amounts.set('205', tag('205'))
  amounts.set('405', tag('405'))
  amounts.set('113B', get('205') + get('405'))
  amounts.set('113C', get('113A') + get('113B'))
  amounts.set('114', get('113C') < 0n ? -get('113C') : 0n)
  amounts.set('115', get('113C') > 0n ? get('113C') : 0n)
  return Object.keys(gstHstLabels).map((line) => ({
    line,
    label: (quick ? quickLabels[line] : undefined) ?? (gstHstLabels[line] as string),
    amountMinor: get(line),
  }))
}

/** The 1% credit: on what of this period's eligible supplies falls within the year's first 30,000.00. */
export function quickMethodCredit(eligibleMinor: bigint, quick: QuickMethodTerms): bigint {
  const room = quick.creditThresholdMinor - quick.eligibleEarlierInYearMinor
  const base = eligibleMinor < room ? eligibleMinor : room
  return base > 0n ? divideHalfEven(base, 100n) : 0n
}

/** A QST or PST return: its own tax on the same line keys. */
export function provincialLines(figures: ReturnFigures, jurisdiction: Jurisdiction): ReturnLine[] {
  const labels = provincialLabels(jurisdiction)
  const refunds = jurisdiction === 'CA-QC' ? figures.inputCreditsMinor : 0n
  const amounts: Record<string, bigint> = {
    '101': figures.taxableMinor,
    '103': figures.collectedMinor,
    '106': refunds,
    '109': figures.collectedMinor - refunds,
  }
  return Object.entries(amounts).map(([line, amountMinor]) => ({
    line,
    label: labels[line] as string,
    amountMinor,
  }))
}

/** Where a line's amounts come from: tax-coded lines of one kind, or manual lines tagged with a line. */
export type LineSource =
  | 'sales'
  | 'exempt'
  | 'collected'
  | 'input_credits'
  | 'capital_input_credits'
  | { tagged: TaxReturnLineTag }

export function sourcesOf(line: string, method: ReturnMethod): LineSource[] | undefined {
  const credits: LineSource = method === 'quick' ? 'capital_input_credits' : 'input_credits'
  const tagged = (...tags: TaxReturnLineTag[]): LineSource[] => tags.map((tag) => ({ tagged: tag }))
  const collected: LineSource[] = method === 'quick' ? ['sales', 'collected'] : ['collected']
  const bySource: Record<string, LineSource[]> = {
    '90': ['sales'],
    '91': ['exempt'],
    '101': method === 'quick' ? ['sales', 'collected'] : ['sales', 'exempt'],
    '103': collected,
    '104': tagged('104'),
    '105': [...collected, ...tagged('104')],
    '106': [credits],
    '107': tagged('107'),
    '108': [credits, ...tagged('107')],
    '109': [...collected, credits, ...tagged('104', '107')],
    '110': tagged('110'),
    '111': tagged('111'),
    '112': tagged('110', '111'),
    '205': tagged('205'),
    '405': tagged('405'),
    '113B': tagged('205', '405'),
  }
  bySource['113A'] = [...(bySource['109'] as LineSource[]), ...tagged('110', '111')]
  for (const total of ['113C', '114', '115'])
    bySource[total] = [...(bySource['113A'] as LineSource[]), ...tagged('205', '405')]
  return bySource[line]
}

/**
 * A tagged line's amount as its return line counts it: what adds to the tax owed (104, 205, 405)
 * as credits, what reduces it (107, 110, 111) as debits, each net of the other side.
 */
export function taggedAmountOf(
  tag: TaxReturnLineTag,
  line: { debitMinor: bigint; creditMinor: bigint },
): bigint {
  const owed = tag === '104' || tag === '205' || tag === '405'
  return owed ? line.creditMinor - line.debitMinor : line.debitMinor - line.creditMinor
}
