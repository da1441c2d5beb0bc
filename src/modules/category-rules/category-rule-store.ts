import { sql } from 'kysely'
import type { Executor } from '../../db/schema.js'
import { likeEscaped, pageWithCount } from '../../db/sql-helpers.js'
import { likeContains, type PageRequest } from '../../kernel/page.js'
import type { OrgScope } from '../access/principal.js'
import type { ConditionMatch, RuleCondition, RuleLine } from './rule-conditions.js'

/** What a rule is, apart from its counts: what createCategoryRule and updateCategoryRule set. */
export interface CategoryRuleDefinition {
  vendorPattern: string | null
  /** The category, or the first line's account for a rule with lines. */
  accountId: string
  conditions: RuleCondition[]
  conditionMatch: ConditionMatch
  priority: number
  paymentAccountIds: string[]
  taxCode: string | null
  contactId: string | null
  lines: RuleLine[] | null
}

export interface CategoryRuleRecord extends CategoryRuleDefinition {
  id: string
  matchCount: number
  createdAt: string
}

export type CategoryRuleSort = 'vendorPattern' | 'matchCount' | 'createdAt'

const columns = [
  'id',
  'vendor_pattern',
  'account_id',
  'match_count',
  'created_at',
  'conditions',
  'condition_match',
  'priority',
  'payment_account_ids',
  'tax_code',
  'contact_id',
  'lines',
] as const

type Row = {
  id: string
  vendor_pattern: string
  account_id: string
  match_count: number | bigint
  created_at: string
  conditions: string
  condition_match: string
  priority: number | bigint
  payment_account_ids: string
  tax_code: string | null
  contact_id: string | null
  lines: string | null
}

// A rule without a vendor pattern keeps an empty one (migration 0037).
const toRecord = (row: Row): CategoryRuleRecord => ({
  id: row.id,
  vendorPattern: row.vendor_pattern === '' ? null : row.vendor_pattern,
  accountId: row.account_id,
  matchCount: Number(row.match_count),
  createdAt: row.created_at,
  conditions: JSON.parse(row.conditions) as RuleCondition[],
  conditionMatch: row.condition_match === 'any' ? 'any' : 'all',
  priority: Number(row.priority),
  paymentAccountIds: JSON.parse(row.payment_account_ids) as string[],
  taxCode: row.tax_code,
  contactId: row.contact_id,
  lines: row.lines === null ? null : (JSON.parse(row.lines) as RuleLine[]),
})

/** The unique index's predicate (migration 0037), which an upsert names to find the index. */
const patternOnly = sql<boolean>`conditions = '[]' and payment_account_ids = '[]' and pattern_key <> ''`

/** Whether a rule is today's kind, a vendor pattern alone: those share no pattern (migration 0037). */
export const isPatternOnly = (
  rule: Pick<CategoryRuleDefinition, 'vendorPattern' | 'conditions' | 'paymentAccountIds'>,
): boolean =>
  rule.vendorPattern !== null && rule.conditions.length === 0 && rule.paymentAccountIds.length === 0

const definitionColumns = (rule: CategoryRuleDefinition) => ({
  vendor_pattern: rule.vendorPattern ?? '',
  pattern_key: (rule.vendorPattern ?? '').toLowerCase(),
  account_id: rule.accountId,
  conditions: JSON.stringify(rule.conditions),
  condition_match: rule.conditionMatch,
  priority: rule.priority,
  payment_account_ids: JSON.stringify(rule.paymentAccountIds),
  tax_code: rule.taxCode,
  contact_id: rule.contactId,
  lines: rule.lines === null ? null : JSON.stringify(rule.lines),
})

export class CategoryRuleStore {
  async insert(
    ex: Executor,
    scope: OrgScope,
    rule: CategoryRuleDefinition & { id: string; createdAt: string },
  ): Promise<boolean> {
    const result = await ex
      .insertInto('category_rules')
      .values({
        id: rule.id,
        organization_id: scope.organizationId,
        ...definitionColumns(rule),
        match_count: 0,
        created_at: rule.createdAt,
      })
      .onConflict((oc) => oc.columns(['organization_id', 'pattern_key']).where(patternOnly).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  async update(ex: Executor, scope: OrgScope, id: string, changes: CategoryRuleDefinition): Promise<void> {
    await ex
      .updateTable('category_rules')
      .set(definitionColumns(changes))
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
  }

  async patternTakenByOther(
    ex: Executor,
    scope: OrgScope,
    id: string,
    vendorPattern: string,
  ): Promise<boolean> {
    const row = await ex
      .selectFrom('category_rules')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('pattern_key', '=', vendorPattern.toLowerCase())
      .where(patternOnly)
      .where('id', '!=', id)
      .executeTakeFirst()
    return row !== undefined
  }

  async delete(ex: Executor, scope: OrgScope, id: string): Promise<boolean> {
    const result = await ex
      .deleteFrom('category_rules')
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(result.numDeletedRows) === 1
  }

  async findById(ex: Executor, scope: OrgScope, id: string): Promise<CategoryRuleRecord | undefined> {
    const row = await ex
      .selectFrom('category_rules')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row && toRecord(row)
  }

  async all(ex: Executor, scope: OrgScope): Promise<CategoryRuleRecord[]> {
    const rows = await ex
      .selectFrom('category_rules')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .execute()
    return rows.map(toRecord)
  }

  async page(
    ex: Executor,
    scope: OrgScope,
    search: string | undefined,
    page: PageRequest<CategoryRuleSort>,
  ): Promise<{ items: CategoryRuleRecord[]; totalCount: number }> {
    let query = ex.selectFrom('category_rules').where('organization_id', '=', scope.organizationId)
    if (search) query = query.where(likeEscaped('pattern_key', likeContains(search)))
    const sortColumn =
      page.sortBy === 'matchCount'
        ? 'match_count'
        : page.sortBy === 'createdAt'
          ? 'created_at'
          : 'pattern_key'
    const { rows, totalCount } = await pageWithCount(
      query,
      query.select(columns).orderBy(sortColumn, page.sortDir),
      page,
    )
    return { items: rows.map(toRecord), totalCount }
  }

  async addMatches(ex: Executor, scope: OrgScope, id: string, count: number): Promise<void> {
    await ex
      .updateTable('category_rules')
      .set((eb) => ({ match_count: eb('match_count', '+', count) }))
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
  }
}
