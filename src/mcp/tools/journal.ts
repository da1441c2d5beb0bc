import { z } from 'zod'
import { type DaybookCalls, date, reads, type ToolServer } from './shared.js'

const entryFields = `id txnDate totalAmount currency memo reference source reversesEntryId reversedByEntryId eventId createdAt
  lines { account { id name } debit credit memo contact { id displayName } taxReturnLine }`

const documents = {
  listJournalEntries: `query ($organizationId: UUID!, $dateFrom: Date, $dateTo: Date, $sources: [String!], $accountId: UUID, $limit: Int = 50, $offset: Int) {
    listJournalEntries(organizationId: $organizationId, dateFrom: $dateFrom, dateTo: $dateTo, sources: $sources, accountId: $accountId, limit: $limit, offset: $offset) {
      totalCount pageSize offset items { ${entryFields} } } }`,
  fiscalYears: `query ($organizationId: UUID!) {
    fiscalYears(organizationId: $organizationId) { startDate endDate closed netIncome } }`,
  journalEntry: `query ($organizationId: UUID!, $journalEntryId: UUID!) {
    journalEntry(organizationId: $organizationId, journalEntryId: $journalEntryId) { ${entryFields} } }`,
} as const

/** The journal read back, every entry whatever posted it with its lines, and the fiscal years. */
export function registerJournalTools(server: ToolServer, { query }: DaybookCalls): void {
  server.registerTool(
    'list_journal_entries',
    {
      title: 'Journal entries',
      description:
        "The journal, newest first: events' entries, manual entries, reversals, opening balances, reconciliation adjustments and tax filings, each with its balanced lines (debit or credit, decimal strings) and what reverses it. Filter by date, source and an account the lines touch; at most 50 a page here.",
      inputSchema: {
        dateFrom: date('First day'),
        dateTo: date('Last day'),
        sources: z
          .array(z.string())
          .optional()
          .describe('Among event, manual, reversal, opening, reconciliation, tax_filing, invoice, payment'),
        accountId: z.string().optional().describe('Only entries with a line on this account (its id)'),
        limit: z.number().int().min(1).max(50).optional().describe('Entries per page, 50 by default'),
        offset: z.number().int().min(0).optional().describe('Entries to skip'),
      },
      annotations: reads,
    },
    (args) => query(documents.listJournalEntries, args),
  )

  server.registerTool(
    'get_journal_entry',
    {
      title: 'Journal entry',
      description:
        'One journal entry by its id, with its lines, its source, the event that posted it and its reversal.',
      inputSchema: { journalEntryId: z.string().describe("The entry's id") },
      annotations: reads,
    },
    (args) => query(documents.journalEntry, args),
  )

  server.registerTool(
    'fiscal_years',
    {
      title: 'Fiscal years',
      description:
        "The organization's fiscal years from the first posted entry's to the current one, oldest first: each with its first and last day, whether the year-end close covers it, and its net income (a decimal string).",
      inputSchema: {},
      annotations: reads,
    },
    () => query(documents.fiscalYears, {}),
  )
}
