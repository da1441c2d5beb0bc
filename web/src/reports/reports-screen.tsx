import { useState } from 'preact/hooks'
import { ErrorText } from '../components/error-text'
import { PeriodFields, periodProblem } from '../components/period-fields'
import type { ScreenProps } from '../navigation/lazy-screen'
import { AgedReport } from './aged-report'
import { todayUtc } from './periods'
import {
  BalanceSheetReport,
  DashboardReport,
  GeneralLedgerReport,
  IncomeStatementReport,
  TrialBalanceReport,
} from './reports'

type ReportName = 'summary' | 'income' | 'balance' | 'trial' | 'ledger' | 'receivables' | 'payables'

const reports: ReadonlyArray<{ name: ReportName; label: string }> = [
  { name: 'summary', label: 'Summary' },
  { name: 'income', label: 'Income statement' },
  { name: 'balance', label: 'Balance sheet' },
  { name: 'trial', label: 'Trial balance' },
  { name: 'ledger', label: 'General ledger' },
  { name: 'receivables', label: 'Aged receivables' },
  { name: 'payables', label: 'Aged payables' },
]

/**
 * The books over a period: a summary, the income statement month by month with its chart, the
 * balance sheet and trial balance at the period's end, one account's general ledger, and what is
 * owed to and by the organization by days past due. Every figure is the API's; each table exports
 * the rows it shows as CSV.
 */
export function ReportsScreen({ organization }: ScreenProps) {
  const today = todayUtc()
  const [draft, setDraft] = useState({ startDate: `${today.slice(0, 4)}-01-01`, endDate: today })
  const [period, setPeriod] = useState(draft)
  const [report, setReport] = useState<ReportName>('summary')
  const [rangeError, setRangeError] = useState<string | null>(null)

  function show(event: Event) {
    event.preventDefault()
    const problem = periodProblem(draft)
    setRangeError(problem)
    if (!problem) setPeriod(draft)
  }

  const props = { organizationId: organization.id, ...period }
  return (
    <div class="page-screen reports-screen">
      <h1>Reports</h1>
      <form class="inline-form report-period" onSubmit={show} aria-label="Period">
        <PeriodFields idPrefix="report" {...draft} onChange={setDraft} />
        <button type="submit" class="primary">
          Show
        </button>
      </form>
      {rangeError && <ErrorText>{rangeError}</ErrorText>}
      <nav class="report-choices" aria-label="Reports">
        {reports.map((each) => (
          <button
            key={each.name}
            type="button"
            aria-pressed={report === each.name}
            onClick={() => setReport(each.name)}
          >
            {each.label}
          </button>
        ))}
      </nav>
      <section
        class="settings-section report-section"
        aria-label={reports.find((each) => each.name === report)?.label}
      >
        {report === 'summary' && <DashboardReport {...props} />}
        {report === 'income' && <IncomeStatementReport {...props} />}
        {report === 'balance' && <BalanceSheetReport {...props} />}
        {report === 'trial' && <TrialBalanceReport {...props} />}
        {report === 'ledger' && <GeneralLedgerReport {...props} />}
        {(report === 'receivables' || report === 'payables') && (
          <AgedReport key={`${report} ${period.endDate}`} side={report} {...props} />
        )}
      </section>
    </div>
  )
}
