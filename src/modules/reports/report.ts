import type { AccountRecord } from '../accounts/accounts-port.js'
import { isDebitNatural, naturalBalance } from '../accounts/accounts-port.js'

// Pure report arithmetic over per-account debit and credit sums (DESIGN 5.5 and 5.6).

export interface Totals {
  debitMinor: bigint
  creditMinor: bigint
}

export interface AccountAmount {
  account: AccountRecord
  amountMinor: bigint
}

const zero: Totals = { debitMinor: 0n, creditMinor: 0n }

export function naturalOf(account: AccountRecord, totals: Map<string, Totals>): bigint {
  const t = totals.get(account.id) ?? zero
  return naturalBalance(account.classification, t.debitMinor, t.creditMinor)
}

export interface IncomeStatementFigures {
  income: AccountAmount[]
  expenses: AccountAmount[]
  totalIncomeMinor: bigint
  totalExpensesMinor: bigint
  netIncomeMinor: bigint
}

/** Revenue and expense accounts whose natural balance changed in the period; a reversed event nets out. */
export function incomeStatement(
  accounts: AccountRecord[],
  totals: Map<string, Totals>,
): IncomeStatementFigures {
  const pick = (classification: 'revenue' | 'expense') =>
    accounts
      .filter((a) => a.classification === classification)
      .map((account) => ({ account, amountMinor: naturalOf(account, totals) }))
      .filter((line) => line.amountMinor !== 0n)
  const income = pick('revenue')
  const expenses = pick('expense')
  const sum = (lines: AccountAmount[]) => lines.reduce((total, line) => total + line.amountMinor, 0n)
  const totalIncomeMinor = sum(income)
  const totalExpensesMinor = sum(expenses)
  return {
    income,
    expenses,
    totalIncomeMinor,
    totalExpensesMinor,
    netIncomeMinor: totalIncomeMinor - totalExpensesMinor,
  }
}

export interface TrialBalanceLine {
  account: AccountRecord
  debitMinor: bigint
  creditMinor: bigint
}

/** Each account's net balance in the debit or the credit column; the columns total equal. */
export function trialBalance(accounts: AccountRecord[], totals: Map<string, Totals>) {
  const lines: TrialBalanceLine[] = []
  let totalDebitMinor = 0n
  let totalCreditMinor = 0n
  for (const account of accounts) {
    const t = totals.get(account.id) ?? zero
    const net = t.debitMinor - t.creditMinor
    if (net === 0n) continue
    const line = { account, debitMinor: net > 0n ? net : 0n, creditMinor: net < 0n ? -net : 0n }
    totalDebitMinor += line.debitMinor
    totalCreditMinor += line.creditMinor
    lines.push(line)
  }
  return { lines, totalDebitMinor, totalCreditMinor }
}

/**
 * Assets = liabilities + equity + current earnings. Daybook posts no closing entries, so the
 * earnings of every period up to the date stand beside equity as their own line, split at the
 * start of the fiscal year holding the date (DESIGN 8.5): `priorTotals` are the sums of the days
 * before it.
 */
export function balanceSheet(
  accounts: AccountRecord[],
  totals: Map<string, Totals>,
  priorTotals: Map<string, Totals>,
) {
  const section = (classification: AccountRecord['classification']) =>
    accounts
      .filter((a) => a.classification === classification)
      .map((account) => ({ account, amountMinor: naturalOf(account, totals) }))
      .filter((line) => line.amountMinor !== 0n)
  const sum = (lines: AccountAmount[]) => lines.reduce((total, line) => total + line.amountMinor, 0n)
  const assets = section('asset')
  const liabilities = section('liability')
  const equity = section('equity')
  const earnings = incomeStatement(accounts, totals).netIncomeMinor
  const priorYearsEarningsMinor = incomeStatement(accounts, priorTotals).netIncomeMinor
  return {
    assets,
    liabilities,
    equity,
    totalAssetsMinor: sum(assets),
    totalLiabilitiesMinor: sum(liabilities),
    totalEquityMinor: sum(equity),
    currentEarningsMinor: earnings,
    priorYearsEarningsMinor,
    currentYearEarningsMinor: earnings - priorYearsEarningsMinor,
  }
}

/** Turns a running debits-minus-credits into the account's natural sign. */
export function naturalFromDebitMinusCredit(account: AccountRecord, debitMinusCreditMinor: bigint): bigint {
  return isDebitNatural(account.classification) ? debitMinusCreditMinor : -debitMinusCreditMinor
}
