import { assert } from '../../kernel/result.js'

// The pure shape of a journal entry. Direction is a field, amounts are positive integers of the
// minor unit, and an entry that does not balance is a bug, never a value.
export interface PostingLine {
  accountId: string
  side: 'debit' | 'credit'
  /** In the functional currency, like every amount of the books. */
  amountMinor: bigint
  contactId: string | null
  /** The same line in the event's own currency, when that is not the functional one. */
  originalMinor?: bigint
  /** What the line is to a sales tax return; absent, nothing. */
  tax?: LineTax
  /** A manual entry's line memo. */
  memo?: string
}

/**
 * A sale or a purchase is a net line of an income, or an expense or asset, account with the tax
 * code of the event's line (null: none); a tax collected or an input tax credit is a line of one
 * tax, paid on the net line numbered `baseLineNo` of the same entry.
 */
export type LineTax =
  | { kind: 'sale' | 'purchase'; code: string | null }
  | { kind: 'collected' | 'input_credit'; code: string | null; baseLineNo: number | null }
  | { kind: 'return_line'; code: TaxReturnLineTag }

/** The GST34 lines a manual entry's line may be tagged with (DESIGN 8.3, 8.4). */
export const taxReturnLineTags = ['104', '107', '110', '111', '205', '405'] as const
export type TaxReturnLineTag = (typeof taxReturnLineTags)[number]
export const isTaxReturnLineTag = (line: string): line is TaxReturnLineTag =>
  (taxReturnLineTags as readonly string[]).includes(line)

export type NetTaxKind = 'sale' | 'purchase'

/**
 * An event's posting, the reversal of an entry, a reconciliation's adjustment, the clearing entry
 * of a filed sales tax return, a manual entry, the opening balances, an approved invoice, bill or
 * credit note, or a payment of one (the last six of no event).
 */
export type EntryKind =
  | 'posting'
  | 'reversal'
  | 'adjustment'
  | 'tax_filing'
  | 'manual'
  | 'opening'
  | 'invoice'
  | 'payment'

/** DESIGN 8.4: the source a client sees for each kind of entry. */
export const sourceOfKind = {
  posting: 'event',
  reversal: 'reversal',
  adjustment: 'reconciliation',
  tax_filing: 'tax_filing',
  manual: 'manual',
  opening: 'opening',
  invoice: 'invoice',
  payment: 'payment',
} as const satisfies Record<EntryKind, string>
export type EntrySource = (typeof sourceOfKind)[EntryKind]

/** The kinds of entry of no event that are posted whole (not reversals). */
export type AdjustmentKind = 'adjustment' | 'tax_filing' | 'manual' | 'opening' | 'invoice' | 'payment'

export interface EntryPlan {
  txnDate: string
  /** The functional currency. */
  currency: string
  /** The event's currency when it is another; every line then carries originalMinor. */
  originalCurrency?: string
  lines: PostingLine[]
  /** A manual entry's memo and reference. */
  memo?: string
  reference?: string
}

export interface PostingInput {
  /** in: money into the payment account; out: money out of it (DESIGN 7.7). */
  direction: 'in' | 'out'
  grossMinor: bigint
  /**
   * The tax posted to taxAccountId, a line per tax. What the event's tax holds beyond them (the
   * share of a purchase's tax that is not claimed back) stays on the category line.
   */
  taxParts: ReadonlyArray<{ code: string | null; minor: bigint }>
  /** A transfer's second part (a loan repayment's interest), booked to splitAccountId. */
  splitMinor: bigint
  categoryId: string
  paymentAccountId: string
  taxAccountId: string
  splitAccountId: string
  contactId: string | null
  txnDate: string
  /** The functional currency: the one the amounts are in, or the one they convert to. */
  currency: string
  /** Amounts in another currency, with the conversion of each part to the functional one. */
  conversion?: { originalCurrency: string; toFunctional: (originalMinor: bigint) => bigint }
  /**
   * What the category and split lines are to a sales tax return, and the category's tax code;
   * absent for a transfer. The tax lines are then tax collected on a sale, input tax credits on a
   * purchase.
   */
  salesTax?: { category: NetTaxKind; split: NetTaxKind | null; code: string | null }
}

/**
 * DESIGN 5.4 and 7.7: the lines an event posts. Money out debits the category (less tax and any
 * split), the tax account and the split account, and credits the payment account; money in is
 * the mirror image. An amount in another currency is converted part by part, each rounded once,
 * and the category takes what is left, so the entry balances to the cent. Zero-amount lines are
 * left out. Undefined when the converted amount rounds to nothing, or its rounded parts exceed
 * it (a split and a tax of nearly the whole amount at an extreme rate).
 */
export function planPosting(input: PostingInput): EntryPlan | undefined {
  const { grossMinor: gross, splitMinor: split } = input
  const tax = input.taxParts.reduce((sum, part) => sum + part.minor, 0n)
  assert(gross > 0n, 'a posted amount is positive')
  assert(
    input.taxParts.every((part) => part.minor >= 0n) && split >= 0n && tax + split < gross,
    'tax and split lie within the amount',
  )
  const convert = input.conversion?.toFunctional ?? ((minor: bigint) => minor)
  const functionalGross = convert(gross)
  const functionalTaxes = input.taxParts.map((part) => convert(part.minor))
  const functionalSplit = convert(split)
  const functionalRest =
    functionalGross - functionalTaxes.reduce((sum, minor) => sum + minor, 0n) - functionalSplit
  if (functionalGross === 0n || functionalRest < 0n) return undefined
  const [partSide, paymentSide]: Array<PostingLine['side']> =
    input.direction === 'out' ? ['debit', 'credit'] : ['credit', 'debit']
  const line = (
    accountId: string,
    side: PostingLine['side'],
    amountMinor: bigint,
    originalMinor: bigint,
    lineTax?: LineTax,
  ): PostingLine => ({
    accountId,
    side,
    amountMinor,
    contactId: input.contactId,
    ...(input.conversion ? { originalMinor } : {}),
    ...(lineTax ? { tax: lineTax } : {}),
  })
  const salesTax = input.salesTax
  const category = line(
    input.categoryId,
    partSide as PostingLine['side'],
    functionalRest,
    gross - tax - split,
    salesTax && { kind: salesTax.category, code: salesTax.code },
  )
  const taxKind = salesTax?.category === 'sale' ? 'collected' : 'input_credit'
  const taxes = input.taxParts.map((part, index) =>
    line(
      input.taxAccountId,
      partSide as PostingLine['side'],
      functionalTaxes[index] as bigint,
      part.minor,
      salesTax && { kind: taxKind, code: part.code, baseLineNo: null },
    ),
  )
  const splitLine = line(
    input.splitAccountId,
    partSide as PostingLine['side'],
    functionalSplit,
    split,
    salesTax?.split ? { kind: salesTax.split, code: null } : undefined,
  )
  const payment = line(input.paymentAccountId, paymentSide as PostingLine['side'], functionalGross, gross)
  return entryOf(input, [category, ...taxes, splitLine], payment, [{ net: category, taxes }])
}

/**
 * An entry from its lines: the payment line first for money in and last for money out, lines of
 * nothing left out, and each tax line naming the number of the net line it was paid on.
 */
function entryOf(
  input: Pick<PostingInput, 'direction' | 'txnDate' | 'currency' | 'conversion'>,
  parts: PostingLine[],
  payment: PostingLine,
  groups: ReadonlyArray<{ net: PostingLine; taxes: readonly PostingLine[] }>,
): EntryPlan {
  const lines = (input.direction === 'out' ? [...parts, payment] : [payment, ...parts]).filter(
    (l) => l.amountMinor > 0n,
  )
  for (const group of groups) {
    const baseLineNo = lines.indexOf(group.net) + 1
    for (const tax of group.taxes) {
      if (tax.tax && 'baseLineNo' in tax.tax) tax.tax.baseLineNo = baseLineNo > 0 ? baseLineNo : null
    }
  }
  const plan: EntryPlan = {
    txnDate: input.txnDate,
    currency: input.currency,
    ...(input.conversion ? { originalCurrency: input.conversion.originalCurrency } : {}),
    lines,
  }
  assertBalanced(plan)
  return plan
}

/** One of an event's lines as it posts: its account's net, and the tax beside it. */
export interface PostingLinePart {
  accountId: string
  /** Its share of the event's amount, its tax included, in the event's currency. */
  grossMinor: bigint
  /** The tax posted apart, a part per tax; the rest of the line stays on its account. */
  taxParts: ReadonlyArray<{ code: string | null; minor: bigint; accountId: string }>
  /** What the net is to a sales tax return (with the line's code); null: nothing. */
  salesTax: { kind: NetTaxKind; code: string | null } | null
  contactId: string | null
}

export interface LinesPostingInput {
  direction: 'in' | 'out'
  paymentAccountId: string
  /** The payment line's contact: the event's. */
  contactId: string | null
  txnDate: string
  currency: string
  conversion?: PostingInput['conversion']
  lines: readonly PostingLinePart[]
}

/**
 * DESIGN 8.2: the entry of an event classified line by line. The payment account takes the whole
 * amount; each line posts its net to its account and each tax apart to the tax account, the tax
 * lines naming the net line they were paid on. In another currency every part is converted and
 * rounded once, and the largest net takes the cents the rounding left, so the entry balances.
 * Undefined when the converted amount rounds to nothing or no net can take the difference.
 */
export function planLinesPosting(input: LinesPostingInput): EntryPlan | undefined {
  assert(input.lines.length > 0, 'an event posted by lines has a line')
  const grossMinor = input.lines.reduce((sum, part) => sum + part.grossMinor, 0n)
  assert(grossMinor > 0n, 'a posted amount is positive')
  const convert = input.conversion?.toFunctional ?? ((minor: bigint) => minor)
  const functionalGross = convert(grossMinor)
  if (functionalGross === 0n) return undefined
  const [partSide, paymentSide]: Array<PostingLine['side']> =
    input.direction === 'out' ? ['debit', 'credit'] : ['credit', 'debit']
  const line = (
    accountId: string,
    side: PostingLine['side'],
    originalMinor: bigint,
    contactId: string | null,
    lineTax?: LineTax,
  ): PostingLine => ({
    accountId,
    side,
    amountMinor: convert(originalMinor),
    contactId,
    ...(input.conversion ? { originalMinor } : {}),
    ...(lineTax ? { tax: lineTax } : {}),
  })
  const groups = input.lines.map((part) => {
    const taxMinor = part.taxParts.reduce((sum, tax) => sum + tax.minor, 0n)
    assert(taxMinor >= 0n && taxMinor < part.grossMinor, "a line's tax lies within its amount")
    const net = line(
      part.accountId,
      partSide as PostingLine['side'],
      part.grossMinor - taxMinor,
      part.contactId,
      part.salesTax ?? undefined,
    )
    const taxKind = part.salesTax?.kind === 'sale' ? 'collected' : 'input_credit'
    const taxes = part.taxParts.map((tax) =>
      line(
        tax.accountId,
        partSide as PostingLine['side'],
        tax.minor,
        part.contactId,
        part.salesTax ? { kind: taxKind, code: tax.code, baseLineNo: null } : undefined,
      ),
    )
    return { net, taxes }
  })
  const parts = groups.flatMap((group) => [group.net, ...group.taxes])
  const rounding = functionalGross - parts.reduce((sum, l) => sum + l.amountMinor, 0n)
  if (rounding !== 0n) {
    const largest = groups.reduce((best, group) =>
      group.net.amountMinor > best.net.amountMinor ? group : best,
    )
    largest.net.amountMinor += rounding
    if (largest.net.amountMinor < 0n) return undefined
  }
  const payment = line(
    input.paymentAccountId,
    paymentSide as PostingLine['side'],
    grossMinor,
    input.contactId,
  )
  payment.amountMinor = functionalGross
  return entryOf(input, parts, payment, groups)
}

/**
 * The mirror image of an entry: every debit becomes a credit and back, its tags and memos kept,
 * on the same date unless another is given.
 */
export function planReversal(original: EntryPlan, txnDate = original.txnDate): EntryPlan {
  const plan = {
    txnDate,
    currency: original.currency,
    ...(original.originalCurrency ? { originalCurrency: original.originalCurrency } : {}),
    ...(original.memo !== undefined ? { memo: original.memo } : {}),
    lines: original.lines.map((l) => ({
      ...l,
      side: l.side === 'debit' ? ('credit' as const) : ('debit' as const),
    })),
  }
  assertBalanced(plan)
  return plan
}

export function totalDebits(plan: EntryPlan): bigint {
  return plan.lines.reduce((sum, l) => (l.side === 'debit' ? sum + l.amountMinor : sum), 0n)
}

export function assertBalanced(plan: EntryPlan): void {
  assert(plan.lines.length >= 2, 'an entry has at least two lines')
  let debits = 0n
  let credits = 0n
  for (const l of plan.lines) {
    assert(l.amountMinor > 0n, 'every line amount is positive')
    if (l.side === 'debit') debits += l.amountMinor
    else credits += l.amountMinor
  }
  assert(debits === credits, `entry balances (debits ${debits} = credits ${credits})`)
}
