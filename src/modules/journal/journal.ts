import { assert } from '../../kernel/result.js'

// The pure shape of a journal entry. Direction is a field, amounts are positive integers of the
// minor unit, and an entry that does not balance is a bug, never a value.
export interface PostingLine {
  accountId: string
  side: 'debit' | 'credit'
  amountMinor: bigint
  contactId: string | null
}

/** An event's posting, the reversal of an entry, or a reconciliation's adjustment (no event). */
export type EntryKind = 'posting' | 'reversal' | 'adjustment'

export interface EntryPlan {
  txnDate: string
  currency: string
  lines: PostingLine[]
}

export type PostableEventType = 'expense' | 'income' | 'transfer' | 'refund'

export interface PostingInput {
  eventType: PostableEventType
  grossMinor: bigint
  taxMinor: bigint
  categoryId: string
  paymentAccountId: string
  taxAccountId: string
  contactId: string | null
  txnDate: string
  currency: string
}

/** DESIGN 5.4: the lines an event posts. Zero-amount lines are left out. */
export function planPosting(input: PostingInput): EntryPlan {
  const { grossMinor: gross, taxMinor: tax } = input
  assert(gross > 0n, 'a posted amount is positive')
  assert(tax >= 0n && tax < gross, 'tax lies in [0, gross)')
  const line = (accountId: string, side: PostingLine['side'], amountMinor: bigint): PostingLine => ({
    accountId,
    side,
    amountMinor,
    contactId: input.contactId,
  })
  let lines: PostingLine[]
  switch (input.eventType) {
    case 'expense':
      lines = [
        line(input.categoryId, 'debit', gross - tax),
        line(input.taxAccountId, 'debit', tax),
        line(input.paymentAccountId, 'credit', gross),
      ]
      break
    case 'income':
      lines = [
        line(input.paymentAccountId, 'debit', gross),
        line(input.categoryId, 'credit', gross - tax),
        line(input.taxAccountId, 'credit', tax),
      ]
      break
    case 'transfer':
    case 'refund':
      lines = [line(input.categoryId, 'debit', gross), line(input.paymentAccountId, 'credit', gross)]
      break
  }
  const plan = {
    txnDate: input.txnDate,
    currency: input.currency,
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
