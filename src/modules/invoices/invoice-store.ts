import { sql } from 'kysely'
import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { likeEscaped, pageWithCount } from '../../db/sql-helpers.js'
import { likeContains, type SortDirection } from '../../kernel/page.js'
import type { OrgScope } from '../access/principal.js'
import { type InvoiceKind, type InvoiceStatus, isCredit, type PricedLine } from './invoice.js'

// The only SQL of invoices, bills and credit notes (migrations 0033 and 0034). Every amount is read back as
// a bigint of the document currency's minor unit.

export interface InvoiceRecord {
  id: string
  kind: InvoiceKind
  number: string
  contactId: string
  issueDate: string
  dueDate: string
  currency: string
  status: InvoiceStatus
  memo: string
  subtotalMinor: bigint
  taxTotalMinor: bigint
  totalMinor: bigint
  amountPaidMinor: bigint
  journalEntryId: string | null
  voidEntryId: string | null
  /** A foreign-currency document's rate of its issue date, once approved. */
  exchangeRate: string | null
  /** The receipt a bill was made from (createBillFromReceipt), or null. */
  receiptId: string | null
  createdAt: string
}

export interface InvoicePaymentRecord {
  id: string
  invoiceId: string
  /** payment: money paid or refunded; credit: a credit note applied to the invoice. */
  kind: 'payment' | 'credit'
  date: string
  amountMinor: bigint
  paymentAccountId: string | null
  creditNoteId: string | null
  journalEntryId: string | null
  eventId: string | null
  /** The rate of the payment's date, when the document is in another currency. */
  exchangeRate?: string | null
}

/** A bank line waiting for review, applied to a document it pays once confirmed. */
export interface EventMatchRecord {
  eventId: string
  invoiceId: string
  amountMinor: bigint
}

export interface InvoiceFields {
  kind: InvoiceKind
  number: string
  contactId: string
  issueDate: string
  dueDate: string
  currency: string
  memo: string
  subtotalMinor: bigint
  taxTotalMinor: bigint
  totalMinor: bigint
}

export type InvoiceSort = 'issueDate' | 'dueDate' | 'number' | 'total' | 'createdAt'

export interface InvoiceFilter {
  kind?: InvoiceKind
  statuses?: readonly InvoiceStatus[]
  contactId?: string
  dueBefore?: string
  search?: string
}

const columns = [
  'id',
  'kind',
  'number',
  'contact_id',
  'issue_date',
  'due_date',
  'currency',
  'status',
  'memo',
  'subtotal_minor',
  'tax_total_minor',
  'total_minor',
  'amount_paid_minor',
  'journal_entry_id',
  'void_entry_id',
  'exchange_rate',
  'receipt_id',
  'created_at',
] as const

type Row = {
  id: string
  kind: string
  number: string
  contact_id: string
  issue_date: string
  due_date: string
  currency: string
  status: string
  memo: string
  subtotal_minor: number | bigint
  tax_total_minor: number | bigint
  total_minor: number | bigint
  amount_paid_minor: number | bigint
  journal_entry_id: string | null
  void_entry_id: string | null
  exchange_rate: string | null
  receipt_id: string | null
  created_at: string
}

const toRecord = (row: Row): InvoiceRecord => ({
  id: row.id,
  kind: row.kind as InvoiceKind,
  number: row.number,
  contactId: row.contact_id,
  issueDate: row.issue_date,
  dueDate: row.due_date,
  currency: row.currency,
  status: row.status as InvoiceStatus,
  memo: row.memo,
  subtotalMinor: BigInt(row.subtotal_minor),
  taxTotalMinor: BigInt(row.tax_total_minor),
  totalMinor: BigInt(row.total_minor),
  amountPaidMinor: BigInt(row.amount_paid_minor),
  journalEntryId: row.journal_entry_id,
  voidEntryId: row.void_entry_id,
  exchangeRate: row.exchange_rate,
  receiptId: row.receipt_id,
  createdAt: row.created_at,
})

const sortColumns = {
  issueDate: 'issue_date',
  dueDate: 'due_date',
  number: 'number_key',
  total: 'total_minor',
  createdAt: 'created_at',
} as const satisfies Record<InvoiceSort, string>

export const numberKeyOf = (number: string): string => number.toLowerCase()

/**
 * The predicate of the partial indexes on open documents (migration 0034), written as literals: a
 * planner proves a partial index usable only from the same text, never from bound parameters
 * (SQLite then reads every open document through the status index instead).
 */
const openStatuses = sql<boolean>`status in ('open', 'partially_paid')`

/** What a contact's documents leave due, by bucket: current, 1 to 30, 31 to 60, 61 to 90, over 90 days late. */
export type AgedSums = [bigint, bigint, bigint, bigint, bigint]

export class InvoiceStore {
  constructor(private readonly engine: EngineName) {}

  async insert(
    tx: Executor,
    scope: OrgScope,
    invoice: InvoiceFields & { id: string; createdAt: string; receiptId?: string },
    lines: readonly PricedLine[],
  ): Promise<void> {
    await tx
      .insertInto('invoices')
      .values({
        organization_id: scope.organizationId,
        id: invoice.id,
        ...fieldColumns(invoice),
        status: 'draft',
        amount_paid_minor: 0,
        journal_entry_id: null,
        void_entry_id: null,
        receipt_id: invoice.receiptId ?? null,
        created_at: invoice.createdAt,
        updated_at: invoice.createdAt,
      })
      .execute()
    await this.insertLines(tx, scope, invoice.id, lines)
  }

  /** A draft's fields and lines replaced whole. */
  async replaceDraft(
    tx: Executor,
    scope: OrgScope,
    id: string,
    invoice: InvoiceFields,
    lines: readonly PricedLine[],
    updatedAt: string,
  ): Promise<void> {
    await tx
      .updateTable('invoices')
      .set({ ...fieldColumns(invoice), updated_at: updatedAt })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
    await tx
      .deleteFrom('invoice_lines')
      .where('organization_id', '=', scope.organizationId)
      .where('invoice_id', '=', id)
      .execute()
    await this.insertLines(tx, scope, id, lines)
  }

  private async insertLines(
    tx: Executor,
    scope: OrgScope,
    invoiceId: string,
    lines: readonly PricedLine[],
  ): Promise<void> {
    await tx
      .insertInto('invoice_lines')
      .values(
        lines.map((line, index) => ({
          organization_id: scope.organizationId,
          invoice_id: invoiceId,
          line_no: index + 1,
          description: line.description,
          quantity: line.quantity,
          unit_price: line.unitPrice,
          account_id: line.accountId,
          tax_code: line.taxCode,
          amount_minor: line.amountMinor,
          tax_minor: line.taxMinor,
        })),
      )
      .execute()
  }

  /** The account of the first line of a vendor's latest bill that is not void, if it has one. */
  async lastBillAccount(ex: Executor, scope: OrgScope, contactId: string): Promise<string | undefined> {
    const row = await ex
      .selectFrom('invoices as i')
      .innerJoin('invoice_lines as l', (join) =>
        join.onRef('l.organization_id', '=', 'i.organization_id').onRef('l.invoice_id', '=', 'i.id'),
      )
      .select('l.account_id')
      .where('i.organization_id', '=', scope.organizationId)
      .where('i.contact_id', '=', contactId)
      .where('i.kind', '=', 'bill')
      .where('i.status', '!=', 'void')
      .orderBy('i.issue_date', 'desc')
      .orderBy('i.created_at', 'desc')
      .orderBy('l.line_no')
      .limit(1)
      .executeTakeFirst()
    return row?.account_id
  }

  /** The bill made from a receipt, if one was. */
  async billOfReceipt(ex: Executor, scope: OrgScope, receiptId: string): Promise<string | undefined> {
    const row = await ex
      .selectFrom('invoices')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('receipt_id', '=', receiptId)
      .executeTakeFirst()
    return row?.id
  }

  async findByIds(ex: Executor, scope: OrgScope, ids: readonly string[]): Promise<InvoiceRecord[]> {
    if (ids.length === 0) return []
    const rows = await ex
      .selectFrom('invoices')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', 'in', [...new Set(ids)])
      .execute()
    return rows.map(toRecord)
  }

  /** Holds the document (PostgreSQL) until the transaction ends: its payments are made one at a time. */
  async lock(tx: Executor, scope: OrgScope, id: string): Promise<InvoiceRecord | undefined> {
    let query = tx
      .selectFrom('invoices')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
    if (this.engine === 'postgres') query = query.forUpdate()
    const row = await query.executeTakeFirst()
    return row ? toRecord(row) : undefined
  }

  async linesOf(ex: Executor, scope: OrgScope, ids: readonly string[]): Promise<Map<string, PricedLine[]>> {
    const byInvoice = new Map<string, PricedLine[]>()
    if (ids.length === 0) return byInvoice
    const rows = await ex
      .selectFrom('invoice_lines')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where('invoice_id', 'in', [...new Set(ids)])
      .orderBy('invoice_id')
      .orderBy('line_no')
      .execute()
    for (const row of rows) {
      const list = byInvoice.get(row.invoice_id) ?? []
      list.push({
        description: row.description,
        quantity: row.quantity,
        unitPrice: row.unit_price,
        accountId: row.account_id,
        taxCode: row.tax_code,
        amountMinor: BigInt(row.amount_minor),
        taxMinor: BigInt(row.tax_minor),
      })
      byInvoice.set(row.invoice_id, list)
    }
    return byInvoice
  }

  /** What settled each document: its own payments, and for a credit note where it was applied. */
  async paymentsOf(
    ex: Executor,
    scope: OrgScope,
    ids: readonly string[],
  ): Promise<Map<string, InvoicePaymentRecord[]>> {
    const byInvoice = new Map<string, InvoicePaymentRecord[]>()
    if (ids.length === 0) return byInvoice
    const wanted = [...new Set(ids)]
    const rows = await ex
      .selectFrom('invoice_payments')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where((eb) => eb.or([eb('invoice_id', 'in', wanted), eb('credit_note_id', 'in', wanted)]))
      .orderBy('payment_date')
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    const add = (id: string, payment: InvoicePaymentRecord) => {
      const list = byInvoice.get(id) ?? []
      list.push(payment)
      byInvoice.set(id, list)
    }
    for (const row of rows) {
      const payment: InvoicePaymentRecord = {
        id: row.id,
        invoiceId: row.invoice_id,
        kind: row.kind as InvoicePaymentRecord['kind'],
        date: row.payment_date,
        amountMinor: BigInt(row.amount_minor),
        paymentAccountId: row.payment_account_id,
        creditNoteId: row.credit_note_id,
        journalEntryId: row.journal_entry_id,
        eventId: row.event_id,
        exchangeRate: row.exchange_rate,
      }
      if (wanted.includes(row.invoice_id)) add(row.invoice_id, payment)
      if (row.credit_note_id !== null && wanted.includes(row.credit_note_id)) add(row.credit_note_id, payment)
    }
    return byInvoice
  }

  /** Whether another document of the series (or of the vendor's) already has this number. */
  async numberTaken(
    ex: Executor,
    scope: OrgScope,
    document: { kind: InvoiceKind; contactId: string; number: string; exceptId?: string },
  ): Promise<boolean> {
    let query = ex
      .selectFrom('invoices')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('kind', '=', document.kind)
      .where('number_key', '=', numberKeyOf(document.number))
    if (document.kind === 'bill' || document.kind === 'vendor_credit') {
      query = query.where('contact_id', '=', document.contactId)
    }
    if (document.exceptId !== undefined) query = query.where('id', '!=', document.exceptId)
    return (await query.executeTakeFirst()) !== undefined
  }

  /** The numbers of a series, longest and highest first: the next number follows the first of its form. */
  async highestNumbers(ex: Executor, scope: OrgScope, kind: InvoiceKind, prefix: string): Promise<string[]> {
    const rows = await ex
      .selectFrom('invoices')
      .select('number')
      .where('organization_id', '=', scope.organizationId)
      .where('kind', '=', kind)
      .where(likeEscaped('number_key', `${prefix.toLowerCase()}-%`))
      .orderBy(sql`length(number_key)`, 'desc')
      .orderBy('number_key', 'desc')
      .limit(50)
      .execute()
    return rows.map((row) => row.number)
  }

  async setPosted(
    tx: Executor,
    scope: OrgScope,
    id: string,
    change: {
      status: InvoiceStatus
      journalEntryId?: string
      voidEntryId?: string
      exchangeRate?: string
      updatedAt: string
    },
  ): Promise<void> {
    await tx
      .updateTable('invoices')
      .set({
        status: change.status,
        ...(change.exchangeRate !== undefined ? { exchange_rate: change.exchangeRate } : {}),
        ...(change.journalEntryId !== undefined ? { journal_entry_id: change.journalEntryId } : {}),
        ...(change.voidEntryId !== undefined ? { void_entry_id: change.voidEntryId } : {}),
        updated_at: change.updatedAt,
      })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
  }

  async setSettled(
    tx: Executor,
    scope: OrgScope,
    id: string,
    change: { amountPaidMinor: bigint; amountDueMinor: bigint; status: InvoiceStatus; updatedAt: string },
  ): Promise<void> {
    await tx
      .updateTable('invoices')
      .set({
        amount_paid_minor: change.amountPaidMinor,
        amount_due_minor: change.amountDueMinor,
        status: change.status,
        updated_at: change.updatedAt,
      })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
  }

  async insertPayment(
    tx: Executor,
    scope: OrgScope,
    payment: InvoicePaymentRecord & { createdAt: string },
  ): Promise<void> {
    await tx
      .insertInto('invoice_payments')
      .values({
        organization_id: scope.organizationId,
        id: payment.id,
        invoice_id: payment.invoiceId,
        kind: payment.kind,
        payment_date: payment.date,
        amount_minor: payment.amountMinor,
        payment_account_id: payment.paymentAccountId,
        credit_note_id: payment.creditNoteId,
        journal_entry_id: payment.journalEntryId,
        event_id: payment.eventId,
        exchange_rate: payment.exchangeRate ?? null,
        created_at: payment.createdAt,
      })
      .execute()
  }

  /** Applies a bank line to a document, or changes what it applies. */
  async putMatch(tx: Executor, scope: OrgScope, match: EventMatchRecord, createdAt: string): Promise<void> {
    await tx
      .deleteFrom('invoice_event_matches')
      .where('organization_id', '=', scope.organizationId)
      .where('event_id', '=', match.eventId)
      .where('invoice_id', '=', match.invoiceId)
      .execute()
    await tx
      .insertInto('invoice_event_matches')
      .values({
        organization_id: scope.organizationId,
        event_id: match.eventId,
        invoice_id: match.invoiceId,
        amount_minor: match.amountMinor,
        created_at: createdAt,
      })
      .execute()
  }

  /** What these bank lines were applied to, in the order they were applied. */
  async matchesOf(ex: Executor, scope: OrgScope, eventIds: readonly string[]): Promise<EventMatchRecord[]> {
    if (eventIds.length === 0) return []
    const rows = await ex
      .selectFrom('invoice_event_matches')
      .select(['event_id', 'invoice_id', 'amount_minor'])
      .where('organization_id', '=', scope.organizationId)
      .where('event_id', 'in', [...new Set(eventIds)])
      .orderBy('created_at')
      .orderBy('invoice_id')
      .execute()
    return rows.map((row) => ({
      eventId: row.event_id,
      invoiceId: row.invoice_id,
      amountMinor: BigInt(row.amount_minor),
    }))
  }

  async deleteMatches(tx: Executor, scope: OrgScope, eventIds: readonly string[]): Promise<void> {
    if (eventIds.length === 0) return
    await tx
      .deleteFrom('invoice_event_matches')
      .where('organization_id', '=', scope.organizationId)
      .where('event_id', 'in', [...new Set(eventIds)])
      .execute()
  }

  /** The payments these bank lines made, once confirmed. */
  async paymentsOfEvents(
    ex: Executor,
    scope: OrgScope,
    eventIds: readonly string[],
  ): Promise<Array<{ id: string; invoiceId: string; eventId: string; amountMinor: bigint }>> {
    if (eventIds.length === 0) return []
    const rows = await ex
      .selectFrom('invoice_payments')
      .select(['id', 'invoice_id', 'event_id', 'amount_minor'])
      .where('organization_id', '=', scope.organizationId)
      .where('event_id', 'in', [...new Set(eventIds)])
      .orderBy('invoice_id')
      .orderBy('id')
      .execute()
    return rows.map((row) => ({
      id: row.id,
      invoiceId: row.invoice_id,
      eventId: row.event_id as string,
      amountMinor: BigInt(row.amount_minor),
    }))
  }

  async deletePayments(tx: Executor, scope: OrgScope, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return
    await tx
      .deleteFrom('invoice_payments')
      .where('organization_id', '=', scope.organizationId)
      .where('id', 'in', [...ids])
      .execute()
  }

  /**
   * Open documents of these kinds with exactly this amount due, soonest due first: an index range
   * on (currency, amount due, due date), so the cost is the few rows read, not the open documents.
   */
  async openByAmountDue(
    ex: Executor,
    scope: OrgScope,
    wanted: { kinds: readonly InvoiceKind[]; currency: string; amountDueMinor: bigint },
    limit: number,
  ): Promise<InvoiceRecord[]> {
    const rows = await ex
      .selectFrom('invoices')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('currency', '=', wanted.currency)
      .where('amount_due_minor', '=', wanted.amountDueMinor)
      .where(openStatuses)
      .where('kind', 'in', [...wanted.kinds])
      .orderBy('due_date')
      .orderBy('id')
      .limit(limit)
      .execute()
    return rows.map(toRecord)
  }

  /** Open documents of these kinds whose number is one of these (lower-cased) words: an index lookup per word. */
  async openByNumbers(
    ex: Executor,
    scope: OrgScope,
    wanted: { kinds: readonly InvoiceKind[]; numberKeys: readonly string[] },
    limit: number,
  ): Promise<InvoiceRecord[]> {
    if (wanted.numberKeys.length === 0) return []
    const rows = await ex
      .selectFrom('invoices')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('number_key', 'in', [...new Set(wanted.numberKeys)])
      .where(openStatuses)
      .where('kind', 'in', [...wanted.kinds])
      .orderBy('due_date')
      .orderBy('id')
      .limit(limit)
      .execute()
    return rows.map(toRecord)
  }

  /** A contact's open documents of these kinds, soonest due first (the index on contact and status). */
  async openOfContact(
    ex: Executor,
    scope: OrgScope,
    wanted: { kinds: readonly InvoiceKind[]; contactId: string },
    limit: number,
  ): Promise<InvoiceRecord[]> {
    const rows = await ex
      .selectFrom('invoices')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('contact_id', '=', wanted.contactId)
      .where('status', 'in', ['open', 'partially_paid'])
      .where('kind', 'in', [...wanted.kinds])
      .orderBy('due_date')
      .orderBy('id')
      .limit(limit)
      .execute()
    return rows.map(toRecord)
  }

  async page(
    ex: Executor,
    scope: OrgScope,
    filter: InvoiceFilter,
    page: { limit: number; offset: number; sortBy: InvoiceSort; sortDir: SortDirection },
  ): Promise<{ items: InvoiceRecord[]; totalCount: number }> {
    let query = ex.selectFrom('invoices').where('organization_id', '=', scope.organizationId)
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind)
    if (filter.statuses !== undefined) {
      if (filter.statuses.length === 0) return { items: [], totalCount: 0 }
      query = query.where('status', 'in', [...filter.statuses])
    }
    if (filter.contactId !== undefined) query = query.where('contact_id', '=', filter.contactId)
    if (filter.dueBefore !== undefined) query = query.where('due_date', '<', filter.dueBefore)
    if (filter.search !== undefined) {
      const pattern = likeContains(filter.search)
      query = query.where((eb) =>
        eb.or([likeEscaped('number_key', pattern), sql<boolean>`lower(memo) like ${pattern} escape '\\'`]),
      )
    }
    const sorted = query.select(columns).orderBy(sortColumns[page.sortBy], page.sortDir)
    const { rows, totalCount } = await pageWithCount(query, sorted, page)
    return { items: rows.map(toRecord), totalCount }
  }

  /**
   * The documents of these kinds that were approved on or before `asOf` and not voided, with what
   * was settled of each by then: the rows of aging, a contact's outstanding and its statement.
   */
  async postedAsOf(
    ex: Executor,
    scope: OrgScope,
    filter: { kinds: readonly InvoiceKind[]; asOf?: string; contactId?: string; foreignOnly?: boolean },
  ): Promise<Array<InvoiceRecord & { settledMinor: bigint }>> {
    const asOf = filter.asOf ?? '9999-12-31'
    let query = ex
      .selectFrom('invoices as i')
      .select(columns.map((column) => `i.${column}` as const))
      .select((eb) =>
        eb
          .selectFrom('invoice_payments as p')
          .select(sql<string | number | bigint | null>`sum(p.amount_minor)`.as('settled'))
          .whereRef('p.organization_id', '=', 'i.organization_id')
          .where((inner) =>
            inner.or([
              inner('p.invoice_id', '=', inner.ref('i.id')),
              inner('p.credit_note_id', '=', inner.ref('i.id')),
            ]),
          )
          .where('p.payment_date', '<=', asOf)
          .as('settled'),
      )
      .where('i.organization_id', '=', scope.organizationId)
      .where('i.kind', 'in', [...filter.kinds])
      .where('i.status', 'in', ['open', 'partially_paid', 'paid'])
      .where('i.issue_date', '<=', asOf)
    if (filter.contactId !== undefined) query = query.where('i.contact_id', '=', filter.contactId)
    if (filter.foreignOnly) query = query.where('i.exchange_rate', 'is not', null)
    const rows = await query.orderBy('i.issue_date').orderBy('i.created_at').orderBy('i.id').execute()
    return rows.map((row) => ({ ...toRecord(row as Row), settledMinor: BigInt(row.settled ?? 0) }))
  }

  /**
   * What the documents in the functional currency leave due at `asOf`, summed by contact and by
   * bucket of days past due (0 current, 1 to 30, 31 to 60, 61 to 90, 4 over 90), credits negative.
   * Summed in SQL: read one by one, 100,000 open documents cost seconds to carry to the service.
   * What was due at `asOf` is what is due now plus what was paid after it: only the documents paid
   * since are read beside the open ones, never the organization's paid history.
   * `lateSince` are the due dates before which a document falls in buckets 1 to 4 (asOf less 0, 30,
   * 60 and 90 days).
   */
  async agedSums(
    ex: Executor,
    scope: OrgScope,
    filter: {
      kinds: readonly InvoiceKind[]
      asOf: string
      lateSince: readonly [string, string, string, string]
    },
  ): Promise<Map<string, AgedSums>> {
    const org = scope.organizationId
    const [current, thirty, sixty, ninety] = filter.lateSince
    const kinds = sql.join(filter.kinds.map((kind) => sql`${kind}`))
    const signed = sql`case when kind in ('credit_note', 'vendor_credit') then -amount_due_minor else amount_due_minor end`
    // ISO dates order as bytes: PostgreSQL's byte order spares each of 100,000 rows five lookups
    // of the database's collation.
    const dueDate = this.engine === 'postgres' ? sql`due_date collate "C"` : sql`due_date`
    const within = (from: string | null, before: string | null) =>
      sql`sum(case when ${from === null ? sql`true` : sql`${dueDate} >= ${from}`} and ${before === null ? sql`true` : sql`${dueDate} < ${before}`} then ${signed} else 0 end)`
    // One row per customer, its five buckets summed in one pass of invoices_open_aging in
    // customer order: no row of the table is read and nothing is sorted.
    const open = sql<Record<'contact_id' | 'b0' | 'b1' | 'b2' | 'b3' | 'b4', string | number | bigint>>`
      select contact_id, ${within(current, null)} as b0, ${within(thirty, current)} as b1,
        ${within(sixty, thirty)} as b2, ${within(ninety, sixty)} as b3, ${within(null, ninety)} as b4
      from invoices
      where organization_id = ${org} and status in ('open', 'partially_paid') and kind in (${kinds})
        and issue_date <= ${filter.asOf} and exchange_rate is null
      group by contact_id
    `.execute(ex)
    const later = sql<{
      contact_id: string
      kind: InvoiceKind
      due_date: string
      minor: string | number | bigint
    }>`
      with later as (
        select document_id, sum(amount_minor) as minor from (
          select invoice_id as document_id, amount_minor from invoice_payments
            where organization_id = ${org} and payment_date > ${filter.asOf}
          union all
          select credit_note_id as document_id, amount_minor from invoice_payments
            where organization_id = ${org} and payment_date > ${filter.asOf} and credit_note_id is not null
        ) as applied
        group by document_id
      )
      select i.contact_id, i.kind, i.due_date, l.minor from later as l
        join invoices as i on i.organization_id = ${org} and i.id = l.document_id
        where i.status in ('open', 'partially_paid', 'paid') and i.kind in (${kinds})
          and i.issue_date <= ${filter.asOf} and i.exchange_rate is null
    `.execute(ex)
    const [openRows, laterRows] = await Promise.all([open, later])
    const sums = new Map<string, AgedSums>()
    for (const row of openRows.rows) {
      sums.set(row.contact_id as string, [
        BigInt(row.b0),
        BigInt(row.b1),
        BigInt(row.b2),
        BigInt(row.b3),
        BigInt(row.b4),
      ])
    }
    // What was due at asOf is also what was paid after it, on documents open then.
    for (const row of laterRows.rows) {
      const late = [current, thirty, sixty, ninety].findIndex((since) => row.due_date >= since)
      const bucket = (late === -1 ? 4 : late) as 0 | 1 | 2 | 3 | 4
      const minor = BigInt(row.minor)
      const contact = sums.get(row.contact_id) ?? [0n, 0n, 0n, 0n, 0n]
      contact[bucket] += isCredit(row.kind) ? -minor : minor
      sums.set(row.contact_id, contact)
    }
    return sums
  }

  /**
   * What customers owe past `before` on open invoices: the sum of those in the functional
   * currency, and the foreign ones one by one, each to be converted at its own rate.
   */
  async overdueInvoices(
    ex: Executor,
    scope: OrgScope,
    before: string,
  ): Promise<{
    functionalMinor: bigint
    foreign: Array<{ totalMinor: bigint; amountPaidMinor: bigint; currency: string; exchangeRate: string }>
  }> {
    const overdue = ex
      .selectFrom('invoices')
      .where('organization_id', '=', scope.organizationId)
      .where(openStatuses)
      .where('kind', '=', 'invoice')
      .where('due_date', '<', before)
    const [sum, foreign] = await Promise.all([
      overdue
        .select((eb) =>
          eb.fn.coalesce(eb.fn.sum<number | bigint | string>('amount_due_minor'), eb.lit(0)).as('due'),
        )
        .where('exchange_rate', 'is', null)
        .executeTakeFirst(),
      overdue
        .select(['total_minor', 'amount_paid_minor', 'currency', 'exchange_rate'])
        .where('exchange_rate', 'is not', null)
        .execute(),
    ])
    return {
      functionalMinor: BigInt(sum?.due ?? 0),
      foreign: foreign.map((row) => ({
        totalMinor: BigInt(row.total_minor),
        amountPaidMinor: BigInt(row.amount_paid_minor),
        currency: row.currency,
        exchangeRate: row.exchange_rate as string,
      })),
    }
  }

  /** What is due on the open documents of these contacts, by contact: a contact's outstanding and overdue. */
  async openOfContacts(
    ex: Executor,
    scope: OrgScope,
    contactIds: readonly string[],
  ): Promise<
    Array<{
      contactId: string
      kind: InvoiceKind
      dueDate: string
      totalMinor: bigint
      amountPaidMinor: bigint
      currency: string
      exchangeRate: string | null
    }>
  > {
    if (contactIds.length === 0) return []
    const rows = await ex
      .selectFrom('invoices')
      .select([
        'contact_id',
        'kind',
        'due_date',
        'total_minor',
        'amount_paid_minor',
        'currency',
        'exchange_rate',
      ])
      .where('organization_id', '=', scope.organizationId)
      .where('contact_id', 'in', [...new Set(contactIds)])
      .where('status', 'in', ['open', 'partially_paid'])
      .execute()
    return rows.map((row) => ({
      contactId: row.contact_id,
      kind: row.kind as InvoiceKind,
      dueDate: row.due_date,
      totalMinor: BigInt(row.total_minor),
      amountPaidMinor: BigInt(row.amount_paid_minor),
      currency: row.currency,
      exchangeRate: row.exchange_rate,
    }))
  }

  /** A contact's payments and refunds (not credits applied) of posted documents, oldest first. */
  async contactPayments(
    ex: Executor,
    scope: OrgScope,
    contactId: string,
    through: string,
  ): Promise<
    Array<
      InvoicePaymentRecord & {
        documentKind: InvoiceKind
        number: string
        currency: string
        documentRate: string | null
      }
    >
  > {
    const rows = await ex
      .selectFrom('invoice_payments as p')
      .innerJoin('invoices as i', (join) =>
        join.onRef('i.organization_id', '=', 'p.organization_id').onRef('i.id', '=', 'p.invoice_id'),
      )
      .select([
        'p.id',
        'p.invoice_id',
        'p.kind',
        'p.payment_date',
        'p.amount_minor',
        'p.payment_account_id',
        'p.credit_note_id',
        'p.journal_entry_id',
        'p.event_id',
        'i.kind as document_kind',
        'i.number',
        'i.currency',
        'i.exchange_rate as document_rate',
      ])
      .where('p.organization_id', '=', scope.organizationId)
      .where('i.contact_id', '=', contactId)
      .where('p.kind', '=', 'payment')
      .where('p.payment_date', '<=', through)
      .orderBy('p.payment_date')
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute()
    return rows.map((row) => ({
      id: row.id,
      invoiceId: row.invoice_id,
      kind: 'payment' as const,
      date: row.payment_date,
      amountMinor: BigInt(row.amount_minor),
      paymentAccountId: row.payment_account_id,
      creditNoteId: row.credit_note_id,
      journalEntryId: row.journal_entry_id,
      eventId: row.event_id,
      documentKind: row.document_kind as InvoiceKind,
      number: row.number,
      currency: row.currency,
      documentRate: row.document_rate,
    }))
  }
}

function fieldColumns(invoice: InvoiceFields) {
  return {
    kind: invoice.kind,
    number: invoice.number,
    number_key: numberKeyOf(invoice.number),
    contact_id: invoice.contactId,
    issue_date: invoice.issueDate,
    due_date: invoice.dueDate,
    currency: invoice.currency,
    memo: invoice.memo,
    subtotal_minor: invoice.subtotalMinor,
    tax_total_minor: invoice.taxTotalMinor,
    total_minor: invoice.totalMinor,
    // A draft has nothing paid: all of it is due.
    amount_due_minor: invoice.totalMinor,
  }
}
