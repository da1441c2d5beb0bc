import { useClient, useQuery } from '@urql/preact'
import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import {
  CreateCategoryRuleDocument,
  DeleteCategoryRuleDocument,
  RuleCategoriesDocument,
  SettingsCategoryRulesDocument,
} from '../api/generated/settings'
import { mutate } from '../api/mutate'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { PageSection, RowError } from '../components/page-section'

// The API answers at most 200 a page; an organization with more rules sees the most used first.
const rulesShownMax = 200
const accountsMax = 200

export function CategoryRulesSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const [list, refresh] = useQuery({
    query: SettingsCategoryRulesDocument,
    variables: { organizationId, limit: rulesShownMax, offset: 0 },
  })
  const [accounts] = useQuery({
    query: RuleCategoriesDocument,
    variables: { organizationId, limit: accountsMax },
  })
  const [pattern, setPattern] = useState('')
  const [categoryId, setCategoryId] = useState('')
  const [createError, setCreateError] = useState<string | null>(null)
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({})

  async function create(event: Event) {
    event.preventDefault()
    setCreateError(null)
    const outcome = await mutate(
      client,
      CreateCategoryRuleDocument,
      { organizationId, vendorPattern: pattern.trim(), categoryId },
      (data) => data.createCategoryRule,
    )
    if (!outcome.ok) return setCreateError(outcome.error)
    setPattern('')
    refresh({ requestPolicy: 'network-only' })
  }

  async function remove(ruleId: string) {
    const outcome = await mutate(
      client,
      DeleteCategoryRuleDocument,
      { organizationId, ruleId },
      (data) => data.deleteCategoryRule,
    )
    setRowErrors((errors) => ({ ...errors, [ruleId]: outcome.ok ? '' : outcome.error }))
    if (outcome.ok) refresh({ requestPolicy: 'network-only' })
  }

  const page = list.data?.listCategoryRules
  const choices = (accounts.data?.listAccounts?.items ?? []).filter((account) => account.active)
  return (
    <PageSection
      id="category-rules"
      title="Category rules"
      description="A new event whose merchant matches a rule gets the rule's category. In a pattern, % stands for any run of characters and _ for one character; case does not matter."
      loadError={list.error ?? accounts.error}
    >
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
            {choices.map((account) => (
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
      {page && page.items.length === 0 && <p>No category rules yet.</p>}
      {page && page.items.length > 0 && (
        <div class="table-frame">
          <table class="settings-table">
            <thead>
              <tr>
                <th scope="col">Pattern</th>
                <th scope="col">Category</th>
                <th scope="col" class="number">
                  Matches
                </th>
                <th scope="col">
                  <span class="visually-hidden">Delete</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((rule) => (
                <Fragment key={rule.id}>
                  <tr>
                    <td>
                      <code>{rule.vendorPattern}</code>
                    </td>
                    <td>{rule.account.name}</td>
                    <td class="number">{rule.matchCount.toLocaleString('en')}</td>
                    <td class="row-actions">
                      <ConfirmButton
                        label={`Delete rule ${rule.vendorPattern}`}
                        question={`Delete the rule ${rule.vendorPattern}? Events already classified keep their category.`}
                        confirmLabel="Delete"
                        onConfirm={() => remove(rule.id)}
                      />
                    </td>
                  </tr>
                  <RowError columns={4} message={rowErrors[rule.id]} />
                </Fragment>
              ))}
            </tbody>
          </table>
          {page.totalCount > page.items.length && (
            <p class="muted">
              The {page.items.length} most used of {page.totalCount.toLocaleString('en')} rules.
            </p>
          )}
        </div>
      )}
    </PageSection>
  )
}
