import { limits } from '../../kernel/limits.js'
import { type Failure, fail, ok, type Result } from '../../kernel/result.js'

// Vendor patterns have SQL ILIKE semantics: `%` matches any run of characters (also none), `_`
// exactly one character, a backslash makes the next character literal, and the pattern must
// match the whole merchant name. Matching compares the Unicode lower-case forms of both sides,
// the same folding Daybook uses for every case-insensitive comparison.

export interface CompiledPattern {
  /** The literal characters: the measure of how specific a pattern is. */
  literalCount: number
  /** The longest literal run, lower-cased; a name without it cannot match (a cheap pre-check). */
  longestLiteral: string
  /** The first character when it is literal, for bucketing; undefined when it is a wildcard. */
  firstLiteral: string | undefined
  tokens: readonly Token[]
}

export type Token = { kind: 'literal'; char: string } | { kind: 'any' } | { kind: 'one' }

function tokenize(pattern: string): Result<Token[]> {
  const tokens: Token[] = []
  const chars = Array.from(pattern.toLowerCase())
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string
    if (char === '\\') {
      const next = chars[i + 1]
      if (next === undefined) {
        return fail(
          'INVALID_PATTERN',
          'vendorPattern ends with a lone backslash; write \\\\ for a backslash.',
          'vendorPattern',
        )
      }
      tokens.push({ kind: 'literal', char: next })
      i++
    } else if (char === '%') {
      if (tokens.at(-1)?.kind !== 'any') tokens.push({ kind: 'any' })
    } else if (char === '_') {
      tokens.push({ kind: 'one' })
    } else {
      tokens.push({ kind: 'literal', char })
    }
  }
  return ok(tokens)
}

/**
 * A pattern written with the wildcard of file names, such as `TIM HORTONS*`: a `*` is a literal
 * star in a vendor pattern, so it would match only a merchant name that ends (or starts) with one.
 * A new pattern that opens or closes with an unescaped star is refused, naming the `%` meant; a
 * star inside (`SQ *COFFEE%`, as card processors write names) stays a literal. Rules already kept
 * are read as they were written.
 */
export function starAsWildcard(
  pattern: string,
  field = 'vendorPattern',
): { ok: false; error: Failure } | undefined {
  // Too long a pattern is compilePattern's to refuse, before anything reads it.
  if (pattern.length > limits.vendorPatternLengthMax) return undefined
  const trimmed = pattern.trim()
  const opens = trimmed.startsWith('*')
  const closes = /(?:^|[^\\])\*$/u.test(trimmed)
  if (!opens && !closes) return undefined
  const meant = `${opens ? '%' : ''}${trimmed.replace(/^\*+/u, '').replace(/\*+$/u, '')}${closes ? '%' : ''}`
  return fail(
    'INVALID_PATTERN',
    `In a pattern % stands for any run of characters and * for a star: write ${meant} for names like it (\\* for a literal star).`,
    field,
  )
}

export function compilePattern(pattern: string): Result<CompiledPattern> {
  if (pattern.trim() === '')
    return fail('INVALID_PATTERN', 'vendorPattern must not be empty.', 'vendorPattern')
  if (pattern.length > limits.vendorPatternLengthMax || pattern.includes('\u0000')) {
    return fail(
      'INVALID_PATTERN',
      `vendorPattern must be at most ${limits.vendorPatternLengthMax} characters.`,
      'vendorPattern',
    )
  }
  const tokens = tokenize(pattern)
  if (!tokens.ok) return tokens
  let literalCount = 0
  let run = ''
  let longestLiteral = ''
  for (const token of tokens.value) {
    if (token.kind === 'literal') {
      literalCount++
      run += token.char
      if (run.length > longestLiteral.length) longestLiteral = run
    } else {
      run = ''
    }
  }
  const first = tokens.value[0]
  return ok({
    literalCount,
    longestLiteral,
    firstLiteral: first?.kind === 'literal' ? first.char : undefined,
    tokens: tokens.value,
  })
}

export interface RuleCandidate {
  id: string
  accountId: string
  createdAt: string
  compiled: CompiledPattern
}

/**
 * All of an organization's rules, compiled once and ordered by precedence: most literal
 * characters first, then the oldest. The first rule that matches wins, so matching stops early,
 * and bucketing by first character skips rules that cannot match at all.
 */
export class VendorMatcher {
  private readonly byFirst = new Map<string, RuleCandidate[]>()
  private readonly wildcardFirst: RuleCandidate[] = []

  constructor(rules: RuleCandidate[]) {
    const ordered = [...rules].sort(
      (x, y) =>
        y.compiled.literalCount - x.compiled.literalCount ||
        (x.createdAt < y.createdAt ? -1 : x.createdAt > y.createdAt ? 1 : 0) ||
        (x.id < y.id ? -1 : 1),
    )
    this.rank = new Map(ordered.map((rule, index) => [rule.id, index]))
    for (const rule of ordered) {
      const first = rule.compiled.firstLiteral
      if (first === undefined) this.wildcardFirst.push(rule)
      else {
        const bucket = this.byFirst.get(first) ?? []
        bucket.push(rule)
        this.byFirst.set(first, bucket)
      }
    }
  }

  private readonly rank: Map<string, number>

  match(merchantName: string): RuleCandidate | undefined {
    const name = merchantName.toLowerCase()
    const first = Array.from(name.slice(0, 2))[0] ?? ''
    const fromBucket = this.firstMatch(this.byFirst.get(first) ?? [], name)
    const fromWildcards = this.firstMatch(this.wildcardFirst, name)
    if (!fromBucket) return fromWildcards
    if (!fromWildcards) return fromBucket
    return (this.rank.get(fromBucket.id) ?? 0) <= (this.rank.get(fromWildcards.id) ?? 0)
      ? fromBucket
      : fromWildcards
  }

  private firstMatch(rules: RuleCandidate[], name: string): RuleCandidate | undefined {
    for (const rule of rules) {
      if (rule.compiled.longestLiteral !== '' && !name.includes(rule.compiled.longestLiteral)) continue
      if (matchesTokens(rule.compiled.tokens, Array.from(name))) return rule
    }
    return undefined
  }
}

/**
 * Whole-string wildcard matching in O(pattern x name) steps at worst. A backtracking regular
 * expression would take exponential time on patterns such as %a%a%a%a%b, and one rule must never
 * be able to stall the server. Only the latest `%` is ever revisited, which is enough because a
 * later `%` can absorb anything an earlier one could.
 */
export function matchesTokens(tokens: readonly Token[], chars: readonly string[]): boolean {
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
