import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction, inTransactionResult } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { type Page, type PageArgs, pageOf, parsePageRequest } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountRecord, AccountsPort } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { CategoryRuleRecord, CategoryRuleSort, CategoryRuleStore } from './category-rule-store.js'
import type { CategoryRulesProvider } from './category-rules-provider.js'
import { compilePattern } from './vendor-pattern.js'

export interface CategoryRuleView extends CategoryRuleRecord {
  account: { id: string; name: string }
}

const ruleSorts = ['vendorPattern', 'matchCount', 'createdAt'] as const satisfies readonly CategoryRuleSort[]

export class CategoryRuleService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: CategoryRuleStore
      rules: CategoryRulesProvider
      clock: Clock
      access: AccessPort
      accounts: AccountsPort
      audit: AuditRecorder
    },
  ) {}

  async createCategoryRule(
    principal: Principal,
    organizationId: string,
    input: { vendorPattern: string; categoryId: string },
  ): Promise<Result<CategoryRuleView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createCategoryRule')
    const compiled = compilePattern(input.vendorPattern)
    if (!compiled.ok) return compiled
    const category = await this.categoryAccount(this.deps.db, scope, input.categoryId)
    if (!category.ok) return category
    const rule = {
      id: newId(),
      vendorPattern: input.vendorPattern,
      accountId: category.value.id,
      createdAt: this.now(),
    }
    const inserted = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      if (!(await this.deps.store.insert(tx, scope, rule))) return false
      await this.deps.audit.record(tx, scope, [ruleChange('created', rule.id, null, rule)])
      return true
    })
    if (!inserted) return patternTaken()
    await this.changed(scope, rule.vendorPattern)
    return this.view(scope, rule.id)
  }

  async updateCategoryRule(
    principal: Principal,
    organizationId: string,
    ruleId: string,
    input: { vendorPattern?: string | null; categoryId?: string | null },
  ): Promise<Result<CategoryRuleView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'updateCategoryRule')
    const updated = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const existing = await this.deps.store.findById(tx, scope, ruleId)
      if (!existing) return ruleNotFound()
      const vendorPattern = input.vendorPattern ?? existing.vendorPattern
      const compiled = compilePattern(vendorPattern)
      if (!compiled.ok) return compiled
      if (await this.deps.store.patternTakenByOther(tx, scope, ruleId, vendorPattern)) return patternTaken()
      let accountId = existing.accountId
      if (input.categoryId) {
        // The transaction's own executor: on SQLite the transaction holds the only connection.
        const category = await this.categoryAccount(tx, scope, input.categoryId)
        if (!category.ok) return category
        accountId = category.value.id
      }
      await this.deps.store.update(tx, scope, ruleId, { vendorPattern, accountId })
      await this.deps.audit.record(tx, scope, [
        ruleChange(
          'updated',
          ruleId,
          { vendorPattern: existing.vendorPattern, accountId: existing.accountId },
          { vendorPattern, accountId },
        ),
      ])
      return ok(vendorPattern)
    })
    if (!updated.ok) return updated
    await this.changed(scope, updated.value)
    return this.view(scope, ruleId)
  }

  async deleteCategoryRule(
    principal: Principal,
    organizationId: string,
    ruleId: string,
  ): Promise<Result<true>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'deleteCategoryRule')
    const deleted = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      const existing = await this.deps.store.findById(tx, scope, ruleId)
      if (!existing || !(await this.deps.store.delete(tx, scope, ruleId))) return false
      await this.deps.audit.record(tx, scope, [ruleChange('deleted', ruleId, existing, null)])
      return true
    })
    if (!deleted) return ruleNotFound()
    this.deps.rules.forget(scope)
    return ok(true as const)
  }

  async listCategoryRules(
    principal: Principal,
    organizationId: string,
    args: PageArgs & { search?: string | null },
  ): Promise<Result<Page<CategoryRuleView>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listCategoryRules')
    const page = parsePageRequest(args, ruleSorts, { sortBy: 'vendorPattern', sortDir: 'asc' })
    if (!page.ok) return page
    const found = await this.deps.store.page(this.deps.db, scope, page.value.search, page.value)
    return ok(pageOf(await this.views(this.deps.db, scope, found.items), found.totalCount, page.value))
  }

  // ---- helpers ------------------------------------------------------------------------------

  private async changed(scope: OrgScope, vendorPattern: string): Promise<void> {
    await this.deps.rules.rulesChanged(scope, vendorPattern)
  }

  private async categoryAccount(
    ex: Executor,
    scope: OrgScope,
    categoryId: string,
  ): Promise<Result<AccountRecord>> {
    const [account] = await this.deps.accounts.accountsByIds(ex, scope, [categoryId])
    if (!account) return fail('CATEGORY_NOT_FOUND', 'No account with this categoryId.', 'categoryId')
    if (account.classification !== 'revenue' && account.classification !== 'expense') {
      return fail(
        'CATEGORY_NOT_ALLOWED',
        `A rule's category must be an income or expense account; ${account.name} is ${account.classification}.`,
        'categoryId',
      )
    }
    return ok(account)
  }

  private async view(scope: OrgScope, ruleId: string): Promise<Result<CategoryRuleView>> {
    const rule = await this.deps.store.findById(this.deps.db, scope, ruleId)
    if (!rule) return ruleNotFound()
    const [view] = await this.views(this.deps.db, scope, [rule])
    return ok(view as CategoryRuleView)
  }

  private async views(
    ex: Executor,
    scope: OrgScope,
    rules: CategoryRuleRecord[],
  ): Promise<CategoryRuleView[]> {
    const accounts = new Map(
      (
        await this.deps.accounts.accountsByIds(
          ex,
          scope,
          rules.map((r) => r.accountId),
        )
      ).map((a) => [a.id, a]),
    )
    return rules.map((rule) => {
      const account = accounts.get(rule.accountId)
      return { ...rule, account: { id: rule.accountId, name: account?.name ?? '' } }
    })
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

const ruleNotFound = () => fail('RULE_NOT_FOUND', 'No category rule with this id.', 'ruleId')
const patternTaken = () =>
  fail('RULE_PATTERN_TAKEN', 'A category rule with this vendor pattern already exists.', 'vendorPattern')

const ruleChange = (verb: string, ruleId: string, before: unknown, after: unknown) => ({
  operation: `category_rule.${verb}`,
  entityType: 'category_rule',
  entityId: ruleId,
  before,
  after,
})
