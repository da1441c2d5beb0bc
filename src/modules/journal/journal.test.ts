// The pure shape of an entry: every posting plan and its reversal balance, in either direction, split, converted or line by line.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { convertMinor, parseExchangeRate } from '../../kernel/exchange-rate.js'
import {
  assertBalanced,
  type EntryPlan,
  type PostingInput,
  type PostingLine,
  planLinesPosting,
  planPosting,
  planReversal,
  totalDebits,
} from './journal.js'

const rateOf = (text: string) => {
  const parsed = parseExchangeRate(text)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return parsed.value
}

const base = {
  categoryId: 'category',
  paymentAccountId: 'payment',
  taxAccountId: 'tax',
  splitAccountId: 'split',
  contactId: null,
  txnDate: '2026-03-02',
  currency: 'CAD',
  splitMinor: 0n,
}

const postingInput = fc
  .record({
    direction: fc.constantFrom('in' as const, 'out' as const),
    grossMinor: fc.bigInt({ min: 1n, max: 999_999_999_999_999n }),
    taxShare: fc.double({ min: 0, max: 0.5, noNaN: true, maxExcluded: true }),
    splitShare: fc.double({ min: 0, max: 0.5, noNaN: true, maxExcluded: true }),
    contactId: fc.option(fc.constant('contact'), { nil: null }),
    rate: fc.option(fc.constantFrom('1.3542', '0.0091', '110.5', '0.73'), { nil: undefined }),
  })
  .map(({ direction, grossMinor, taxShare, splitShare, contactId, rate }): PostingInput => {
    // Tax and split lie in [0, gross) together: shares below a half each, floored.
    const taxMinor = BigInt(Math.floor(Number(grossMinor - 1n) * taxShare))
    const splitMinor = BigInt(Math.floor(Number(grossMinor - 1n) * splitShare))
    return {
      ...base,
      direction,
      grossMinor,
      taxParts: [{ code: null, minor: taxMinor }],
      splitMinor: taxMinor + splitMinor < grossMinor ? splitMinor : 0n,
      contactId,
      ...(rate
        ? {
            conversion: {
              originalCurrency: 'USD',
              toFunctional: (minor: bigint) => convertMinor(minor, 2, rateOf(rate), 2),
            },
          }
        : {}),
    }
  })

const sideTotal = (lines: PostingLine[], accountId: string, side: string) =>
  lines
    .filter((l) => l.accountId === accountId && l.side === side)
    .reduce((sum, l) => sum + l.amountMinor, 0n)

const planned = (input: PostingInput): EntryPlan => {
  const plan = planPosting(input)
  if (!plan) throw new Error('the parts exceed the whole')
  return plan
}

describe('planPosting', () => {
  it('always balances, with positive lines, and moves the gross through the payment account', () => {
    fc.assert(
      fc.property(postingInput, (input) => {
        const plan = planPosting(input)
        if (!plan) return
        expect(() => assertBalanced(plan)).not.toThrow()
        expect(plan.lines.every((l) => l.amountMinor > 0n)).toBe(true)
        const grossFunctional = input.conversion?.toFunctional(input.grossMinor) ?? input.grossMinor
        expect(totalDebits(plan)).toBe(grossFunctional)
        const paymentSide = input.direction === 'in' ? 'debit' : 'credit'
        expect(sideTotal(plan.lines, 'payment', paymentSide)).toBe(grossFunctional)
        expect(plan.lines.every((l) => l.contactId === input.contactId)).toBe(true)
      }),
    )
  })

  it('books tax and split on the category side, each converted once', () => {
    fc.assert(
      fc.property(postingInput, (input) => {
        const plan = planPosting(input)
        if (!plan) return
        const partSide = input.direction === 'in' ? 'credit' : 'debit'
        const convert = input.conversion?.toFunctional ?? ((minor: bigint) => minor)
        expect(sideTotal(plan.lines, 'tax', partSide)).toBe(convert(input.taxParts[0]?.minor ?? 0n))
        expect(sideTotal(plan.lines, 'split', partSide)).toBe(convert(input.splitMinor))
      }),
    )
  })

  it('keeps each line in the original currency beside its functional amount', () => {
    fc.assert(
      fc.property(postingInput, (input) => {
        const plan = planPosting(input)
        if (!plan) return
        if (!input.conversion) {
          expect(plan.originalCurrency).toBeUndefined()
          expect(plan.lines.every((l) => l.originalMinor === undefined)).toBe(true)
          return
        }
        expect(plan.originalCurrency).toBe('USD')
        const paymentLine = plan.lines.find((l) => l.accountId === 'payment')
        expect(paymentLine?.originalMinor).toBe(input.grossMinor)
      }),
    )
  })

  it('posts an expense as DESIGN 5.4 lays it out', () => {
    const plan = planned({
      ...base,
      direction: 'out',
      grossMinor: 1130n,
      taxParts: [{ code: null, minor: 130n }],
    })
    expect(plan.lines.map((l) => [l.accountId, l.side, l.amountMinor])).toEqual([
      ['category', 'debit', 1000n],
      ['tax', 'debit', 130n],
      ['payment', 'credit', 1130n],
    ])
  })

  it('posts money in and money out as mirror images', () => {
    const input = { ...base, grossMinor: 50_000n, taxParts: [{ code: null, minor: 0n }] }
    expect(planned({ ...input, direction: 'in' }).lines.map((l) => [l.accountId, l.side])).toEqual([
      ['payment', 'debit'],
      ['category', 'credit'],
    ])
    expect(planned({ ...input, direction: 'out' }).lines.map((l) => [l.accountId, l.side])).toEqual([
      ['category', 'debit'],
      ['payment', 'credit'],
    ])
  })

  it('splits a loan repayment into principal and interest', () => {
    const plan = planned({
      ...base,
      direction: 'out',
      grossMinor: 120_000n,
      taxParts: [{ code: null, minor: 0n }],
      splitMinor: 20_000n,
    })
    expect(plan.lines.map((l) => [l.accountId, l.side, l.amountMinor])).toEqual([
      ['category', 'debit', 100_000n],
      ['split', 'debit', 20_000n],
      ['payment', 'credit', 120_000n],
    ])
  })

  it('converts 1,000.00 USD at 1.3542 into 1,354.20 CAD, the category taking the rounding', () => {
    const plan = planned({
      ...base,
      direction: 'out',
      grossMinor: 9_999n,
      taxParts: [{ code: null, minor: 1_150n }],
      conversion: {
        originalCurrency: 'USD',
        toFunctional: (minor) => convertMinor(minor, 2, rateOf('1.3542'), 2),
      },
    })
    expect(plan.lines.map((l) => [l.accountId, l.amountMinor, l.originalMinor])).toEqual([
      ['category', 11_984n, 8_849n],
      ['tax', 1_557n, 1_150n],
      ['payment', 13_541n, 9_999n],
    ])
  })

  it('refuses, as a bug, parts that are not below the amount and an amount that is not positive', () => {
    const input = { ...base, direction: 'out' as const }
    expect(() =>
      planPosting({ ...input, grossMinor: 100n, taxParts: [{ code: null, minor: 100n }] }),
    ).toThrow()
    expect(() =>
      planPosting({ ...input, grossMinor: 100n, taxParts: [{ code: null, minor: 50n }], splitMinor: 50n }),
    ).toThrow()
    expect(() => planPosting({ ...input, grossMinor: 0n, taxParts: [{ code: null, minor: 0n }] })).toThrow()
    expect(() =>
      planPosting({ ...input, grossMinor: 100n, taxParts: [{ code: null, minor: -1n }] }),
    ).toThrow()
  })
})

describe('planLinesPosting', () => {
  const lineOf = (
    accountId: string,
    grossMinor: bigint,
    taxes: bigint[] = [],
    kind: 'sale' | 'purchase' = 'purchase',
  ) => ({
    accountId,
    grossMinor,
    taxParts: taxes.map((minor, i) => ({
      code: i === 0 ? 'GST' : 'PST_BC',
      minor,
      accountId: 'recoverable',
    })),
    salesTax: { kind, code: taxes.length > 0 ? 'GST_PST_BC' : null },
    contactId: null,
  })
  const input = {
    direction: 'out' as const,
    paymentAccountId: 'payment',
    contactId: 'vendor',
    txnDate: '2026-03-02',
    currency: 'CAD',
  }

  it('posts each line’s net and its taxes, the taxes naming their net line', () => {
    const plan = planLinesPosting({
      ...input,
      lines: [lineOf('office', 11_200n, [500n]), lineOf('travel', 5_000n)],
    })
    expect(plan?.lines.map((l) => [l.accountId, l.side, l.amountMinor, l.tax])).toEqual([
      ['office', 'debit', 10_700n, { kind: 'purchase', code: 'GST_PST_BC' }],
      ['recoverable', 'debit', 500n, { kind: 'input_credit', code: 'GST', baseLineNo: 1 }],
      ['travel', 'debit', 5_000n, { kind: 'purchase', code: null }],
      ['payment', 'credit', 16_200n, undefined],
    ])
  })

  it('always balances, converted or not, the largest net taking the rounding', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.bigInt({ min: 2n, max: 10_000_000n }), fc.nat({ max: 100 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.constantFrom('1', '1.3542', '0.0071', '158.25'),
        fc.constantFrom<'in' | 'out'>('in', 'out'),
        (parts, rateText, direction) => {
          const rate = rateOf(rateText)
          const lines = parts.map(([gross, percent], i) =>
            lineOf(`line${i}`, gross, [(gross * BigInt(percent)) / 101n]),
          )
          const plan = planLinesPosting({
            ...input,
            direction,
            lines,
            ...(rateText === '1'
              ? {}
              : {
                  conversion: {
                    originalCurrency: 'USD',
                    toFunctional: (m: bigint) => convertMinor(m, 2, rate, 2),
                  },
                }),
          })
          if (!plan) return
          assertBalanced(plan)
          const payment = plan.lines.find((l) => l.accountId === 'payment')
          const gross = parts.reduce((sum, [g]) => sum + g, 0n)
          expect(payment?.amountMinor).toBe(rateText === '1' ? gross : convertMinor(gross, 2, rate, 2))
          for (const l of plan.lines) {
            if (l.tax && 'baseLineNo' in l.tax && l.tax.baseLineNo !== null) {
              expect(plan.lines[l.tax.baseLineNo - 1]?.tax?.kind).toBe('purchase')
            }
          }
        },
      ),
    )
  })
})

describe('planReversal', () => {
  it('mirrors every line and still balances, and reversing twice gives the original back', () => {
    fc.assert(
      fc.property(postingInput, (input) => {
        const plan = planPosting(input)
        if (!plan) return
        const reversal = planReversal(plan)
        expect(() => assertBalanced(reversal)).not.toThrow()
        expect(reversal.originalCurrency).toBe(plan.originalCurrency)
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
