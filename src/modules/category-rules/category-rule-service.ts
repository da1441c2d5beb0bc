import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction, inTransactionResult } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { limitOffsetArgs, type Page, type PageArgs, pageOf, parsePageRequest } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountRecord, AccountsPort } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { ContactsPort } from '../contacts/contacts-port.js'
import { salesTaxCode } from '../tax-codes/tax-codes-port.js'
import {
  type CategoryRuleDefinition,
  type CategoryRuleRecord,
  type CategoryRuleSort,
  type CategoryRuleStore,
  isPatternOnly,
} from './category-rule-store.js'
import { type CategoryRulesProvider, subjectTest } from './category-rules-provider.js'
import {
  parseConditions,
  parseRuleLines,
  type RuleConditionInput,
  type RuleLine,
  type RuleLineInput,
} from './rule-conditions.js'
import { compilePattern, starAsWildcard } from './vendor-pattern.js'

export interface CategoryRuleView extends CategoryRuleRecord {
  account: { id: string; name: string }
  lines: Array<RuleLine & { account: { id: string; name: string } }> | null
}

/** What createCategoryRule and updateCategoryRule take beside the ids; absent keeps what a rule has. */
export interface CategoryRuleInput {
  vendorPattern?: string | null
  categoryId?: string | null
  conditions?: RuleConditionInput[] | null
  conditionMatch?: string | null
  priority?: number | null
  paymentAccountIds?: string[] | null
  taxCode?: string | null
  contactId?: string | null
  lines?: RuleLineInput[] | null
}

/** What previewCategoryRule tries: the conditions of a rule, without its actions. */
export type RuleConditionsInput = Pick<
  CategoryRuleInput,
  'vendorPattern' | 'conditions' | 'conditionMatch' | 'paymentAccountIds'
>

export interface RulePreview {
  matchCount: number
  items: Array<{ eventId: string; merchantName: string; amount: string; transactionDate: string }>
}

const ruleSorts = ['vendorPattern', 'matchCount', 'createdAt'] as const satisfies readonly CategoryRuleSort[]
const previewBounds = { defaultSize: 50, max: limits.rulePreviewItemsMax }

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
      contacts: ContactsPort
      audit: AuditRecorder
    },
  ) {}

  async createCategoryRule(
    principal: Principal,
    organizationId: string,
    input: CategoryRuleInput,
  ): Promise<Result<CategoryRuleView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createCategoryRule')
    const definition = await this.definition(this.deps.db, scope, input, undefined)
    if (!definition.ok) return definition
    const rule = { id: newId(), ...definition.value, createdAt: this.now() }
    const inserted = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      if (!(await this.deps.store.insert(tx, scope, rule))) return false
      await this.deps.audit.record(tx, scope, [ruleChange('created', rule.id, null, rule)])
      return true
    })
    if (!inserted) return patternTaken()
    return this.changed(scope, rule.id)
  }

  async updateCategoryRule(
    principal: Principal,
    organizationId: string,
    ruleId: string,
    input: CategoryRuleInput,
  ): Promise<Result<CategoryRuleView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'updateCategoryRule')
    const updated = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const existing = await this.deps.store.findById(tx, scope, ruleId)
      if (!existing) return ruleNotFound()
      // The transaction's own executor: on SQLite the transaction holds the only connection.
      const definition = await this.definition(tx, scope, input, existing)
      if (!definition.ok) return definition
      const next = definition.value
      if (
        isPatternOnly(next) &&
        (await this.deps.store.patternTakenByOther(tx, scope, ruleId, next.vendorPattern ?? ''))
      ) {
        return patternTaken()
      }
      await this.deps.store.update(tx, scope, ruleId, next)
      await this.deps.audit.record(tx, scope, [ruleChange('updated', ruleId, definitionOf(existing), next)])
      return ok(true as const)
    })
    if (!updated.ok) return updated
    return this.changed(scope, ruleId)
  }

  /** The events in needs_review a rule's conditions match, without saving the rule or anything else. */
  async previewCategoryRule(
    principal: Principal,
    organizationId: string,
    input: RuleConditionsInput,
    limit: number | null | undefined,
  ): Promise<Result<RulePreview>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'previewCategoryRule')
    const page = limitOffsetArgs({ limit }, previewBounds)
    if (!page.ok) return page
    const conditions = this.conditionsOf(input, undefined)
    if (!conditions.ok) return conditions
    const accounts = await this.paymentAccounts(this.deps.db, scope, conditions.value.paymentAccountIds)
    if (!accounts.ok) return accounts
    const matches = subjectTest(conditions.value)
    const matched = (await this.deps.rules.events.inReview(this.deps.db, scope)).filter(matches)
    return ok({
      matchCount: matched.length,
      items: matched.slice(0, page.value.limit).map((event) => ({
        eventId: event.id,
        merchantName: event.merchantName,
        amount: event.amount,
        transactionDate: event.transactionDate,
      })),
    })
  }

  /** Classifies with the rule the events in needs_review it matches that have no category yet. */
  async applyCategoryRule(
    principal: Principal,
    organizationId: string,
    ruleId: string,
  ): Promise<Result<{ classifiedCount: number }>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'applyCategoryRule')
    const rule = await this.deps.store.findById(this.deps.db, scope, ruleId)
    if (!rule) return ruleNotFound()
    const classifiedCount = await this.deps.rules.events.classifyWithRule(scope, rule, subjectTest(rule))
    return ok({ classifiedCount })
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

  private async changed(scope: OrgScope, ruleId: string): Promise<Result<CategoryRuleView>> {
    const rule = await this.deps.store.findById(this.deps.db, scope, ruleId)
    if (rule) await this.deps.rules.rulesChanged(scope, rule)
    return this.view(scope, ruleId)
  }

  /**
   * The rule as given over what it was, checked in a fixed order: its conditions, its lines, that
   * it has a condition and an action, then what it names in the organization.
   */
  private async definition(
    ex: Executor,
    scope: OrgScope,
    input: CategoryRuleInput,
    existing: CategoryRuleRecord | undefined,
  ): Promise<Result<CategoryRuleDefinition>> {
    const conditions = this.conditionsOf(input, existing)
    if (!conditions.ok) return conditions
    if (input.categoryId != null && input.lines != null) {
      return fail('INVALID_RULE_LINES', 'Give categoryId or lines; not both.', 'lines')
    }
    let lines: RuleLine[] | null = existing?.lines ?? null
    if (input.lines != null) {
      const parsed = parseRuleLines(input.lines)
      if (!parsed.ok) return parsed
      lines = parsed.value
    } else if (input.categoryId != null) {
      lines = null
    }
    const categoryId = input.categoryId ?? (lines === null ? existing?.accountId : undefined)
    if (categoryId === undefined && lines === null) {
      return fail('RULE_WITHOUT_ACTION', 'A rule needs an action: categoryId or lines.', 'categoryId')
    }
    let accountId: string
    if (lines !== null) {
      for (const [index, line] of lines.entries()) {
        const account = await this.categoryAccount(ex, scope, line.accountId, `lines[${index}].accountId`)
        if (!account.ok) return account
        const taxCode = checkTaxCode(line.taxCode, `lines[${index}].taxCode`)
        if (!taxCode.ok) return taxCode
      }
      accountId = (lines[0] as RuleLine).accountId
    } else {
      const category = await this.categoryAccount(ex, scope, categoryId as string, 'categoryId')
      if (!category.ok) return category
      accountId = category.value.id
    }
    const accounts = await this.paymentAccounts(ex, scope, conditions.value.paymentAccountIds)
    if (!accounts.ok) return accounts
    const taxCode = input.taxCode === undefined ? (existing?.taxCode ?? null) : input.taxCode
    const taxChecked = checkTaxCode(taxCode, 'taxCode')
    if (!taxChecked.ok) return taxChecked
    const contactId = input.contactId === undefined ? (existing?.contactId ?? null) : input.contactId
    if (contactId !== null) {
      const [contact] = await this.deps.contacts.contactsByIds(ex, scope, [contactId])
      if (!contact) return fail('CONTACT_NOT_FOUND', 'No contact with this contactId.', 'contactId')
    }
    return ok({
      ...conditions.value,
      priority: input.priority ?? existing?.priority ?? 0,
      accountId,
      taxCode,
      contactId,
      lines,
    })
  }

  /** What decides which events a rule matches, given over what it had. */
  private conditionsOf(
    input: RuleConditionsInput,
    existing: CategoryRuleRecord | undefined,
  ): Result<
    Pick<CategoryRuleDefinition, 'vendorPattern' | 'conditions' | 'conditionMatch' | 'paymentAccountIds'>
  > {
    if (input.vendorPattern != null) {
      const mistake = starAsWildcard(input.vendorPattern)
      if (mistake) return mistake
    }
    const vendorPattern = input.vendorPattern ?? existing?.vendorPattern ?? null
    if (vendorPattern !== null) {
      const compiled = compilePattern(vendorPattern)
      if (!compiled.ok) return compiled
    }
    let conditions = existing?.conditions ?? []
    if (input.conditions != null) {
      const parsed = parseConditions(input.conditions)
      if (!parsed.ok) return parsed
      conditions = parsed.value
    }
    const conditionMatch = input.conditionMatch ?? existing?.conditionMatch ?? 'all'
    if (conditionMatch !== 'all' && conditionMatch !== 'any') {
      return fail('INVALID_RULE_CONDITION', 'conditionMatch must be all or any.', 'conditionMatch')
    }
    const paymentAccountIds = input.paymentAccountIds ?? existing?.paymentAccountIds ?? []
    if (paymentAccountIds.length > limits.filterIdsMax) {
      return fail(
        'INVALID_RULE_CONDITION',
        `paymentAccountIds names at most ${limits.filterIdsMax} accounts.`,
        'paymentAccountIds',
      )
    }
    if (vendorPattern === null && conditions.length === 0) {
      return fail(
        'RULE_WITHOUT_CONDITION',
        'A rule needs a condition: vendorPattern or conditions.',
        'conditions',
      )
    }
    return ok({
      vendorPattern,
      conditions,
      conditionMatch,
      paymentAccountIds: [...new Set(paymentAccountIds)],
    })
  }

  private async paymentAccounts(
    ex: Executor,
    scope: OrgScope,
    ids: readonly string[],
  ): Promise<Result<true>> {
    if (ids.length === 0) return ok(true as const)
    const found = new Set((await this.deps.accounts.accountsByIds(ex, scope, [...ids])).map((a) => a.id))
    const missing = ids.findIndex((id) => !found.has(id))
    if (missing >= 0) {
      return fail(
        'PAYMENT_ACCOUNT_NOT_FOUND',
        'No account with this id among paymentAccountIds.',
        `paymentAccountIds[${missing}]`,
      )
    }
    return ok(true as const)
  }

  private async categoryAccount(
    ex: Executor,
    scope: OrgScope,
    categoryId: string,
    field: string,
  ): Promise<Result<AccountRecord>> {
    const [account] = await this.deps.accounts.accountsByIds(ex, scope, [categoryId])
    if (!account)
      return fail(
        'CATEGORY_NOT_FOUND',
        `No account with this ${field === 'categoryId' ? 'categoryId' : 'accountId'}.`,
        field,
      )
    if (account.classification !== 'revenue' && account.classification !== 'expense') {
      return fail(
        'CATEGORY_NOT_ALLOWED',
        `A rule's category must be an income or expense account; ${account.name} is ${account.classification}.`,
        field,
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
        await this.deps.accounts.accountsByIds(ex, scope, [
          ...new Set(rules.flatMap((r) => [r.accountId, ...(r.lines ?? []).map((l) => l.accountId)])),
        ])
      ).map((a) => [a.id, a]),
    )
    const accountOf = (id: string) => ({ id, name: accounts.get(id)?.name ?? '' })
    return rules.map((rule) => ({
      ...rule,
      account: accountOf(rule.accountId),
      lines: rule.lines?.map((line) => ({ ...line, account: accountOf(line.accountId) })) ?? null,
    }))
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

const ruleNotFound = () => fail('RULE_NOT_FOUND', 'No category rule with this id.', 'ruleId')
const patternTaken = () =>
  fail('RULE_PATTERN_TAKEN', 'A category rule with this vendor pattern already exists.', 'vendorPattern')

const definitionOf = (rule: CategoryRuleRecord): CategoryRuleDefinition => ({
  vendorPattern: rule.vendorPattern,
  accountId: rule.accountId,
  conditions: rule.conditions,
  conditionMatch: rule.conditionMatch,
  priority: rule.priority,
  paymentAccountIds: rule.paymentAccountIds,
  taxCode: rule.taxCode,
  contactId: rule.contactId,
  lines: rule.lines,
})

function checkTaxCode(code: string | null, field: string): Result<true> {
  if (code !== null && !salesTaxCode(code)) {
    return fail(
      'SALES_TAX_CODE_NOT_FOUND',
      'taxCode must be a sales tax code id from listSalesTaxCodes.',
      field,
    )
  }
  return ok(true as const)
}

const ruleChange = (verb: string, ruleId: string, before: unknown, after: unknown) => ({
  operation: `category_rule.${verb}`,
  entityType: 'category_rule',
  entityId: ruleId,
  before,
  after,
})
