import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { isUniqueViolation } from '../../db/sql-helpers.js'
import { inTransactionResult } from '../../db/transaction.js'
import { type CalendarDate, calendarDateOf } from '../../kernel/calendar-date.js'
import { fail, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { CategoryRulesPort } from '../category-rules/category-rules-port.js'
import type { ContactsPort } from '../contacts/contacts-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import type { ReceiptRecord, ReceiptsPort } from '../receipts/receipts-port.js'
import { billLineOf, firstWordOf, vendorNamed } from './bill-from-receipt.js'
import type { InvoiceService, InvoiceView } from './invoice-service.js'
import type { InvoiceStore } from './invoice-store.js'

// DESIGN 8.6: a draft bill from what was read on a receipt. Nothing is posted: the draft waits for
// a person to check it and approve it, like any other. A receipt makes one bill.

const vendorCandidatesMax = 50

export class BillFromReceiptService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      access: AccessPort
      receipts: ReceiptsPort
      contacts: ContactsPort
      categoryRules: CategoryRulesPort
      organizations: OrganizationsPort
      store: InvoiceStore
      invoices: InvoiceService
    },
  ) {}

  async createBillFromReceipt(
    principal: Principal,
    organizationId: string,
    args: { receiptId: string; contactId?: string | null; accountId?: string | null },
  ): Promise<Result<InvoiceView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createBillFromReceipt')
    let result: Result<InvoiceView>
    try {
      result = await inTransactionResult(this.deps.db, this.deps.engine, (tx) => this.draft(tx, scope, args))
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      result = fail('DUPLICATE_INVOICE_NUMBER', 'This vendor already has a bill of that number.', 'receiptId')
    }
    if (result.ok || result.error.code !== 'DUPLICATE_INVOICE_NUMBER') return result
    // Asked twice at once, the other request made the bill first: its number is the one taken.
    const made = await this.deps.store.billOfReceipt(this.deps.db, scope, args.receiptId)
    return made ? alreadyBilled(made) : result
  }

  private async draft(
    tx: Executor,
    scope: OrgScope,
    args: { receiptId: string; contactId?: string | null; accountId?: string | null },
  ): Promise<Result<InvoiceView>> {
    const receipt = await this.deps.receipts.findById(tx, scope, args.receiptId)
    if (!receipt) return fail('RECEIPT_NOT_FOUND', 'Receipt not found.', 'receiptId')
    if (receipt.status === 'rejected')
      return fail('RECEIPT_REJECTED', 'This receipt was rejected.', 'receiptId')
    const made = await this.deps.store.billOfReceipt(tx, scope, receipt.id)
    if (made) return alreadyBilled(made)
    const totalMinor = receipt.amountMinor
    if (totalMinor === null) {
      return fail(
        'RECEIPT_NOT_READ',
        'No total has been read from this receipt yet; give it with updateReceipt, or enter the bill with createInvoice.',
        'receiptId',
      )
    }
    if (totalMinor <= 0n) {
      return fail(
        'INVALID_AMOUNT',
        "The receipt's total is not a purchase (a refund is a vendor credit: createInvoice with kind vendor_credit).",
        'receiptId',
      )
    }
    const contactId = args.contactId ?? (await this.vendorOf(tx, scope, receipt))
    if (!contactId) {
      return fail(
        'CONTACT_NOT_FOUND',
        receipt.vendorName
          ? `No active vendor matches "${receipt.vendorName}" as the receipt prints it; give contactId.`
          : 'No vendor was read from this receipt; give contactId.',
        'contactId',
      )
    }
    const accountId = args.accountId ?? (await this.accountOf(tx, scope, receipt, contactId))
    if (!accountId) {
      return fail(
        'ACCOUNT_REQUIRED',
        "No rule names this vendor's category and it has no earlier bill; give accountId (an expense or asset account).",
        'accountId',
      )
    }
    const [organization] = await this.deps.organizations.findByIds([scope.organizationId])
    const issueDate = (receipt.receiptDate ?? calendarDateOf(new Date(receipt.createdAt))) as CalendarDate
    const line = billLineOf(
      { totalMinor, taxMinor: receipt.taxMinor, currency: receipt.currency, date: issueDate },
      organization?.province ?? null,
    )
    const printed = receipt.vendorName ? `${receipt.vendorName}, ` : ''
    return this.deps.invoices.createDraft(
      tx,
      scope,
      {
        kind: 'bill',
        contactId,
        // Receipts carry no bill number that is read; the receipt's own id makes one per vendor.
        number: `R-${receipt.id.slice(-8).toUpperCase()}`,
        issueDate,
        currency: receipt.currency,
        memo: `From receipt ${receipt.filename}`,
        lines: [{ description: `${printed}${receipt.filename}`, quantity: '1', accountId, ...line }],
      },
      receipt.id,
    )
  }

  /** The vendor the receipt names: by the business number it prints, else by its name. */
  private async vendorOf(tx: Executor, scope: OrgScope, receipt: ReceiptRecord): Promise<string | undefined> {
    const firstWord = firstWordOf(receipt.vendorName)
    if (firstWord === '' && !receipt.supplierBusinessNumber) return undefined
    const candidates = await this.deps.contacts.vendorCandidates(
      tx,
      scope,
      { businessNumber: receipt.supplierBusinessNumber, firstWord },
      vendorCandidatesMax,
    )
    return vendorNamed(candidates, {
      vendorName: receipt.vendorName,
      businessNumber: receipt.supplierBusinessNumber,
    })?.id
  }

  /** The account of the rule that categorizes the printed vendor, else that of the vendor's latest bill. */
  private async accountOf(
    tx: Executor,
    scope: OrgScope,
    receipt: ReceiptRecord,
    contactId: string,
  ): Promise<string | undefined> {
    if (receipt.vendorName) {
      const [rule] = await this.deps.categoryRules.categorize(tx, scope, [receipt.vendorName])
      if (rule) return rule.accountId
    }
    return this.deps.store.lastBillAccount(tx, scope, contactId)
  }
}

const alreadyBilled = (invoiceId: string) =>
  fail('RECEIPT_ALREADY_BILLED', `Bill ${invoiceId} was made from this receipt already.`, 'receiptId')
