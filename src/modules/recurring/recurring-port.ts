import type { DocumentsPort, InvoiceInput } from '../invoices/invoices-port.js'
import type { JournalLineInput, ManualEntriesPort } from '../journal/journal-port.js'
import type {
  EventMakingPort as LedgerEventMakingPort,
  NewEventInput,
} from '../ledger-events/ledger-events-port.js'

// What recurring entries need of the modules whose objects they make: each checks a payload as
// it checks a new one, and makes it inside the run's transaction under all of its own rules.

export type JournalMakingPort = ManualEntriesPort
export type EventMakingPort = LedgerEventMakingPort
export type InvoiceMakingPort = DocumentsPort

/** What a template makes on each of its dates, as it was given; one of the three is set. */
export interface TemplatePayload {
  journalEntry?: { memo?: string | null; reference?: string | null; lines: JournalLineInput[] } | undefined
  ledgerEvent?: Omit<NewEventInput, 'transactionDate' | 'contactId' | 'exchangeRate'> | undefined
  invoice?: InvoiceInput | undefined
}
