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
}

/** An event's posting, the reversal of an entry, or a reconciliation's adjustment (no event). */
export type EntryKind = 'posting' | 'reversal' | 'adjustment'

export interface EntryPlan {
  txnDate: string
  /** The functional currency. */
  currency: string
  /** The event's currency when it is another; every line then carries originalMinor. */
  originalCurrency?: string
  lines: PostingLine[]
}

export interface PostingInput {
  /** in: money into the payment account; out: money out of it (DESIGN 7.7). */
  direction: 'in' | 'out'
  grossMinor: bigint
  taxMinor: bigint
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
  const { grossMinor: gross, taxMinor: tax, splitMinor: split } = input
  assert(gross > 0n, 'a posted amount is positive')
  assert(tax >= 0n && split >= 0n && tax + split < gross, 'tax and split lie within the amount')
  const convert = input.conversion?.toFunctional ?? ((minor: bigint) => minor)
  const functionalGross = convert(gross)
  const functionalTax = convert(tax)
  const functionalSplit = convert(split)
  const functionalRest = functionalGross - functionalTax - functionalSplit
  if (functionalGross === 0n || functionalRest < 0n) return undefined
  const [partSide, paymentSide]: Array<PostingLine['side']> =
    input.direction === 'out' ? ['debit', 'credit'] : ['credit', 'debit']
  const line = (
    accountId: string,
    side: PostingLine['side'],
    amountMinor: bigint,
    originalMinor: bigint,
  ): PostingLine => ({
    accountId,
    side,
    amountMinor,
    contactId: input.contactId,
    ...(input.conversion ? { originalMinor } : {}),
  })
  const parts = [
    line(input.categoryId, partSide as PostingLine['side'], functionalRest, gross - tax - split),
    line(input.taxAccountId, partSide as PostingLine['side'], functionalTax, tax),
    line(input.splitAccountId, partSide as PostingLine['side'], functionalSplit, split),
  ]
  const payment = line(input.paymentAccountId, paymentSide as PostingLine['side'], functionalGross, gross)
  const lines = input.direction === 'out' ? [...parts, payment] : [payment, ...parts]
  const plan: EntryPlan = {
    txnDate: input.txnDate,
    currency: input.currency,
    ...(input.conversion ? { originalCurrency: input.conversion.originalCurrency } : {}),
    lines: lines.filter((l) => l.amountMinor > 0n),
  }
  assertBalanced(plan)
  return plan
}

/** The mirror image of an entry: every debit becomes a credit and back, on the same date. */
export function planReversal(original: EntryPlan): EntryPlan {
  const plan = {
    txnDate: original.txnDate,
    currency: original.currency,
    ...(original.originalCurrency ? { originalCurrency: original.originalCurrency } : {}),
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
