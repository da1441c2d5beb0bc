import type { Executor } from '../../db/schema.js'
import type { Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { InvoiceInput, InvoiceView } from './invoice-view.js'

// What invoices offer other modules: what customers owe past due, for the practice overview.

export interface InvoicesPort {
  /** The part of open invoices past their due date today, in the functional currency at the rates they were posted at. */
  overdueReceivablesMinor(ex: Executor, scope: OrgScope): Promise<bigint>
}

export type { InvoiceInput, InvoiceView } from './invoice-view.js'

/**
 * Documents another module makes inside its own transaction (recurring entries), under every
 * rule createInvoice and approveInvoice apply: contact, lines, accounts, number, lock date.
 */
export interface DocumentsPort {
  /** The checks of a new document alone, nothing written. */
  checkDraft(ex: Executor, scope: OrgScope, input: InvoiceInput): Promise<Result<void>>
  /** A draft with its audit record and feed event; a refusal writes nothing. */
  createDraft(tx: Executor, scope: OrgScope, input: InvoiceInput): Promise<Result<InvoiceView>>
  /** A draft approved and posted; a refusal leaves the caller to roll back. */
  approveDraft(tx: Executor, scope: OrgScope, invoiceId: string): Promise<Result<InvoiceView>>
}
