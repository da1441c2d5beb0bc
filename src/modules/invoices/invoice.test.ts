// The pure rules of documents: line amounts and tax rounded half-even once, totals, status, numbering, aging buckets and the entries they post.
import { describe, expect, it } from 'vitest'
import { convertMinor, storedExchangeRate } from '../../kernel/exchange-rate.js'
import {
  agingBucketOf,
  clearedFunctionalMinor,
  lineAmountMinor,
  nextNumber,
  parseQuantity,
  parseUnitPrice,
  planDocumentPosting,
  planPayment,
  priceLines,
  sequenceOf,
  statusAfterSettling,
  totalsOf,
} from './invoice.js'

const decimal = (text: string) => {
  const parsed = parseQuantity(text, 'q')
  if (!parsed.ok) throw new Error(parsed.error.message)
  return parsed.value
}

describe('a line', () => {
  it('is quantity x unit price rounded half-even to the currency', () => {
    expect(lineAmountMinor(decimal('3'), decimal('33.33'), 2)).toBe(9999n)
    expect(lineAmountMinor(decimal('0.5'), decimal('0.05'), 2)).toBe(2n)
    expect(lineAmountMinor(decimal('0.5'), decimal('0.07'), 2)).toBe(4n)
    expect(lineAmountMinor(decimal('1.5'), decimal('0.01'), 2)).toBe(2n)
  })

  it('refuses negative or malformed quantities and prices', () => {
    expect(parseQuantity('-1', 'q')).toMatchObject({ ok: false, error: { code: 'INVALID_QUANTITY' } })
    expect(parseQuantity('1.23456', 'q')).toMatchObject({ ok: false, error: { code: 'INVALID_QUANTITY' } })
    expect(parseUnitPrice('-0.01', 'CAD', 'p')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_AMOUNT' },
    })
    expect(parseUnitPrice('1e3', 'CAD', 'p')).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT' } })
  })

  it('is taxed on its own: 450.00 and 99.99 at 13% come to 621.49', () => {
    const lines = priceLines(
      [
        { quantity: '1', unitPrice: '450.00', accountId: 'a', taxCode: 'HST_ON' },
        { quantity: '1', unitPrice: '99.99', accountId: 'a', taxCode: 'HST_ON' },
      ],
      'CAD',
      '2026-03-10',
    )
    if (!lines.ok) throw new Error(lines.error.message)
    expect(lines.value.map((line) => line.taxMinor)).toEqual([5850n, 1300n])
    expect(totalsOf(lines.value)).toEqual({ subtotalMinor: 54999n, taxTotalMinor: 7150n, totalMinor: 62149n })
    expect(
      priceLines([{ quantity: '1', unitPrice: '1', accountId: 'a', taxCode: 'HST_ON' }], 'CAD', '2009-01-01'),
    ).toMatchObject({
      ok: false,
      error: { code: 'TAX_CODE_NO_RATE' },
    })
  })
})

describe('a document', () => {
  it('moves from open to partly paid to paid', () => {
    expect(statusAfterSettling(100n, 0n)).toBe('open')
    expect(statusAfterSettling(100n, 40n)).toBe('partially_paid')
    expect(statusAfterSettling(100n, 100n)).toBe('paid')
    expect(() => statusAfterSettling(100n, 101n)).toThrow()
  })

  it('is numbered after the highest of its series', () => {
    expect(nextNumber('INV', 0)).toBe('INV-0001')
    expect(nextNumber('CN', 9999)).toBe('CN-10000')
    expect(sequenceOf('INV', 'INV-0042')).toBe(42)
    expect(sequenceOf('INV', 'INV-A1')).toBeNull()
  })

  it('ages by days past due', () => {
    expect(agingBucketOf('2026-04-10', '2026-04-10')).toBe('current')
    expect(agingBucketOf('2026-04-09', '2026-04-10')).toBe('days1To30')
    expect(agingBucketOf('2026-03-11', '2026-04-10')).toBe('days1To30')
    expect(agingBucketOf('2026-03-10', '2026-04-10')).toBe('days31To60')
    expect(agingBucketOf('2026-01-10', '2026-04-10')).toBe('days61To90')
    expect(agingBucketOf('2026-01-09', '2026-04-10')).toBe('over90')
  })

  const accounts = {
    controlAccountId: 'ap',
    taxPayableId: 'payable',
    taxRecoverableId: 'recoverable',
    mealsAccountIds: new Set(['meals']),
  }
  const line = (accountId: string, amountMinor: bigint, taxMinor: bigint) => ({
    description: '',
    quantity: '1',
    unitPrice: '1',
    accountId,
    taxCode: 'HST_ON',
    amountMinor,
    taxMinor,
  })
  const sides = (plan: ReturnType<typeof planDocumentPosting>) =>
    plan?.lines.map((l) => [l.accountId, l.side, l.amountMinor, l.tax?.kind ?? null])

  it('posts a bill with a meal: the whole tax of supplies and half of the meal claimed back', () => {
    const plan = planDocumentPosting(
      { kind: 'bill', issueDate: '2026-03-12', currency: 'CAD', contactId: 'v', number: 'B-1' },
      [line('office', 20000n, 2600n), line('meals', 10000n, 1300n)],
      accounts,
    )
    expect(sides(plan)).toEqual([
      ['office', 'debit', 20000n, 'purchase'],
      ['recoverable', 'debit', 2600n, 'input_credit'],
      ['meals', 'debit', 10650n, 'purchase'],
      ['recoverable', 'debit', 650n, 'input_credit'],
      ['ap', 'credit', 33900n, null],
    ])
    expect(plan?.lines.every((l) => l.contactId === 'v')).toBe(true)
  })

  it('posts a credit note as the mirror of an invoice', () => {
    const plan = planDocumentPosting(
      { kind: 'credit_note', issueDate: '2026-03-12', currency: 'CAD', contactId: 'c', number: 'CN-0001' },
      [line('sales', 10000n, 1300n)],
      { ...accounts, controlAccountId: 'ar' },
    )
    expect(sides(plan)).toEqual([
      ['sales', 'debit', 10000n, 'sale'],
      ['payable', 'debit', 1300n, 'collected'],
      ['ar', 'credit', 11300n, null],
    ])
  })

  it("posts a bill's payment out of the bank and an invoice's into it", () => {
    const payment = { date: '2026-03-20', amountMinor: 500n, paymentAccountId: 'bank', controlAccountId: 'x' }
    const document = { currency: 'CAD', contactId: 'c', number: 'N' }
    expect(
      planPayment({ ...document, kind: 'invoice' }, payment).lines.map((l) => [l.accountId, l.side]),
    ).toEqual([
      ['bank', 'debit'],
      ['x', 'credit'],
    ])
    expect(
      planPayment({ ...document, kind: 'bill' }, payment).lines.map((l) => [l.accountId, l.side]),
    ).toEqual([
      ['x', 'debit'],
      ['bank', 'credit'],
    ])
  })
})

describe('a document in another currency', () => {
  const at = (rate: string) => (minor: bigint) => convertMinor(minor, 2, storedExchangeRate(rate), 2)
  const document = { kind: 'invoice' as const, currency: 'USD', contactId: 'c', number: 'INV-0001' }
  const payment = { date: '2026-05-01', paymentAccountId: 'bank', controlAccountId: 'ar' }

  it('clears what was posted at the issue rate, the difference to the exchange account', () => {
    const conversion = {
      functionalCurrency: 'CAD',
      toFunctional: at('1.37'),
      clearedMinor: clearedFunctionalMinor(at('1.35'), 0n, 100000n),
      exchangeAccountId: 'fx',
    }
    const plan = planPayment(document, { ...payment, amountMinor: 100000n }, conversion)
    expect(plan.lines.map((l) => [l.accountId, l.side, l.amountMinor, l.originalMinor])).toEqual([
      ['bank', 'debit', 137000n, 100000n],
      ['ar', 'credit', 135000n, 100000n],
      ['fx', 'credit', 2000n, undefined],
    ])
    expect(plan.originalCurrency).toBe('USD')
  })

  it('posts a loss on the debit side when the rate fell, and a bill the mirror image', () => {
    const conversion = {
      functionalCurrency: 'CAD',
      toFunctional: at('1.30'),
      clearedMinor: 13500n,
      exchangeAccountId: 'fx',
    }
    const invoice = planPayment(document, { ...payment, amountMinor: 10000n }, conversion)
    expect(invoice.lines.at(-1)).toMatchObject({ accountId: 'fx', side: 'debit', amountMinor: 500n })
    const bill = planPayment({ ...document, kind: 'bill' }, { ...payment, amountMinor: 10000n }, conversion)
    expect(bill.lines.at(-1)).toMatchObject({ accountId: 'fx', side: 'credit', amountMinor: 500n })
  })

  it('clears the control account to the cent however many parts pay it', () => {
    const issue = at('1.3333')
    const parts = [1n, 333n, 3333n, 6333n]
    let paid = 0n
    let cleared = 0n
    for (const part of parts) {
      cleared += clearedFunctionalMinor(issue, paid, part)
      paid += part
    }
    expect(cleared).toBe(issue(paid))
  })
})
