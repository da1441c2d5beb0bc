import type { JournalEntryRecord } from './journal-store.js'

// A journal entry as the API answers it (DESIGN 8.4).

export interface JournalLineView {
  id: string
  account: { id: string; name: string }
  debit: string | null
  credit: string | null
  memo: string | null
  contact: { id: string; displayName: string } | null
  taxReturnLine: string | null
}

/**
 * What a JournalEntry is answered from: the entry, and its lines and reversal when the answer
 * already read them (a page of the journal reads them for the whole page at once).
 */
export interface JournalEntryParent {
  organizationId: string
  entry: JournalEntryRecord
  lines?: JournalLineView[]
  reversedByEntryId?: string | null
}

/** A manual entry as createJournalEntry takes it, without its reversal. */
export interface ManualEntryArgs {
  date: string
  memo?: string | null
  reference?: string | null
  lines: readonly JournalLineInput[]
}

export interface JournalLineInput {
  accountId: string
  debit?: string | null
  credit?: string | null
  memo?: string | null
  contactId?: string | null
  taxReturnLine?: string | null
}
