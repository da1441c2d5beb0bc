import { useClient } from '@urql/preact'
import { useState } from 'preact/hooks'
import {
  CreateDocumentDocument,
  type DocumentFieldsFragment,
  UpdateDocumentDocument,
} from '../api/generated/invoices'
import { mutate } from '../api/mutate'
import { ErrorText } from '../components/error-text'
import { todayUtc } from '../reports/periods'
import type { DocumentData } from './document-data'
import { type DraftDocument, draftOf, emptyDraft, inputOf } from './document-draft'
import { DocumentLinesEditor } from './document-lines-editor'
import { documentTotals } from './document-pricing'
import type { SideWords } from './document-sides'

/**
 * A new document, or a draft changed, saved as a draft: nothing is posted until it is approved.
 * The totals shown are worked out while typing; the server's, once saved, are the ones kept.
 */
export function DocumentEditor(props: {
  organizationId: string
  side: SideWords
  data: DocumentData
  functionalCurrency: string
  draft?: DocumentFieldsFragment | undefined
  onSaved: (document: DocumentFieldsFragment) => void
  onCancel?: (() => void) | undefined
}) {
  const client = useClient()
  const { side, data, draft } = props
  const [fields, setFields] = useState<DraftDocument>(() =>
    draft ? draftOf(draft) : emptyDraft(side, todayUtc(), props.functionalCurrency),
  )
  const [error, setError] = useState<string | null>(null)
  const set = (change: Partial<DraftDocument>) => setFields({ ...fields, ...change })
  // The new document's form and a draft's may be on screen together.
  const prefix = draft ? `draft-${draft.id}` : 'new-document'
  const currency = fields.currency.trim().toUpperCase() || props.functionalCurrency
  const totals = documentTotals(fields.lines, currency, fields.issueDate || todayUtc(), data.taxCodes)
  const contacts = data.contacts.filter(
    (contact) =>
      contact.contactType === side.contactType && (contact.active || contact.id === fields.contactId),
  )

  async function save() {
    setError(null)
    const input = inputOf(fields)
    const outcome = draft
      ? await mutate(
          client,
          UpdateDocumentDocument,
          { organizationId: props.organizationId, invoiceId: draft.id, input },
          (answer) => answer.updateInvoice,
        )
      : await mutate(
          client,
          CreateDocumentDocument,
          { organizationId: props.organizationId, input },
          (answer) => answer.createInvoice,
        )
    if (!outcome.ok) return setError(outcome.error)
    const saved = outcome.value.invoice
    if (!saved) return setError('Daybook answered nothing for this document.')
    if (!draft) setFields(emptyDraft(side, todayUtc(), props.functionalCurrency))
    props.onSaved(saved)
  }

  return (
    <form
      class="document-editor"
      aria-label={draft ? `Draft ${draft.number}` : `New ${side.one}`}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <DocumentFields
        prefix={prefix}
        side={side}
        fields={fields}
        contacts={contacts}
        kindFixed={Boolean(draft)}
        set={set}
      />
      {contacts.length === 0 && (
        <p class="muted">No {side.contactLabel.toLowerCase()} yet: add one on the Contacts screen.</p>
      )}
      <DocumentLinesEditor
        idPrefix={prefix}
        lines={fields.lines}
        accounts={data.accounts.filter(side.lineAccountFits)}
        taxCodes={data.taxCodes}
        totals={totals}
        currency={currency}
        onChange={(lines) => set({ lines })}
      />
      <div class="inline-form">
        <button type="submit" class="primary">
          Save draft
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
      {error && <ErrorText>{error}</ErrorText>}
    </form>
  )
}

/** The document's own fields: kind, contact, number, dates, currency and memo. */
function DocumentFields(props: {
  prefix: string
  side: SideWords
  fields: DraftDocument
  contacts: DocumentData['contacts']
  kindFixed: boolean
  set: (change: Partial<DraftDocument>) => void
}) {
  const { prefix, side, fields, contacts, kindFixed, set } = props
  return (
    <div class="inline-form">
      <Choice
        prefix={prefix}
        label="Kind"
        value={fields.kind}
        onChange={(kind) => set({ kind })}
        disabled={kindFixed}
      >
        {side.kinds.map((each) => (
          <option key={each.kind} value={each.kind}>
            {each.label}
          </option>
        ))}
      </Choice>
      <Choice
        prefix={prefix}
        label={side.contactLabel}
        value={fields.contactId}
        onChange={(contactId) => set({ contactId })}
      >
        <option value="">Choose a {side.contactLabel.toLowerCase()}</option>
        {contacts.map((contact) => (
          <option key={contact.id} value={contact.id}>
            {contact.displayName}
          </option>
        ))}
      </Choice>
      <Text
        prefix={prefix}
        label="Number"
        value={fields.number}
        placeholder={side.side === 'customer' ? 'Next in the series' : "The vendor's number"}
        onChange={(number) => set({ number })}
      />
      <Text
        prefix={prefix}
        label="Issue date"
        date
        value={fields.issueDate}
        onChange={(issueDate) => set({ issueDate })}
      />
      <Text
        prefix={prefix}
        label="Due date"
        date
        value={fields.dueDate}
        onChange={(dueDate) => set({ dueDate })}
      />
      <Text
        prefix={prefix}
        label="Currency"
        value={fields.currency}
        onChange={(value) => set({ currency: value })}
      />
      <Text prefix={prefix} label="Memo" value={fields.memo} onChange={(memo) => set({ memo })} />
    </div>
  )
}

const fieldId = (prefix: string, label: string) => `${prefix}-${label.toLowerCase().replace(/\W+/g, '-')}`

function Text(props: {
  prefix: string
  label: string
  value: string
  date?: boolean
  placeholder?: string
  onChange: (value: string) => void
}) {
  const id = fieldId(props.prefix, props.label)
  const onInput = (event: { currentTarget: HTMLInputElement }) => props.onChange(event.currentTarget.value)
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      {props.date ? (
        <input id={id} type="date" value={props.value} onInput={onInput} />
      ) : (
        <input id={id} value={props.value} placeholder={props.placeholder} onInput={onInput} />
      )}
    </div>
  )
}

function Choice(props: {
  prefix: string
  label: string
  value: string
  disabled?: boolean
  onChange: (value: string) => void
  children: preact.ComponentChildren
}) {
  return (
    <div class="field">
      <label for={fieldId(props.prefix, props.label)}>{props.label}</label>
      <select
        id={fieldId(props.prefix, props.label)}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {props.children}
      </select>
    </div>
  )
}
