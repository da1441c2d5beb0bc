import { z } from 'zod'
import { limits } from '../../kernel/limits.js'
import { type DaybookCalls, reads, type ToolServer } from './shared.js'

const eventsDocument = `query ($organizationId: UUID!, $after: Int, $types: [String!], $limit: Int) {
    events(organizationId: $organizationId, after: $after, types: $types, limit: $limit) {
      items { id seq type occurredAt actorType actorId entityId data } lastSeq } }`

/** The organization's numbered business facts, read from a seq on. */
export function registerEventFeedTool(server: ToolServer, { query }: DaybookCalls): void {
  server.registerTool(
    'events',
    {
      title: 'Read the event feed',
      description:
        "The organization's business facts in order, numbered without gaps (seq): ledger_event.created|classified|confirmed|rejected|..., bank_import.completed, receipt.received|matched|..., account.created, and more. Each has the entity's id and data (JSON text: the fields the change set). Keep lastSeq and pass it as after next time to read only what is new.",
      inputSchema: {
        after: z.number().int().min(0).optional().describe('Read events after this seq; 0 by default.'),
        types: z
          .array(z.string())
          .optional()
          .describe('Only these types, such as ["ledger_event.confirmed"].'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(limits.feedPageMax)
          .optional()
          .describe(`Events per page, ${limits.feedPageDefault} by default, at most ${limits.feedPageMax}.`),
      },
      annotations: reads,
    },
    (args) => query(eventsDocument, args),
  )
}
