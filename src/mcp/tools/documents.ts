import { z } from 'zod'
import { answer, refusal } from '../tool-answer.js'
import { type DaybookCalls, date, id, limit, offset, reads, type ToolServer } from './shared.js'

const documentFields = `id kind number contact { id displayName } issueDate dueDate currency status
  subtotal taxTotal total amountPaid amountDue memo`

const agedFields = `asOf rows { contactId displayName current days1To30 days31To60 days61To90 over90 total }
  totals { contactId displayName current days1To30 days31To60 days61To90 over90 total }`

const agedQuery = (
  field: 'agedReceivables' | 'agedPayables',
) => `query ($organizationId: UUID!, $asOf: Date) {
    ${field}(organizationId: $organizationId, asOf: $asOf) { ${agedFields} } }`

/** Both aged reports, told apart by who owes whom. */
const agedReports = [
  {
    tool: 'aged_receivables',
    title: 'Aged receivables',
    owing: 'What each customer owes on invoices',
    credits: 'credit notes',
    per: 'customer',
    query: agedQuery('agedReceivables'),
  },
  {
    tool: 'aged_payables',
    title: 'Aged payables',
    owing: 'What the organization owes each vendor on bills',
    credits: 'vendor credits',
    per: 'vendor',
    query: agedQuery('agedPayables'),
  },
] as const

const documents = {
  listInvoices: `query ($organizationId: UUID!, $kind: String, $status: [String!], $contactId: UUID, $dueBefore: Date, $search: String, $limit: Int, $offset: Int) {
    listInvoices(organizationId: $organizationId, kind: $kind, status: $status, contactId: $contactId, dueBefore: $dueBefore, search: $search, limit: $limit, offset: $offset, sortBy: "dueDate", sortDir: "asc") {
      items { ${documentFields} } totalCount pageSize offset } }`,
  invoice: `query ($organizationId: UUID!, $invoiceId: UUID!) {
    invoice(organizationId: $organizationId, invoiceId: $invoiceId) { ${documentFields} journalEntryId receiptId
      lines { description quantity unitPrice accountId taxCode amount taxAmount }
      payments { id date amount paymentAccountId journalEntryId eventId } } }`,
  // One read of both, so the matches and what the line already pays are of the same moment.
  invoiceMatches: `query ($organizationId: UUID!, $eventId: UUID!) {
    invoiceMatches(organizationId: $organizationId, eventId: $eventId) { score invoice { ${documentFields} } }
    getLedgerEvent(organizationId: $organizationId, eventId: $eventId) { id status
      appliedDocuments { amount invoice { ${documentFields} } } } }`,
} as const

const kinds = ['invoice', 'bill', 'credit_note', 'vendor_credit'] as const
const statuses = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const

/** Invoices, bills and credits: what is still owed, how late, and which of them a bank line may pay. */
export function registerDocumentTools(server: ToolServer, { ask, query }: DaybookCalls): void {
  server.registerTool(
    'list_open_documents',
    {
      title: 'Open documents',
      description:
        'Invoices, bills, credit notes and vendor credits still owed (status open or partially_paid unless status is given), soonest due first: each with its number, contact, issue and due dates, currency, total, amount paid and amount due (decimal strings in its currency). Filter by kind, contact, due before a day and text in the number or memo.',
      inputSchema: {
        kind: z
          .enum(kinds)
          .optional()
          .describe('invoice, bill, credit_note or vendor_credit; every kind by default'),
        status: z
          .array(z.enum(statuses))
          .optional()
          .describe('Statuses to list; ["open", "partially_paid"] by default.'),
        contactId: z.string().optional().describe("Only this contact's documents (its id)"),
        dueBefore: date('Only those due before this day'),
        search: z.string().optional().describe('Case-insensitive text to find in the number or memo.'),
        limit,
        offset,
      },
      annotations: reads,
    },
    (args) => query(documents.listInvoices, { ...args, status: args.status ?? ['open', 'partially_paid'] }),
  )

  server.registerTool(
    'get_document',
    {
      title: 'One document',
      description:
        'One invoice, bill, credit note or vendor credit by its id: its amounts, its lines (quantity, unit price, account, tax code, amount and tax), the entry that posted it, and its payments and the credits applied to it.',
      inputSchema: { invoiceId: id("The document's id") },
      annotations: reads,
    },
    async ({ invoiceId }) => {
      const data = await ask<{ invoice: unknown }>(documents.invoice, { invoiceId }, { mutation: false })
      if (!data.ok) return refusal(data.error)
      if (data.value.invoice === null)
        return refusal({ errorCode: 'INVOICE_NOT_FOUND', error: 'No document with this id.' })
      return answer(data.value)
    },
  )

  for (const report of agedReports) {
    server.registerTool(
      report.tool,
      {
        title: report.title,
        description: `${report.owing} as of a day (today by default), ${report.credits} counted against it: current and 1-30, 31-60, 61-90 and over 90 days past due, per ${report.per} and in total (decimal strings).`,
        inputSchema: { asOf: date('The day') },
        annotations: reads,
      },
      (args) => query(report.query, args),
    )
  }

  server.registerTool(
    'invoice_matches',
    {
      title: 'Documents a bank line may pay',
      description:
        'For a bank line waiting for review: the open documents it may pay (money in: invoices and vendor credits; money out: bills and credit notes), best first, at most 10, each with a score from 0 to 1 (amount due equals the line 0.5, number in its text 0.3, contact 0.2); and appliedDocuments, those it is already applied to and for how much. No matches for an event that is not waiting for review.',
      inputSchema: { eventId: id('The event id') },
      annotations: reads,
    },
    async ({ eventId }) => {
      const data = await ask<{ invoiceMatches: unknown; getLedgerEvent: unknown }>(
        documents.invoiceMatches,
        { eventId },
        { mutation: false },
      )
      if (!data.ok) return refusal(data.error)
      if (data.value.getLedgerEvent === null)
        return refusal({ errorCode: 'EVENT_NOT_FOUND', error: 'No ledger event with this id.' })
      return answer(data.value)
    },
  )
}
