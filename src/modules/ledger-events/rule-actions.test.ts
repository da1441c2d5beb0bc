// A rule's percentage lines share an event's amount exactly, the last line taking the rounding.
import { describe, expect, it } from 'vitest'
import { ruleClassification, shares } from './rule-actions.js'

const percents = (...values: string[]) => values.map((percent) => ({ percent }))

describe('shares', () => {
  it.each([
    [10000n, ['33.33', '33.33', '33.34'], [3333n, 3333n, 3334n]],
    [1000n, ['33', '33', '34'], [330n, 330n, 340n]],
    [1000n, ['33.33', '33.33', '33.34'], [333n, 333n, 334n]],
    [11300n, ['60', '40'], [6780n, 4520n]],
    [5n, ['30', '30', '30', '10'], [1n, 1n, 1n, 2n]],
    [1n, ['50', '50'], [0n, 1n]],
  ])('shares %s by %s as %s', (amount, given, expected) => {
    const result = shares(amount, percents(...given))
    expect(result).toEqual(expected)
    expect(result.reduce((sum, share) => sum + share, 0n)).toBe(amount)
  })
})

describe('ruleClassification', () => {
  const event = {
    amountMinor: 2n,
    currency: 'CAD',
    eventType: 'expense' as const,
    transactionDate: '2026-03-01',
    contactId: null,
  }

  it('leaves out a share too small for a cent and numbers the lines that remain', () => {
    const { changes, lines } = ruleClassification(event, {
      id: 'r',
      accountId: 'a',
      taxCode: null,
      contactId: 'c',
      lines: [
        { accountId: 'a', percent: '33.33', taxCode: null },
        { accountId: 'b', percent: '66.67', taxCode: null },
      ],
    })
    expect(lines.map((l) => [l.lineNo, l.accountId, l.amountMinor])).toEqual([[1, 'b', 2n]])
    expect(changes).toMatchObject({
      categoryId: 'b',
      categoryRuleId: 'r',
      contactId: 'c',
      taxAmountMinor: null,
    })
  })

  it('gives no tax to a transfer, and none where the code has no rate', () => {
    const rule = { id: 'r', accountId: 'a', taxCode: 'HST_ON', contactId: null, lines: null }
    expect(ruleClassification({ ...event, amountMinor: 11300n }, rule).changes).toMatchObject({
      salesTaxCode: 'HST_ON',
      taxAmountMinor: 1300n,
      taxFromCode: true,
    })
    expect(
      ruleClassification({ ...event, amountMinor: 11300n, eventType: 'transfer' }, rule).changes,
    ).toMatchObject({ salesTaxCode: null, taxAmountMinor: null })
  })
})
