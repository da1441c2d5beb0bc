import {
  type CompiledCondition,
  type ConditionMatch,
  compileConditions,
  firstCharOf,
  type PreparedSubject,
  type RuleCondition,
  type RuleLine,
} from './rule-conditions.js'
import { compilePattern } from './vendor-pattern.js'

// An organization's rules compiled once and ordered by precedence (ADR 0068): lower priority
// first; at equal priority the rule whose vendor pattern has more literal characters (a rule
// without one counts none), which is today's order among pattern-only rules; then the oldest.

/** What a rule does to an event it classifies. */
export interface RuleMatch {
  id: string
  /** The category, or the first line's account for a rule with lines. */
  accountId: string
  taxCode: string | null
  contactId: string | null
  lines: readonly RuleLine[] | null
}

/** A rule as the matcher needs it. */
export interface MatchableRule extends RuleMatch {
  createdAt: string
  priority: number
  vendorPattern: string | null
  conditions: readonly RuleCondition[]
  conditionMatch: ConditionMatch
  paymentAccountIds: readonly string[]
}

interface CompiledRule {
  rank: number
  match: RuleMatch
  test: (subject: PreparedSubject) => boolean
}

/** A rule's conditions, its vendor pattern among them, and its account scope as one test. */
export type RuleConditions = Pick<
  MatchableRule,
  'vendorPattern' | 'conditions' | 'conditionMatch' | 'paymentAccountIds'
>

export function ruleTest(rule: RuleConditions): (subject: PreparedSubject) => boolean {
  const tests: CompiledCondition[] = compileConditions(allConditions(rule))
  const scope = rule.paymentAccountIds.length > 0 ? new Set(rule.paymentAccountIds) : undefined
  const conditions =
    rule.conditionMatch === 'any'
      ? (s: PreparedSubject) => tests.some((test) => test(s))
      : (s: PreparedSubject) => tests.every((test) => test(s))
  if (!scope) return conditions
  return (s) => s.paymentAccountId !== null && scope.has(s.paymentAccountId) && conditions(s)
}

/** The vendor pattern is the condition `merchant ilike`, first since it is the cheapest to refuse on. */
export function allConditions(
  rule: Pick<MatchableRule, 'vendorPattern' | 'conditions'>,
): readonly RuleCondition[] {
  if (rule.vendorPattern === null) return rule.conditions
  return [
    { field: 'merchant', operator: 'ilike', value: rule.vendorPattern, value2: null, negate: false },
    ...rule.conditions,
  ]
}

const literalCountOf = (vendorPattern: string | null): number => {
  if (vendorPattern === null) return 0
  const compiled = compilePattern(vendorPattern)
  return compiled.ok ? compiled.value.literalCount : 0
}

/**
 * The first rule by precedence that matches an event. Rules whose conditions fix the merchant
 * name's first character are bucketed by it, so an event is tried only against its bucket and the
 * rules that fix none; the two lists are walked in rank order together, so the first match found
 * is the first by precedence and the walk stops there.
 */
export class RuleMatcher {
  private readonly byFirst = new Map<string, CompiledRule[]>()
  private readonly anyFirst: CompiledRule[] = []

  constructor(rules: readonly MatchableRule[]) {
    const keyed = rules.map((rule) => ({ rule, literals: literalCountOf(rule.vendorPattern) }))
    keyed.sort(
      (x, y) =>
        x.rule.priority - y.rule.priority ||
        y.literals - x.literals ||
        (x.rule.createdAt < y.rule.createdAt ? -1 : x.rule.createdAt > y.rule.createdAt ? 1 : 0) ||
        (x.rule.id < y.rule.id ? -1 : 1),
    )
    for (const [rank, { rule }] of keyed.entries()) {
      const compiled: CompiledRule = {
        rank,
        match: {
          id: rule.id,
          accountId: rule.accountId,
          taxCode: rule.taxCode,
          contactId: rule.contactId,
          lines: rule.lines,
        },
        test: ruleTest(rule),
      }
      const first = firstCharOf(allConditions(rule), rule.conditionMatch)
      if (first === undefined) this.anyFirst.push(compiled)
      else {
        const bucket = this.byFirst.get(first) ?? []
        bucket.push(compiled)
        this.byFirst.set(first, bucket)
      }
    }
  }

  match(subject: PreparedSubject): RuleMatch | undefined {
    const bucket = this.byFirst.get(subject.firstChar) ?? []
    const rest = this.anyFirst
    let i = 0
    let j = 0
    while (i < bucket.length || j < rest.length) {
      const x = bucket[i]
      const y = rest[j]
      let next: CompiledRule
      if (x && (!y || x.rank < y.rank)) {
        next = x
        i++
      } else {
        next = y as CompiledRule
        j++
      }
      if (next.test(subject)) return next.match
    }
    return undefined
  }
}
