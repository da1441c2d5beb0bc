import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { RuleSubject } from './rule-conditions.js'
import type { RuleMatch } from './rule-matcher.js'

// What category rules offer other modules: the rule that classifies each arriving event, and the
// count of rules that did, inside the transaction that classified them; and what they need from
// the events' module to preview a rule and to apply one.

export type { RuleLine, RuleSubject } from './rule-conditions.js'
export { percentUnit, percentUnits } from './rule-conditions.js'
export type { RuleMatch } from './rule-matcher.js'

export interface CategoryRulesPort {
  /** The rule (if any) that classifies each event, first by precedence; one matcher for every caller. */
  classify(
    ex: Executor,
    scope: OrgScope,
    subjects: readonly RuleSubject[],
  ): Promise<Array<RuleMatch | undefined>>
  /** The rule (if any) that classifies each merchant name on its own (a receipt's printed vendor). */
  categorize(ex: Executor, scope: OrgScope, merchantNames: string[]): Promise<Array<RuleMatch | undefined>>
  /** Counts the times each rule filled a category, in the transaction that filled them. */
  recordMatches(
    tx: Executor,
    scope: OrgScope,
    matches: ReadonlyArray<Pick<RuleMatch, 'id'> | undefined>,
  ): Promise<void>
  /** Declares a reaction to a rule created or changed (waiting events are classified again). */
  onRulesChanged(listener: RulesChanged): void
  /** The events' module serves the events a rule is previewed against and applied to. */
  serveRuleEvents(events: RuleEvents): void
}

/** A rule created or changed: its own test picks the waiting events worth trying again. */
export interface ChangedRule {
  /** The rule's vendor pattern, which a store may filter on first; null for a rule without one. */
  vendorPattern: string | null
  /** Whether the rule's conditions are all met by the vendor pattern's ('all' match). */
  patternRequired: boolean
  matches: (subject: RuleSubject) => boolean
}

/** Emitted after a rule is created or changed, so waiting events can pick it up. */
export type RulesChanged = (scope: OrgScope, rule: ChangedRule) => Promise<void>

/** An event in needs_review as a preview lists it. */
export interface ReviewEvent extends RuleSubject {
  id: string
  amount: string
  transactionDate: string
}

export interface RuleEvents {
  /** The events in needs_review, oldest transaction date first. */
  inReview(ex: Executor, scope: OrgScope): Promise<ReviewEvent[]>
  /**
   * Classifies with this rule the events in needs_review without a category that it matches, in
   * one transaction that counts its matches; how many it classified.
   */
  classifyWithRule(
    scope: OrgScope,
    rule: RuleMatch,
    matches: (subject: RuleSubject) => boolean,
  ): Promise<number>
}
