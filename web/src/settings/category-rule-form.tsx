import { useState } from 'preact/hooks'
import type { RuleCategoriesQuery } from '../api/generated/settings'
import { ErrorText } from '../components/error-text'

type RuleCategory = NonNullable<RuleCategoriesQuery['listAccounts']>['items'][number]

/** A new rule: the merchant pattern and the category it gives, and why the API refused it. */
export function CategoryRuleForm(props: {
  choices: readonly RuleCategory[]
  /** Answers the API's refusal in words, or null once the rule is added. */
  onCreate: (vendorPattern: string, categoryId: string) => Promise<string | null>
}) {
  const [pattern, setPattern] = useState('')
  const [categoryId, setCategoryId] = useState('')
  const [createError, setCreateError] = useState<string | null>(null)

  async function create(event: Event) {
    event.preventDefault()
    setCreateError(null)
    const error = await props.onCreate(pattern.trim(), categoryId)
    if (error !== null) return setCreateError(error)
    setPattern('')
  }

  return (
    <>
      <form class="inline-form" onSubmit={create}>
        <div class="field">
          <label for="rule-pattern">Merchant pattern</label>
          <input
            id="rule-pattern"
            type="text"
            required
            placeholder="STAPLES%"
            value={pattern}
            onInput={(event) => setPattern(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="rule-category">Category</label>
          <select
            id="rule-category"
            required
            value={categoryId}
            onChange={(event) => setCategoryId(event.currentTarget.value)}
          >
            <option value="">Choose a category</option>
            {props.choices.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" class="primary">
          Add rule
        </button>
      </form>
      {createError && <ErrorText>{createError}</ErrorText>}
    </>
  )
}
