import { useState } from 'preact/hooks'
import type { RuleCategoriesQuery } from '../api/generated/settings'
import { ErrorText } from '../components/error-text'
import {
  type ConditionDraft,
  type ConditionField,
  choicesOf,
  createInput,
  emptyRule,
  fieldNames,
  type LineDraft,
  newCondition,
  newKey,
  operatorsOf,
  type RuleDraft,
  withField,
} from './rule-draft'
import { RulePreview } from './rule-preview'

type RuleAccount = NonNullable<RuleCategoriesQuery['listAccounts']>['items'][number]

const paymentTypes = new Set(['bank', 'credit_card'])

/**
 * A new rule: what it matches (a merchant pattern, conditions on the event, the accounts it
 * watches) and what it does (one category, or lines sharing the amount by percent), with the
 * events waiting for review that it would match shown as it is built.
 */
export function CategoryRuleForm(props: {
  organizationId: string
  accounts: readonly RuleAccount[]
  /** Answers the API's refusal in words, or null once the rule is added. */
  onCreate: (input: ReturnType<typeof createInput>) => Promise<string | null>
}) {
  const [draft, setDraft] = useState<RuleDraft>(emptyRule)
  const [createError, setCreateError] = useState<string | null>(null)
  const categories = props.accounts.filter(
    (account) =>
      account.active && (account.classification === 'revenue' || account.classification === 'expense'),
  )
  const paymentAccounts = props.accounts.filter(
    (account) => account.active && paymentTypes.has(account.accountType),
  )
  const change = (changes: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...changes }))
  const changeCondition = (key: number, changes: Partial<ConditionDraft>) =>
    change({ conditions: draft.conditions.map((c) => (c.key === key ? { ...c, ...changes } : c)) })

  async function create(event: Event) {
    event.preventDefault()
    setCreateError(null)
    const error = await props.onCreate(createInput(draft))
    if (error !== null) return setCreateError(error)
    setDraft(emptyRule())
  }

  return (
    <form class="rule-builder" onSubmit={create} aria-label="New category rule">
      <fieldset>
        <legend>When an event</legend>
        <div class="field">
          <label for="rule-pattern">Merchant pattern</label>
          <input
            id="rule-pattern"
            type="text"
            placeholder="STAPLES%"
            value={draft.vendorPattern}
            onInput={(event) => change({ vendorPattern: event.currentTarget.value })}
          />
        </div>
        {draft.conditions.map((condition, index) => (
          <ConditionRow
            key={condition.key}
            index={index}
            condition={condition}
            onChange={(changes) => changeCondition(condition.key, changes)}
            onRemove={() => change({ conditions: draft.conditions.filter((c) => c.key !== condition.key) })}
          />
        ))}
        <div class="inline-form">
          <button type="button" onClick={() => change({ conditions: [...draft.conditions, newCondition()] })}>
            Add a condition
          </button>
          {draft.conditions.length + (draft.vendorPattern.trim() ? 1 : 0) > 1 && (
            <div class="field">
              <label for="rule-match">Matches when</label>
              <select
                id="rule-match"
                value={draft.conditionMatch}
                onChange={(event) => change({ conditionMatch: event.currentTarget.value as 'all' | 'any' })}
              >
                <option value="all">all of these hold</option>
                <option value="any">any of these holds</option>
              </select>
            </div>
          )}
        </div>
        {paymentAccounts.length > 0 && (
          <fieldset class="rule-accounts">
            <legend>Paid through (none ticked: any account)</legend>
            {paymentAccounts.map((account) => (
              <label key={account.id} class="checkbox-field">
                <input
                  type="checkbox"
                  checked={draft.paymentAccountIds.includes(account.id)}
                  onChange={(event) =>
                    change({
                      paymentAccountIds: event.currentTarget.checked
                        ? [...draft.paymentAccountIds, account.id]
                        : draft.paymentAccountIds.filter((id) => id !== account.id),
                    })
                  }
                />
                {account.name}
              </label>
            ))}
          </fieldset>
        )}
      </fieldset>
      <RuleActionFields draft={draft} categories={categories} onChange={change} />
      <RulePreview organizationId={props.organizationId} draft={draft} />
      <button type="submit" class="primary">
        Add rule
      </button>
      {createError && <ErrorText>{createError}</ErrorText>}
    </form>
  )
}

/** What the rule does to an event it matches: one category, or lines sharing the amount by percent, and its priority. */
function RuleActionFields(props: {
  draft: RuleDraft
  categories: readonly RuleAccount[]
  onChange: (changes: Partial<RuleDraft>) => void
}) {
  const { draft, categories } = props
  const change = props.onChange
  const changeLine = (key: number, changes: Partial<LineDraft>) =>
    change({ lines: draft.lines.map((line) => (line.key === key ? { ...line, ...changes } : line)) })
  return (
    <fieldset>
      <legend>Classify it</legend>
      <div class="inline-form">
        <label class="checkbox-field">
          <input
            type="radio"
            name="rule-action"
            checked={draft.action === 'category'}
            onChange={() => change({ action: 'category' })}
          />
          to one category
        </label>
        <label class="checkbox-field">
          <input
            type="radio"
            name="rule-action"
            checked={draft.action === 'lines'}
            onChange={() => change({ action: 'lines' })}
          />
          split by percent
        </label>
      </div>
      {draft.action === 'category' ? (
        <div class="field">
          <label for="rule-category">Category</label>
          <select
            id="rule-category"
            value={draft.categoryId}
            onChange={(event) => change({ categoryId: event.currentTarget.value })}
          >
            <option value="">Choose a category</option>
            {categories.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <>
          {draft.lines.map((line, index) => (
            <div class="inline-form" key={line.key}>
              <div class="field">
                <label for={`rule-line-${line.key}-account`}>Line {index + 1} category</label>
                <select
                  id={`rule-line-${line.key}-account`}
                  value={line.accountId}
                  onChange={(event) => changeLine(line.key, { accountId: event.currentTarget.value })}
                >
                  <option value="">Choose a category</option>
                  {categories.map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.name}
                    </option>
                  ))}
                </select>
              </div>
              <div class="field">
                <label for={`rule-line-${line.key}-percent`}>Line {index + 1} percent</label>
                <input
                  id={`rule-line-${line.key}-percent`}
                  type="text"
                  inputMode="decimal"
                  size={6}
                  value={line.percent}
                  onInput={(event) => changeLine(line.key, { percent: event.currentTarget.value })}
                />
              </div>
              {draft.lines.length > 2 && (
                <button
                  type="button"
                  onClick={() => change({ lines: draft.lines.filter((l) => l.key !== line.key) })}
                >
                  Remove line {index + 1}
                </button>
              )}
            </div>
          ))}
          <p class="muted">The percents add up to 100; the last line takes what rounding leaves.</p>
          <button
            type="button"
            onClick={() => change({ lines: [...draft.lines, { key: newKey(), accountId: '', percent: '' }] })}
          >
            Add a line
          </button>
        </>
      )}
      <div class="field">
        <label for="rule-priority">Priority (lower runs first)</label>
        <input
          id="rule-priority"
          type="number"
          step={1}
          value={draft.priority}
          onInput={(event) => change({ priority: event.currentTarget.value })}
        />
      </div>
    </fieldset>
  )
}

function ConditionRow(props: {
  index: number
  condition: ConditionDraft
  onChange: (changes: Partial<ConditionDraft>) => void
  onRemove: () => void
}) {
  const { condition, index } = props
  const id = `rule-condition-${condition.key}`
  const choices = choicesOf(condition.field)
  const number = index + 1
  return (
    <div class="inline-form rule-condition">
      <div class="field">
        <label for={`${id}-field`}>Condition {number}</label>
        <select
          id={`${id}-field`}
          value={condition.field}
          onChange={(event) =>
            props.onChange(withField(condition, event.currentTarget.value as ConditionField))
          }
        >
          {Object.entries(fieldNames).map(([field, name]) => (
            <option key={field} value={field}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={`${id}-operator`}>Condition {number} comparison</label>
        <select
          id={`${id}-operator`}
          value={condition.operator}
          onChange={(event) => props.onChange({ operator: event.currentTarget.value })}
        >
          {operatorsOf(condition.field).map(([operator, words]) => (
            <option key={operator} value={operator}>
              {words}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={`${id}-value`}>Condition {number} value</label>
        {choices.length > 0 ? (
          <select
            id={`${id}-value`}
            value={condition.value}
            onChange={(event) => props.onChange({ value: event.currentTarget.value })}
          >
            {choices.map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={`${id}-value`}
            type="text"
            inputMode={condition.field === 'amount' ? 'decimal' : 'text'}
            value={condition.value}
            onInput={(event) => props.onChange({ value: event.currentTarget.value })}
          />
        )}
      </div>
      {condition.operator === 'between' && (
        <div class="field">
          <label for={`${id}-value2`}>Condition {number} up to</label>
          <input
            id={`${id}-value2`}
            type="text"
            inputMode="decimal"
            value={condition.value2}
            onInput={(event) => props.onChange({ value2: event.currentTarget.value })}
          />
        </div>
      )}
      <label class="checkbox-field">
        <input
          type="checkbox"
          checked={condition.negate}
          onChange={(event) => props.onChange({ negate: event.currentTarget.checked })}
        />
        not
      </label>
      <button type="button" onClick={props.onRemove}>
        Remove condition {number}
      </button>
    </div>
  )
}
