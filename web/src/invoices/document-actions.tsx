import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { ask } from '../api/ask'
import { fetchDocumentPdf, saveBlob } from '../api/files'
import {
  ApplyCreditNoteDocument,
  ApproveDocumentDocument,
  type DocumentFieldsFragment,
  type DocumentSummaryFragment,
  DocumentsDocument,
  RecordDocumentPaymentDocument,
  VoidDocumentDocument,
} from '../api/generated/invoices'
import type { CategoryAccountFragment } from '../api/generated/review-queue'
import { mutate } from '../api/mutate'
import { ConfirmButton } from '../components/confirm-button'
import { ErrorText } from '../components/error-text'
import { toUnits } from '../format/decimal'
import { todayUtc } from '../reports/periods'
import type { SessionStore } from '../session/session-store'
import type { SideWords } from './document-sides'

type Changed = (document: DocumentFieldsFragment) => void

/** Approve and void: the document's answer replaces what the screen shows. */
export function StatusActions(props: {
  organizationId: string
  document: DocumentFieldsFragment
  onChanged: Changed
}) {
  const client = useClient()
  const { document, organizationId } = props
  const [error, setError] = useState<string | null>(null)
  const variables = { organizationId, invoiceId: document.id }
  async function approve() {
    setError(null)
    const outcome = await mutate(client, ApproveDocumentDocument, variables, (data) => data.approveInvoice)
    if (!outcome.ok) return setError(outcome.error)
    if (outcome.value.invoice) props.onChanged(outcome.value.invoice)
  }
  async function voidIt() {
    setError(null)
    const outcome = await mutate(client, VoidDocumentDocument, variables, (data) => data.voidInvoice)
    if (!outcome.ok) return setError(outcome.error)
    if (outcome.value.invoice) props.onChanged(outcome.value.invoice)
  }
  const voidable =
    document.status === 'draft' || (document.status === 'open' && document.payments.length === 0)
  return (
    <div class="inline-form">
      {document.status === 'draft' && (
        <button type="button" class="primary" onClick={() => void approve()}>
          Approve
        </button>
      )}
      {voidable && (
        <ConfirmButton
          label="Void"
          question={
            document.status === 'draft'
              ? `Void the draft ${document.number}?`
              : `Void ${document.number}? Its entry is reversed on its issue date.`
          }
          confirmLabel={`Void ${document.number}`}
          onConfirm={() => void voidIt()}
        />
      )}
      {error && <ErrorText>{error}</ErrorText>}
    </div>
  )
}

/** A payment received or made for the document, through a bank or credit card account. */
export function PaymentForm(props: {
  organizationId: string
  document: DocumentFieldsFragment
  paymentAccounts: readonly CategoryAccountFragment[]
  onChanged: Changed
}) {
  const client = useClient()
  const { document } = props
  const [amount, setAmount] = useState(document.amountDue)
  // Today, unless the document is dated later: a payment is never before its issue date.
  const [date, setDate] = useState(() => [todayUtc(), document.issueDate].sort()[1] ?? todayUtc())
  const [accountId, setAccountId] = useState(props.paymentAccounts[0]?.id ?? '')
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState('')
  async function record() {
    setError(null)
    setSaved('')
    const outcome = await mutate(
      client,
      RecordDocumentPaymentDocument,
      {
        organizationId: props.organizationId,
        invoiceId: document.id,
        amount,
        date,
        paymentAccountId: accountId,
      },
      (data) => data.recordInvoicePayment,
    )
    if (!outcome.ok) return setError(outcome.error)
    const paid = outcome.value.invoice
    if (!paid) return
    setSaved(`Recorded ${amount} ${paid.currency} on ${date}; ${paid.amountDue} still due.`)
    setAmount(paid.amountDue)
    props.onChanged(paid)
  }
  const id = `payment-${document.id}`
  return (
    <form
      class="inline-form"
      aria-label={`Record a payment of ${document.number}`}
      onSubmit={(event) => {
        event.preventDefault()
        void record()
      }}
    >
      <RequiredField
        id={`${id}-amount`}
        kind="decimal"
        label="Amount paid"
        value={amount}
        onInput={setAmount}
      />
      <RequiredField id={`${id}-date`} kind="date" label="Paid on" value={date} onInput={setDate} />
      <div class="field">
        <label for={`${id}-account`}>Through</label>
        <select id={`${id}-account`} value={accountId} onChange={(e) => setAccountId(e.currentTarget.value)}>
          {props.paymentAccounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">Record payment</button>
      {error && <ErrorText>{error}</ErrorText>}
      {saved && (
        <p class="saved-note" role="status">
          {saved}
        </p>
      )}
    </form>
  )
}

/** The open documents of the credit's contact it may be set against (same currency). */
function useCreditTargets(organizationId: string, side: SideWords, credit: DocumentFieldsFragment) {
  const client = useClient()
  const [targets, setTargets] = useState<DocumentSummaryFragment[]>([])
  useEffect(() => {
    let current = true
    void ask(
      client,
      DocumentsDocument,
      {
        organizationId,
        kind: side.creditAppliesTo,
        status: ['open', 'partially_paid'],
        contactId: credit.contact.id,
        limit: 100,
        offset: 0,
      },
      (data) => data.listInvoices,
    ).then((answer) => {
      if (current && answer.ok)
        setTargets(answer.value.items.filter((each) => each.currency === credit.currency))
    })
    return () => {
      current = false
    }
  }, [client, organizationId, side, credit])
  return targets
}

/** Part of a credit note (a vendor credit) set against an open invoice (bill) of the same contact. */
export function CreditForm(props: {
  organizationId: string
  side: SideWords
  credit: DocumentFieldsFragment
  onChanged: Changed
}) {
  const client = useClient()
  const { credit } = props
  const targets = useCreditTargets(props.organizationId, props.side, credit)
  const [invoiceId, setInvoiceId] = useState('')
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | null>(null)
  const target = targets.find((each) => each.id === invoiceId)
  async function apply() {
    setError(null)
    const outcome = await mutate(
      client,
      ApplyCreditNoteDocument,
      { organizationId: props.organizationId, creditNoteId: credit.id, invoiceId, amount },
      (data) => data.applyCreditNote,
    )
    if (!outcome.ok) return setError(outcome.error)
    props.onChanged(credit)
  }
  if (targets.length === 0)
    return (
      <p class="muted">
        No open {props.side.one} of {credit.contact.displayName} to apply it to.
      </p>
    )
  const id = `credit-${credit.id}`
  return (
    <form
      class="inline-form"
      aria-label={`Apply ${credit.number}`}
      onSubmit={(event) => {
        event.preventDefault()
        void apply()
      }}
    >
      <div class="field">
        <label for={`${id}-target`}>Apply to</label>
        <select
          id={`${id}-target`}
          value={invoiceId}
          onChange={(event) => {
            const chosen = targets.find((each) => each.id === event.currentTarget.value)
            setInvoiceId(event.currentTarget.value)
            if (chosen) setAmount(smaller(chosen.amountDue, credit.amountDue))
          }}
        >
          <option value="">Choose a {props.side.one}</option>
          {targets.map((each) => (
            <option key={each.id} value={each.id}>
              {each.number} · {each.amountDue} due
            </option>
          ))}
        </select>
      </div>
      <RequiredField id={`${id}-amount`} kind="decimal" label="Amount" value={amount} onInput={setAmount} />
      <button type="submit" disabled={!target}>
        Apply credit
      </button>
      {error && <ErrorText>{error}</ErrorText>}
    </form>
  )
}

/** A required amount (a decimal string) or day, with its label. */
function RequiredField(props: {
  id: string
  label: string
  kind: 'decimal' | 'date'
  value: string
  onInput: (value: string) => void
}) {
  const typed = props.kind === 'date' ? { type: 'date' as const } : { inputMode: 'decimal' as const }
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        {...typed}
        required
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </div>
  )
}

/** The smaller of two decimal strings, as given. */
export function smaller(first: string, second: string): string {
  return toUnits(first) <= toUnits(second) ? first : second
}

/** The document as the server prints it, saved as a stored file is. */
export function PdfButton(props: { session: SessionStore; document: DocumentSummaryFragment }) {
  const [error, setError] = useState<string | null>(null)
  async function open() {
    setError(null)
    const answer = await fetchDocumentPdf(props.session, props.document.id)
    if (!answer.ok) return setError(answer.error)
    saveBlob(answer.value, `${props.document.number}.pdf`)
  }
  return (
    <>
      <button type="button" onClick={() => void open()}>
        Open the PDF
      </button>
      {error && <ErrorText>{error}</ErrorText>}
    </>
  )
}
