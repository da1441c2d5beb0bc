import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { newId } from '../../kernel/ids.js'
import { parsePositiveMoney } from '../../kernel/money.js'
import { RequestBatches } from '../../kernel/request-batches.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { ContactsPort } from '../contacts/contacts-port.js'
import {
  type DocumentSettlements,
  type EventSettlement,
  type LedgerEventRecord,
  type LedgerEventsPort,
  reconciledEvent,
  type SettlingEvent,
} from '../ledger-events/ledger-events-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import {
  clearedFunctionalMinor,
  type InvoiceKind,
  isPosted,
  labelOf,
  paysIn,
  statusAfterSettling,
} from './invoice.js'
import {
  exceedsDue,
  type InvoiceService,
  type InvoiceView,
  invoiceNotFound,
  issueRateConversion,
  notPayable,
} from './invoice-service.js'
import type { InvoiceRecord, InvoiceStore } from './invoice-store.js'

// Bank lines that pay documents (DESIGN 8.6). A line waiting in the review queue is applied to an
// open document; when it is confirmed, ledger events ask here what it pays (DocumentSettlements),
// post the control account instead of a category, and the payment is recorded with the event's
// entry. Rejecting or deleting the line takes the payment back. Suggestions are looked up by the
// amount due and by the document's number, through indexes, never by reading the open documents.

export interface InvoiceMatch {
  invoice: InvoiceView
  /** 0 to 1: the amount due is the line's (0.5), its number is in the line's text (0.3), its contact is the line's (0.2). */
  score: number
}

/** A document a bank line pays: applied while the line waits for review, paid once it is confirmed. */
export interface AppliedDocument {
  invoice: InvoiceView
  amountMinor: bigint
}

const matchesMax = 10
/** Enough candidates of each lookup that the best ten are among them. */
const candidatesPerLookup = 20
const numberWordsMax = 20
const waiting = new Set(['needs_review', 'pending'])

export class InvoiceMatchingService implements DocumentSettlements {
  private readonly appliedBatches = new RequestBatches<AppliedDocument[], OrgScope>((scope, eventIds) =>
    this.readApplied(scope, eventIds),
  )

  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      access: AccessPort
      contacts: ContactsPort
      events: LedgerEventsPort
      organizations: OrganizationsPort
      audit: AuditRecorder
      store: InvoiceStore
      invoices: InvoiceService
    },
  ) {}

  /**
   * DESIGN 8.6: part or all of a bank line in the review queue applied to an open document; it
   * becomes the document's payment when the line is confirmed. Applying it again to the same
   * document changes the amount.
   */
  async applyLedgerEventToInvoice(
    principal: Principal,
    organizationId: string,
    args: { eventId: string; invoiceId: string; amount: string },
  ): Promise<Result<InvoiceView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'applyLedgerEventToInvoice')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const [event] = await this.deps.events.findByIds(tx, scope, [args.eventId])
      if (!event) return fail('EVENT_NOT_FOUND', 'Event not found.', 'eventId')
      const notWaiting = waitingProblem(event)
      if (notWaiting) return notWaiting
      const document = await this.deps.store.lock(tx, scope, args.invoiceId)
      if (!document) return invoiceNotFound()
      const misfit = fitProblem(event, document)
      if (misfit) return misfit
      const amount = parsePositiveMoney(args.amount, currencyDecimals(document.currency), 'amount')
      if (!amount.ok) return amount
      if (amount.value > document.totalMinor - document.amountPaidMinor)
        return exceedsDue(document, amount.value)
      const others = (await this.deps.store.matchesOf(tx, scope, [event.id])).filter(
        (match) => match.invoiceId !== document.id,
      )
      const appliedMinor = others.reduce((sum, match) => sum + match.amountMinor, amount.value)
      if (appliedMinor > event.amountMinor) {
        return fail(
          'PAYMENT_EXCEEDS_EVENT_AMOUNT',
          `This bank line would pay documents for more than its own amount (${args.amount} here, with what it already pays).`,
          'amount',
        )
      }
      const match = { eventId: event.id, invoiceId: document.id, amountMinor: amount.value }
      await this.deps.store.putMatch(tx, scope, match, this.deps.clock.now().toISOString())
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'invoice.event_applied',
          entityType: 'invoice',
          entityId: document.id,
          before: null,
          after: match,
        },
      ])
      return ok(await this.deps.invoices.viewOf(tx, scope, document.id))
    })
  }

  /**
   * DESIGN 8.6: the open documents a bank line waiting for review may pay, best first. Candidates come from three
   * bounded index lookups (the amount due equal to the line's, a number among the line's words,
   * the line's contact), then are scored; their number does not grow with the open documents.
   */
  async invoiceMatches(
    principal: Principal,
    organizationId: string,
    eventId: string,
  ): Promise<InvoiceMatch[]> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'invoiceMatches')
    const db = this.deps.db
    const [event] = await this.deps.events.findByIds(db, scope, [eventId])
    // A line already in the books (or ignored) pays nothing more this way.
    if (!event || !waiting.has(event.status)) return []
    const kinds: InvoiceKind[] =
      event.direction === 'in' ? ['invoice', 'vendor_credit'] : ['bill', 'credit_note']
    const words = numberWordsOf(event)
    const lookups = await Promise.all([
      this.deps.store.openByAmountDue(
        db,
        scope,
        { kinds, currency: event.currency, amountDueMinor: event.amountMinor },
        candidatesPerLookup,
      ),
      this.deps.store.openByNumbers(db, scope, { kinds, numberKeys: [...words] }, candidatesPerLookup),
      event.contactId
        ? this.deps.store.openOfContact(db, scope, { kinds, contactId: event.contactId }, candidatesPerLookup)
        : Promise.resolve([]),
    ])
    const candidates = new Map<string, InvoiceRecord>()
    for (const record of lookups.flat()) {
      if (record.currency === event.currency && record.issueDate <= event.transactionDate) {
        candidates.set(record.id, record)
      }
    }
    const contacts = await this.deps.contacts.contactsByIds(db, scope, [
      ...new Set([...candidates.values()].map((record) => record.contactId)),
    ])
    const nameOf = new Map(contacts.map((contact) => [contact.id, contact.displayName]))
    const merchant = normalized(event.merchantName)
    const scored = [...candidates.values()].map((record) => {
      const name = normalized(nameOf.get(record.contactId) ?? '')
      const score =
        (record.totalMinor - record.amountPaidMinor === event.amountMinor ? 0.5 : 0) +
        (words.has(record.number.toLowerCase()) ? 0.3 : 0) +
        (record.contactId === event.contactId || (name !== '' && merchant.includes(name)) ? 0.2 : 0)
      return { record, score: Math.round(score * 100) / 100 }
    })
    scored.sort(
      (a, b) =>
        b.score - a.score ||
        a.record.dueDate.localeCompare(b.record.dueDate) ||
        a.record.id.localeCompare(b.record.id),
    )
    const best = scored.slice(0, matchesMax)
    const views = await this.deps.invoices.viewsOf(
      db,
      scope,
      best.map((match) => match.record.id),
    )
    return views.map((invoice, index) => ({ invoice, score: best[index]?.score ?? 0 }))
  }

  /** The documents a bank line is applied to, or has paid once confirmed; read for a whole page at once. */
  async appliedDocuments(
    principal: Principal,
    organizationId: string,
    eventId: string,
  ): Promise<AppliedDocument[]> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'LedgerEvent.appliedDocuments')
    return (await this.appliedBatches.load(principal, scope, eventId)) ?? []
  }

  private async readApplied(scope: OrgScope, eventIds: string[]): Promise<Map<string, AppliedDocument[]>> {
    const db = this.deps.db
    const [matches, payments] = await Promise.all([
      this.deps.store.matchesOf(db, scope, eventIds),
      this.deps.store.paymentsOfEvents(db, scope, eventIds),
    ])
    const applied = [...matches, ...payments]
    const views = await this.deps.invoices.viewsOf(db, scope, [
      ...new Set(applied.map((entry) => entry.invoiceId)),
    ])
    const viewById = new Map(views.map((view) => [view.id, view]))
    const byEvent = new Map<string, AppliedDocument[]>()
    for (const entry of applied) {
      const invoice = viewById.get(entry.invoiceId)
      if (!invoice) continue
      byEvent.set(entry.eventId, [
        ...(byEvent.get(entry.eventId) ?? []),
        { invoice, amountMinor: entry.amountMinor },
      ])
    }
    return byEvent
  }

  async settlingAmong(tx: Executor, scope: OrgScope, eventIds: readonly string[]): Promise<Set<string>> {
    return new Set((await this.deps.store.matchesOf(tx, scope, eventIds)).map((match) => match.eventId))
  }

  /** What a bank line being confirmed pays: its documents held, each checked again as it is now. */
  async settlementsOf(
    tx: Executor,
    scope: OrgScope,
    event: SettlingEvent,
  ): Promise<Result<EventSettlement[]>> {
    const matches = await this.deps.store.matchesOf(tx, scope, [event.id])
    if (matches.length === 0) return ok([])
    const functional = await this.deps.organizations.functionalCurrency(tx, scope)
    const documents = await this.lockInOrder(
      tx,
      scope,
      matches.map((match) => match.invoiceId),
    )
    const settlements: EventSettlement[] = []
    for (const match of matches) {
      const document = documents.get(match.invoiceId)
      if (!document) return invoiceNotFound('eventId')
      const misfit = fitProblem(event, document)
      if (misfit) return misfit
      if (match.amountMinor > document.totalMinor - document.amountPaidMinor) {
        return exceedsDue(document, match.amountMinor)
      }
      const control = await this.deps.invoices.controlAccount(tx, scope, document.kind)
      if (!control.ok) return control
      settlements.push({
        accountId: control.value,
        contactId: document.contactId,
        amountMinor: match.amountMinor,
        ...(document.exchangeRate !== null
          ? {
              clearsFunctionalMinor: clearedFunctionalMinor(
                issueRateConversion(document, functional),
                document.amountPaidMinor,
                match.amountMinor,
              ),
            }
          : {}),
      })
    }
    return ok(settlements)
  }

  /** The confirm posted: each document the line pays records its payment, naming the line's entry. */
  async settled(
    tx: Executor,
    scope: OrgScope,
    event: SettlingEvent & { journalEntryId: string; exchangeRate: string | null },
  ): Promise<void> {
    for (const match of await this.deps.store.matchesOf(tx, scope, [event.id])) {
      const document = await this.deps.store.lock(tx, scope, match.invoiceId)
      if (!document) throw new Error(`invoice ${match.invoiceId} was held by the confirm and is missing`)
      const payment = {
        id: newId(),
        invoiceId: document.id,
        kind: 'payment' as const,
        date: event.transactionDate,
        amountMinor: match.amountMinor,
        paymentAccountId: event.paymentAccountId,
        creditNoteId: null,
        journalEntryId: event.journalEntryId,
        eventId: event.id,
        exchangeRate: document.exchangeRate === null ? null : event.exchangeRate,
      }
      await this.deps.invoices.settle(tx, scope, document, payment)
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'payment.recorded',
          entityType: 'invoice_payment',
          entityId: payment.id,
          before: null,
          after: payment,
        },
      ])
    }
    await this.deps.store.deleteMatches(tx, scope, [event.id])
  }

  /** The lines were rejected or deleted: what they paid is due again, and what they were to pay is forgotten. */
  async released(tx: Executor, scope: OrgScope, eventIds: readonly string[]): Promise<void> {
    const payments = await this.deps.store.paymentsOfEvents(tx, scope, eventIds)
    const documents = await this.lockInOrder(
      tx,
      scope,
      payments.map((payment) => payment.invoiceId),
    )
    const updatedAt = this.deps.clock.now().toISOString()
    for (const payment of payments) {
      const document = documents.get(payment.invoiceId)
      if (!document) throw new Error(`invoice ${payment.invoiceId} of payment ${payment.id} is missing`)
      document.amountPaidMinor -= payment.amountMinor
      await this.deps.store.setSettled(tx, scope, document.id, {
        amountPaidMinor: document.amountPaidMinor,
        amountDueMinor: document.totalMinor - document.amountPaidMinor,
        status: statusAfterSettling(document.totalMinor, document.amountPaidMinor),
        updatedAt,
      })
    }
    await this.deps.store.deletePayments(
      tx,
      scope,
      payments.map((payment) => payment.id),
    )
    if (payments.length > 0) {
      await this.deps.audit.record(
        tx,
        scope,
        payments.map((payment) => ({
          operation: 'payment.removed',
          entityType: 'invoice_payment',
          entityId: payment.id,
          before: payment,
          after: null,
        })),
      )
    }
    await this.deps.store.deleteMatches(tx, scope, eventIds)
  }

  /** Documents held in id order, so two writers of the same documents never wait on each other. */
  private async lockInOrder(
    tx: Executor,
    scope: OrgScope,
    ids: readonly string[],
  ): Promise<Map<string, InvoiceRecord>> {
    const held = new Map<string, InvoiceRecord>()
    for (const id of [...new Set(ids)].sort()) {
      const record = await this.deps.store.lock(tx, scope, id)
      if (record) held.set(id, record)
    }
    return held
  }
}

/** Only a line waiting for review is applied: a confirmed one is in the books with its category already. */
function waitingProblem(event: LedgerEventRecord) {
  if (waiting.has(event.status)) return undefined
  if (event.status === 'reconciled') return reconciledEvent()
  return fail(
    event.status === 'ignored' ? 'EVENT_IGNORED' : 'EVENT_ALREADY_CONFIRMED',
    `Only an event in needs_review or pending pays a document this way; this one is ${event.status}. Use recordInvoicePayment.`,
    'eventId',
  )
}

/** Whether a bank line can pay this document: approved, the right way, in its currency, not before it. */
function fitProblem(event: SettlingEvent, document: InvoiceRecord) {
  if (!isPosted(document.status)) return notPayable(document)
  if (paysIn(document.kind) !== (event.direction === 'in')) {
    return fail(
      'INVOICE_DIRECTION_MISMATCH',
      `Money ${event.direction} does not pay ${labelOf(document.kind).toLowerCase()} ${document.number}: money in pays an invoice or a vendor credit's refund, money out a bill or a credit note's refund.`,
      'invoiceId',
    )
  }
  if (event.currency !== document.currency) {
    return fail(
      'CURRENCY_MISMATCH',
      `The bank line is in ${event.currency}; ${labelOf(document.kind).toLowerCase()} ${document.number} is in ${document.currency}.`,
      'invoiceId',
    )
  }
  if (event.transactionDate < document.issueDate) {
    return fail(
      'PAYMENT_BEFORE_ISSUE_DATE',
      `The bank line is dated ${event.transactionDate}, before the document's issue date (${document.issueDate}).`,
      'eventId',
    )
  }
  return undefined
}

/** The words of a line's merchant, memo and reference that could be a document's number, lower-cased. */
function numberWordsOf(event: Pick<LedgerEventRecord, 'merchantName' | 'memo' | 'reference'>): Set<string> {
  const text = `${event.merchantName} ${event.memo} ${event.reference ?? ''}`.toLowerCase()
  const words = new Set<string>()
  for (const word of text.split(/[\s,;:()[\]"']+/)) {
    const trimmed = word.replace(/^#+/, '').replace(/[.]+$/, '')
    if (trimmed.length >= 1 && trimmed.length <= 50 && /\d/.test(trimmed)) words.add(trimmed)
    if (words.size >= numberWordsMax) break
  }
  return words
}

const normalized = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
