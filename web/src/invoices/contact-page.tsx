import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { ask } from '../api/ask'
import {
  ContactStatementDocument,
  type ContactStatementQuery,
  type DocumentContactFragment,
  type DocumentSummaryFragment,
  DocumentsDocument,
} from '../api/generated/invoices'
import type { Outcome } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { PeriodFields, periodProblem } from '../components/period-fields'
import { groupDigits } from '../format/money'
import { todayUtc } from '../reports/periods'
import { type ReportCell, ReportTableView } from '../reports/report-table'
import { kindLabel, statusLabel } from './document-sides'

// A contact's page lists its newest documents; older ones are on the Invoices or Bills screen.
const documentsShownMax = 50

/** What a contact owes or is owed, its documents, and its statement for a period. */
export function ContactPage({
  organizationId,
  contact,
}: {
  organizationId: string
  contact: DocumentContactFragment
}) {
  const owes = contact.contactType === 'customer' ? 'Owes you' : 'You owe'
  return (
    <section class="settings-section contact-page" aria-labelledby="contact-heading">
      <h2 id="contact-heading">{contact.displayName}</h2>
      <dl class="reconciliation-figures" aria-label={`What ${contact.displayName} owes`}>
        <div>
          <dt>{owes}</dt>
          <dd>{groupDigits(contact.outstanding)}</dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd>{groupDigits(contact.overdue)}</dd>
        </div>
      </dl>
      <ContactDocuments organizationId={organizationId} contact={contact} />
      <ContactStatement organizationId={organizationId} contact={contact} />
    </section>
  )
}

function ContactDocuments({
  organizationId,
  contact,
}: {
  organizationId: string
  contact: DocumentContactFragment
}) {
  const client = useClient()
  const [documents, setDocuments] = useState<Outcome<{
    totalCount: number
    items: DocumentSummaryFragment[]
  }> | null>(null)
  useEffect(() => {
    let current = true
    void ask(
      client,
      DocumentsDocument,
      { organizationId, contactId: contact.id, limit: documentsShownMax, offset: 0 },
      (data) => data.listInvoices,
    ).then((answer) => current && setDocuments(answer))
    return () => {
      current = false
    }
  }, [client, organizationId, contact.id])
  if (documents === null) return <p class="muted">Loading…</p>
  if (!documents.ok) return <ErrorText>{documents.error}</ErrorText>
  if (documents.value.items.length === 0) return <p class="muted">No documents yet.</p>
  return (
    <div class="table-frame">
      <table class="settings-table" aria-label={`Documents of ${contact.displayName}`}>
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col">Issued</th>
            <th scope="col">Due</th>
            <th scope="col">Status</th>
            <th scope="col" class="number">
              Total
            </th>
            <th scope="col" class="number">
              Amount due
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.value.items.map((document) => (
            <tr key={document.id}>
              <th scope="row">
                {kindLabel(document.kind)} {document.number}
              </th>
              <td>{document.issueDate}</td>
              <td>{document.dueDate}</td>
              <td>{statusLabel(document.status)}</td>
              <td class="number">
                {groupDigits(document.total)} {document.currency}
              </td>
              <td class="number">{groupDigits(document.amountDue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

type Statement = NonNullable<ContactStatementQuery['contactStatement']>

function ContactStatement({
  organizationId,
  contact,
}: {
  organizationId: string
  contact: DocumentContactFragment
}) {
  const client = useClient()
  const today = todayUtc()
  const [draft, setDraft] = useState({ startDate: `${today.slice(0, 4)}-01-01`, endDate: today })
  const [statement, setStatement] = useState<Outcome<Statement> | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  async function show(event: Event) {
    event.preventDefault()
    const wrong = periodProblem(draft)
    setProblem(wrong)
    if (wrong) return
    setStatement(
      await ask(
        client,
        ContactStatementDocument,
        { organizationId, contactId: contact.id, ...draft },
        (data) => data.contactStatement,
      ),
    )
  }
  return (
    <>
      <h3>Statement</h3>
      <form class="inline-form" aria-label="Statement period" onSubmit={(event) => void show(event)}>
        <PeriodFields idPrefix="statement" {...draft} onChange={setDraft} />
        <button type="submit" class="primary">
          Show
        </button>
      </form>
      {problem && <ErrorText>{problem}</ErrorText>}
      {statement?.ok === false && <ErrorText>{statement.error}</ErrorText>}
      {statement?.ok && <StatementTable contact={contact} period={draft} statement={statement.value} />}
    </>
  )
}

const statementKinds: Record<string, string> = { payment: 'Payment' }

function StatementTable(props: {
  contact: DocumentContactFragment
  period: { startDate: string; endDate: string }
  statement: Statement
}) {
  const { statement, period } = props
  const amount = (decimal: string): ReportCell => ({ amount: decimal })
  return (
    <ReportTableView
      id="contact-statement"
      table={{
        title: `Statement of ${props.contact.displayName} ${period.startDate} to ${period.endDate}`,
        head: ['Date', 'Line', 'Amount', 'Balance'],
        amountsFrom: 2,
        body: [
          [period.startDate, 'Opening balance', '', amount(statement.openingBalance)],
          ...statement.lines.map((line): ReportCell[] => [
            line.date,
            `${statementKinds[line.kind] ?? kindLabel(line.kind)} ${line.number}`,
            amount(line.amount),
            amount(line.balance),
          ]),
        ],
        foot: [[period.endDate, 'Closing balance', '', amount(statement.closingBalance)]],
      }}
    />
  )
}
