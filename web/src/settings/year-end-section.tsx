import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { ask } from '../api/ask'
import {
  CloseFiscalYearDocument,
  type FiscalYearFieldsFragment,
  FiscalYearsDocument,
  GifiScheduleDocument,
  ReopenFiscalYearDocument,
} from '../api/generated/journal'
import { mutate } from '../api/mutate'
import type { Outcome } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { PageSection } from '../components/page-section'
import type { ReportTable } from '../reports/report-csv'
import { ReportTableView } from '../reports/report-table'
import { useRights } from '../session/rights'

/** The fiscal years with their net income: closed and reopened here, and their GIFI schedules. */
export function YearEndSection({ organizationId }: { organizationId: string }) {
  const client = useClient()
  const { keepsBooks, role } = useRights()
  const [years, setYears] = useState<Outcome<FiscalYearFieldsFragment[]> | null>(null)
  const [generation, setGeneration] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [schedule, setSchedule] = useState<{ endDate: string; schedule: number } | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is how a change asks again
  useEffect(() => {
    void ask(client, FiscalYearsDocument, { organizationId }, (data) => data.fiscalYears).then(setYears)
  }, [client, organizationId, generation])
  const today = new Date().toISOString().slice(0, 10)

  async function close(endDate: string) {
    setError(null)
    const outcome = await mutate(
      client,
      CloseFiscalYearDocument,
      { organizationId, endDate },
      (d) => d.closeFiscalYear,
    )
    if (!outcome.ok) return setError(outcome.error)
    setGeneration((count) => count + 1)
  }

  const list = years?.ok ? years.value : []
  const lastClosed = [...list].reverse().find((year) => year.closed)
  return (
    <PageSection
      id="year-end"
      title="Year-end"
      description="Closing a fiscal year freezes it and every year before it: no one, accountants included, can write anything dated in it. Only an owner can reopen the last closed year."
    >
      {years?.ok === false && <ErrorText>{years.error}</ErrorText>}
      <table class="data-table" aria-label="Fiscal years">
        <thead>
          <tr>
            <th scope="col">Fiscal year</th>
            <th scope="col">Net income</th>
            <th scope="col">Status</th>
            <th scope="col">GIFI</th>
          </tr>
        </thead>
        <tbody>
          {list.map((year) => (
            <tr key={year.endDate}>
              <td>
                {year.startDate} to {year.endDate}
              </td>
              <td class="amount">{year.netIncome}</td>
              <td>
                {year.closed ? (
                  'Closed'
                ) : keepsBooks && year.endDate < today ? (
                  <button type="button" onClick={() => close(year.endDate)}>
                    Close the year ending {year.endDate}
                  </button>
                ) : year.endDate < today ? (
                  'Ended, not closed'
                ) : (
                  'Open'
                )}
              </td>
              <td>
                <button type="button" onClick={() => setSchedule({ endDate: year.endDate, schedule: 100 })}>
                  Schedule 100
                </button>{' '}
                <button type="button" onClick={() => setSchedule({ endDate: year.endDate, schedule: 125 })}>
                  Schedule 125
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error && <ErrorText>{error}</ErrorText>}
      {lastClosed && role === 'owner' && (
        <ReopenForm
          organizationId={organizationId}
          endDate={lastClosed.endDate}
          onReopened={() => setGeneration((count) => count + 1)}
        />
      )}
      {schedule && <GifiScheduleView organizationId={organizationId} {...schedule} />}
    </PageSection>
  )
}

function ReopenForm({
  organizationId,
  endDate,
  onReopened,
}: {
  organizationId: string
  endDate: string
  onReopened: () => void
}) {
  const client = useClient()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  async function reopen() {
    setError(null)
    const outcome = await mutate(
      client,
      ReopenFiscalYearDocument,
      { organizationId, endDate, reason },
      (data) => data.reopenFiscalYear,
    )
    if (!outcome.ok) return setError(outcome.error)
    setReason('')
    onReopened()
  }
  return (
    <form
      class="inline-form"
      aria-label="Reopen the last closed year"
      onSubmit={(event) => {
        event.preventDefault()
        void reopen()
      }}
    >
      <div class="field">
        <label for="reopen-reason">Why reopen the year ending {endDate}</label>
        <input id="reopen-reason" required value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </div>
      <button type="submit">Reopen the year</button>
      {error && <ErrorText>{error}</ErrorText>}
    </form>
  )
}

function GifiScheduleView({
  organizationId,
  endDate,
  schedule,
}: {
  organizationId: string
  endDate: string
  schedule: number
}) {
  const client = useClient()
  const [answer, setAnswer] = useState<Outcome<{
    lines: Array<{ code: string; description: string; amount: string }>
  }> | null>(null)
  useEffect(() => {
    setAnswer(null)
    void ask(
      client,
      GifiScheduleDocument,
      { organizationId, endDate, schedule },
      (data) => data.gifiSchedule,
    ).then(setAnswer)
  }, [client, organizationId, endDate, schedule])
  if (answer === null) return <p class="muted">Loading…</p>
  if (!answer.ok) return <ErrorText>{answer.error}</ErrorText>
  const table: ReportTable = {
    title: `GIFI schedule ${schedule} for the year ending ${endDate}`,
    head: ['Code', 'Description', 'Amount'],
    amountsFrom: 2,
    body: answer.value.lines.map((line) => [line.code, line.description, { amount: line.amount }]),
  }
  return <ReportTableView id={`gifi-${schedule}`} table={table} />
}
