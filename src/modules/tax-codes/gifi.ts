import { assert, fail, ok, type Result } from '../../kernel/result.js'
import { readShippedCsv } from './csv.js'

// The "tax-authority tax code" of an account is a CRA GIFI code (guide RC4088, Schedules 100 and
// 125). The code alone decides the account's type and classification (DESIGN 5.3), so the ranges
// below are the single place that mapping lives; the shipped list holds only codes and names.

export const classifications = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const
export type Classification = (typeof classifications)[number]

/** DESIGN 5.3: each account type implies its classification. */
export const classificationOfAccountType = {
  bank: 'asset',
  credit_card: 'liability',
  accounts_receivable: 'asset',
  other_current_asset: 'asset',
  fixed_asset: 'asset',
  other_asset: 'asset',
  accounts_payable: 'liability',
  other_current_liability: 'liability',
  long_term_liability: 'liability',
  equity: 'equity',
  income: 'revenue',
  other_income: 'revenue',
  cost_of_goods_sold: 'expense',
  expense: 'expense',
  other_expense: 'expense',
} as const satisfies Record<string, Classification>

export type AccountType = keyof typeof classificationOfAccountType
export const accountTypes = Object.keys(classificationOfAccountType) as AccountType[]

export interface GifiClassification {
  classification: Classification
  accountType: AccountType
  /** Totals and computed lines (e.g. 2599 total assets) describe a statement, never an account. */
  isTotalLine: boolean
}

export interface GifiCode extends GifiClassification {
  code: string
  name: string
  /** The French name from LedgerSMB's French-Quebec chart, where it has the code. */
  nameFr: string | undefined
}

// Inclusive ranges, in code order, following the sections of FORMATS.md section 2 (in the shared
// data folder), which the data's own total lines confirm. Within a section the account type is our
// choice, since the spec does not show a GIFI-to-type mapping: cash, receivables and payables are
// singled out because the default chart and the importers need them. Codes outside every row
// (below 1000, 3641-3659, 3850-7999, 9900-9969) belong to no GIFI section and are refused.
const ranges: readonly { from: number; to: number; accountType: AccountType }[] = [
  // Balance sheet: current assets 1000-1599.
  { from: 1000, to: 1007, accountType: 'bank' }, // cash and deposits
  { from: 1008, to: 1059, accountType: 'other_current_asset' },
  { from: 1060, to: 1073, accountType: 'accounts_receivable' }, // allowances included: contra assets
  { from: 1074, to: 1599, accountType: 'other_current_asset' }, // inventories, 1483 taxes recoverable, 1484 prepaid
  // Tangible 1600-2009 and intangible 2010-2179 capital assets.
  { from: 1600, to: 2179, accountType: 'fixed_asset' },
  // Long-term assets 2180-2589, assets held in trust 2590, total assets 2599.
  { from: 2180, to: 2599, accountType: 'other_asset' },
  // Current liabilities 2600-3139: 2600 bank overdraft, 2620-2629 payables, 2680 taxes payable.
  { from: 2600, to: 2619, accountType: 'other_current_liability' },
  { from: 2620, to: 2629, accountType: 'accounts_payable' },
  { from: 2630, to: 3139, accountType: 'other_current_liability' },
  // Long-term liabilities 3140-3450, then subordinated debt, amounts held in trust, total 3499.
  { from: 3140, to: 3499, accountType: 'long_term_liability' },
  // Shareholder equity 3500-3640 and the retained-earnings reconciliation 3660-3849.
  { from: 3500, to: 3640, accountType: 'equity' },
  { from: 3660, to: 3849, accountType: 'equity' },
  // Income statement. Farm revenue (9370-9659) sits above cost of sales, so "8300 and up is an
  // expense" would be wrong.
  { from: 8000, to: 8299, accountType: 'income' },
  { from: 8300, to: 8519, accountType: 'cost_of_goods_sold' },
  { from: 8520, to: 9369, accountType: 'expense' }, // operating expenses
  { from: 9370, to: 9659, accountType: 'income' }, // farming revenue
  { from: 9660, to: 9899, accountType: 'expense' }, // farming expenses
  { from: 9970, to: 9999, accountType: 'expense' }, // extraordinary items and income taxes
]

// FORMATS.md section 2's totals and computed lines; every shipped name that starts with "Total"
// is among them. 8518 (cost of sales) is the sum of the cost-of-sales lines, which is why the
// default chart's cost of goods sold uses 8320 (purchases) instead.
const totalLines: ReadonlySet<string> = new Set([
  '1599',
  '2008',
  '2009',
  '2178',
  '2179',
  '2589',
  '2599',
  '3139',
  '3450',
  '3499',
  '3620',
  '3640',
  '3849',
  '8089',
  '8299',
  '8518',
  '8519',
  '9367',
  '9368',
  '9369',
  '9659',
  '9898',
  '9899',
  '9970',
  '9999',
])

const codePattern = /^\d{4}$/

/**
 * Classifies any four-digit code inside a GIFI section, listed or not: CRA adds codes over time
 * (9714 was missing from the English list), and a range is what decides the type.
 */
export function classifyGifi(code: string, field = 'taxCode'): Result<GifiClassification> {
  if (!codePattern.test(code)) {
    return fail('INVALID_TAX_CODE', `${field} must be a four-digit GIFI code such as "1002".`, field)
  }
  const value = Number(code)
  const range = ranges.find((candidate) => candidate.from <= value && value <= candidate.to)
  if (range === undefined) {
    return fail('INVALID_TAX_CODE', `${field} ${code} is not in any GIFI section.`, field)
  }
  return ok({
    classification: classificationOfAccountType[range.accountType],
    accountType: range.accountType,
    isTotalLine: totalLines.has(code),
  })
}

const gifiHeader = ['code', 'name', 'name_fr', 'note'] as const

let shipped: readonly GifiCode[] | undefined

/** The GIFI codes Daybook ships (data/gifi-codes.csv), in code order, each classified. */
export function loadGifiCodes(): GifiCode[] {
  shipped ??= readShippedCsv('gifi-codes.csv', gifiHeader).map((row) => {
    const code = row.code ?? ''
    const name = row.name ?? ''
    const classified = classifyGifi(code)
    assert(classified.ok, `gifi-codes.csv: ${code} is not a classifiable GIFI code`)
    assert(name.trim() !== '', `gifi-codes.csv: ${code} has no name`)
    return Object.freeze({ code, name, nameFr: row.name_fr || undefined, ...classified.value })
  })
  return [...shipped]
}
