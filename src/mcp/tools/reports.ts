import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { type DaybookCalls, date, reads } from './shared.js'

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
} as const

/** What the books say: income statement, balance sheet and the dashboard's figures. */
export function registerReportTools(server: McpServer, { query }: DaybookCalls): void {
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
}
