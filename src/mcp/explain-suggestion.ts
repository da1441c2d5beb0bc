import {
  compilePattern,
  matchesTokens,
  type RuleCandidate,
  VendorMatcher,
} from '../modules/category-rules/vendor-pattern.js'

// Why an event carries the category it does, told from what the API shows: its category, and the
// organization's category rules judged by the same matcher and precedence the server fills
// categories with (ADR 0006). The API records no "filled by rule" flag, so a category equal to the
// winning rule's account is reported as consistent with the rule, not as proven to come from it.

export interface CategoryRuleView {
  id: string
  /** Null for a rule of conditions alone (DESIGN 8.9), which this explanation does not judge. */
  vendorPattern: string | null
  account: { id: string; name: string }
  matchCount: number
  createdAt: string
}

export interface ExplainedEvent {
  merchantName: string
  status: string
  category: { id: string; name: string } | null
  paymentAccount: { id: string; name: string } | null
  originalCurrency: string
  functionalCurrency: string
  exchangeRate: string | null
}

export type SuggestionVerdict =
  | 'category_matches_rule'
  | 'category_differs_from_rule'
  | 'category_without_rule'
  | 'rule_would_apply'
  | 'no_suggestion'

export interface Explanation {
  verdict: SuggestionVerdict
  reason: string
  /** The rule the server would apply to this merchant name now, if any. */
  rule: CategoryRuleView | null
  /** Rules that match too but lose on precedence (fewer literal characters, or younger). */
  otherMatchingRules: CategoryRuleView[]
  /** What confirm_event still needs, in the order it would refuse for them. */
  missingForConfirm: Array<'category' | 'paymentAccount' | 'exchangeRate'>
}

export function explainSuggestion(event: ExplainedEvent, rules: readonly CategoryRuleView[]): Explanation {
  const candidates: RuleCandidate[] = []
  const viewOf = new Map<string, CategoryRuleView>()
  for (const view of rules) {
    if (view.vendorPattern === null) continue
    const compiled = compilePattern(view.vendorPattern)
    // A stored pattern always compiles; one that does not could never have filled anything.
    if (!compiled.ok) continue
    candidates.push({
      id: view.id,
      accountId: view.account.id,
      createdAt: view.createdAt,
      compiled: compiled.value,
    })
    viewOf.set(view.id, view)
  }
  const winner = new VendorMatcher(candidates).match(event.merchantName)
  const name = Array.from(event.merchantName.toLowerCase())
  const others = candidates
    .filter((candidate) => candidate.id !== winner?.id && matchesTokens(candidate.compiled.tokens, name))
    .sort((x, y) => y.compiled.literalCount - x.compiled.literalCount || (x.createdAt < y.createdAt ? -1 : 1))
    .flatMap((candidate) => viewOf.get(candidate.id) ?? [])
  const rule = (winner && viewOf.get(winner.id)) ?? null
  const merchant = JSON.stringify(event.merchantName)
  const { category } = event

  let verdict: SuggestionVerdict
  let reason: string
  if (category && rule && rule.account.id === category.id) {
    verdict = 'category_matches_rule'
    reason = `Category rule ${JSON.stringify(rule.vendorPattern)} matches the merchant name ${merchant} and gives ${rule.account.name}, the event's category: rules fill the category of events that arrive without one.`
  } else if (category && rule) {
    verdict = 'category_differs_from_rule'
    reason = `The category ${category.name} was given when the event was created or classified, or before the rules changed: category rule ${JSON.stringify(rule.vendorPattern)} matches ${merchant} but gives ${rule.account.name}.`
  } else if (category) {
    verdict = 'category_without_rule'
    reason = `No category rule matches ${merchant}: the category ${category.name} was given when the event was created or classified.`
  } else if (rule) {
    verdict = 'rule_would_apply'
    reason = `The event has no category, and category rule ${JSON.stringify(rule.vendorPattern)} matches ${merchant}: classifying it with ${rule.account.name} (categoryId ${rule.account.id}) follows the rule.`
  } else {
    verdict = 'no_suggestion'
    reason = `The event has no category and no category rule matches ${merchant}: choose an expense or income account (list_accounts) and classify the event.`
  }

  const missingForConfirm: Explanation['missingForConfirm'] = []
  if (!category) missingForConfirm.push('category')
  if (!event.paymentAccount) missingForConfirm.push('paymentAccount')
  if (event.originalCurrency !== event.functionalCurrency && event.exchangeRate === null)
    missingForConfirm.push('exchangeRate')
  return { verdict, reason, rule, otherMatchingRules: others, missingForConfirm }
}
