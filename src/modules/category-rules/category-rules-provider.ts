import type { Executor } from '../../db/schema.js'
import type { Clock } from '../../kernel/clock.js'
import { limits } from '../../kernel/limits.js'
import { Listeners } from '../../kernel/listeners.js'
import type { OrgScope } from '../access/principal.js'
import type { CategoryRuleStore } from './category-rule-store.js'
import type { CategoryRulesPort, RulesChanged } from './category-rules-port.js'
import { compilePattern, type RuleCandidate, VendorMatcher } from './vendor-pattern.js'

/** The category rules port, with each organization's compiled matcher kept for a short while. */
export class CategoryRulesProvider implements CategoryRulesPort {
  private readonly changeListeners = new Listeners<Parameters<RulesChanged>>()
  private readonly matchers = new Map<string, { matcher: VendorMatcher; expiresAtMs: number }>()

  constructor(private readonly deps: { store: CategoryRuleStore; clock: Clock }) {}

  onRulesChanged(listener: RulesChanged): void {
    this.changeListeners.add(listener)
  }

  /** A rule was created or changed: the matcher is read again, and the listeners told. */
  async rulesChanged(scope: OrgScope, vendorPattern: string): Promise<void> {
    this.forget(scope)
    await this.changeListeners.emit(scope, vendorPattern)
  }

  async categorize(
    ex: Executor,
    scope: OrgScope,
    merchantNames: string[],
  ): Promise<Array<RuleCandidate | undefined>> {
    const matcher = await this.matcher(ex, scope)
    return merchantNames.map((name) => matcher.match(name))
  }

  async recordMatches(
    tx: Executor,
    scope: OrgScope,
    matches: Array<RuleCandidate | undefined>,
  ): Promise<void> {
    const counts = new Map<string, number>()
    for (const rule of matches) if (rule) counts.set(rule.id, (counts.get(rule.id) ?? 0) + 1)
    for (const [ruleId, count] of counts) await this.deps.store.addMatches(tx, scope, ruleId, count)
  }

  /** After the organization's rules changed in this process: the next match compiles them anew. */
  forget(scope: OrgScope): void {
    this.matchers.delete(scope.organizationId)
  }

  private async matcher(ex: Executor, scope: OrgScope): Promise<VendorMatcher> {
    const nowMs = this.deps.clock.now().getTime()
    const cached = this.matchers.get(scope.organizationId)
    if (cached && cached.expiresAtMs > nowMs) return cached.matcher
    const rules = await this.deps.store.all(ex, scope)
    const matcher = new VendorMatcher(
      rules.flatMap((rule) => {
        const compiled = compilePattern(rule.vendorPattern)
        return compiled.ok
          ? [{ id: rule.id, accountId: rule.accountId, createdAt: rule.createdAt, compiled: compiled.value }]
          : []
      }),
    )
    this.matchers.set(scope.organizationId, { matcher, expiresAtMs: nowMs + limits.categoryRuleCacheMs })
    return matcher
  }
}
