import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { RuleCandidate } from './vendor-pattern.js'

// What category rules offer other modules: the rule that categorizes a merchant name, and the
// count of rules that did, inside the transaction that filled the categories.

export type { RuleCandidate } from './vendor-pattern.js'

export interface CategoryRulesPort {
  /** The rule (if any) that categorizes each merchant name; one matcher for every caller. */
  categorize(
    ex: Executor,
    scope: OrgScope,
    merchantNames: string[],
  ): Promise<Array<RuleCandidate | undefined>>
  /** Counts the times each rule filled a category, in the transaction that filled them. */
  recordMatches(tx: Executor, scope: OrgScope, matches: Array<RuleCandidate | undefined>): Promise<void>
  /** Declares a reaction to a rule created or changed (waiting events are categorized again). */
  onRulesChanged(listener: RulesChanged): void
}

/** Emitted after a rule is created or changed, so waiting events can pick up its pattern. */
export type RulesChanged = (scope: OrgScope, vendorPattern: string) => Promise<void>
