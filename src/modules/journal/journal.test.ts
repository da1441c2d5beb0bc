// The pure shape of an entry: every posting plan and its reversal balance, whatever the event.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  assertBalanced,
  type PostableEventType,
  type PostingInput,
  planPosting,
  planReversal,
  totalDebits,
} from './journal.js'

const eventTypes: PostableEventType[] = ['expense', 'income', 'transfer', 'refund']

const postingInput = fc
  .record({
    eventType: fc.constantFrom(...eventTypes),
    grossMinor: fc.bigInt({ min: 1n, max: 999_999_999_999_999n }),
    taxShare: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    contactId: fc.option(fc.constant('contact'), { nil: null }),
  })
  .map(
    ({ eventType, grossMinor, taxShare, contactId }): PostingInput => ({
      eventType,
      grossMinor,
      // Tax lies in [0, gross): a share of the gross, floored, never the whole of it.
      taxMinor: BigInt(Math.floor(Number(grossMinor - 1n) * taxShare)),
      categoryId: 'category',
      paymentAccountId: 'payment',
      taxAccountId: 'tax',
      contactId,
      txnDate: '2026-03-02',
      currency: 'CAD',
    }),
  )

const sideTotal = (lines: ReturnType<typeof planPosting>['lines'], accountId: string, side: string) =>
  lines
    .filter((l) => l.accountId === accountId && l.side === side)
    .reduce((sum, l) => sum + l.amountMinor, 0n)

describe('planPosting', () => {
  it('always balances, with positive lines, and moves the gross through the payment account', () => {
    fc.assert(
      fc.property(postingInput, (input) => {
        const plan = planPosting(input)
        expect(() => assertBalanced(plan)).not.toThrow()
        expect(plan.lines.every((l) => l.amountMinor > 0n)).toBe(true)
        expect(totalDebits(plan)).toBe(input.grossMinor)
        const paymentSide = input.eventType === 'income' ? 'debit' : 'credit'
        expect(sideTotal(plan.lines, 'payment', paymentSide)).toBe(input.grossMinor)
        expect(plan.lines.every((l) => l.contactId === input.contactId)).toBe(true)
      }),
    )
  })

  it('splits the tax out of an expense or an income, and leaves it out of transfers and refunds', () => {
    fc.assert(
      fc.property(postingInput, (input) => {
        const plan = planPosting(input)
        const tax = sideTotal(plan.lines, 'tax', input.eventType === 'income' ? 'credit' : 'debit')
        const taxed = input.eventType === 'expense' || input.eventType === 'income'
        expect(tax).toBe(taxed ? input.taxMinor : 0n)
      }),
    )
  })

  it('posts an expense as DESIGN 5.4 lays it out', () => {
    const plan = planPosting({
      eventType: 'expense',
      grossMinor: 1130n,
      taxMinor: 130n,
      categoryId: 'office',
      paymentAccountId: 'card',
      taxAccountId: 'gst',
      contactId: null,
      txnDate: '2026-03-02',
      currency: 'CAD',
    })
    expect(plan.lines.map((l) => [l.accountId, l.side, l.amountMinor])).toEqual([
      ['office', 'debit', 1000n],
      ['gst', 'debit', 130n],
      ['card', 'credit', 1130n],
    ])
  })

  it('refuses, as a bug, a tax that is not below the amount and an amount that is not positive', () => {
    const base = {
      eventType: 'expense' as const,
      categoryId: 'c',
      paymentAccountId: 'p',
      taxAccountId: 't',
      contactId: null,
      txnDate: '2026-03-02',
      currency: 'CAD',
    }
    expect(() => planPosting({ ...base, grossMinor: 100n, taxMinor: 100n })).toThrow()
    expect(() => planPosting({ ...base, grossMinor: 0n, taxMinor: 0n })).toThrow()
    expect(() => planPosting({ ...base, grossMinor: 100n, taxMinor: -1n })).toThrow()
  })
})

describe('planReversal', () => {
  it('mirrors every line and still balances, and reversing twice gives the original back', () => {
    fc.assert(
      fc.property(postingInput, (input) => {
        const plan = planPosting(input)
        const reversal = planReversal(plan)
        expect(() => assertBalanced(reversal)).not.toThrow()
        expect(reversal.lines.map((l) => l.side)).toEqual(
          plan.lines.map((l) => (l.side === 'debit' ? 'credit' : 'debit')),
        )
        expect(planReversal(reversal)).toEqual(plan)
      }),
    )
  })
})

describe('assertBalanced', () => {
  it('refuses an entry whose sides differ, a single line, and a line that is not positive', () => {
    const line = (side: 'debit' | 'credit', amountMinor: bigint) => ({
      accountId: 'a',
      side,
      amountMinor,
      contactId: null,
    })
    const entry = (...lines: ReturnType<typeof line>[]) => ({ txnDate: '2026-03-02', currency: 'CAD', lines })
    expect(() => assertBalanced(entry(line('debit', 5n), line('credit', 4n)))).toThrow()
    expect(() => assertBalanced(entry(line('debit', 5n)))).toThrow()
    expect(() => assertBalanced(entry(line('debit', 0n), line('credit', 0n)))).toThrow()
    expect(() => assertBalanced(entry(line('debit', 5n), line('credit', 5n)))).not.toThrow()
  })
})
