import type { Executor } from '../../db/schema.js'
import type { Clock } from '../../kernel/clock.js'
import { limits } from '../../kernel/limits.js'
import { Listeners } from '../../kernel/listeners.js'
import { assert } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { CategoryRuleRecord, CategoryRuleStore } from './category-rule-store.js'
import type { CategoryRulesPort, ChangedRule, RuleEvents, RulesChanged } from './category-rules-port.js'
import { PreparedSubject, type RuleSubject } from './rule-conditions.js'
import { type RuleConditions, type RuleMatch, RuleMatcher, ruleTest } from './rule-matcher.js'

/** The category rules port, with each organization's compiled matcher kept for a short while. */
export class CategoryRulesProvider implements CategoryRulesPort {
  private readonly changeListeners = new Listeners<Parameters<RulesChanged>>()
  private readonly matchers = new Map<string, { matcher: RuleMatcher; expiresAtMs: number }>()
  private ruleEvents: RuleEvents | undefined

  constructor(private readonly deps: { store: CategoryRuleStore; clock: Clock }) {}

  onRulesChanged(listener: RulesChanged): void {
    this.changeListeners.add(listener)
  }

  serveRuleEvents(events: RuleEvents): void {
    this.ruleEvents = events
  }

  /** The events rules are previewed against and applied to; wired before any request. */
  get events(): RuleEvents {
    assert(this.ruleEvents !== undefined, 'the ledger-events module serves the events of category rules')
    return this.ruleEvents
  }

  /** A rule was created or changed: the matcher is read again, and the listeners told. */
  async rulesChanged(scope: OrgScope, rule: CategoryRuleRecord): Promise<void> {
    this.forget(scope)
    await this.changeListeners.emit(scope, changedRule(rule))
  }

  async classify(
    ex: Executor,
    scope: OrgScope,
    subjects: readonly RuleSubject[],
  ): Promise<Array<RuleMatch | undefined>> {
    if (subjects.length === 0) return []
    const matcher = await this.matcher(ex, scope)
    return subjects.map((subject) => matcher.match(new PreparedSubject(subject)))
  }

  categorize(ex: Executor, scope: OrgScope, merchantNames: string[]): Promise<Array<RuleMatch | undefined>> {
    return this.classify(
      ex,
      scope,
      merchantNames.map((merchantName) => ({ merchantName })),
    )
  }

  async recordMatches(
    tx: Executor,
    scope: OrgScope,
    matches: ReadonlyArray<Pick<RuleMatch, 'id'> | undefined>,
  ): Promise<void> {
    const counts = new Map<string, number>()
    for (const rule of matches) if (rule) counts.set(rule.id, (counts.get(rule.id) ?? 0) + 1)
    for (const [ruleId, count] of counts) await this.deps.store.addMatches(tx, scope, ruleId, count)
  }

  /** After the organization's rules changed in this process: the next match compiles them anew. */
  forget(scope: OrgScope): void {
    this.matchers.delete(scope.organizationId)
  }

  private async matcher(ex: Executor, scope: OrgScope): Promise<RuleMatcher> {
    const nowMs = this.deps.clock.now().getTime()
    const cached = this.matchers.get(scope.organizationId)
    if (cached && cached.expiresAtMs > nowMs) return cached.matcher
    const matcher = new RuleMatcher(await this.deps.store.all(ex, scope))
    this.matchers.set(scope.organizationId, { matcher, expiresAtMs: nowMs + limits.categoryRuleCacheMs })
    return matcher
  }
}

/** One rule's own test over any subject, for a preview, an apply and a change. */
export function subjectTest(rule: RuleConditions): (subject: RuleSubject) => boolean {
  const test = ruleTest(rule)
  return (subject) => test(new PreparedSubject(subject))
}

function changedRule(rule: CategoryRuleRecord): ChangedRule {
  return {
    vendorPattern: rule.vendorPattern,
    patternRequired:
      rule.vendorPattern !== null && (rule.conditionMatch === 'all' || rule.conditions.length === 0),
    matches: subjectTest(rule),
  }
}
