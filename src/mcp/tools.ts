import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { registerAccountTools } from './tools/accounts.js'
import { registerBankFileTools } from './tools/bank-files.js'
import { registerEventDecisionTools } from './tools/event-decisions.js'
import { registerEventFeedTool } from './tools/event-feed.js'
import { registerExplainSuggestionTool } from './tools/explain-suggestion.js'
import { registerJournalTools } from './tools/journal.js'
import { registerReceiptTools } from './tools/receipts.js'
import { registerReportTools } from './tools/reports.js'
import { registerReviewQueueTools } from './tools/review-queue.js'
import { daybookCalls, type ToolContext } from './tools/shared.js'

export type { ToolContext } from './tools/shared.js'

// The tools an agent sees. Each is one or two API operations with the organization filled in; the
// answer is the operation's `data`, so what an agent learns here is the API itself.

export function registerDaybookTools(server: McpServer, context: ToolContext): void {
  const calls = daybookCalls(context)
  // tools/list answers in this order, so it stays the one agents already know.
  registerReviewQueueTools(server, calls)
  registerExplainSuggestionTool(server, calls)
  registerEventDecisionTools(server, calls)
  registerBankFileTools(server, calls)
  registerReceiptTools(server, calls)
  registerReportTools(server, calls)
  registerEventFeedTool(server, calls)
  registerAccountTools(server, calls)
  registerJournalTools(server, calls)
}
