import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { ask } from '../api/ask'
import { DocumentDocument, type DocumentFieldsFragment } from '../api/generated/invoices'
import type { Outcome } from '../api/outcome'
import { ErrorText } from '../components/error-text'
import { groupDigits } from '../format/money'
import { RepeatForm } from '../recurring/repeat-form'
import { useRights } from '../session/rights'
import type { SessionStore } from '../session/session-store'
import { CreditForm, PaymentForm, PdfButton, StatusActions } from './document-actions'
import type { DocumentData } from './document-data'
import { draftOf, inputOf } from './document-draft'
import { DocumentEditor } from './document-editor'
import { isCreditKind, isUnsettled, kindLabel, type SideWords, statusLabel } from './document-sides'

const paymentTypes = new Set(['bank', 'credit_card'])

/** One document as the server keeps it, with what the person's role may do to it next. */
export function DocumentDetail(props: {
  organizationId: string
  session: SessionStore
  side: SideWords
  data: DocumentData
  functionalCurrency: string
  invoiceId: string
  onChanged: () => void
}) {
  const client = useClient()
  const { writesDocuments } = useRights()
  const { organizationId, invoiceId } = props
  const [answer, setAnswer] = useState<Outcome<DocumentFieldsFragment> | null>(null)
  const [generation, setGeneration] = useState(0)
  const [editing, setEditing] = useState(false)
  const [repeating, setRepeating] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is how a change asks again
  useEffect(() => {
    let current = true
    void ask(client, DocumentDocument, { organizationId, invoiceId }, (data) => data.invoice).then(
      (loaded) => current && setAnswer(loaded),
    )
    return () => {
      current = false
    }
  }, [client, organizationId, invoiceId, generation])
  const changed = () => {
    setEditing(false)
    setGeneration((count) => count + 1)
    props.onChanged()
  }

  if (answer === null) return <p class="muted">Loading…</p>
  if (!answer.ok) return <ErrorText>{answer.error}</ErrorText>
  const document = answer.value
  const unsettled = isUnsettled(document.status)
  return (
    <section class="settings-section document-detail" id="document-detail" aria-labelledby="document-heading">
      <h2 id="document-heading">
        {kindLabel(document.kind)} {document.number}
      </h2>
      <DocumentFigures document={document} />
      {editing && writesDocuments ? (
        <DocumentEditor
          organizationId={organizationId}
          side={props.side}
          data={props.data}
          functionalCurrency={props.functionalCurrency}
          draft={document}
          onSaved={changed}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <DocumentLines document={document} data={props.data} />
      )}
      <DocumentPayments document={document} data={props.data} />
      <div class="inline-form">
        <PdfButton session={props.session} document={document} />
        {writesDocuments && document.status === 'draft' && !editing && (
          <button type="button" onClick={() => setEditing(true)}>
            Edit draft
          </button>
        )}
        {writesDocuments && document.status !== 'void' && !repeating && (
          <button type="button" onClick={() => setRepeating(true)}>
            Repeat…
          </button>
        )}
      </div>
      {repeating && (
        <RepeatForm
          organizationId={organizationId}
          what={kindLabel(document.kind).toLowerCase()}
          originalDate={document.issueDate}
          defaultName={`${kindLabel(document.kind)} ${document.number}`}
          payload={{ kind: 'invoice', invoice: repeatedDocument(document) }}
          offersDraft={true}
          onClose={() => setRepeating(false)}
        />
      )}
      {writesDocuments && (
        <StatusActions organizationId={organizationId} document={document} onChanged={changed} />
      )}
      {writesDocuments && unsettled && (
        <PaymentForm
          key={`${document.id}-${document.amountDue}`}
          organizationId={organizationId}
          document={document}
          paymentAccounts={props.data.accounts.filter((account) => paymentTypes.has(account.accountType))}
          onChanged={changed}
        />
      )}
      {writesDocuments && unsettled && isCreditKind(document.kind) && (
        <CreditForm organizationId={organizationId} side={props.side} credit={document} onChanged={changed} />
      )}
    </section>
  )
}

/**
 * The document as the editor would save it again. A bill keeps the vendor's number, which each
 * date's copy carries with its date; an invoice or credit note takes the next of its series.
 */
function repeatedDocument(document: DocumentFieldsFragment) {
  const input = inputOf(draftOf(document))
  const keepsNumber = document.kind === 'bill' || document.kind === 'vendor_credit'
  return { ...input, number: keepsNumber ? input.number : null }
}

function DocumentFigures({ document }: { document: DocumentFieldsFragment }) {
  const figures: Array<[string, string]> = [
    ['Status', statusLabel(document.status)],
    ['Contact', document.contact.displayName],
    ['Issued', document.issueDate],
    ['Due', document.dueDate],
    ['Subtotal', groupDigits(document.subtotal)],
    ['Tax', groupDigits(document.taxTotal)],
    ['Total', `${groupDigits(document.total)} ${document.currency}`],
    ['Paid', groupDigits(document.amountPaid)],
    ['Amount due', `${groupDigits(document.amountDue)} ${document.currency}`],
  ]
  return (
    <dl class="reconciliation-figures document-figures" aria-label="Document figures">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {document.memo && (
        <div>
          <dt>Memo</dt>
          <dd>{document.memo}</dd>
        </div>
      )}
    </dl>
  )
}

function DocumentLines({ document, data }: { document: DocumentFieldsFragment; data: DocumentData }) {
  const accountName = (id: string) => data.accounts.find((account) => account.id === id)?.name ?? ''
  return (
    <div class="table-frame">
      <table class="data-table" aria-label={`Lines of ${document.number}`}>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
            <th scope="col">Account</th>
            <th scope="col">Tax</th>
            <th scope="col" class="number">
              Amount
            </th>
            <th scope="col" class="number">
              Tax amount
            </th>
          </tr>
        </thead>
        <tbody>
          {document.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line's place is its identity
            <tr key={index}>
              <td>{line.description}</td>
              <td>{line.quantity}</td>
              <td>{line.unitPrice}</td>
              <td>{accountName(line.accountId)}</td>
              <td>{line.taxCode ?? ''}</td>
              <td class="number">{groupDigits(line.amount)}</td>
              <td class="number">{groupDigits(line.taxAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function DocumentPayments({ document, data }: { document: DocumentFieldsFragment; data: DocumentData }) {
  if (document.payments.length === 0) return null
  const accountName = (id: string | null) =>
    id ? (data.accounts.find((account) => account.id === id)?.name ?? '') : 'Credit applied'
  return (
    <>
      <h3>Payments and credits</h3>
      <ul class="document-payments" aria-label={`Payments of ${document.number}`}>
        {document.payments.map((payment) => (
          <li key={payment.id}>
            {payment.date} · {groupDigits(payment.amount)} {document.currency} ·{' '}
            {accountName(payment.paymentAccountId)}
            {payment.eventId ? ' · from a bank line' : ''}
          </li>
        ))}
      </ul>
    </>
  )
}
