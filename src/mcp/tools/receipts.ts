import { z } from 'zod'
import { answer, refusal } from '../tool-answer.js'
import {
  type DaybookCalls,
  id,
  limit,
  offset,
  payloadFields,
  reads,
  type ToolServer,
  uploadMade,
  writes,
} from './shared.js'

const documents = {
  listReceipts: `query ($organizationId: UUID!, $search: String, $status: String, $extractionFailed: Boolean, $limit: Int, $offset: Int) {
    listReceipts(organizationId: $organizationId, search: $search, status: $status, extractionFailed: $extractionFailed, limit: $limit, offset: $offset) {
      items { id vendorName amount receiptDate status source imageUrl event { id merchantName status } filename s3Key
        uploadedAt extractionError } totalCount pageSize offset } }`,
  attachReceipt: `mutation ($organizationId: UUID!, $eventId: UUID!, $s3Key: String!, $filename: String) {
    attachReceiptToEvent(organizationId: $organizationId, eventId: $eventId, s3Key: $s3Key, filename: $filename) {
      ${payloadFields} receiptId } }`,
} as const

/** The receipts received, and attaching one to the event it documents. */
export function registerReceiptTools(server: ToolServer, { ask, query, stored }: DaybookCalls): void {
  server.registerTool(
    'list_receipts',
    {
      title: 'List receipts',
      description:
        'Receipts the organization received (uploaded, mailed, texted), newest first: vendor, total and date as read from the document (the total is a JSON number, as the API gives it; null until read), status (draft, processed, reviewed, rejected), the event it is attached to if any, and its s3Key, which attach_receipt takes.',
      inputSchema: {
        search: z.string().optional().describe('Text to find in the vendor name.'),
        status: z.enum(['draft', 'processed', 'reviewed', 'rejected']).optional(),
        extractionFailed: z
          .boolean()
          .optional()
          .describe('true: only receipts whose document could not be read; false: only the others.'),
        limit,
        offset,
      },
      annotations: reads,
    },
    (args) => query(documents.listReceipts, args),
  )

  server.registerTool(
    'attach_receipt',
    {
      title: 'Attach a receipt to an event',
      description:
        'Attaches a receipt to a ledger event (attachReceiptToEvent): a file on this machine (JPEG, PNG, WebP, HEIC or PDF up to 20 MiB, uploaded first), or the s3Key of a receipt already received (list_receipts).',
      inputSchema: {
        eventId: id('The event id'),
        filePath: z
          .string()
          .optional()
          .describe('The receipt file, in the folder the operator allows (DAYBOOK_MCP_FILES_DIR).'),
        s3Key: z.string().optional().describe('The s3Key of a received or uploaded file.'),
        filename: z.string().optional().describe("The receipt's display name; the file's own by default."),
      },
      annotations: writes({ destructiveHint: false, idempotentHint: false }),
    },
    async ({ eventId, filePath, s3Key, filename }) => {
      const file = await stored({ filePath, s3Key }, 'receipt')
      if (!file.ok) return refusal(file.error)
      const data = await ask(
        documents.attachReceipt,
        { eventId, s3Key: file.value.s3Key, filename },
        { mutation: true },
      )
      if (!data.ok) return refusal(data.error)
      return answer({ ...uploadMade(file.value), ...data.value })
    },
  )
}
