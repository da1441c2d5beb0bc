import type { Executor } from '../../db/schema.js'
import { likeEscaped, pageWithCount } from '../../db/sql-helpers.js'
import { likeContains, type PageRequest } from '../../kernel/page.js'
import type { OrgScope } from '../access/principal.js'

export interface CategoryRuleRecord {
  id: string
  vendorPattern: string
  accountId: string
  matchCount: number
  createdAt: string
}

export type CategoryRuleSort = 'vendorPattern' | 'matchCount' | 'createdAt'

const columns = ['id', 'vendor_pattern', 'account_id', 'match_count', 'created_at'] as const

type Row = {
  id: string
  vendor_pattern: string
  account_id: string
  match_count: number | bigint
  created_at: string
}

const toRecord = (row: Row): CategoryRuleRecord => ({
  id: row.id,
  vendorPattern: row.vendor_pattern,
  accountId: row.account_id,
  matchCount: Number(row.match_count),
  createdAt: row.created_at,
})

export class CategoryRuleStore {
  async insert(
    ex: Executor,
    scope: OrgScope,
    rule: { id: string; vendorPattern: string; accountId: string; createdAt: string },
  ): Promise<boolean> {
    const result = await ex
      .insertInto('category_rules')
      .values({
        id: rule.id,
        organization_id: scope.organizationId,
        vendor_pattern: rule.vendorPattern,
        pattern_key: rule.vendorPattern.toLowerCase(),
        account_id: rule.accountId,
        match_count: 0,
        created_at: rule.createdAt,
      })
      .onConflict((oc) => oc.columns(['organization_id', 'pattern_key']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  async update(
    ex: Executor,
    scope: OrgScope,
    id: string,
    changes: { vendorPattern: string; accountId: string },
  ): Promise<void> {
    await ex
      .updateTable('category_rules')
      .set({
        vendor_pattern: changes.vendorPattern,
        pattern_key: changes.vendorPattern.toLowerCase(),
        account_id: changes.accountId,
      })
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
