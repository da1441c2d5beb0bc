import type { LineInput, PricedLine } from './invoice.js'
import type { InvoicePaymentRecord, InvoiceRecord } from './invoice-store.js'

// A document as it is asked for and as it is answered, for the service and for other modules
// through the port.

export interface InvoiceInput {
  kind: string
  contactId: string
  number?: string | null
  issueDate: string
  dueDate?: string | null
  currency?: string | null
  memo?: string | null
  lines: readonly LineInput[]
}

/** A document as answered: its record, lines, what settled it, and its contact. */
export interface InvoiceView extends InvoiceRecord {
  organizationId: string
  lines: PricedLine[]
  payments: InvoicePaymentRecord[]
  contact: { id: string; displayName: string }
}
