import type { GraphQLContext } from '../../graphql/context.js'
import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { valueOrError } from '../../graphql/payload.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { AccountAmount } from './report.js'

/**
 * Every report is in the organization's functional currency (DESIGN 7.7) and names it. Asked
 * after the report itself, so only a caller the report admitted learns it.
 */
async function reportCurrency({ services }: GraphQLContext, organizationId: string) {
  const currency = await services.ports.organizations.functionalCurrencyOf(organizationId)
  const decimals = currencyDecimals(currency)
  const money = (minor: bigint) => formatMoney(minor, decimals)
  return {
    currency,
    money,
    incomeLine: ({ account, amountMinor }: AccountAmount) => ({
      accountId: account.id,
      accountName: account.name,
      total: money(amountMinor),
    }),
    sheetLine: ({ account, amountMinor }: AccountAmount) => ({
      accountId: account.id,
      accountName: account.name,
      accountType: account.accountType,
      amount: money(amountMinor),
    }),
  }
}

export const reportResolvers: Resolvers = {
  Query: {
    dashboardSummary: async (_, { organizationId, ...args }, context) => {
      const { principal, services } = context
      const summary = valueOrError(await services.reports.dashboardSummary(principal, organizationId, args))
      const { currency, money } = await reportCurrency(context, organizationId)
      return {
        currency,
        startDate: summary.startDate,
        endDate: summary.endDate,
        totalRevenue: money(summary.totalRevenueMinor),
        totalExpenses: money(summary.totalExpensesMinor),
        netIncome: money(summary.netIncomeMinor),
        receiptCount: summary.receiptCount,
        unreviewedCount: summary.unreviewedCount,
      }
    },
    incomeStatement: async (_, { organizationId, ...args }, context) => {
      const { principal, services } = context
      const statement = valueOrError(await services.reports.incomeStatement(principal, organizationId, args))
      const { currency, money, incomeLine } = await reportCurrency(context, organizationId)
      return {
        currency,
        startDate: statement.startDate,
        endDate: statement.endDate,
        incomeAccounts: statement.income.map(incomeLine),
        expenseAccounts: statement.expenses.map(incomeLine),
        totalIncome: money(statement.totalIncomeMinor),
        totalExpenses: money(statement.totalExpensesMinor),
        netIncome: money(statement.netIncomeMinor),
      }
    },
    accountBalances: async (_, { organizationId }, context) => {
      const balances = await context.services.reports.accountBalances(context.principal, organizationId)
      const { currency, money } = await reportCurrency(context, organizationId)
      return balances.map(({ account, balanceMinor }) => ({
        accountId: account.id,
        accountName: account.name,
        accountType: account.accountType,
        classification: account.classification,
        balance: money(balanceMinor),
        currency,
      }))
    },
    trialBalance: async (_, { organizationId, ...args }, context) => {
      const { principal, services } = context
      const trial = valueOrError(await services.reports.trialBalance(principal, organizationId, args))
      const { currency, money } = await reportCurrency(context, organizationId)
      return {
        currency,
        asOf: trial.asOf,
        lines: trial.lines.map((line) => ({
          accountId: line.account.id,
          accountName: line.account.name,
          accountType: line.account.accountType,
          classification: line.account.classification,
          debit: money(line.debitMinor),
          credit: money(line.creditMinor),
        })),
        totalDebit: money(trial.totalDebitMinor),
        totalCredit: money(trial.totalCreditMinor),
      }
    },
    balanceSheet: async (_, { organizationId, ...args }, context) => {
      const { principal, services } = context
      const sheet = valueOrError(await services.reports.balanceSheet(principal, organizationId, args))
      const { currency, money, sheetLine } = await reportCurrency(context, organizationId)
      return {
        currency,
        asOf: sheet.asOf,
        assets: sheet.assets.map(sheetLine),
        liabilities: sheet.liabilities.map(sheetLine),
        equity: sheet.equity.map(sheetLine),
        totalAssets: money(sheet.totalAssetsMinor),
        totalLiabilities: money(sheet.totalLiabilitiesMinor),
        totalEquity: money(sheet.totalEquityMinor),
        currentEarnings: money(sheet.currentEarningsMinor),
        priorYearsEarnings: money(sheet.priorYearsEarningsMinor),
        currentYearEarnings: money(sheet.currentYearEarningsMinor),
        totalLiabilitiesAndEquity: money(
          sheet.totalLiabilitiesMinor + sheet.totalEquityMinor + sheet.currentEarningsMinor,
        ),
      }
    },
    gifiSchedule: async (_, { organizationId, ...args }, context) => {
      const { principal, services } = context
      const found = valueOrError(await services.reports.gifiSchedule(principal, organizationId, args))
      const { money } = await reportCurrency(context, organizationId)
      return {
        schedule: found.schedule,
        endDate: found.endDate,
        lines: found.lines.map((line) => ({
          code: line.code,
          description: line.description,
          amount: money(line.amountMinor),
        })),
      }
    },
    generalLedger: async (_, { organizationId, ...args }, context) => {
      const { principal, services } = context
      const ledger = valueOrError(await services.reports.generalLedger(principal, organizationId, args))
      const { currency, money } = await reportCurrency(context, organizationId)
      return {
        currency,
        accountId: ledger.account.id,
        accountName: ledger.account.name,
        startDate: ledger.startDate,
        endDate: ledger.endDate,
        openingBalance: money(ledger.openingBalanceMinor),
        closingBalance: money(ledger.closingBalanceMinor),
        lines: {
          ...ledger.lines,
          items: ledger.lines.items.map((line) => ({
            entryId: line.entryId,
            eventId: line.eventId,
            kind: line.kind,
            txnDate: line.txnDate,
            debit: money(line.debitMinor),
            credit: money(line.creditMinor),
            balance: money(line.balanceMinor),
          })),
        },
      }
    },
  },
}
