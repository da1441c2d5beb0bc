import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, valueOrError } from '../../graphql/payload.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { AgedReport, AgedRow, ContactStatement, InvoiceView } from './invoice-service.js'

function invoiceToGraphQL(view: InvoiceView) {
  const money = (minor: bigint) => formatMoney(minor, currencyDecimals(view.currency))
  return {
    organizationId: view.organizationId,
    id: view.id,
    kind: view.kind,
    number: view.number,
    contact: view.contact,
    issueDate: view.issueDate,
    dueDate: view.dueDate,
    currency: view.currency,
    status: view.status,
    lines: view.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      accountId: line.accountId,
      taxCode: line.taxCode,
      amount: money(line.amountMinor),
      taxAmount: money(line.taxMinor),
    })),
    subtotal: money(view.subtotalMinor),
    taxTotal: money(view.taxTotalMinor),
    total: money(view.totalMinor),
    amountPaid: money(view.amountPaidMinor),
    amountDue: money(view.totalMinor - view.amountPaidMinor),
    memo: view.memo,
    journalEntryId: view.journalEntryId,
    receiptId: view.receiptId,
    payments: view.payments.map((payment) => ({
      id: payment.id,
      date: payment.date,
      amount: money(payment.amountMinor),
      paymentAccountId: payment.paymentAccountId,
      journalEntryId: payment.journalEntryId,
      eventId: payment.eventId,
    })),
    createdAt: view.createdAt,
  }
}

function agedToGraphQL(report: AgedReport) {
  const money = (minor: bigint) => formatMoney(minor, currencyDecimals(report.currency))
  const row = (aged: AgedRow) => ({
    contactId: aged.contactId,
    displayName: aged.displayName,
    current: money(aged.buckets.current),
    days1To30: money(aged.buckets.days1To30),
    days31To60: money(aged.buckets.days31To60),
    days61To90: money(aged.buckets.days61To90),
    over90: money(aged.buckets.over90),
    total: money(aged.totalMinor),
  })
  return { asOf: report.asOf, rows: report.rows.map(row), totals: row(report.totals) }
}

function statementToGraphQL(statement: ContactStatement) {
  const money = (minor: bigint) => formatMoney(minor, currencyDecimals(statement.currency))
  return {
    openingBalance: money(statement.openingBalanceMinor),
    lines: statement.lines.map((line) => ({
      date: line.date,
      kind: line.kind,
      number: line.number,
      amount: money(line.amountMinor),
      balance: money(line.balanceMinor),
    })),
    closingBalance: money(statement.closingBalanceMinor),
  }
}

const invoicePayload = (result: Parameters<typeof payloadOf<InvoiceView, object, object>>[0]) =>
  payloadOf(result, (view) => ({ invoice: invoiceToGraphQL(view) }), { invoice: null })

export const invoiceResolvers: Resolvers = {
  Query: {
    invoice: async (_, { organizationId, invoiceId }, { principal, services }) => {
      const view = await services.invoices.invoice(principal, organizationId, invoiceId)
      return view ? invoiceToGraphQL(view) : null
    },
    listInvoices: async (_, { organizationId, ...args }, { principal, services }) => {
      const page = valueOrError(await services.invoices.listInvoices(principal, organizationId, args))
      return { ...page, items: page.items.map(invoiceToGraphQL) }
    },
    agedReceivables: async (_, { organizationId, asOf }, { principal, services }) =>
      agedToGraphQL(await services.invoices.agedReport(principal, organizationId, 'receivables', asOf)),
    agedPayables: async (_, { organizationId, asOf }, { principal, services }) =>
      agedToGraphQL(await services.invoices.agedReport(principal, organizationId, 'payables', asOf)),
    contactStatement: async (_, { organizationId, ...args }, { principal, services }) =>
      statementToGraphQL(
        valueOrError(await services.invoices.contactStatement(principal, organizationId, args)),
      ),
    invoiceMatches: async (_, { organizationId, eventId }, { principal, services }) =>
      (await services.invoiceMatching.invoiceMatches(principal, organizationId, eventId)).map((match) => ({
        invoice: invoiceToGraphQL(match.invoice),
        score: match.score,
      })),
  },
  Mutation: {
    createInvoice: async (_, { organizationId, input }, { principal, services }) =>
      invoicePayload(await services.invoices.createInvoice(principal, organizationId, input)),
    updateInvoice: async (_, { organizationId, invoiceId, input }, { principal, services }) =>
      invoicePayload(await services.invoices.updateInvoice(principal, organizationId, invoiceId, input)),
    approveInvoice: async (_, { organizationId, invoiceId }, { principal, services }) =>
      invoicePayload(await services.invoices.approveInvoice(principal, organizationId, invoiceId)),
    voidInvoice: async (_, { organizationId, invoiceId }, { principal, services }) =>
      invoicePayload(await services.invoices.voidInvoice(principal, organizationId, invoiceId)),
    recordInvoicePayment: async (_, { organizationId, ...args }, { principal, services }) =>
      invoicePayload(await services.invoices.recordInvoicePayment(principal, organizationId, args)),
    applyCreditNote: async (_, { organizationId, ...args }, { principal, services }) =>
      invoicePayload(await services.invoices.applyCreditNote(principal, organizationId, args)),
    createBillFromReceipt: async (_, { organizationId, ...args }, { principal, services }) =>
      invoicePayload(await services.billsFromReceipts.createBillFromReceipt(principal, organizationId, args)),
    applyLedgerEventToInvoice: async (_, { organizationId, ...args }, { principal, services }) =>
      invoicePayload(
        await services.invoiceMatching.applyLedgerEventToInvoice(principal, organizationId, args),
      ),
  },
  LedgerEvent: {
    appliedDocuments: async ({ organizationId, id }, _, { principal, services }) =>
      (await services.invoiceMatching.appliedDocuments(principal, organizationId, id)).map((applied) => ({
        invoice: invoiceToGraphQL(applied.invoice),
        amount: formatMoney(applied.amountMinor, currencyDecimals(applied.invoice.currency)),
      })),
  },
  Contact: {
    outstanding: async ({ organizationId, id }, _, { principal, services }) => {
      const found = await services.invoices.contactOutstanding(
        principal,
        organizationId,
        id,
        'Contact.outstanding',
      )
      return formatMoney(found.outstandingMinor, currencyDecimals(found.currency))
    },
    overdue: async ({ organizationId, id }, _, { principal, services }) => {
      const found = await services.invoices.contactOutstanding(
        principal,
        organizationId,
        id,
        'Contact.overdue',
      )
      return formatMoney(found.overdueMinor, currencyDecimals(found.currency))
    },
  },
}
