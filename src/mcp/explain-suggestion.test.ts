// explain_suggestion names the rule the server would apply, by the server's own precedence, and what confirming still needs.
import { describe, expect, it } from 'vitest'
import { type CategoryRuleView, type ExplainedEvent, explainSuggestion } from './explain-suggestion.js'

const office = { id: 'a-office', name: 'Office Expenses' }
const meals = { id: 'a-meals', name: 'Meals & Entertainment' }
const chequing = { id: 'a-chequing', name: 'Chequing' }

function rule(id: string, vendorPattern: string, account: { id: string; name: string }, createdAt: string) {
  return { id, vendorPattern, account, matchCount: 0, createdAt } satisfies CategoryRuleView
}

function event(overrides: Partial<ExplainedEvent> = {}): ExplainedEvent {
  return {
    merchantName: 'STAPLES #123',
    status: 'needs_review',
    category: null,
    paymentAccount: chequing,
    originalCurrency: 'CAD',
    functionalCurrency: 'CAD',
    exchangeRate: null,
    ...overrides,
  }
}

describe('explainSuggestion', () => {
  const rules = [
    rule('r-any', '%', meals, '2026-01-01T00:00:00.000Z'),
    rule('r-staples', 'staples%', office, '2026-02-01T00:00:00.000Z'),
    rule('r-staples-old', 'Stap%', meals, '2026-01-15T00:00:00.000Z'),
    rule('r-other', 'Tim Hortons%', meals, '2026-01-01T00:00:00.000Z'),
  ]

  it('names the most specific matching rule, and the rules it beat in order of precedence', () => {
    const explained = explainSuggestion(event({ category: office }), rules)
    expect(explained.verdict).toBe('category_matches_rule')
    expect(explained.rule?.id).toBe('r-staples')
    expect(explained.otherMatchingRules.map((other) => other.id)).toEqual(['r-staples-old', 'r-any'])
    expect(explained.reason).toContain('"staples%"')
    expect(explained.missingForConfirm).toEqual([])
  })

  it('prefers the oldest of equally specific rules', () => {
    const twins = [
      rule('r-young', 'STAPLES%', meals, '2026-03-01T00:00:00.000Z'),
      rule('r-old', 'staples #%', office, '2026-01-01T00:00:00.000Z'),
      rule('r-older', 'staples _%', meals, '2025-01-01T00:00:00.000Z'),
    ]
    // 'staples #%' has 9 literal characters, 'staples _%' 8: specificity first, age second.
    expect(explainSuggestion(event(), twins).rule?.id).toBe('r-old')
    expect(
      explainSuggestion(event(), twins.slice(0, 1).concat(rule('r-first', 'staples%', office, '2025-06-01')))
        .rule?.id,
    ).toBe('r-first')
  })

  it('tells a category given by hand from one a rule gives', () => {
    expect(explainSuggestion(event({ category: meals }), rules.slice(1, 2)).verdict).toBe(
      'category_differs_from_rule',
    )
    const byHand = explainSuggestion(event({ category: meals }), rules.slice(3))
    expect(byHand).toMatchObject({ verdict: 'category_without_rule', rule: null, otherMatchingRules: [] })
  })

  it('suggests the rule for an event still without a category, and says when there is nothing to suggest', () => {
    const pending = explainSuggestion(event({ paymentAccount: null }), rules.slice(1, 2))
    expect(pending.verdict).toBe('rule_would_apply')
    expect(pending.reason).toContain('categoryId a-office')
    expect(pending.missingForConfirm).toEqual(['category', 'paymentAccount'])
    expect(explainSuggestion(event(), []).verdict).toBe('no_suggestion')
  })

  it('asks for an exchange rate for an event in another currency without one', () => {
    const foreign = event({ category: office, originalCurrency: 'USD', exchangeRate: null })
    expect(explainSuggestion(foreign, []).missingForConfirm).toEqual(['exchangeRate'])
    expect(explainSuggestion({ ...foreign, exchangeRate: '1.3542' }, []).missingForConfirm).toEqual([])
  })
})
