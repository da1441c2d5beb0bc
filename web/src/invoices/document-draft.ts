import type { DocumentFieldsFragment } from '../api/generated/invoices'
import type { SideWords } from './document-sides'

// A document as typed: text until saved, so a half-typed price is never lost or rounded.

export interface DraftLine {
  description: string
  quantity: string
  unitPrice: string
  accountId: string
  taxCode: string
}

export interface DraftDocument {
  kind: string
  contactId: string
  number: string
  issueDate: string
  dueDate: string
  currency: string
  memo: string
  lines: DraftLine[]
}

export const emptyLine = (): DraftLine => ({
  description: '',
  quantity: '1',
  unitPrice: '',
  accountId: '',
  taxCode: '',
})

export function emptyDraft(side: SideWords, today: string, currency: string): DraftDocument {
  return {
    kind: side.kinds[0]?.kind ?? '',
    contactId: '',
    number: '',
    issueDate: today,
    dueDate: '',
    currency,
    memo: '',
    lines: [emptyLine()],
  }
}

export function draftOf(document: DocumentFieldsFragment): DraftDocument {
  return {
    kind: document.kind,
    contactId: document.contact.id,
    number: document.number,
    issueDate: document.issueDate,
    dueDate: document.dueDate,
    currency: document.currency,
    memo: document.memo,
    lines: document.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      accountId: line.accountId,
      taxCode: line.taxCode ?? '',
    })),
  }
}

const isBlank = (line: DraftLine) =>
  line.description.trim() === '' && line.unitPrice.trim() === '' && line.accountId === ''

/** What the API takes: blank lines left out, empty optional fields as null. */
export function inputOf(draft: DraftDocument) {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim())
  return {
    kind: draft.kind,
    contactId: draft.contactId,
    number: orNull(draft.number),
    issueDate: draft.issueDate,
    dueDate: orNull(draft.dueDate),
    currency: orNull(draft.currency)?.toUpperCase() ?? null,
    memo: draft.memo,
    lines: draft.lines
      .filter((line) => !isBlank(line))
      .map((line) => ({
        description: line.description.trim(),
        quantity: line.quantity.trim(),
        unitPrice: line.unitPrice.trim(),
        accountId: line.accountId,
        taxCode: line.taxCode === '' ? null : line.taxCode,
      })),
  }
}
