import { useClient, useQuery } from '@urql/preact'
import { useState } from 'preact/hooks'
import {
  ApplyCategoryRuleDocument,
  CreateCategoryRuleDocument,
  DeleteCategoryRuleDocument,
  RuleCategoriesDocument,
  SettingsCategoryRulesDocument,
} from '../api/generated/settings'
import { mutate } from '../api/mutate'
import { PageSection } from '../components/page-section'
import { useRights } from '../session/rights'
import { CategoryRuleForm } from './category-rule-form'
import { CategoryRulesTable } from './category-rules-table'
import type { createInput } from './rule-draft'

// The API answers at most 200 a page; an organization with more rules sees the most used first.
const rulesShownMax = 200
const accountsMax = 200

export function CategoryRulesSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const { writes } = useRights()
  const [list, refresh] = useQuery({
    query: SettingsCategoryRulesDocument,
    variables: { organizationId, limit: rulesShownMax, offset: 0 },
  })
  const [accounts] = useQuery({
    query: RuleCategoriesDocument,
    variables: { organizationId, limit: accountsMax },
  })
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({})

  const [notice, setNotice] = useState('')

  async function create(input: ReturnType<typeof createInput>) {
    const outcome = await mutate(
      client,
      CreateCategoryRuleDocument,
      { organizationId, ...input },
      (data) => data.createCategoryRule,
    )
    if (!outcome.ok) return outcome.error
    setNotice('Rule added. Waiting events without a category that it matches have it now.')
    refresh({ requestPolicy: 'network-only' })
    return null
  }

  async function apply(ruleId: string) {
    const outcome = await mutate(
      client,
      ApplyCategoryRuleDocument,
      { organizationId, ruleId },
      (data) => data.applyCategoryRule,
    )
    setRowErrors((errors) => ({ ...errors, [ruleId]: outcome.ok ? '' : outcome.error }))
    if (!outcome.ok) return
    const count = outcome.value.classifiedCount
    setNotice(
      count === 0
        ? 'No waiting event without a category matches that rule.'
        : `Classified ${count.toLocaleString('en')} waiting ${count === 1 ? 'event' : 'events'} with that rule.`,
    )
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
  const accountList = accounts.data?.listAccounts?.items ?? []
  return (
    <PageSection
      id="category-rules"
      title="Category rules"
      description="A new event that a rule matches gets the rule's category, or its split; when several match, the lowest priority wins. In a pattern, % stands for any run of characters and _ for one character; case does not matter."
      loadError={list.error ?? accounts.error}
    >
      {writes && (
        <CategoryRuleForm organizationId={organizationId} accounts={accountList} onCreate={create} />
      )}
      <p class="muted" role="status">
        {notice}
      </p>
      {page && page.items.length === 0 && <p>No category rules yet.</p>}
      {page && page.items.length > 0 && (
        <CategoryRulesTable
          page={page}
          rowErrors={rowErrors}
          onDelete={writes ? remove : null}
          onApply={writes ? apply : null}
        />
      )}
    </PageSection>
  )
}
