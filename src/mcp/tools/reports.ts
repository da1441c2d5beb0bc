import { z } from 'zod'
import { type DaybookCalls, date, reads, type ToolServer } from './shared.js'

const documents = {
  incomeStatement: `query ($organizationId: UUID!, $startDate: Date, $endDate: Date) {
    incomeStatement(organizationId: $organizationId, startDate: $startDate, endDate: $endDate) {
      currency startDate endDate incomeAccounts { accountId accountName total } expenseAccounts { accountId accountName total }
      totalIncome totalExpenses netIncome } }`,
  balanceSheet: `query ($organizationId: UUID!, $asOf: Date) {
    balanceSheet(organizationId: $organizationId, asOf: $asOf) {
      currency asOf assets { accountId accountName accountType amount } liabilities { accountId accountName accountType amount }
      equity { accountId accountName accountType amount } totalAssets totalLiabilities totalEquity currentEarnings
      totalLiabilitiesAndEquity } }`,
  dashboardSummary: `query ($organizationId: UUID!, $startDate: Date, $endDate: Date) {
    dashboardSummary(organizationId: $organizationId, startDate: $startDate, endDate: $endDate) {
      currency startDate endDate totalRevenue totalExpenses netIncome receiptCount unreviewedCount } }`,
  salesTaxReturn: `query ($organizationId: UUID!, $startDate: Date!, $endDate: Date!, $jurisdiction: String, $method: String) {
    salesTaxReturn(organizationId: $organizationId, startDate: $startDate, endDate: $endDate, jurisdiction: $jurisdiction, method: $method) {
      startDate endDate jurisdiction method lines { line label amount }
      exceptions { code eventId journalEntryId amount message }
      payableBalance difference tiesOut filed filedAt } }`,
} as const

/** What the books say: income statement, balance sheet, the dashboard's figures and sales tax returns. */
export function registerReportTools(server: ToolServer, { query }: DaybookCalls): void {
  server.registerTool(
    'income_statement',
    {
      title: 'Income statement',
      description:
        'Income and expenses posted in a period, by account, with totals and net income, as decimal strings in the functional currency. Defaults: the first of this month to today (UTC).',
      inputSchema: { startDate: date('First day'), endDate: date('Last day') },
      annotations: reads,
    },
    (args) => query(documents.incomeStatement, args),
  )

  server.registerTool(
    'balance_sheet',
    {
      title: 'Balance sheet',
      description:
        'Assets, liabilities and equity as of a day (today by default), by account, with totals; assets = liabilities + equity + currentEarnings. Decimal strings in the functional currency.',
      inputSchema: { asOf: date('The day') },
      annotations: reads,
    },
    (args) => query(documents.balanceSheet, args),
  )

  server.registerTool(
    'dashboard_summary',
    {
      title: 'Dashboard summary',
      description:
        'Revenue, expenses and net income for a period (decimal strings), the receipts dated in it and the events still waiting for review. Defaults: the first of this month to today (UTC).',
      inputSchema: { startDate: date('First day'), endDate: date('Last day') },
      annotations: reads,
    },
    (args) => query(documents.dashboardSummary, args),
  )

  server.registerTool(
    'sales_tax_return',
    {
      title: 'Sales tax return',
      description:
        "A sales tax return computed from the entries posted in a period: every line (GST34 lines 90 to 115 for CA, or 101, 103, 106, 109 for CA-QC's QST and the PST of CA-BC, CA-SK, CA-MB), the exceptions to look at before filing (SUPPLIER_BN_MISSING, MEALS_HALF_RECOVERABLE, TAX_WITHOUT_CODE, UNPOSTED_IN_PERIOD, each with its event), and whether line 109 ties out to the tax accounts. Reads only; filing is for a person.",
      inputSchema: {
        startDate: z.string().describe('First day of the period, YYYY-MM-DD'),
        endDate: z.string().describe('Last day of the period, YYYY-MM-DD'),
        jurisdiction: z
          .string()
          .optional()
          .describe('CA (GST/HST, the default), CA-QC, CA-BC, CA-SK or CA-MB'),
        method: z.string().optional().describe("regular or quick; the organization's by default"),
      },
      annotations: reads,
    },
    (args) => query(documents.salesTaxReturn, args),
  )
}
