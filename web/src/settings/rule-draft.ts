import type { CategoryRuleInput, RuleConditionInput, RuleLineInput } from '../api/generated/settings'

// A rule as the person builds it in Settings, in their words, and what the API takes from it.

export type ConditionField = 'merchant' | 'memo' | 'reference' | 'amount' | 'direction' | 'eventType'

export interface ConditionDraft {
  key: number
  field: ConditionField
  operator: string
  value: string
  value2: string
  negate: boolean
}

export interface LineDraft {
  key: number
  accountId: string
  percent: string
}

export interface RuleDraft {
  vendorPattern: string
  conditions: ConditionDraft[]
  conditionMatch: 'all' | 'any'
  paymentAccountIds: string[]
  /** One category, or lines sharing the amount by percent. */
  action: 'category' | 'lines'
  categoryId: string
  lines: LineDraft[]
  priority: string
}

export const fieldNames: Record<ConditionField, string> = {
  merchant: 'Merchant',
  memo: 'Memo',
  reference: 'Reference',
  amount: 'Amount',
  direction: 'Direction',
  eventType: 'Kind',
}

const textOperators = [
  ['contains', 'contains'],
  ['starts_with', 'starts with'],
  ['equals', 'is'],
  ['ilike', 'matches the pattern'],
] as const
const amountOperators = [
  ['equals', 'is'],
  ['gt', 'is more than'],
  ['gte', 'is at least'],
  ['lt', 'is less than'],
  ['lte', 'is at most'],
  ['between', 'is between'],
] as const
const choiceOperators = [['equals', 'is']] as const

/** The comparisons a field offers, each with its words. */
export function operatorsOf(field: ConditionField): ReadonlyArray<readonly [string, string]> {
  if (field === 'amount') return amountOperators
  if (field === 'direction' || field === 'eventType') return choiceOperators
  return textOperators
}

/** The values a field of fixed choices takes, each with its words; empty for free text and amounts. */
export function choicesOf(field: ConditionField): ReadonlyArray<readonly [string, string]> {
  if (field === 'direction')
    return [
      ['out', 'money out'],
      ['in', 'money in'],
    ]
  if (field === 'eventType')
    return [
      ['expense', 'an expense'],
      ['income', 'income'],
      ['transfer', 'a transfer'],
    ]
  return []
}

let nextKey = 1
export const newKey = () => nextKey++

export function newCondition(field: ConditionField = 'merchant'): ConditionDraft {
  const [operator] = operatorsOf(field)[0] ?? ['contains']
  const [value] = choicesOf(field)[0] ?? ['']
  return { key: newKey(), field, operator, value, value2: '', negate: false }
}

export const emptyRule = (): RuleDraft => ({
  vendorPattern: '',
  conditions: [],
  conditionMatch: 'all',
  paymentAccountIds: [],
  action: 'category',
  categoryId: '',
  lines: [
    { key: newKey(), accountId: '', percent: '' },
    { key: newKey(), accountId: '', percent: '' },
  ],
  priority: '',
})

/** A condition with its field changed: the comparison and value start again where they no longer fit. */
export function withField(condition: ConditionDraft, field: ConditionField): ConditionDraft {
  const fresh = newCondition(field)
  return { ...fresh, key: condition.key, negate: condition.negate }
}

function conditionsOf(draft: RuleDraft): RuleConditionInput[] {
  return draft.conditions.map((condition) => ({
    field: condition.field,
    operator: condition.operator,
    value: condition.value.trim(),
    ...(condition.operator === 'between' ? { value2: condition.value2.trim() } : {}),
    negate: condition.negate,
  }))
}

/** What the preview asks the API: the conditions alone, which decide what the rule matches. */
export function previewInput(draft: RuleDraft): CategoryRuleInput {
  const pattern = draft.vendorPattern.trim()
  return {
    ...(pattern ? { vendorPattern: pattern } : {}),
    conditions: conditionsOf(draft),
    conditionMatch: draft.conditionMatch,
    paymentAccountIds: draft.paymentAccountIds,
  }
}

/** Whether the draft names anything to match yet; the preview waits until it does. */
export function hasCondition(draft: RuleDraft): boolean {
  return draft.vendorPattern.trim() !== '' || draft.conditions.length > 0
}

/** What createCategoryRule takes from the draft; the API checks it and says what does not fit. */
export function createInput(draft: RuleDraft) {
  const priority = draft.priority.trim()
  const lines: RuleLineInput[] = draft.lines.map((line) => ({
    accountId: line.accountId,
    percent: line.percent.trim(),
  }))
  return {
    ...previewInput(draft),
    ...(priority === '' ? {} : { priority: Number(priority) }),
    ...(draft.action === 'category' ? { categoryId: draft.categoryId || null } : { lines }),
  }
}

/** A condition in words, for the rules table: "Amount is between 100 and 200". */
export function conditionInWords(condition: {
  field: string
  operator: string
  value: string
  value2?: string | null
  negate: boolean
}): string {
  const field = condition.field as ConditionField
  const operator = operatorsOf(field).find(([name]) => name === condition.operator)?.[1] ?? condition.operator
  const value = choicesOf(field).find(([name]) => name === condition.value)?.[1] ?? `“${condition.value}”`
  const second = condition.operator === 'between' ? ` and “${condition.value2 ?? ''}”` : ''
  return `${condition.negate ? 'Not: ' : ''}${fieldNames[field] ?? condition.field} ${operator} ${value}${second}`
}
