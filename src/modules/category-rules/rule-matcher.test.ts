// A rule's conditions compile to exact, case-insensitive tests, and the matcher picks the first rule by priority, specificity and age.
import { describe, expect, it } from 'vitest'
import {
  PreparedSubject,
  parseConditions,
  parseRuleLines,
  type RuleConditionInput,
} from './rule-conditions.js'
import { type MatchableRule, RuleMatcher } from './rule-matcher.js'

let clock = 0
function rule(
  id: string,
  fields: Partial<Omit<MatchableRule, 'conditions'>> & { conditions?: RuleConditionInput[] },
): MatchableRule {
  const conditions = parseConditions(fields.conditions ?? [])
  if (!conditions.ok) throw new Error(conditions.error.message)
  clock++
  return {
    id,
    accountId: `account-${id}`,
    taxCode: null,
    contactId: null,
    lines: null,
    createdAt: `2026-01-01T00:00:${String(clock).padStart(2, '0')}.000Z`,
    priority: 0,
    vendorPattern: null,
    conditionMatch: 'all',
    paymentAccountIds: [],
    ...fields,
    conditions: conditions.value,
  }
}

const subject = (merchantName: string, more: Record<string, unknown> = {}) =>
  new PreparedSubject({ merchantName, amountMinor: 1000n, amountDecimals: 2, ...more })

describe('RuleMatcher', () => {
  it('orders by priority, then literal characters, then age, across buckets', () => {
    const matcher = new RuleMatcher([
      rule('broad', { vendorPattern: '%' }),
      rule('tim', { vendorPattern: 'tim%' }),
      rule('timmy', { vendorPattern: 'tim hortons%' }),
      rule('memo', { conditions: [{ field: 'memo', operator: 'contains', value: 'lunch' }] }),
      rule('urgent', { priority: -1, conditions: [{ field: 'amount', operator: 'gt', value: '500' }] }),
    ])
    expect(matcher.match(subject('Tim Hortons 12'))?.id).toBe('timmy')
    expect(matcher.match(subject('Tim Horton'))?.id).toBe('tim')
    expect(matcher.match(subject('Other', { memo: 'Lunch' }))?.id).toBe('broad')
    expect(matcher.match(subject('Tim Hortons', { amountMinor: 50001n }))?.id).toBe('urgent')
    expect(
      new RuleMatcher([
        rule('m', { conditions: [{ field: 'memo', operator: 'contains', value: 'LUNCH' }] }),
      ]).match(subject('x', { memo: 'team lunch' }))?.id,
    ).toBe('m')
  })

  it('compares amounts exactly in any currency', () => {
    const matcher = new RuleMatcher([
      rule('big', { conditions: [{ field: 'amount', operator: 'gte', value: '100.5' }] }),
    ])
    expect(matcher.match(subject('a', { amountMinor: 10050n }))?.id).toBe('big')
    expect(matcher.match(subject('a', { amountMinor: 10049n }))).toBeUndefined()
    expect(matcher.match(subject('a', { amountMinor: 101n, amountDecimals: 0 }))?.id).toBe('big')
    expect(matcher.match(subject('a', { amountMinor: 100n, amountDecimals: 0 }))).toBeUndefined()
    expect(matcher.match(new PreparedSubject({ merchantName: 'no amount' }))).toBeUndefined()
  })

  it('applies a rule only to the payment accounts it names', () => {
    const matcher = new RuleMatcher([rule('card', { vendorPattern: 'fee', paymentAccountIds: ['card'] })])
    expect(matcher.match(subject('Fee', { paymentAccountId: 'card' }))?.id).toBe('card')
    expect(matcher.match(subject('Fee', { paymentAccountId: 'bank' }))).toBeUndefined()
    expect(matcher.match(subject('Fee'))).toBeUndefined()
  })

  it('stays linear on a pattern that would stall a backtracking matcher', () => {
    const matcher = new RuleMatcher([
      rule('slow', { conditions: [{ field: 'memo', operator: 'ilike', value: `${'%a'.repeat(40)}%b` }] }),
    ])
    const started = performance.now()
    expect(matcher.match(subject('x', { memo: 'a'.repeat(5000) }))).toBeUndefined()
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

describe('parseConditions and parseRuleLines', () => {
  it.each([
    [{ field: 'colour', operator: 'equals', value: 'x' }, 'conditions[0].field'],
    [{ field: 'merchant', operator: 'near', value: 'x' }, 'conditions[0].operator'],
    [{ field: 'memo', operator: 'lt', value: '1' }, 'conditions[0].operator'],
    [{ field: 'amount', operator: 'between', value: '1' }, 'conditions[0].value2'],
    [{ field: 'amount', operator: 'gt', value: '1', value2: '2' }, 'conditions[0].value2'],
    [{ field: 'amount', operator: 'gt', value: '-1' }, 'conditions[0].value'],
    [{ field: 'eventType', operator: 'equals', value: 'gift' }, 'conditions[0].value'],
  ])('refuses %j at %s', (condition, field) => {
    expect(parseConditions([condition])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_RULE_CONDITION', field },
    })
  })

  it('needs percents above 0 that add up to exactly 100', () => {
    const lines = (...percents: string[]) =>
      parseRuleLines(percents.map((percent) => ({ accountId: 'a', percent })))
    expect(lines('33.3333', '33.3333', '33.3334').ok).toBe(true)
    expect(lines('50', '49.99')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_RULE_LINES', field: 'lines' },
    })
    expect(lines('100', '0')).toMatchObject({ ok: false, error: { field: 'lines[1].percent' } })
    expect(lines('1e2')).toMatchObject({ ok: false, error: { field: 'lines[0].percent' } })
    expect(lines('33.33333', '66.66667').ok).toBe(false)
  })
})
