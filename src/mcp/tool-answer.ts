import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { DaybookRefusal } from './daybook-http.js'

// Every tool answers with the API's own JSON as one text part, amounts left as the decimal strings
// Daybook wrote. A refusal is an answer too (isError), never a protocol error: the agent reads the
// code and decides, as a program would.

/** The API's answer, keyed by the operation that gave it; isError when a payload says success: false. */
export function answer(value: Record<string, unknown>): CallToolResult {
  const refused = Object.values(value).some(
    (part) => part !== null && typeof part === 'object' && (part as { success?: unknown }).success === false,
  )
  return { content: [{ type: 'text', text: JSON.stringify(value) }], ...(refused ? { isError: true } : {}) }
}

/** A refusal before any payload: a GraphQL error, a 429, an upload or a local file refused. */
export function refusal(refused: DaybookRefusal): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify({ success: false, ...refused }) }],
    isError: true,
  }
}
