import { useClient } from '@urql/preact'
import { useState } from 'preact/hooks'
import { ask } from '../api/ask'
import {
  AgedPayablesReportDocument,
  AgedReceivablesReportDocument,
  type AgedReportFieldsFragment,
  type AgedRowFieldsFragment,
} from '../api/generated/reports'
import { ErrorText } from '../components/error-text'
import { type ReportCell, type ReportTable, ReportTableView } from './report-table'
import { useReport } from './use-report'

const buckets = ['Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days', 'Total']

const cells = (row: AgedRowFieldsFragment): ReportCell[] => [
  row.displayName,
  ...[row.current, row.days1To30, row.days31To60, row.days61To90, row.over90, row.total].map((amount) => ({
    amount,
  })),
]

/**
 * What customers owe (receivables) or what is owed to vendors (payables) at a date, by days past
 * due, as of a date of its own: the period's end unless another is chosen.
 */
export function AgedReport(props: {
  organizationId: string
  endDate: string
  side: 'receivables' | 'payables'
}) {
  const client = useClient()
  const { organizationId, side } = props
  const [asOf, setAsOf] = useState(props.endDate)
  const title = side === 'receivables' ? 'Aged receivables' : 'Aged payables'
  const answer = useReport(
    () =>
      side === 'receivables'
        ? ask(client, AgedReceivablesReportDocument, { organizationId, asOf }, (data) => data.agedReceivables)
        : ask(client, AgedPayablesReportDocument, { organizationId, asOf }, (data) => data.agedPayables),
    `${organizationId} ${side} ${asOf}`,
  )
  const id = `aged-${side}`
  return (
    <>
      <h2>{title}</h2>
      <div class="inline-form">
        <div class="field">
          <label for={`${id}-as-of`}>As of</label>
          <input
            id={`${id}-as-of`}
            type="date"
            value={asOf}
            onChange={(event) => event.currentTarget.value && setAsOf(event.currentTarget.value)}
          />
        </div>
      </div>
      {answer === null && <p class="screen-loading">Loading…</p>}
      {answer?.ok === false && <ErrorText>{answer.error}</ErrorText>}
      {answer?.ok && <ReportTableView id={id} table={agedTable(title, answer.value)} />}
    </>
  )
}

function agedTable(title: string, report: AgedReportFieldsFragment): ReportTable {
  return {
    title: `${title} as of ${report.asOf}`,
    head: ['Contact', ...buckets],
    amountsFrom: 1,
    body: report.rows.map(cells),
    foot: [cells(report.totals)],
  }
}
