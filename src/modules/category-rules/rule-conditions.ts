import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import { type CompiledPattern, compilePattern, matchesTokens, starAsWildcard } from './vendor-pattern.js'

// A rule's conditions and actions (DESIGN 8.9), their validation, and their evaluation against an
// event, all without I/O. Conditions are compiled once per organization and evaluated in memory;
// text conditions compare the Unicode lower-case forms of both sides, and `ilike` is the vendor
// pattern's linear-time wildcard matching, so no rule can make a regular expression of user input.

export const conditionFields = ['merchant', 'memo', 'amount', 'direction', 'eventType', 'reference'] as const
export type ConditionField = (typeof conditionFields)[number]

export const conditionOperators = [
  'ilike',
  'contains',
  'equals',
  'starts_with',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
] as const
export type ConditionOperator = (typeof conditionOperators)[number]

const textOperators: readonly ConditionOperator[] = ['ilike', 'contains', 'equals', 'starts_with']
const amountOperators: readonly ConditionOperator[] = ['equals', 'gt', 'gte', 'lt', 'lte', 'between']
/** The operators that fit each field. */
const operatorsOf: Record<ConditionField, readonly ConditionOperator[]> = {
  merchant: textOperators,
  memo: textOperators,
  reference: textOperators,
  amount: amountOperators,
  direction: ['equals'],
  eventType: ['equals'],
}
const valuesOf: Partial<Record<ConditionField, readonly string[]>> = {
  direction: ['in', 'out'],
  eventType: ['expense', 'income', 'transfer', 'refund'],
}

export interface RuleConditionInput {
  field: string
  operator: string
  value: string
  value2?: string | null
  negate?: boolean | null
}

/** A condition as it is kept and shown. */
export interface RuleCondition {
  field: ConditionField
  operator: ConditionOperator
  value: string
  value2: string | null
  negate: boolean
}

export type ConditionMatch = 'all' | 'any'

export interface RuleLineInput {
  accountId: string
  percent: string
  taxCode?: string | null
}

/** A percentage line as it is kept: the percent as given, a decimal string. */
export interface RuleLine {
  accountId: string
  percent: string
  taxCode: string | null
}

/** One percent, in the units the shares are worked out in: four decimals. */
export const percentUnit = 10_000n
export const hundredPercent = 100n * percentUnit

const conditionField = (index: number, field: string) => `conditions[${index}].${field}`
const badCondition = (message: string, field: string) => fail('INVALID_RULE_CONDITION', message, field)

const amountShape = /^(\d{1,15})(?:\.(\d{1,6}))?$/

/** A non-negative decimal as digits over a power of ten, compared exactly with any currency's amount. */
interface Decimal {
  digits: bigint
  scale: number
  /** 10^scale, worked out once. */
  factor: bigint
}

function parseDecimal(text: string): Decimal | undefined {
  const match = amountShape.exec(text)
  if (!match) return undefined
  const fraction = match[2] ?? ''
  return {
    digits: BigInt(`${match[1]}${fraction}`),
    scale: fraction.length,
    factor: 10n ** BigInt(fraction.length),
  }
}

/** The conditions given, checked one by one; the first problem is the answer. */
export function parseConditions(input: readonly RuleConditionInput[]): Result<RuleCondition[]> {
  if (input.length > limits.ruleConditionsMax) {
    return badCondition(
      `A rule takes at most ${limits.ruleConditionsMax} conditions; got ${input.length}.`,
      'conditions',
    )
  }
  const conditions: RuleCondition[] = []
  for (const [index, given] of input.entries()) {
    const parsed = parseCondition(given, index)
    if (!parsed.ok) return parsed
    conditions.push(parsed.value)
  }
  return ok(conditions)
}

function parseCondition(given: RuleConditionInput, index: number): Result<RuleCondition> {
  if (!(conditionFields as readonly string[]).includes(given.field)) {
    return badCondition(
      `Condition ${index + 1}: field must be one of ${conditionFields.join(', ')}.`,
      conditionField(index, 'field'),
    )
  }
  const field = given.field as ConditionField
  if (!(conditionOperators as readonly string[]).includes(given.operator)) {
    return badCondition(
      `Condition ${index + 1}: operator must be one of ${conditionOperators.join(', ')}.`,
      conditionField(index, 'operator'),
    )
  }
  const operator = given.operator as ConditionOperator
  if (!operatorsOf[field].includes(operator)) {
    return badCondition(
      `Condition ${index + 1}: ${field} takes the operators ${operatorsOf[field].join(', ')}; not ${operator}.`,
      conditionField(index, 'operator'),
    )
  }
  const value2 = given.value2 ?? null
  if (operator === 'between' && value2 === null) {
    return badCondition(
      `Condition ${index + 1}: between needs value2, the top of the range.`,
      conditionField(index, 'value2'),
    )
  }
  if (operator !== 'between' && value2 !== null) {
    return badCondition(`Condition ${index + 1}: only between takes value2.`, conditionField(index, 'value2'))
  }
  const condition = { field, operator, value: given.value, value2, negate: given.negate ?? false }
  const compiled = compileCondition(condition, index)
  return compiled.ok ? ok(condition) : compiled
}

export type CompiledCondition = (subject: PreparedSubject) => boolean

/** A condition as evaluation needs it; a stored condition always compiles. */
function compileCondition(condition: RuleCondition, index: number): Result<CompiledCondition> {
  const test = compileTest(condition, index)
  if (!test.ok) return test
  const positive = test.value
  return ok(condition.negate ? (subject) => !positive(subject) : positive)
}

function compileTest(condition: RuleCondition, index: number): Result<CompiledCondition> {
  const { field, operator, value } = condition
  if (field === 'amount') {
    const low = parseDecimal(value)
    if (!low) {
      return badCondition(
        `Condition ${index + 1}: an amount is a decimal such as 120.00; got ${JSON.stringify(value)}.`,
        conditionField(index, 'value'),
      )
    }
    if (operator === 'between') {
      const high = parseDecimal(condition.value2 ?? '')
      if (!high) {
        return badCondition(
          `Condition ${index + 1}: an amount is a decimal such as 120.00; got ${JSON.stringify(condition.value2)}.`,
          conditionField(index, 'value2'),
        )
      }
      if (compareDecimals(low, high) > 0) {
        return badCondition(
          `Condition ${index + 1}: value must not be above value2.`,
          conditionField(index, 'value2'),
        )
      }
      return ok((s) => {
        const atLow = s.compareAmount(low)
        return atLow !== undefined && atLow >= 0 && (s.compareAmount(high) ?? 1) <= 0
      })
    }
    return ok(amountTest(operator, low))
  }
  const enumValues = valuesOf[field]
  if (enumValues) {
    if (!enumValues.includes(value)) {
      return badCondition(
        `Condition ${index + 1}: ${field} is one of ${enumValues.join(', ')}.`,
        conditionField(index, 'value'),
      )
    }
    return ok(field === 'direction' ? (s) => s.direction === value : (s) => s.eventType === value)
  }
  if (value.trim() === '' || value.length > limits.vendorPatternLengthMax || value.includes('\u0000')) {
    return badCondition(
      `Condition ${index + 1}: value must be 1 to ${limits.vendorPatternLengthMax} characters.`,
      conditionField(index, 'value'),
    )
  }
  const read = textReader(field as TextField)
  if (operator === 'ilike') {
    const mistake = starAsWildcard(value, conditionField(index, 'value'))
    if (mistake)
      return badCondition(`Condition ${index + 1}: ${mistake.error.message}`, conditionField(index, 'value'))
    const pattern = compilePattern(value)
    if (!pattern.ok) {
      return badCondition(`Condition ${index + 1}: ${pattern.error.message}`, conditionField(index, 'value'))
    }
    return ok(ilikeTest(pattern.value, read))
  }
  const needle = value.toLowerCase()
  if (operator === 'contains') return ok((s) => read(s).includes(needle))
  if (operator === 'starts_with') return ok((s) => read(s).startsWith(needle))
  return ok((s) => read(s) === needle)
}

/** An amount's test; a subject without an amount meets no bound. */
function amountTest(operator: ConditionOperator, bound: Decimal): CompiledCondition {
  const holds: (order: number) => boolean =
    operator === 'gt'
      ? (order) => order > 0
      : operator === 'gte'
        ? (order) => order >= 0
        : operator === 'lt'
          ? (order) => order < 0
          : operator === 'lte'
            ? (order) => order <= 0
            : (order) => order === 0
  return (s) => {
    const order = s.compareAmount(bound)
    return order !== undefined && holds(order)
  }
}

/** A pattern's cheap pre-check first: a text without its longest literal run cannot match. */
function ilikeTest(pattern: CompiledPattern, read: (s: PreparedSubject) => string): CompiledCondition {
  return (s) => {
    const text = read(s)
    if (pattern.longestLiteral !== '' && !text.includes(pattern.longestLiteral)) return false
    return matchesTokens(pattern.tokens, s.charsOf(text))
  }
}

type TextField = 'merchant' | 'memo' | 'reference'

const textReader = (field: TextField) =>
  field === 'merchant'
    ? (s: PreparedSubject) => s.merchant
    : field === 'memo'
      ? (s: PreparedSubject) => s.memo
      : (s: PreparedSubject) => s.reference

function compareDecimals(x: Decimal, y: Decimal): number {
  const a = x.digits * y.factor
  const b = y.digits * x.factor
  return a < b ? -1 : a > b ? 1 : 0
}

/** The percentage lines given: each a decimal percent above 0, together exactly 100. */
export function parseRuleLines(input: readonly RuleLineInput[]): Result<RuleLine[]> {
  if (input.length < 1 || input.length > limits.ruleLinesMax) {
    return fail('INVALID_RULE_LINES', `Give 1 to ${limits.ruleLinesMax} lines; got ${input.length}.`, 'lines')
  }
  let total = 0n
  const lines: RuleLine[] = []
  for (const [index, given] of input.entries()) {
    const units = percentUnits(given.percent)
    if (units === undefined || units <= 0n) {
      return fail(
        'INVALID_RULE_LINES',
        `Line ${index + 1}: percent must be a decimal above 0 with at most 4 decimals, such as 33.33; got ${JSON.stringify(given.percent)}.`,
        `lines[${index}].percent`,
      )
    }
    total += units
    lines.push({ accountId: given.accountId, percent: given.percent, taxCode: given.taxCode ?? null })
  }
  if (total !== hundredPercent) {
    return fail(
      'INVALID_RULE_LINES',
      `The lines' percents add up to ${formatPercent(total)}; they must add up to exactly 100.`,
      'lines',
    )
  }
  return ok(lines)
}

const percentShape = /^(\d{1,3})(?:\.(\d{1,4}))?$/

/** A percent in ten-thousandths; undefined when it is not a decimal of that precision. */
export function percentUnits(text: string): bigint | undefined {
  const match = percentShape.exec(text)
  if (!match) return undefined
  return BigInt(match[1] ?? '0') * percentUnit + BigInt((match[2] ?? '').padEnd(4, '0'))
}

function formatPercent(units: bigint): string {
  const whole = units / percentUnit
  const fraction = (units % percentUnit).toString().padStart(4, '0').replace(/0+$/, '')
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`
}

/** What rules are evaluated against: the fields of an event a condition may name. */
export interface RuleSubject {
  merchantName: string
  memo?: string | null
  reference?: string | null
  amountMinor?: bigint
  /** The decimals of the amount's currency. */
  amountDecimals?: number
  direction?: string
  eventType?: string
  paymentAccountId?: string | null
}

/**
 * An event ready for many rules: the merchant name folded once, the memo and reference only when a
 * rule reads them, each text's characters split once for the patterns, and the amount compared with
 * a bound by one multiplication on each side. A subject without an amount (a receipt's vendor)
 * meets no amount bound.
 */
export class PreparedSubject {
  readonly merchant: string
  readonly direction: string | undefined
  readonly eventType: string | undefined
  readonly paymentAccountId: string | null
  /** The merchant name's first character, for the rules bucketed by it. */
  readonly firstChar: string
  private readonly amountMinor: bigint | undefined
  private readonly decimalsFactor: bigint
  private foldedMemo: string | undefined
  private foldedReference: string | undefined
  private chars: Map<string, readonly string[]> | undefined

  constructor(private readonly subject: RuleSubject) {
    this.merchant = subject.merchantName.toLowerCase()
    this.direction = subject.direction
    this.eventType = subject.eventType
    this.paymentAccountId = subject.paymentAccountId ?? null
    this.firstChar = Array.from(this.merchant.slice(0, 2))[0] ?? ''
    this.amountMinor = subject.amountMinor
    this.decimalsFactor = 10n ** BigInt(subject.amountDecimals ?? 2)
  }

  get memo(): string {
    this.foldedMemo ??= (this.subject.memo ?? '').toLowerCase()
    return this.foldedMemo
  }

  get reference(): string {
    this.foldedReference ??= (this.subject.reference ?? '').toLowerCase()
    return this.foldedReference
  }

  /** A folded text's characters (code points), split once however many patterns read them. */
  charsOf(text: string): readonly string[] {
    this.chars ??= new Map()
    let split = this.chars.get(text)
    if (!split) {
      split = Array.from(text)
      this.chars.set(text, split)
    }
    return split
  }

  /** The amount against the bound (-1, 0, 1): amountMinor / 10^decimals against digits / 10^scale. */
  compareAmount(bound: Decimal): number | undefined {
    if (this.amountMinor === undefined) return undefined
    const amount = this.amountMinor * bound.factor
    const limit = bound.digits * this.decimalsFactor
    return amount < limit ? -1 : amount > limit ? 1 : 0
  }
}

/** A rule's conditions compiled; a stored rule's conditions always compile. */
export function compileConditions(conditions: readonly RuleCondition[]): CompiledCondition[] {
  return conditions.flatMap((condition, index) => {
    const compiled = compileCondition(condition, index)
    return compiled.ok ? [compiled.value] : []
  })
}

/**
 * The first character every merchant name a rule matches starts with, when its conditions require
 * one: a condition all must meet that fixes the name's start. Rules without one are tried on every
 * event; the others only on names that start with it.
 */
export function firstCharOf(conditions: readonly RuleCondition[], match: ConditionMatch): string | undefined {
  if (match === 'any' && conditions.length > 1) return undefined
  for (const condition of conditions) {
    if (condition.field !== 'merchant' || condition.negate) continue
    if (condition.operator === 'ilike') {
      const pattern = compilePattern(condition.value)
      if (pattern.ok && pattern.value.firstLiteral !== undefined) return pattern.value.firstLiteral
    } else if (condition.operator === 'equals' || condition.operator === 'starts_with') {
      const first = Array.from(condition.value.toLowerCase())[0]
      if (first !== undefined) return first
    }
  }
  return undefined
}
