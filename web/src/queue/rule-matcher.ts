import type { QueueCategoryRuleFragment } from '../api/generated/review-queue'

// Daybook fills an arriving event's category from the category rule whose vendor pattern matches
// its merchant name: ILIKE semantics over the whole name (% any run, _ one character, \ escapes),
// case-insensitive, the rule with the most literal characters winning, then the oldest (ADR 0006).
// The API says which category an event has but not why, so the app judges the rules the same way
// to explain it. This mirrors the server's matcher for rules of a vendor pattern alone; a rule of
// other conditions (DESIGN 8.9) reads fields the queue does not hold, so it is not judged here.

type Token = { kind: 'literal'; char: string } | { kind: 'any' } | { kind: 'one' }

type PatternRule = QueueCategoryRuleFragment & { vendorPattern: string }

interface CompiledRule {
  rule: PatternRule
  tokens: Token[]
  literalCount: number
}

function compile(rule: PatternRule): CompiledRule {
  const tokens: Token[] = []
  const chars = Array.from(rule.vendorPattern.toLowerCase())
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] as string
    if (char === '\\' && index + 1 < chars.length) {
      tokens.push({ kind: 'literal', char: chars[++index] as string })
    } else if (char === '%') {
      if (tokens.at(-1)?.kind !== 'any') tokens.push({ kind: 'any' })
    } else if (char === '_') {
      tokens.push({ kind: 'one' })
    } else {
      tokens.push({ kind: 'literal', char })
    }
  }
  return { rule, tokens, literalCount: tokens.filter((token) => token.kind === 'literal').length }
}

/** Whole-name wildcard matching without backtracking blow-ups: only the latest % is revisited. */
function matches(tokens: readonly Token[], chars: readonly string[]): boolean {
  let t = 0
  let c = 0
  let starToken = -1
  let starChar = 0
  while (c < chars.length) {
    const token = tokens[t]
    if (token && (token.kind === 'one' || (token.kind === 'literal' && token.char === chars[c]))) {
      t++
      c++
    } else if (token?.kind === 'any') {
      starToken = t++
      starChar = c
    } else if (starToken >= 0) {
      t = starToken + 1
      c = ++starChar
    } else {
      return false
    }
  }
  while (tokens[t]?.kind === 'any') t++
  return t === tokens.length
}

export class RuleMatcher {
  private readonly ordered: CompiledRule[]
  private readonly byName = new Map<string, QueueCategoryRuleFragment | null>()

  constructor(rules: readonly QueueCategoryRuleFragment[]) {
    this.ordered = rules
      .filter((rule): rule is PatternRule => rule.vendorPattern !== null)
      .map(compile)
      .sort(
        (x, y) =>
          y.literalCount - x.literalCount ||
          (x.rule.createdAt < y.rule.createdAt ? -1 : x.rule.createdAt > y.rule.createdAt ? 1 : 0) ||
          (x.rule.id < y.rule.id ? -1 : 1),
      )
  }

  /** The rule Daybook would apply to this merchant name, or null. */
  match(merchantName: string): QueueCategoryRuleFragment | null {
    const known = this.byName.get(merchantName)
    if (known !== undefined) return known
    const chars = Array.from(merchantName.toLowerCase())
    const found = this.ordered.find((compiled) => matches(compiled.tokens, chars))?.rule ?? null
    this.byName.set(merchantName, found)
    return found
  }
}

export type Suggestion =
  | { kind: 'by_rule'; rule: QueueCategoryRuleFragment }
  | { kind: 'differs_from_rule'; rule: QueueCategoryRuleFragment }
  | { kind: 'rule_would_apply'; rule: QueueCategoryRuleFragment }
  | { kind: 'given' }
  | { kind: 'none' }

/** Why the event carries its category, as far as the rules tell. */
export function explainCategory(
  category: { id: string } | null,
  merchantName: string,
  matcher: RuleMatcher | null,
): Suggestion {
  const rule = matcher?.match(merchantName) ?? null
  if (category && rule)
    return rule.account.id === category.id ? { kind: 'by_rule', rule } : { kind: 'differs_from_rule', rule }
  if (category) return { kind: 'given' }
  if (rule) return { kind: 'rule_would_apply', rule }
  return { kind: 'none' }
}
