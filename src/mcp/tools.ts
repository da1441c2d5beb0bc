import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js'
import { type ToolName, toolOperations } from './tool-rights.js'
import { registerAccountTools } from './tools/accounts.js'
import { registerBankFileTools } from './tools/bank-files.js'
import { registerDocumentTools } from './tools/documents.js'
import { registerEventDecisionTools } from './tools/event-decisions.js'
import { registerEventFeedTool } from './tools/event-feed.js'
import { registerExplainSuggestionTool } from './tools/explain-suggestion.js'
import { registerJournalTools } from './tools/journal.js'
import { registerReceiptTools } from './tools/receipts.js'
import { registerReportTools } from './tools/reports.js'
import { registerReviewQueueTools } from './tools/review-queue.js'
import { daybookCalls, type ToolContext, type ToolServer } from './tools/shared.js'

export type { ToolContext } from './tools/shared.js'

// The tools an agent sees. Each is one or two API operations with the organization filled in; the
// answer is the operation's `data`, so what an agent learns here is the API itself.

const isToolName = (name: string): name is ToolName => Object.hasOwn(toolOperations, name)

/** Registers every tool; the answer lets a tool the key may not use be taken off the list. */
export function registerDaybookTools(server: McpServer, context: ToolContext): Map<ToolName, RegisteredTool> {
  const calls = daybookCalls(context)
  const registered = new Map<ToolName, RegisteredTool>()
  const keeping: ToolServer = {
    registerTool: (name, config, callback) => {
      // A tool the table does not know could never be judged against a key's scopes.
      if (!isToolName(name)) throw new Error(`The MCP tool ${name} names no operations in tool-rights.ts.`)
      const tool = server.registerTool(name, config, callback)
      registered.set(name, tool)
      return tool
    },
  }
  // tools/list answers in this order, so it stays the one agents already know.
  registerReviewQueueTools(keeping, calls)
  registerExplainSuggestionTool(keeping, calls)
  registerEventDecisionTools(keeping, calls)
  registerBankFileTools(keeping, calls)
  registerReceiptTools(keeping, calls)
  registerReportTools(keeping, calls)
  registerEventFeedTool(keeping, calls)
  registerAccountTools(keeping, calls)
  registerJournalTools(keeping, calls)
  registerDocumentTools(keeping, calls)
  return registered
}
