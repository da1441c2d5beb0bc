import { useClient, useQuery } from '@urql/preact'
import { useState } from 'preact/hooks'
import {
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

  async function create(vendorPattern: string, categoryId: string) {
    const outcome = await mutate(
      client,
      CreateCategoryRuleDocument,
      { organizationId, vendorPattern, categoryId },
      (data) => data.createCategoryRule,
    )
    if (!outcome.ok) return outcome.error
    refresh({ requestPolicy: 'network-only' })
    return null
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
      {writes && <CategoryRuleForm choices={choices} onCreate={create} />}
      {page && page.items.length === 0 && <p>No category rules yet.</p>}
      {page && page.items.length > 0 && (
        <CategoryRulesTable page={page} rowErrors={rowErrors} onDelete={writes ? remove : null} />
      )}
    </PageSection>
  )
}
