import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import { addDays, calendarDateOf } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { currencyDecimals, parseCurrency } from '../../kernel/currency.js'
import { convertMinor, storedExchangeRate } from '../../kernel/exchange-rate.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { formatMoney, parsePositiveMoney } from '../../kernel/money.js'
import { type Page, pageOf, parsePageRequest } from '../../kernel/page.js'
import { RequestBatches } from '../../kernel/request-batches.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import { type AccountRecord, type AccountsPort, exchangeGainOrLoss } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { ContactRecord, ContactsPort } from '../contacts/contacts-port.js'
import type { ExchangeRatesPort } from '../exchange-rates/exchange-rates-port.js'
import type { JournalPort } from '../journal/journal-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import type { TaxCodesPort } from '../tax-codes/tax-codes-port.js'
import {
  type AgingBucket,
  agingBucketOf,
  type Conversion,
  clearedFunctionalMinor,
  contactTypeOf,
  type InvoiceKind,
  type InvoiceStatus,
  isCredit,
  isInvoiceKind,
  isInvoiceStatus,
  isPosted,
  labelOf,
  nextNumber,
  numberPrefixOf,
  type PaymentConversion,
  type PostingAccounts,
  type PricedLine,
  planDocumentPosting,
  planPayment,
  priceLines,
  sequenceOf,
  signedMinor,
  statusAfterSettling,
  totalsOf,
} from './invoice.js'
import type {
  InvoiceFields,
  InvoicePaymentRecord,
  InvoiceRecord,
  InvoiceSort,
  InvoiceStore,
} from './invoice-store.js'
import type { InvoiceInput, InvoiceView } from './invoice-view.js'
import type { DocumentsPort, InvoicesPort } from './invoices-port.js'

// Invoices, bills, credit notes and their payments (DESIGN 8.6): one database transaction per use
// case, each checking the year-end close and the lock date inside it as a journal write does. A
// document is written as a draft, posted when approved and reversed when voided; its payments are
// made one at a time per document, so however many race, none pays past what is due.

export type { InvoiceInput, InvoiceView } from './invoice-view.js'

export interface AgedRow {
  contactId: string | null
  displayName: string
  buckets: Record<AgingBucket, bigint>
  totalMinor: bigint
}

export interface AgedReport {
  asOf: string
  currency: string
  rows: AgedRow[]
  totals: AgedRow
}

export interface StatementLine {
  date: string
  kind: InvoiceKind | 'payment'
  number: string
  amountMinor: bigint
  balanceMinor: bigint
}

export interface ContactStatement {
  currency: string
  openingBalanceMinor: bigint
  lines: StatementLine[]
  closingBalanceMinor: bigint
}

const sortFields: readonly InvoiceSort[] = ['issueDate', 'dueDate', 'number', 'total', 'createdAt']
const receivableKinds: readonly InvoiceKind[] = ['invoice', 'credit_note']
const payableKinds: readonly InvoiceKind[] = ['bill', 'vendor_credit']
const mealsAndEntertainmentGifi = '8523'
/** The buckets in the order agedSums numbers them. */
const agingBucketsInOrder: readonly AgingBucket[] = [
  'current',
  'days1To30',
  'days31To60',
  'days61To90',
  'over90',
]
const emptyBuckets = (): Record<AgingBucket, bigint> => ({
  current: 0n,
  days1To30: 0n,
  days31To60: 0n,
  days61To90: 0n,
  over90: 0n,
})

export class InvoiceService implements InvoicesPort, DocumentsPort {
  /** Per request and organization, the contacts whose outstanding is being read. */
  private readonly outstandingBatches = new RequestBatches((scope: OrgScope, contactIds: string[]) =>
    this.readOutstanding(scope, contactIds),
  )

  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      access: AccessPort
      accounts: AccountsPort
      contacts: ContactsPort
      organizations: OrganizationsPort
      journal: JournalPort
      taxCodes: TaxCodesPort
      rates: ExchangeRatesPort
      audit: AuditRecorder
      store: InvoiceStore
    },
  ) {}

  /** DESIGN 8.6: a draft, numbered INV-0001 or CN-0001 in its series when no number is given. */
  async createInvoice(
    principal: Principal,
    organizationId: string,
    input: InvoiceInput,
  ): Promise<Result<InvoiceView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createInvoice')
    return inTransactionResult(this.deps.db, this.deps.engine, (tx) => this.createDraft(tx, scope, input))
  }

  /** A draft written in the caller's transaction; a bill made from a receipt names it. */
  async createDraft(
    tx: Executor,
    scope: OrgScope,
    input: InvoiceInput,
    receiptId?: string,
  ): Promise<Result<InvoiceView>> {
    const fields = await this.checkedFields(tx, scope, input, undefined)
    if (!fields.ok) return fields
    const id = newId()
    const createdAt = this.deps.clock.now().toISOString()
    await this.deps.store.insert(
      tx,
      scope,
      { ...fields.value.fields, id, createdAt, ...(receiptId ? { receiptId } : {}) },
      fields.value.lines,
    )
    const view = await this.viewOf(tx, scope, id)
    await this.record(tx, scope, 'invoice.created', null, view)
    return ok(view)
  }

  /** DESIGN 8.6: a draft replaced by the input; its kind stays, and its number unless one is given. */
  async updateInvoice(
    principal: Principal,
    organizationId: string,
    invoiceId: string,
    input: InvoiceInput,
  ): Promise<Result<InvoiceView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'updateInvoice')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const current = await this.deps.store.lock(tx, scope, invoiceId)
      if (!current) return invoiceNotFound()
      if (current.status !== 'draft') return notDraft(current)
      if (input.kind !== current.kind) {
        return fail(
          'INVALID_INVOICE_KIND',
          `A draft keeps its kind (${current.kind}); create a new document of kind ${input.kind}.`,
          'input.kind',
        )
      }
      const before = await this.viewOf(tx, scope, invoiceId)
      const fields = await this.checkedFields(tx, scope, input, current)
      if (!fields.ok) return fields
      const open = await this.deps.organizations.checkOpen(tx, scope, [current.issueDate], 'input.issueDate')
      if (!open.ok) return open
      const updatedAt = this.deps.clock.now().toISOString()
      await this.deps.store.replaceDraft(
        tx,
        scope,
        invoiceId,
        fields.value.fields,
        fields.value.lines,
        updatedAt,
      )
      const view = await this.viewOf(tx, scope, invoiceId)
      await this.record(tx, scope, 'invoice.updated', before, view)
      return ok(view)
    })
  }

  /** DESIGN 8.6: draft to open, posting the document on its issue date. */
  async approveInvoice(
    principal: Principal,
    organizationId: string,
    invoiceId: string,
  ): Promise<Result<InvoiceView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'approveInvoice')
    return inTransactionResult(this.deps.db, this.deps.engine, (tx) =>
      this.approveDraft(tx, scope, invoiceId),
    )
  }

  /** DocumentsPort: every check of createInvoice, nothing written. */
  async checkDraft(ex: Executor, scope: OrgScope, input: InvoiceInput): Promise<Result<void>> {
    const fields = await this.checkedFields(ex, scope, input, undefined)
    return fields.ok ? ok(undefined) : fields
  }

  /** A draft approved in the caller's transaction: posted on its issue date, then open. */
  async approveDraft(tx: Executor, scope: OrgScope, invoiceId: string): Promise<Result<InvoiceView>> {
    const current = await this.deps.store.lock(tx, scope, invoiceId)
    if (!current) return invoiceNotFound()
    if (current.status !== 'draft') return notDraft(current)
    const open = await this.deps.organizations.checkOpen(tx, scope, [current.issueDate], 'invoiceId')
    if (!open.ok) return open
    const lines = (await this.deps.store.linesOf(tx, scope, [invoiceId])).get(invoiceId) ?? []
    // An account may have been deactivated since the draft was written.
    const usable = await this.lineAccounts(tx, scope, current.kind, lines)
    if (!usable.ok) return usable
    const accounts = await this.postingAccounts(tx, scope, current.kind, lines)
    if (!accounts.ok) return accounts
    const conversion = await this.conversionOn(tx, scope, current.currency, current.issueDate)
    if (!conversion.ok) return conversion
    const plan = planDocumentPosting(current, lines, accounts.value, conversion.value?.conversion)
    if (!plan) return nothingToPost(conversion.value?.rate)
    const entryId = newId()
    await this.deps.journal.postAdjustment(tx, scope, plan, entryId, 'invoice')
    const updatedAt = this.deps.clock.now().toISOString()
    await this.deps.store.setPosted(tx, scope, invoiceId, {
      status: 'open',
      journalEntryId: entryId,
      ...(conversion.value ? { exchangeRate: conversion.value.rate } : {}),
      updatedAt,
    })
    const view = await this.viewOf(tx, scope, invoiceId)
    await this.record(tx, scope, 'invoice.approved', { status: current.status }, view)
    return ok(view)
  }

  /**
   * DESIGN 8.6: an open document that nothing has settled is reversed on its own date, so it
   * vanishes from every period; a draft, never posted, is voided without an entry.
   */
  async voidInvoice(
    principal: Principal,
    organizationId: string,
    invoiceId: string,
  ): Promise<Result<InvoiceView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'voidInvoice')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const current = await this.deps.store.lock(tx, scope, invoiceId)
      if (!current) return invoiceNotFound()
      if (current.status === 'void') {
        return fail(
          'INVOICE_NOT_OPEN',
          `${labelOf(current.kind)} ${current.number} is already void.`,
          'invoiceId',
        )
      }
      if (current.amountPaidMinor > 0n) {
        return fail(
          'INVOICE_HAS_PAYMENTS',
          `${labelOf(current.kind)} ${current.number} has payments or credits applied; only an unsettled document is voided.`,
          'invoiceId',
        )
      }
      const open = await this.deps.organizations.checkOpen(tx, scope, [current.issueDate], 'invoiceId')
      if (!open.ok) return open
      const updatedAt = this.deps.clock.now().toISOString()
      if (current.journalEntryId !== null) {
        const reversalId = newId()
        const written = await this.deps.journal.reverseEntry(
          tx,
          scope,
          null,
          current.journalEntryId,
          reversalId,
        )
        if (!written) throw new Error(`the reversal of invoice ${invoiceId} was not written`)
        await this.deps.store.setPosted(tx, scope, invoiceId, {
          status: 'void',
          voidEntryId: reversalId,
          updatedAt,
        })
      } else {
        await this.deps.store.setPosted(tx, scope, invoiceId, { status: 'void', updatedAt })
      }
      const view = await this.viewOf(tx, scope, invoiceId)
      await this.record(tx, scope, 'invoice.voided', { status: current.status }, view)
      return ok(view)
    })
  }

  /** DESIGN 8.6: a payment posted against the control account; never more than what is due. */
  async recordInvoicePayment(
    principal: Principal,
    organizationId: string,
    args: { invoiceId: string; amount: string; date: string; paymentAccountId: string },
  ): Promise<Result<InvoiceView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'recordInvoicePayment')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const current = await this.deps.store.lock(tx, scope, args.invoiceId)
      if (!current) return invoiceNotFound()
      if (!isPosted(current.status)) return notPayable(current)
      const amount = parsePositiveMoney(args.amount, currencyDecimals(current.currency), 'amount')
      if (!amount.ok) return amount
      if (args.date < current.issueDate) {
        return fail(
          'PAYMENT_BEFORE_ISSUE_DATE',
          `A payment is dated on or after the document's issue date (${current.issueDate}); got ${args.date}.`,
          'date',
        )
      }
      const due = current.totalMinor - current.amountPaidMinor
      if (amount.value > due) return exceedsDue(current, amount.value)
      const account = await this.paymentAccount(tx, scope, args.paymentAccountId)
      if (!account.ok) return account
      const open = await this.deps.organizations.checkOpen(tx, scope, [args.date], 'date')
      if (!open.ok) return open
      const control = await this.controlAccount(tx, scope, current.kind)
      if (!control.ok) return control
      const conversion = await this.paymentConversion(tx, scope, current, args.date, amount.value)
      if (!conversion.ok) return conversion
      const plan = planPayment(
        current,
        {
          date: args.date,
          amountMinor: amount.value,
          paymentAccountId: account.value.id,
          controlAccountId: control.value,
        },
        conversion.value?.conversion,
      )
      const entryId = newId()
      await this.deps.journal.postAdjustment(tx, scope, plan, entryId, 'payment')
      const payment: InvoicePaymentRecord = {
        id: newId(),
        invoiceId: current.id,
        kind: 'payment',
        date: args.date,
        amountMinor: amount.value,
        paymentAccountId: account.value.id,
        creditNoteId: null,
        journalEntryId: entryId,
        eventId: null,
        exchangeRate: conversion.value?.rate ?? null,
      }
      await this.settle(tx, scope, current, payment)
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'payment.recorded',
          entityType: 'invoice_payment',
          entityId: payment.id,
          before: null,
          after: payment,
        },
      ])
      return ok(await this.viewOf(tx, scope, current.id))
    })
  }

  /**
   * DESIGN 8.6: part or all of a credit note (or a vendor credit) set against an invoice (or a
   * bill) of the same contact. Both were posted against the contact's control account already, so
   * the application moves no money and posts nothing: it settles both documents, dated today.
   */
  async applyCreditNote(
    principal: Principal,
    organizationId: string,
    args: { creditNoteId: string; invoiceId: string; amount: string },
  ): Promise<Result<InvoiceView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'applyCreditNote')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      // Two documents held in one order, so two applications between them never wait on each other.
      const [first, second] = [args.creditNoteId, args.invoiceId].sort()
      const held = new Map<string, InvoiceRecord | undefined>()
      for (const id of [first, second] as string[]) held.set(id, await this.deps.store.lock(tx, scope, id))
      const credit = held.get(args.creditNoteId)
      const target = held.get(args.invoiceId)
      if (!credit) return invoiceNotFound('creditNoteId')
      if (!target) return invoiceNotFound()
      const checked = applicationProblem(credit, target)
      if (checked) return checked
      const currencies = currencyProblem(credit, target)
      if (currencies) return currencies
      const amount = parsePositiveMoney(args.amount, currencyDecimals(target.currency), 'amount')
      if (!amount.ok) return amount
      const left = credit.totalMinor - credit.amountPaidMinor
      if (amount.value > left) {
        return fail(
          'CREDIT_EXCEEDS_REMAINING',
          `${labelOf(credit.kind)} ${credit.number} has ${formatMoney(left, currencyDecimals(credit.currency))} left to apply; got ${args.amount}.`,
          'amount',
        )
      }
      if (amount.value > target.totalMinor - target.amountPaidMinor) return exceedsDue(target, amount.value)
      // Dated today, or the later document's issue date when that is still to come.
      const date = [calendarDateOf(this.deps.clock.now()), credit.issueDate, target.issueDate]
        .sort()
        .at(-1) as string
      const open = await this.deps.organizations.checkOpen(tx, scope, [date], 'creditNoteId')
      if (!open.ok) return open
      const application: InvoicePaymentRecord = {
        id: newId(),
        invoiceId: target.id,
        kind: 'credit',
        date,
        amountMinor: amount.value,
        paymentAccountId: null,
        creditNoteId: credit.id,
        journalEntryId: null,
        eventId: null,
      }
      await this.settle(tx, scope, target, application)
      await this.settle(tx, scope, credit, application)
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'credit_note.applied',
          entityType: 'invoice_payment',
          entityId: application.id,
          before: null,
          after: application,
        },
      ])
      return ok(await this.viewOf(tx, scope, target.id))
    })
  }

  async invoice(
    principal: Principal,
    organizationId: string,
    invoiceId: string,
  ): Promise<InvoiceView | null> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'invoice')
    const [found] = await this.viewsOf(this.deps.db, scope, [invoiceId])
    return found ?? null
  }

  /** DESIGN 8.6: the documents by kind, statuses, contact, due date and text, a page at a time. */
  async listInvoices(
    principal: Principal,
    organizationId: string,
    args: {
      kind?: string | null
      status?: readonly string[] | null
      contactId?: string | null
      dueBefore?: string | null
      search?: string | null
      limit?: number | null
      offset?: number | null
      sortBy?: string | null
      sortDir?: string | null
    },
  ): Promise<Result<Page<InvoiceView>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listInvoices')
    const page = parsePageRequest(args, sortFields, { sortBy: 'issueDate', sortDir: 'asc' })
    if (!page.ok) return page
    const kind = args.kind ?? undefined
    if (kind !== undefined && !isInvoiceKind(kind)) return invalidKind(kind, 'kind')
    const unknown = args.status?.find((status) => !isInvoiceStatus(status))
    if (unknown !== undefined) {
      return fail(
        'INVALID_STATUS',
        `status must be among draft, open, partially_paid, paid, void; got ${unknown}.`,
        'status',
      )
    }
    const found = await this.deps.store.page(
      this.deps.db,
      scope,
      {
        ...(kind !== undefined ? { kind } : {}),
        ...(args.status ? { statuses: args.status as InvoiceStatus[] } : {}),
        ...(args.contactId ? { contactId: args.contactId } : {}),
        ...(args.dueBefore ? { dueBefore: args.dueBefore } : {}),
        ...(page.value.search !== undefined ? { search: page.value.search } : {}),
      },
      page.value,
    )
    const views = await this.viewsOf(
      this.deps.db,
      scope,
      found.items.map((item) => item.id),
    )
    return ok(pageOf(views, found.totalCount, page.value))
  }

  /**
   * DESIGN 8.6: what a contact owes, or is owed, on its open documents (credits count against the
   * rest), and the part of it past due today. A vendor's are what the organization owes it. The
   * contacts of one answer (a page of listContacts) are read together, in one query.
   */
  async contactOutstanding(
    principal: Principal,
    organizationId: string,
    contactId: string,
    field: 'Contact.outstanding' | 'Contact.overdue',
  ): Promise<{ outstandingMinor: bigint; overdueMinor: bigint; currency: string }> {
    const scope = await this.deps.access.authorize(principal, organizationId, field)
    const found = await this.outstandingBatches.load(principal, scope, contactId)
    const currency = await this.deps.organizations.functionalCurrencyOf(organizationId)
    return { ...(found ?? { outstandingMinor: 0n, overdueMinor: 0n }), currency }
  }

  async overdueReceivablesMinor(ex: Executor, scope: OrgScope): Promise<bigint> {
    const today = calendarDateOf(this.deps.clock.now())
    const [overdue, functional] = await Promise.all([
      this.deps.store.overdueInvoices(ex, scope, today),
      this.deps.organizations.functionalCurrencyOf(scope.organizationId),
    ])
    return overdue.foreign.reduce(
      (sum, document) => sum + dueInFunctional(document, functional),
      overdue.functionalMinor,
    )
  }

  private async readOutstanding(
    scope: OrgScope,
    contactIds: string[],
  ): Promise<Map<string, { outstandingMinor: bigint; overdueMinor: bigint }>> {
    const today = calendarDateOf(this.deps.clock.now())
    const functional = await this.deps.organizations.functionalCurrencyOf(scope.organizationId)
    const byContact = new Map<string, { outstandingMinor: bigint; overdueMinor: bigint }>()
    for (const document of await this.deps.store.openOfContacts(this.deps.db, scope, contactIds)) {
      const sums = byContact.get(document.contactId) ?? { outstandingMinor: 0n, overdueMinor: 0n }
      // A foreign-currency document counts at the rate it was posted at, as the books hold it.
      const due = signedMinor(document.kind, dueInFunctional(document, functional))
      sums.outstandingMinor += due
      if (!isCredit(document.kind) && document.dueDate < today) sums.overdueMinor += due
      byContact.set(document.contactId, sums)
    }
    return byContact
  }

  /** DESIGN 8.6: what is due at `asOf` per contact, by days past due; today when no date is given. */
  async agedReport(
    principal: Principal,
    organizationId: string,
    side: 'receivables' | 'payables',
    asOfArg: string | null | undefined,
  ): Promise<AgedReport> {
    const operation = side === 'receivables' ? 'agedReceivables' : 'agedPayables'
    const scope = await this.deps.access.authorize(principal, organizationId, operation)
    const asOf = asOfArg ?? calendarDateOf(this.deps.clock.now())
    const kinds = side === 'receivables' ? receivableKinds : payableKinds
    const lateSince = [0, 30, 60, 90].map((days) => addDays(asOf, -days)) as [string, string, string, string]
    const [sums, foreign, currency] = await Promise.all([
      this.deps.store.agedSums(this.deps.db, scope, { kinds, asOf, lateSince }),
      this.deps.store.postedAsOf(this.deps.db, scope, { kinds, asOf, foreignOnly: true }),
      this.deps.organizations.functionalCurrencyOf(organizationId),
    ])
    const byContact = new Map<string, AgedRow>()
    const totals: AgedRow = { contactId: null, displayName: 'Total', buckets: emptyBuckets(), totalMinor: 0n }
    const add = (contactId: string, bucket: AgingBucket, due: bigint) => {
      const row = byContact.get(contactId) ?? {
        contactId,
        displayName: '',
        buckets: emptyBuckets(),
        totalMinor: 0n,
      }
      row.buckets[bucket] += due
      row.totalMinor += due
      totals.buckets[bucket] += due
      totals.totalMinor += due
      byContact.set(contactId, row)
    }
    for (const [contactId, buckets] of sums) {
      for (const [i, due] of buckets.entries()) {
        if (due !== 0n) add(contactId, agingBucketsInOrder[i] ?? 'over90', due)
      }
    }
    // A foreign-currency document counts at the rate it was posted at, less what its payments cleared.
    for (const document of foreign) {
      const due = signedMinor(
        document.kind,
        dueInFunctional({ ...document, amountPaidMinor: document.settledMinor }, currency),
      )
      if (due !== 0n) add(document.contactId, agingBucketOf(document.dueDate, asOf), due)
    }
    const names = await this.deps.contacts.displayNamesOf(this.deps.db, scope, [...byContact.keys()])
    for (const [contactId, row] of byContact) row.displayName = names.get(contactId) ?? ''
    const rows = [...byContact.values()].sort(
      (a, b) =>
        a.displayName.localeCompare(b.displayName) || (a.contactId ?? '').localeCompare(b.contactId ?? ''),
    )
    return { asOf, currency, rows, totals }
  }

  /**
   * DESIGN 8.6: a contact's documents and payments in the period with the running balance, from
   * what the contact owed (or was owed) before it. Credits applied move nothing: the credit note
   * already counted when it was issued.
   */
  async contactStatement(
    principal: Principal,
    organizationId: string,
    args: { contactId: string; startDate: string; endDate: string },
  ): Promise<Result<ContactStatement>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'contactStatement')
    if (args.startDate > args.endDate) {
      return fail('INVALID_DATE_RANGE', 'startDate must not be after endDate.', 'startDate')
    }
    const [contact] = await this.deps.contacts.contactsByIds(this.deps.db, scope, [args.contactId])
    if (!contact) return fail('CONTACT_NOT_FOUND', 'Contact not found.', 'contactId')
    const documents = await this.deps.store.postedAsOf(this.deps.db, scope, {
      kinds: [...receivableKinds, ...payableKinds],
      asOf: args.endDate,
      contactId: contact.id,
    })
    const payments = await this.deps.store.contactPayments(this.deps.db, scope, contact.id, args.endDate)
    const currency = await this.deps.organizations.functionalCurrencyOf(organizationId)
    // In the functional currency: a foreign document and its payments at the rate it was posted at.
    const movements = [
      ...documents.map((document) => ({
        date: document.issueDate,
        kind: document.kind as StatementLine['kind'],
        number: document.number,
        amountMinor: signedMinor(document.kind, issueRateConversion(document, currency)(document.totalMinor)),
      })),
      ...payments.map((payment) => ({
        date: payment.date,
        kind: 'payment' as const,
        number: payment.number,
        amountMinor: -signedMinor(
          payment.documentKind,
          issueRateConversion(
            { currency: payment.currency, exchangeRate: payment.documentRate },
            currency,
          )(payment.amountMinor),
        ),
      })),
    ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    let balance = 0n
    const lines: StatementLine[] = []
    let openingBalanceMinor = 0n
    for (const movement of movements) {
      balance += movement.amountMinor
      if (movement.date < args.startDate) openingBalanceMinor = balance
      else lines.push({ ...movement, balanceMinor: balance })
    }
    return ok({ currency, openingBalanceMinor, lines, closingBalanceMinor: balance })
  }

  /** The input checked whole: dates, currency, contact, accounts, lines and number, nothing written. */
  private async checkedFields(
    tx: Executor,
    scope: OrgScope,
    input: InvoiceInput,
    current: InvoiceRecord | undefined,
  ): Promise<Result<{ fields: InvoiceFields; lines: PricedLine[] }>> {
    if (!isInvoiceKind(input.kind)) return invalidKind(input.kind, 'input.kind')
    const kind = input.kind
    const dueDate = input.dueDate ?? input.issueDate
    if (dueDate < input.issueDate) {
      return fail(
        'INVALID_DUE_DATE',
        `The due date (${dueDate}) is before the issue date (${input.issueDate}).`,
        'input.dueDate',
      )
    }
    const functional = await this.deps.organizations.functionalCurrency(tx, scope)
    const currency = input.currency == null ? functional : parseCurrency(input.currency, 'input.currency')
    if (typeof currency !== 'string' && !currency.ok) return currency
    const code = typeof currency === 'string' ? currency : currency.value
    const memo = input.memo ?? ''
    if (memo.length > limits.memoLengthMax || memo.includes('\u0000')) {
      return fail(
        'INVALID_MEMO',
        `memo must be at most ${limits.memoLengthMax} characters, without NUL.`,
        'input.memo',
      )
    }
    const lines = priceLines(input.lines, code, input.issueDate)
    if (!lines.ok) return lines
    const totals = totalsOf(lines.value)
    if (totals.totalMinor <= 0n) {
      return fail('INVALID_AMOUNT', "A document's total must be greater than zero.", 'input.lines')
    }
    const contact = await this.contactFor(tx, scope, kind, input.contactId)
    if (!contact.ok) return contact
    const accounts = await this.lineAccounts(tx, scope, kind, lines.value)
    if (!accounts.ok) return accounts
    const open = await this.deps.organizations.checkOpen(tx, scope, [input.issueDate], 'input.issueDate')
    if (!open.ok) return open
    const number = await this.numberFor(tx, scope, kind, contact.value.id, input.number, current)
    if (!number.ok) return number
    return ok({
      fields: {
        kind,
        number: number.value,
        contactId: contact.value.id,
        issueDate: input.issueDate,
        dueDate,
        currency: code,
        memo,
        ...totals,
      },
      lines: lines.value,
    })
  }

  private async contactFor(
    tx: Executor,
    scope: OrgScope,
    kind: InvoiceKind,
    contactId: string,
  ): Promise<Result<ContactRecord>> {
    const [contact] = await this.deps.contacts.contactsByIds(tx, scope, [contactId])
    if (!contact) return fail('CONTACT_NOT_FOUND', 'Contact not found.', 'input.contactId')
    const wanted = contactTypeOf(kind)
    if (contact.contactType !== wanted) {
      return fail(
        'CONTACT_TYPE_MISMATCH',
        `A document of kind ${kind} is for a ${wanted}; "${contact.displayName}" is a ${contact.contactType}.`,
        'input.contactId',
      )
    }
    return ok(contact)
  }

  /** A customer's lines are sales (income accounts); a vendor's, purchases (expense or asset accounts). */
  private async lineAccounts(
    tx: Executor,
    scope: OrgScope,
    kind: InvoiceKind,
    lines: readonly PricedLine[],
  ): Promise<Result<Map<string, AccountRecord>>> {
    const accounts = new Map(
      (
        await this.deps.accounts.accountsByIds(
          tx,
          scope,
          lines.map((line) => line.accountId),
        )
      ).map((a) => [a.id, a]),
    )
    const sale = contactTypeOf(kind) === 'customer'
    for (const [index, line] of lines.entries()) {
      const at = `input.lines[${index}].accountId`
      const account = accounts.get(line.accountId)
      if (!account) return fail('ACCOUNT_NOT_FOUND', `lines[${index}]: account not found.`, at)
      if (!account.active) {
        return fail('ACCOUNT_INACTIVE', `lines[${index}]: the account "${account.name}" is inactive.`, at)
      }
      const fits = sale
        ? account.classification === 'revenue'
        : (account.classification === 'expense' || account.classification === 'asset') &&
          account.accountType !== 'accounts_receivable' &&
          account.accountType !== 'bank' &&
          account.accountType !== 'credit_card'
      if (!fits) {
        return fail(
          'ACCOUNT_TYPE_MISMATCH',
          `lines[${index}]: a ${kind}'s line goes to ${sale ? 'an income' : 'an expense or asset'} account; "${account.name}" is ${account.accountType}.`,
          at,
        )
      }
    }
    return ok(accounts)
  }

  /**
   * The number given, unique in its series (a vendor's, for bills), or the next of the series.
   * The control account is held first (PostgreSQL), so two documents never take the same number.
   */
  private async numberFor(
    tx: Executor,
    scope: OrgScope,
    kind: InvoiceKind,
    contactId: string,
    given: string | null | undefined,
    current: InvoiceRecord | undefined,
  ): Promise<Result<string>> {
    const control = await this.controlAccount(tx, scope, kind)
    if (!control.ok) return control
    await this.deps.accounts.lockAccount(tx, scope, control.value)
    const prefix = numberPrefixOf(kind)
    const wanted = given ?? current?.number
    if (wanted === undefined || wanted === null) {
      if (prefix === null) {
        return fail(
          'INVALID_INVOICE_NUMBER',
          `A ${kind} carries the vendor's own number; give it.`,
          'input.number',
        )
      }
      const taken = await this.deps.store.highestNumbers(tx, scope, kind, prefix)
      const highest = taken.map((number) => sequenceOf(prefix, number)).find((n) => n !== null) ?? 0
      return ok(nextNumber(prefix, highest))
    }
    if (wanted.trim() === '' || wanted.length > 50 || wanted.includes('\u0000')) {
      return fail('INVALID_INVOICE_NUMBER', 'number must be 1 to 50 characters, without NUL.', 'input.number')
    }
    const exceptId = current?.id
    const clash = await this.deps.store.numberTaken(tx, scope, {
      kind,
      contactId,
      number: wanted,
      ...(exceptId !== undefined ? { exceptId } : {}),
    })
    if (clash) {
      return fail(
        'DUPLICATE_INVOICE_NUMBER',
        `${labelOf(kind)} number ${wanted} is already taken${prefix === null ? ' for this vendor' : ''}.`,
        'input.number',
      )
    }
    return ok(wanted)
  }

  async controlAccount(tx: Executor, scope: OrgScope, kind: InvoiceKind): Promise<Result<string>> {
    const role = contactTypeOf(kind) === 'customer' ? 'accounts_receivable' : 'accounts_payable'
    const account = await this.deps.accounts.accountByRole(tx, scope, role)
    if (!account) {
      return fail(
        'ACCOUNT_NOT_FOUND',
        `This organization has no ${role === 'accounts_receivable' ? 'Accounts Receivable' : 'Accounts Payable'} account.`,
        'invoiceId',
      )
    }
    return ok(account.id)
  }

  private async postingAccounts(
    tx: Executor,
    scope: OrgScope,
    kind: InvoiceKind,
    lines: readonly PricedLine[],
  ): Promise<Result<PostingAccounts>> {
    const control = await this.controlAccount(tx, scope, kind)
    if (!control.ok) return control
    const [payable, recoverable] = await Promise.all([
      this.deps.accounts.accountByRole(tx, scope, 'gst_hst_payable'),
      this.deps.accounts.accountByRole(tx, scope, 'taxes_recoverable'),
    ])
    if (lines.some((line) => line.taxMinor > 0n) && (!payable || !recoverable)) {
      return fail(
        'TAX_ACCOUNT_NOT_FOUND',
        `This organization has no ${payable ? 'Taxes Recoverable' : 'GST/HST Payable'} account for the lines' tax.`,
        'invoiceId',
      )
    }
    const accounts = await this.deps.accounts.accountsByIds(
      tx,
      scope,
      lines.map((line) => line.accountId),
    )
    const keyed = accounts.filter((account) => account.taxCodeId !== null)
    const codes =
      keyed.length > 0
        ? await this.deps.taxCodes.findByIds(tx, [...new Set(keyed.map((a) => a.taxCodeId as string))])
        : []
    const meals = new Set(
      codes.filter((code) => code.code === mealsAndEntertainmentGifi).map((code) => code.id),
    )
    return ok({
      controlAccountId: control.value,
      taxPayableId: payable?.id ?? '',
      taxRecoverableId: recoverable?.id ?? '',
      mealsAccountIds: new Set(keyed.filter((a) => meals.has(a.taxCodeId as string)).map((a) => a.id)),
    })
  }

  /**
   * The conversion of a document in another currency on a day (DESIGN 8.6): the rate table's rate
   * of that day, else the latest before it, as an event's is; undefined in the functional currency.
   */
  private async conversionOn(
    tx: Executor,
    scope: OrgScope,
    currency: string,
    date: string,
  ): Promise<Result<{ conversion: Conversion; rate: string } | undefined>> {
    const functional = await this.deps.organizations.functionalCurrency(tx, scope)
    if (currency === functional) return ok(undefined)
    const tables = await this.deps.rates.tablesFor(tx, scope, [{ currency, date }])
    const rate = tables.get(currency)?.rateOn(date)
    if (!rate) {
      return fail(
        'EXCHANGE_RATE_MISSING',
        `No ${currency} rate on or before ${date}: add one with setExchangeRates.`,
        'exchangeRate',
      )
    }
    const toFunctional = (minor: bigint) =>
      convertMinor(minor, currencyDecimals(currency), rate, currencyDecimals(functional))
    return ok({ conversion: { functionalCurrency: functional, toFunctional }, rate: rate.text })
  }

  /**
   * A foreign-currency document's payment: made at the rate of its date, clearing the control
   * account at the rate the document was posted at, the difference to "Exchange Gain or Loss"
   * (found, or created the first time there is one).
   */
  private async paymentConversion(
    tx: Executor,
    scope: OrgScope,
    document: InvoiceRecord,
    date: string,
    amountMinor: bigint,
  ): Promise<Result<{ conversion: PaymentConversion; rate: string } | undefined>> {
    const paid = await this.conversionOn(tx, scope, document.currency, date)
    if (!paid.ok) return paid
    if (paid.value === undefined) return ok(undefined)
    const clearedMinor = clearedFunctionalMinor(
      issueRateConversion(document, paid.value.conversion.functionalCurrency),
      document.amountPaidMinor,
      amountMinor,
    )
    let exchangeAccountId = ''
    if (paid.value.conversion.toFunctional(amountMinor) !== clearedMinor) {
      exchangeAccountId = (await this.deps.accounts.namedAccountOrCreate(tx, scope, exchangeGainOrLoss)).id
    }
    return ok({
      conversion: { ...paid.value.conversion, clearedMinor, exchangeAccountId },
      rate: paid.value.rate,
    })
  }

  private async paymentAccount(
    tx: Executor,
    scope: OrgScope,
    accountId: string,
  ): Promise<Result<AccountRecord>> {
    const [account] = await this.deps.accounts.accountsByIds(tx, scope, [accountId])
    if (!account) return fail('PAYMENT_ACCOUNT_NOT_FOUND', 'Payment account not found.', 'paymentAccountId')
    if (account.accountType !== 'bank' && account.accountType !== 'credit_card') {
      return fail(
        'PAYMENT_ACCOUNT_NOT_ALLOWED',
        `A payment goes through a bank or credit card account; "${account.name}" is ${account.accountType}.`,
        'paymentAccountId',
      )
    }
    if (!account.active) {
      return fail('ACCOUNT_INACTIVE', `The account "${account.name}" is inactive.`, 'paymentAccountId')
    }
    return ok(account)
  }

  /** Adds a payment or credit to what settled the document, and its status follows. */
  async settle(
    tx: Executor,
    scope: OrgScope,
    document: InvoiceRecord,
    payment: InvoicePaymentRecord,
  ): Promise<void> {
    const createdAt = this.deps.clock.now().toISOString()
    if (payment.invoiceId === document.id)
      await this.deps.store.insertPayment(tx, scope, { ...payment, createdAt })
    const amountPaidMinor = document.amountPaidMinor + payment.amountMinor
    const status = statusAfterSettling(document.totalMinor, amountPaidMinor)
    await this.deps.store.setSettled(tx, scope, document.id, {
      amountPaidMinor,
      amountDueMinor: document.totalMinor - amountPaidMinor,
      status,
      updatedAt: createdAt,
    })
    if (status === 'paid') {
      await this.record(
        tx,
        scope,
        'invoice.paid',
        { status: document.status },
        { id: document.id, status, amountPaidMinor },
      )
    }
  }

  private async record(
    tx: Executor,
    scope: OrgScope,
    operation: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    const entityId = (after as { id: string }).id
    await this.deps.audit.record(tx, scope, [{ operation, entityType: 'invoice', entityId, before, after }])
  }

  async viewOf(ex: Executor, scope: OrgScope, id: string): Promise<InvoiceView> {
    const [view] = await this.viewsOf(ex, scope, [id])
    if (!view) throw new Error(`invoice ${id} was just written and is missing`)
    return view
  }

  /** Documents with their lines, payments and contacts, read for all of them at once, in the order asked. */
  async viewsOf(ex: Executor, scope: OrgScope, ids: readonly string[]): Promise<InvoiceView[]> {
    const records = await this.deps.store.findByIds(ex, scope, ids)
    if (records.length === 0) return []
    const found = records.map((record) => record.id)
    const [lines, payments, contacts] = await Promise.all([
      this.deps.store.linesOf(ex, scope, found),
      this.deps.store.paymentsOf(ex, scope, found),
      this.deps.contacts.contactsByIds(ex, scope, [...new Set(records.map((record) => record.contactId))]),
    ])
    const contactById = new Map(contacts.map((contact) => [contact.id, contact]))
    const byId = new Map(records.map((record) => [record.id, record]))
    return ids.flatMap((id) => {
      const record = byId.get(id)
      if (!record) return []
      const contact = contactById.get(record.contactId)
      return [
        {
          ...record,
          organizationId: scope.organizationId,
          lines: lines.get(id) ?? [],
          payments: payments.get(id) ?? [],
          contact: { id: record.contactId, displayName: contact?.displayName ?? '' },
        },
      ]
    })
  }
}

/** What a posted document's amounts were in the functional currency, at the rate it was posted at. */
/**
 * What a document leaves due, as the books hold it: its total at the rate it was posted at, less
 * what its payments cleared (each cleared its share of that, converted as paid so far). Converting
 * what is due instead can be a cent off the control account.
 */
export function dueInFunctional(
  document: Pick<InvoiceRecord, 'currency' | 'exchangeRate' | 'totalMinor' | 'amountPaidMinor'>,
  functionalCurrency: string,
): bigint {
  const inFunctional = issueRateConversion(document, functionalCurrency)
  return inFunctional(document.totalMinor) - inFunctional(document.amountPaidMinor)
}

export function issueRateConversion(
  document: Pick<InvoiceRecord, 'currency' | 'exchangeRate'>,
  functionalCurrency: string,
): (minor: bigint) => bigint {
  if (document.exchangeRate === null) return (minor) => minor
  const rate = storedExchangeRate(document.exchangeRate)
  return (minor) =>
    convertMinor(minor, currencyDecimals(document.currency), rate, currencyDecimals(functionalCurrency))
}

const nothingToPost = (rate: string | undefined) =>
  fail(
    'INVALID_AMOUNT',
    `At the rate ${rate}, this document's total is less than the smallest unit of the functional currency.`,
    'invoiceId',
  )

/**
 * A credit applies in its own currency; between foreign-currency documents posted at different
 * rates it would leave an exchange difference on the control account, which is not posted yet.
 */
function currencyProblem(credit: InvoiceRecord, target: InvoiceRecord) {
  if (credit.currency !== target.currency) {
    return fail(
      'CURRENCY_MISMATCH',
      `${labelOf(credit.kind)} ${credit.number} is in ${credit.currency}, ${target.number} in ${target.currency}.`,
      'invoiceId',
    )
  }
  if (credit.exchangeRate !== target.exchangeRate) {
    return fail(
      'FOREIGN_CURRENCY_NOT_SUPPORTED',
      `${labelOf(credit.kind)} ${credit.number} and ${target.number} were posted at different ${credit.currency} rates; a credit between them is not applied yet.`,
      'invoiceId',
    )
  }
  return undefined
}

export const invoiceNotFound = (field = 'invoiceId') => fail('INVOICE_NOT_FOUND', 'Invoice not found.', field)

const invalidKind = (kind: string, field: string) =>
  fail(
    'INVALID_INVOICE_KIND',
    `kind must be invoice, bill, credit_note or vendor_credit; got ${kind}.`,
    field,
  )

const notDraft = (document: InvoiceRecord) =>
  fail(
    'INVOICE_NOT_DRAFT',
    `${labelOf(document.kind)} ${document.number} is ${document.status}; only a draft is changed or approved.`,
    'invoiceId',
  )

export const notPayable = (document: InvoiceRecord) =>
  fail(
    'INVOICE_NOT_OPEN',
    `${labelOf(document.kind)} ${document.number} is ${document.status}; only an approved document is paid or credited.`,
    'invoiceId',
  )

export function exceedsDue(document: InvoiceRecord, amountMinor: bigint) {
  const decimals = currencyDecimals(document.currency)
  return fail(
    'PAYMENT_EXCEEDS_AMOUNT_DUE',
    `${formatMoney(amountMinor, decimals)} is more than the ${formatMoney(document.totalMinor - document.amountPaidMinor, decimals)} due on ${labelOf(document.kind).toLowerCase()} ${document.number}.`,
    'amount',
  )
}

/** A credit note applies to an open invoice of its own contact; a vendor credit to a bill. */
function applicationProblem(credit: InvoiceRecord, target: InvoiceRecord) {
  if (!isCredit(credit.kind)) {
    return fail(
      'NOT_A_CREDIT_NOTE',
      `${labelOf(credit.kind)} ${credit.number} is not a credit note.`,
      'creditNoteId',
    )
  }
  const wanted: InvoiceKind = credit.kind === 'credit_note' ? 'invoice' : 'bill'
  if (target.kind !== wanted) {
    return fail(
      'INVALID_INVOICE_KIND',
      `A ${credit.kind} applies to a ${wanted}; ${target.number} is a ${target.kind}.`,
      'invoiceId',
    )
  }
  if (!isPosted(credit.status)) return notPayable(credit)
  if (!isPosted(target.status)) return notPayable(target)
  if (credit.contactId !== target.contactId) {
    return fail(
      'CREDIT_NOTE_CONTACT_MISMATCH',
      `${labelOf(credit.kind)} ${credit.number} is another contact's than ${target.number}.`,
      'invoiceId',
    )
  }
  return undefined
}
