import { z } from 'zod'
import { answer, refusal } from '../tool-answer.js'
import { type DaybookCalls, id, limit, offset, reads, type ToolServer } from './shared.js'

const eventSummaryFields = `id merchantName eventType direction functionalAmount functionalCurrency
  originalAmount originalCurrency exchangeRate transactionDate status memo hasDocument source reference
  category { id name } paymentAccount { id name } taxAmount taxCode contact { id displayName }`

export const eventDetailFields = `${eventSummaryFields} account { id name accountType } splitAmount splitAccount { id name }
  taxAccount { id name } journalEntry { id txnDate totalAmount currency }
  reversalEntry { id txnDate totalAmount currency } reconciliationId createdAt updatedAt
  receipts { id filename s3Key uploadedAt }`

export const getEventDocument = `query ($organizationId: UUID!, $eventId: UUID!) {
    getLedgerEvent(organizationId: $organizationId, eventId: $eventId) { ${eventDetailFields} } }`

const listReviewQueueDocument = `query ($organizationId: UUID!, $status: [String!], $search: String, $limit: Int, $offset: Int) {
    listLedgerEvents(organizationId: $organizationId, status: $status, search: $search, limit: $limit, offset: $offset) {
      items { ${eventSummaryFields} } totalCount pageSize offset } }`

const eventStatuses = ['needs_review', 'pending', 'confirmed', 'synced', 'reconciled', 'ignored'] as const

/** The events waiting for review, and one event in full. */
export function registerReviewQueueTools(server: ToolServer, { ask, query }: DaybookCalls): void {
  server.registerTool(
    'list_review_queue',
    {
      title: 'List the review queue',
      description:
        'Ledger events waiting for review (status needs_review), newest transaction first: each with its merchant, amount (decimal strings, in the functional currency and as the bank gave it), direction (in/out), suggested category and payment account. An event needs a category and a payment account before confirm_event posts it. Give status to list other events instead (confirmed, ignored, ...).',
      inputSchema: {
        search: z.string().optional().describe('Case-insensitive text to find in the merchant name or memo.'),
        status: z
          .array(z.enum(eventStatuses))
          .optional()
          .describe('Statuses to list; ["needs_review"] by default.'),
        limit,
        offset,
      },
      annotations: reads,
    },
    (args) => query(listReviewQueueDocument, { ...args, status: args.status ?? ['needs_review'] }),
  )

  server.registerTool(
    'get_event',
    {
      title: 'Get one ledger event',
      description:
        'Everything about one ledger event: amounts, category (account), payment account, tax, split, contact, the journal entry that posted it and the one that reversed it, its source (api, bank_import, processor_import) and bank reference, and the receipts attached to it.',
      inputSchema: { eventId: id('The event id') },
      annotations: reads,
    },
    async ({ eventId }) => {
      const data = await ask<{ getLedgerEvent: unknown }>(getEventDocument, { eventId }, { mutation: false })
      if (!data.ok) return refusal(data.error)
      if (data.value.getLedgerEvent === null)
        return refusal({ errorCode: 'EVENT_NOT_FOUND', error: 'No ledger event with this id.' })
      return answer(data.value)
    },
  )
}
