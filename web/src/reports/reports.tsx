import type { AnyVariables, Client, TypedDocumentNode } from '@urql/core'
import { useClient, useQuery } from '@urql/preact'
import { useState } from 'preact/hooks'
import { ask as askApi } from '../api/ask'
import { errorInWords } from '../api/errors'
import {
  BalanceSheetReportDocument,
  DashboardReportDocument,
  GeneralLedgerReportDocument,
  type GeneralLedgerReportQuery,
  type IncomeStatementFieldsFragment,
  IncomeStatementReportDocument,
  ReportAccountsDocument,
  TrialBalanceReportDocument,
} from '../api/generated/reports'
import { failed, type Outcome, succeeded } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { groupDigits } from '../format/money'
import { IncomeChart } from './income-chart'
import { monthsOf, monthsShownMax } from './periods'
import { type ReportCell, type ReportTable, ReportTableView } from './report-table'
import { useReport } from './use-report'

interface ReportProps {
  organizationId: string
  startDate: string
  endDate: string
}

// The API's page bound for ledger lines; an account busier than the cap in one period shows the
// first lines and says so.
const ledgerPageSize = 200
const ledgerPagesMax = 10
const accountsMax = 200

const ask = <Data, Variables extends AnyVariables, Answer>(
  client: Client,
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  pick: (data: Data) => Answer | null | undefined,
) => askApi(client, document, variables, pick, 'Daybook answered nothing for this report.')

function Loading({ answer }: { answer: Outcome<unknown> | null }) {
  if (answer === null) return <p class="screen-loading">Loading…</p>
  if (!answer.ok) return <ErrorText>{answer.error}</ErrorText>
  return null
}

const amount = (decimal: string): ReportCell => ({ amount: decimal })

export function DashboardReport({ organizationId, startDate, endDate }: ReportProps) {
  const client = useClient()
  const answer = useReport(
    () =>
      ask(
        client,
        DashboardReportDocument,
        { organizationId, startDate, endDate },
        (data) => data.dashboardSummary,
      ),
    `${organizationId} ${startDate} ${endDate}`,
  )
  if (!answer?.ok) return <Loading answer={answer} />
  const summary = answer.value
  const table: ReportTable = {
    title: `Summary ${summary.startDate} to ${summary.endDate}`,
    head: ['Figure', summary.currency],
    amountsFrom: 1,
    body: [
      ['Revenue', amount(summary.totalRevenue)],
      ['Expenses', amount(summary.totalExpenses)],
      ['Net income', amount(summary.netIncome)],
      ['Receipts received', String(summary.receiptCount)],
      ['Events to review', String(summary.unreviewedCount)],
    ],
  }
  return (
    <>
      <h2>Summary</h2>
      <dl class="reconciliation-figures summary-figures">
        {[
          ['Revenue', groupDigits(summary.totalRevenue)],
          ['Expenses', groupDigits(summary.totalExpenses)],
          ['Net income', signed(summary.netIncome)],
          ['Receipts received', String(summary.receiptCount)],
          ['Events to review', String(summary.unreviewedCount)],
        ].map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ReportTableView id="summary" table={table} />
    </>
  )
}

interface IncomeByMonth {
  months: Array<{ label: string; statement: IncomeStatementFieldsFragment }>
  whole: IncomeStatementFieldsFragment
}

async function loadIncomeByMonth(client: Client, props: ReportProps): Promise<Outcome<IncomeByMonth>> {
  const { organizationId, startDate, endDate } = props
  const pick = (data: { incomeStatement: IncomeStatementFieldsFragment | null }) => data.incomeStatement
  const months = monthsOf(startDate, endDate)
  const answers = await Promise.all([
    ask(client, IncomeStatementReportDocument, { organizationId, startDate, endDate }, pick),
    ...months.map((month) =>
      ask(
        client,
        IncomeStatementReportDocument,
        { organizationId, startDate: month.startDate, endDate: month.endDate },
        pick,
      ),
    ),
  ])
  const refused = answers.find((each) => !each.ok)
  if (refused && !refused.ok) return failed(refused.error)
  const [whole, ...byMonth] = answers.map((each) => (each.ok ? each.value : null))
  if (!whole) return failed('Daybook answered nothing for this report.')
  return succeeded({
    whole,
    months: months.map((month, index) => ({ label: month.label, statement: byMonth[index] ?? whole })),
  })
}

export function IncomeStatementReport(props: ReportProps) {
  const client = useClient()
  const answer = useReport(
    () => loadIncomeByMonth(client, props),
    `${props.organizationId} ${props.startDate} ${props.endDate}`,
  )
  if (!answer?.ok) return <Loading answer={answer} />
  const { months, whole } = answer.value
  const cut = monthsOf(props.startDate, props.endDate).length >= monthsShownMax
  // An account quiet in a month has no line in that month's statement: its cell there is zero.
  const rowsOf = (lines: (statement: IncomeStatementFieldsFragment) => typeof whole.incomeAccounts) =>
    lines(whole).map((line): ReportCell[] => [
      line.accountName,
      ...months.map((month) =>
        amount(lines(month.statement).find((each) => each.accountId === line.accountId)?.total ?? '0.00'),
      ),
      amount(line.total),
    ])
  const incomeRows = rowsOf((statement) => statement.incomeAccounts)
  const expenseRows = rowsOf((statement) => statement.expenseAccounts)
  const body: ReportCell[][] = [
    ['Income', ...months.map(() => ''), ''],
    ...incomeRows,
    [
      'Total income',
      ...months.map((month) => amount(month.statement.totalIncome)),
      amount(whole.totalIncome),
    ],
    ['Expenses', ...months.map(() => ''), ''],
    ...expenseRows,
    [
      'Total expenses',
      ...months.map((month) => amount(month.statement.totalExpenses)),
      amount(whole.totalExpenses),
    ],
  ]
  const groupRows = new Set([0, incomeRows.length + 1, incomeRows.length + 2, body.length - 1])
  const table: ReportTable = {
    title: `Income statement ${whole.startDate} to ${whole.endDate}`,
    head: ['Account', ...months.map((month) => month.label), `Total ${whole.currency}`],
    amountsFrom: 1,
    body,
    groupRows,
    foot: [
      ['Net income', ...months.map((month) => amount(month.statement.netIncome)), amount(whole.netIncome)],
    ],
  }
  return (
    <>
      <h2>Income statement</h2>
      {cut && (
        <p class="warning-note">
          Only the first {monthsShownMax} months of the period are shown month by month.
        </p>
      )}
      <IncomeChart
        months={months.map((month) => month.label)}
        series={[
          { label: 'Income', values: months.map((month) => month.statement.totalIncome), stroke: '#1e5631' },
          {
            label: 'Expenses',
            values: months.map((month) => month.statement.totalExpenses),
            stroke: '#b42318',
          },
          {
            label: 'Net income',
            values: months.map((month) => month.statement.netIncome),
            stroke: '#1d4ed8',
            dash: [6, 4],
          },
        ]}
        description={`Income, expenses and net income by month, ${whole.startDate} to ${whole.endDate}, in ${whole.currency}.`}
      />
      <ReportTableView id="income-statement" table={table} />
    </>
  )
}

export function BalanceSheetReport({ organizationId, endDate }: ReportProps) {
  const client = useClient()
  const answer = useReport(
    () =>
      ask(client, BalanceSheetReportDocument, { organizationId, asOf: endDate }, (data) => data.balanceSheet),
    `${organizationId} ${endDate}`,
  )
  if (!answer?.ok) return <Loading answer={answer} />
  const sheet = answer.value
  const body: ReportCell[][] = []
  const groupRows = new Set<number>()
  const group = (
    title: string,
    lines: typeof sheet.assets,
    total: [string, string],
    extra: ReportCell[][] = [],
  ) => {
    groupRows.add(body.length)
    body.push([title, ''])
    body.push(...lines.map((line): ReportCell[] => [line.accountName, amount(line.amount)]), ...extra)
    groupRows.add(body.length)
    body.push([total[0], amount(total[1])])
  }
  group('Assets', sheet.assets, ['Total assets', sheet.totalAssets])
  group('Liabilities', sheet.liabilities, ['Total liabilities', sheet.totalLiabilities])
  group(
    'Equity',
    sheet.equity,
    ['Total equity', sheet.totalEquity],
    [
      ["Prior years' earnings", amount(sheet.priorYearsEarnings)],
      ["Current year's earnings", amount(sheet.currentYearEarnings)],
    ],
  )
  const table: ReportTable = {
    title: `Balance sheet as of ${sheet.asOf}`,
    head: ['Account', sheet.currency],
    amountsFrom: 1,
    body,
    groupRows,
    foot: [['Total liabilities and equity', amount(sheet.totalLiabilitiesAndEquity)]],
  }
  return (
    <>
      <h2>Balance sheet</h2>
      <p class="muted">At the end of the period, {sheet.asOf}.</p>
      <ReportTableView id="balance-sheet" table={table} />
    </>
  )
}

export function TrialBalanceReport({ organizationId, endDate }: ReportProps) {
  const client = useClient()
  const answer = useReport(
    () =>
      ask(client, TrialBalanceReportDocument, { organizationId, asOf: endDate }, (data) => data.trialBalance),
    `${organizationId} ${endDate}`,
  )
  if (!answer?.ok) return <Loading answer={answer} />
  const trial = answer.value
  const table: ReportTable = {
    title: `Trial balance as of ${trial.asOf}`,
    head: ['Account', 'Type', `Debit ${trial.currency}`, `Credit ${trial.currency}`],
    amountsFrom: 2,
    body: trial.lines.map((line) => [
      line.accountName,
      line.accountType.replace(/_/g, ' '),
      amount(line.debit),
      amount(line.credit),
    ]),
    foot: [['Total', '', amount(trial.totalDebit), amount(trial.totalCredit)]],
  }
  return (
    <>
      <h2>Trial balance</h2>
      <p class="muted">Every account with activity up to the end of the period, {trial.asOf}.</p>
      <ReportTableView id="trial-balance" table={table} />
    </>
  )
}

type Ledger = NonNullable<GeneralLedgerReportQuery['generalLedger']>

async function loadLedger(
  client: Client,
  props: ReportProps & { accountId: string },
): Promise<Outcome<{ ledger: Ledger; lines: Ledger['lines']['items']; complete: boolean }>> {
  const lines: Ledger['lines']['items'] = []
  for (let page = 0; page < ledgerPagesMax; page += 1) {
    const answer = await ask(
      client,
      GeneralLedgerReportDocument,
      { ...props, limit: ledgerPageSize, offset: page * ledgerPageSize },
      (data) => data.generalLedger,
    )
    if (!answer.ok) return answer
    lines.push(...answer.value.lines.items)
    if (lines.length >= answer.value.lines.totalCount || answer.value.lines.items.length === 0)
      return succeeded({ ledger: answer.value, lines, complete: true })
    if (page === ledgerPagesMax - 1) return succeeded({ ledger: answer.value, lines, complete: false })
  }
  return failed('Daybook answered nothing for this report.')
}

export function GeneralLedgerReport(props: ReportProps) {
  const [accounts] = useQuery({
    query: ReportAccountsDocument,
    variables: { organizationId: props.organizationId, limit: accountsMax },
  })
  const [accountId, setAccountId] = useState('')
  return (
    <>
      <h2>General ledger</h2>
      {accounts.error && <ErrorText>{errorInWords(accounts.error)}</ErrorText>}
      <div class="inline-form">
        <div class="field">
          <label for="ledger-account">Account to show</label>
          <select
            id="ledger-account"
            value={accountId}
            onChange={(event) => setAccountId(event.currentTarget.value)}
          >
            <option value="">Choose an account</option>
            {(accounts.data?.listAccounts?.items ?? []).map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {accountId && <AccountLedger {...props} accountId={accountId} />}
    </>
  )
}

function AccountLedger(props: ReportProps & { accountId: string }) {
  const client = useClient()
  const answer = useReport(
    () => loadLedger(client, props),
    `${props.organizationId} ${props.accountId} ${props.startDate} ${props.endDate}`,
  )
  if (!answer?.ok) return <Loading answer={answer} />
  const { ledger, lines, complete } = answer.value
  const table: ReportTable = {
    title: `General ledger ${ledger.accountName} ${ledger.startDate} to ${ledger.endDate}`,
    head: ['Date', 'Line', `Debit ${ledger.currency}`, `Credit ${ledger.currency}`, 'Balance'],
    amountsFrom: 2,
    body: [
      [ledger.startDate, 'Opening balance', '', '', amount(ledger.openingBalance)],
      ...lines.map((line): ReportCell[] => [
        line.txnDate,
        line.kind === 'reversal' ? 'Reversal' : 'Posting',
        amount(line.debit),
        amount(line.credit),
        amount(line.balance),
      ]),
    ],
    foot: [[ledger.endDate, 'Closing balance', '', '', amount(ledger.closingBalance)]],
  }
  return (
    <>
      {!complete && (
        <p class="warning-note">
          Only the first {ledgerPageSize * ledgerPagesMax} lines are shown; choose a shorter period to see the
          rest.
        </p>
      )}
      <ReportTableView id="general-ledger" table={table} />
    </>
  )
}

function signed(decimal: string): string {
  return `${decimal.startsWith('-') ? '\u2212' : ''}${groupDigits(decimal)}`
}
