import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { addDays } from '../../kernel/calendar-date.js'
import { limits } from '../../kernel/limits.js'
import { type CategoryRuleView, type ExplainedEvent, explainSuggestion } from '../explain-suggestion.js'
import { answer, refusal } from '../tool-answer.js'
import { getEventDocument } from './review-queue.js'
import { type Data, type DaybookCalls, id, reads, type ToolServer } from './shared.js'

const categoryRulesDocument = `query ($organizationId: UUID!, $limit: Int, $offset: Int) {
    listCategoryRules(organizationId: $organizationId, limit: $limit, offset: $offset, sortBy: "createdAt") {
      items { id vendorPattern account { id name } matchCount createdAt } totalCount } }`

const similarEventsDocument = `query ($organizationId: UUID!, $amount: String, $dateFrom: String, $dateTo: String, $limit: Int) {
    listLedgerEvents(organizationId: $organizationId, amountMin: $amount, amountMax: $amount, dateFrom: $dateFrom, dateTo: $dateTo, limit: $limit) {
      items { id merchantName direction functionalAmount transactionDate status source reference } } }`

/** The fields of getLedgerEvent that explain_suggestion reads beside those it explains. */
type EventFacts = Data & { id: string; direction: string; functionalAmount: string; transactionDate: string }

export function registerExplainSuggestionTool(server: ToolServer, calls: DaybookCalls): void {
  server.registerTool(
    'explain_suggestion',
    {
      title: 'Explain why an event has its category',
      description: `Why the event carries the category it does: the category rule that matches its merchant name (the one Daybook applies: most literal characters, then the oldest) and the rules it beat, or that none matches and the category was given by whoever created or classified the event. Also what confirm_event still needs (category, paymentAccount, exchangeRate) and the organization's other events of the same amount within ${limits.mcpSimilarEventDays} days, which may be the same transaction twice.`,
      inputSchema: { eventId: id('The event id') },
      annotations: reads,
    },
    ({ eventId }) => explainEvent(calls, eventId),
  )
}

async function explainEvent({ ask }: DaybookCalls, eventId: string): Promise<CallToolResult> {
  const found = await ask<{ getLedgerEvent: (ExplainedEvent & EventFacts) | null }>(
    getEventDocument,
    { eventId },
    { mutation: false },
  )
  if (!found.ok) return refusal(found.error)
  const event = found.value.getLedgerEvent
  if (event === null) return refusal({ errorCode: 'EVENT_NOT_FOUND', error: 'No ledger event with this id.' })

  const rules: CategoryRuleView[] = []
  let rulesTotal = 0
  for (let page = 0; page < limits.mcpCategoryRulePagesMax; page++) {
    const read = await ask<{ listCategoryRules: { items: CategoryRuleView[]; totalCount: number } }>(
      categoryRulesDocument,
      { limit: limits.pageSizeMax, offset: rules.length },
      { mutation: false },
    )
    if (!read.ok) return refusal(read.error)
    rules.push(...read.value.listCategoryRules.items)
    rulesTotal = read.value.listCategoryRules.totalCount
    if (read.value.listCategoryRules.items.length === 0 || rules.length >= rulesTotal) break
  }

  const { transactionDate } = event
  const similar = await ask<{ listLedgerEvents: { items: Array<{ id: string; direction: string }> } }>(
    similarEventsDocument,
    {
      amount: event.functionalAmount,
      dateFrom: addDays(transactionDate, -limits.mcpSimilarEventDays),
      dateTo: addDays(transactionDate, limits.mcpSimilarEventDays),
      limit: limits.mcpSimilarEventsMax + 1,
    },
    { mutation: false },
  )
  if (!similar.ok) return refusal(similar.error)
  const similarEvents = similar.value.listLedgerEvents.items
    .filter((other) => other.id !== event.id && other.direction === event.direction)
    .slice(0, limits.mcpSimilarEventsMax)

  return answer({
    getLedgerEvent: event,
    suggestion: {
      ...explainSuggestion(event, rules),
      rulesRead: rules.length,
      rulesTotal,
    },
    similarEvents,
  })
}
