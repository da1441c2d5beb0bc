import { useClient } from '@urql/preact'
import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import { ask } from '../api/ask'
import {
  ExceptionEventDocument,
  FileSalesTaxReturnDocument,
  type ReturnFieldsFragment,
  SalesTaxLineEntriesDocument,
  SalesTaxReturnScreenDocument,
} from '../api/generated/sales-tax'
import { mutate } from '../api/mutate'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { PeriodFields, periodProblem } from '../components/period-fields'
import type { ScreenProps } from '../navigation/lazy-screen'
import { useReport } from '../reports/use-report'
import { useRights } from '../session/rights'
import { currentQuarter, jurisdictions, type ReturnPeriod } from './periods'

/**
 * A sales tax return as the books make it (DESIGN 8.3): the period and jurisdiction chosen, every
 * line with the entries it is made of a click away, whether it ties out with the tax accounts, the
 * exceptions to look at with each one's event, and filing, which posts the clearing entry and
 * locks the period.
 */
export function SalesTaxScreen({ organization }: ScreenProps) {
  const [draft, setDraft] = useState<ReturnPeriod>(() => currentQuarter())
  const [period, setPeriod] = useState(draft)
  const [rangeError, setRangeError] = useState<string | null>(null)
  const [version, setVersion] = useState(0)

  function show(event: Event) {
    event.preventDefault()
    const problem = periodProblem(draft)
    setRangeError(problem)
    if (!problem) setPeriod(draft)
  }

  return (
    <div class="page-screen sales-tax-screen">
      <h1>Sales tax</h1>
      <form class="inline-form report-period" onSubmit={show} aria-label="Return period">
        <PeriodFields idPrefix="tax" {...draft} onChange={(dates) => setDraft({ ...draft, ...dates })} />
        <div class="field">
          <label for="tax-jurisdiction">Return</label>
          <select
            id="tax-jurisdiction"
            value={draft.jurisdiction}
            onChange={(event) => setDraft({ ...draft, jurisdiction: event.currentTarget.value })}
          >
            {jurisdictions.map((each) => (
              <option key={each.code} value={each.code}>
                {each.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" class="primary">
          Show
        </button>
      </form>
      {rangeError && <ErrorText>{rangeError}</ErrorText>}
      <ReturnView
        key={`${period.startDate} ${period.endDate} ${period.jurisdiction} ${version}`}
        organizationId={organization.id}
        period={period}
        onFiled={() => setVersion((count) => count + 1)}
      />
    </div>
  )
}

function ReturnView(props: { organizationId: string; period: ReturnPeriod; onFiled: () => void }) {
  const client = useClient()
  const { keepsBooks } = useRights()
  const { organizationId, period } = props
  const answer = useReport(
    () =>
      ask(client, SalesTaxReturnScreenDocument, { organizationId, ...period }, (data) => data.salesTaxReturn),
    `${organizationId} ${period.startDate} ${period.endDate} ${period.jurisdiction}`,
  )
  const [opened, setOpened] = useState<string | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)

  if (answer === null) return <p class="screen-loading">Loading the return…</p>
  if (!answer.ok) return <ErrorText>{answer.error}</ErrorText>
  const found = answer.value

  async function file() {
    setFileError(null)
    const outcome = await mutate(
      client,
      FileSalesTaxReturnDocument,
      { organizationId, ...period },
      (data) => data.fileSalesTaxReturn,
    )
    if (!outcome.ok) return setFileError(`The return was not filed: ${outcome.error}`)
    props.onFiled()
  }

  return (
    <section class="settings-section" aria-label={`Return for ${found.startDate} to ${found.endDate}`}>
      <h2>
        {jurisdictions.find((each) => each.code === found.jurisdiction)?.label ?? found.jurisdiction},{' '}
        {found.startDate} to {found.endDate} ({found.method} method)
      </h2>
      <p role="status" class={found.tiesOut ? 'muted' : 'error-text'}>
        {found.tiesOut
          ? `Ties out: line 109 equals the change of the tax accounts, ${found.payableBalance}.`
          : `Does not tie out: the tax accounts moved by ${found.payableBalance}, ${found.difference} away from line 109.`}
      </p>
      <ReturnLines
        found={found}
        opened={opened}
        onToggle={(line) => setOpened(opened === line ? null : line)}
        organizationId={organizationId}
        period={period}
      />
      <Exceptions found={found} organizationId={organizationId} />
      {found.filed ? (
        <p class="muted">Filed {found.filedAt?.slice(0, 10)}: these lines are the ones kept.</p>
      ) : (
        keepsBooks && (
          <ConfirmButton
            label="File this return"
            question={`Post the clearing entry dated ${found.endDate} and lock the books through that day?`}
            confirmLabel="File"
            onConfirm={() => void file()}
          />
        )
      )}
      {fileError && <ErrorText>{fileError}</ErrorText>}
    </section>
  )
}

function ReturnLines(props: {
  found: ReturnFieldsFragment
  opened: string | null
  onToggle: (line: string) => void
  organizationId: string
  period: ReturnPeriod
}) {
  return (
    <div class="table-frame">
      <table class="settings-table tax-return-lines" aria-label="Lines of the return">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">What it holds</th>
            <th scope="col" class="number">
              Amount
            </th>
            <th scope="col">
              <span class="visually-hidden">Entries</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.found.lines.map((line) => (
            <Fragment key={line.line}>
              <tr>
                <th scope="row">{line.line}</th>
                <td>{line.label}</td>
                <td class="number">{line.amount}</td>
                <td>
                  <button
                    type="button"
                    aria-expanded={props.opened === line.line}
                    aria-label={`Entries of line ${line.line}`}
                    onClick={() => props.onToggle(line.line)}
                  >
                    Entries
                  </button>
                </td>
              </tr>
              {props.opened === line.line && (
                <tr>
                  <td colSpan={4}>
                    <LineEntries
                      line={line.line}
                      organizationId={props.organizationId}
                      period={props.period}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function LineEntries(props: { line: string; organizationId: string; period: ReturnPeriod }) {
  const client = useClient()
  const { line, organizationId, period } = props
  const answer = useReport(
    () =>
      ask(
        client,
        SalesTaxLineEntriesDocument,
        { organizationId, ...period, line },
        (data) => data.salesTaxReturnLineDetail,
      ),
    `${organizationId} ${period.startDate} ${period.endDate} ${period.jurisdiction} ${line}`,
  )
  if (answer === null) return <p class="muted">Loading the entries…</p>
  if (!answer.ok) return <ErrorText>{answer.error}</ErrorText>
  const { items, totalCount } = answer.value
  if (items.length === 0) return <p class="muted">No entry of the books makes up this line.</p>
  return (
    <table class="settings-table" aria-label={`Entries of line ${line}`}>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Description</th>
          <th scope="col">Tax code</th>
          <th scope="col" class="number">
            Net
          </th>
          <th scope="col" class="number">
            Tax
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an entry may give a line more than one item
          <tr key={index}>
            <td>{item.transactionDate}</td>
            <td>{item.description}</td>
            <td>{item.taxCode ?? 'none'}</td>
            <td class="number">{item.netAmount}</td>
            <td class="number">{item.taxAmount}</td>
          </tr>
        ))}
      </tbody>
      {totalCount > items.length && (
        <caption class="muted">
          The first {items.length} of {totalCount}.
        </caption>
      )}
    </table>
  )
}

function Exceptions(props: { found: ReturnFieldsFragment; organizationId: string }) {
  const { exceptions } = props.found
  return (
    <>
      <h3>Exceptions</h3>
      {exceptions.length === 0 ? (
        <p class="muted">None: nothing in the books asks to be looked at before filing.</p>
      ) : (
        <ul class="tax-exceptions" aria-label="Exceptions">
          {exceptions.map((exception, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the API gives exceptions no id
            <li key={index}>
              <strong>{exception.code}</strong> {exception.message} ({exception.amount})
              {exception.eventId && (
                <ExceptionEvent organizationId={props.organizationId} eventId={exception.eventId} />
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** The event an exception is about, opened in place: the app's addresses carry no ids. */
function ExceptionEvent(props: { organizationId: string; eventId: string }) {
  const client = useClient()
  const [open, setOpen] = useState(false)
  return (
    <>
      {' '}
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide the event' : 'Show the event'}
      </button>
      {open && <EventSummary client={client} {...props} />}
    </>
  )
}

function EventSummary(props: {
  client: ReturnType<typeof useClient>
  organizationId: string
  eventId: string
}) {
  const { client, organizationId, eventId } = props
  const answer = useReport(
    () => ask(client, ExceptionEventDocument, { organizationId, eventId }, (data) => data.getLedgerEvent),
    `${organizationId} ${eventId}`,
  )
  if (answer === null) return <p class="muted">Loading the event…</p>
  if (!answer.ok) return <ErrorText>{answer.error}</ErrorText>
  const event = answer.value
  return (
    <dl class="details-list" aria-label={`Event ${event.merchantName}`}>
      <dt>Merchant</dt>
      <dd>{event.merchantName}</dd>
      <dt>Date</dt>
      <dd>{event.transactionDate}</dd>
      <dt>Amount</dt>
      <dd>
        {event.functionalAmount} {event.functionalCurrency}
      </dd>
      <dt>Status</dt>
      <dd>{event.status}</dd>
      <dt>Category</dt>
      <dd>{event.category?.name ?? 'none'}</dd>
      <dt>Tax code</dt>
      <dd>{event.taxCode ?? 'none'}</dd>
    </dl>
  )
}
