// Invoices, bills, credit notes and payments over HTTP (DESIGN 8.6): taxed line by line, posted when approved, paid without ever overpaying, aged, stated, counted by the sales tax return, and every bad input refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsByName, createTenant, createUser, type Tenant } from '../support/fixtures.js'
import { type Page, tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
const { gql, field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const invoiceFields = `id kind number contact { id displayName } issueDate dueDate currency status
  lines { description quantity unitPrice accountId taxCode amount taxAmount }
  subtotal taxTotal total amountPaid amountDue memo journalEntryId
  payments { id date amount paymentAccountId journalEntryId eventId } createdAt`
const payloadFields = `success error errorCode invoice { ${invoiceFields} }`

type Invoice = {
  id: string
  kind: string
  number: string
  contact: { id: string; displayName: string }
  issueDate: string
  dueDate: string
  status: string
  lines: Array<{ amount: string; taxAmount: string; taxCode: string | null }>
  subtotal: string
  taxTotal: string
  total: string
  amountPaid: string
  amountDue: string
  journalEntryId: string | null
  payments: Array<{
    id: string
    date: string
    amount: string
    paymentAccountId: string | null
    journalEntryId: string | null
  }>
}
type Payload = { success: boolean; error: string | null; errorCode: string | null; invoice: Invoice | null }
type LineInput = {
  description?: string
  quantity: string
  unitPrice: string
  accountId: string
  taxCode?: string | null
}

const createMutation = `mutation ($org: UUID!, $input: InvoiceInput!) { createInvoice(organizationId: $org, input: $input) { ${payloadFields} } }`
const updateMutation = `mutation ($org: UUID!, $id: UUID!, $input: InvoiceInput!) { updateInvoice(organizationId: $org, invoiceId: $id, input: $input) { ${payloadFields} } }`
const approveMutation = `mutation ($org: UUID!, $id: UUID!) { approveInvoice(organizationId: $org, invoiceId: $id) { ${payloadFields} } }`
const voidMutation = `mutation ($org: UUID!, $id: UUID!) { voidInvoice(organizationId: $org, invoiceId: $id) { ${payloadFields} } }`
const payMutation = `mutation ($org: UUID!, $id: UUID!, $amount: String!, $date: Date!, $account: UUID!) {
  recordInvoicePayment(organizationId: $org, invoiceId: $id, amount: $amount, date: $date, paymentAccountId: $account) { ${payloadFields} }
}`
const applyMutation = `mutation ($org: UUID!, $cn: UUID!, $id: UUID!, $amount: String!) {
  applyCreditNote(organizationId: $org, creditNoteId: $cn, invoiceId: $id, amount: $amount) { ${payloadFields} }
}`
const listQuery = `query ($org: UUID!, $kind: String, $status: [String!], $contact: UUID, $dueBefore: Date, $search: String, $limit: Int = 50, $offset: Int, $sortBy: String, $sortDir: String) {
  listInvoices(organizationId: $org, kind: $kind, status: $status, contactId: $contact, dueBefore: $dueBefore, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortDir: $sortDir) {
    totalCount pageSize offset items { ${invoiceFields} }
  }
}`

const create = (tenant: Tenant, input: Record<string, unknown>) =>
  field<Payload>(tenant, createMutation, { input })
const approve = (tenant: Tenant, id: string) => field<Payload>(tenant, approveMutation, { id })
const pay = (tenant: Tenant, id: string, amount: string, date: string, account: string) =>
  field<Payload>(tenant, payMutation, { id, amount, date, account })
const apply = (tenant: Tenant, cn: string, id: string, amount: string) =>
  field<Payload>(tenant, applyMutation, { cn, id, amount })
const list = (tenant: Tenant, vars: Record<string, unknown> = {}) =>
  field<Page<Invoice>>(tenant, listQuery, vars)

async function ok(answer: Promise<Payload>): Promise<Invoice> {
  const payload = await answer
  expect(payload.error ?? '', JSON.stringify(payload)).toBe('')
  expect(payload.success).toBe(true)
  return payload.invoice as Invoice
}

/** Created and approved: the document as approving answered it. */
async function approved(tenant: Tenant, input: Record<string, unknown>): Promise<Invoice> {
  return ok(approve(tenant, (await ok(create(tenant, input))).id))
}

async function refused(answer: Promise<Payload>, code: string): Promise<void> {
  const payload = await answer
  expect(payload, JSON.stringify(payload)).toMatchObject({ success: false, errorCode: code, invoice: null })
  expect(payload.error).toBeTruthy()
}

async function contact(tenant: Tenant, type: 'customer' | 'vendor', name: string): Promise<string> {
  const created = await field<{ success: boolean; contact: { id: string } }>(
    tenant,
    'mutation ($org: UUID!, $t: String!, $n: String!) { createContact(organizationId: $org, contactType: $t, displayName: $n) { success error contact { id } } }',
    { t: type, n: name },
  )
  expect(created.success).toBe(true)
  return created.contact.id
}

async function balances(tenant: Tenant): Promise<Record<string, string>> {
  const rows = await field<Array<{ accountName: string; balance: string }>>(
    tenant,
    'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName balance } }',
  )
  return Object.fromEntries(rows.map((row) => [row.accountName, row.balance]))
}

async function contactRow(tenant: Tenant, id: string) {
  const page = await field<Page<{ id: string; balance: number; outstanding: string; overdue: string }>>(
    tenant,
    'query ($org: UUID!) { listContacts(organizationId: $org, limit: 200) { items { id balance outstanding overdue } } }',
  )
  return page.items.find((item) => item.id === id)
}

/** A tenant with a customer and a vendor, and its accounts by name. */
async function books() {
  const tenant = await createTenant(server)
  const accounts = await accountsByName(server, tenant)
  const customer = await contact(tenant, 'customer', 'Northwind Traders')
  const vendor = await contact(tenant, 'vendor', 'Office Depot')
  return { tenant, accounts, customer, vendor }
}

const line = (accountId: string, unitPrice: string, extra: Partial<LineInput> = {}): LineInput => ({
  quantity: '1',
  unitPrice,
  accountId,
  ...extra,
})

describe('an invoice taxed line by line and paid in two parts', () => {
  it('computes each line half-even, posts on approval and settles AR back to zero', async () => {
    const { tenant, accounts, customer } = await books()
    const sales = accounts['Sales Revenue'] as string
    const draft = await ok(
      create(tenant, {
        kind: 'invoice',
        contactId: customer,
        issueDate: '2026-03-10',
        dueDate: '2026-04-09',
        memo: 'March consulting',
        lines: [
          line(sales, '450.00', { description: 'Consulting', taxCode: 'HST_ON' }),
          line(sales, '33.33', { description: 'Travel', quantity: '3', taxCode: 'HST_ON' }),
        ],
      }),
    )
    expect(draft).toMatchObject({
      number: 'INV-0001',
      status: 'draft',
      currency: 'CAD',
      journalEntryId: null,
    })
    expect(draft.lines.map((l) => [l.amount, l.taxAmount])).toEqual([
      ['450.00', '58.50'],
      ['99.99', '13.00'],
    ])
    expect(draft).toMatchObject({
      subtotal: '549.99',
      taxTotal: '71.50',
      total: '621.49',
      amountDue: '621.49',
    })
    expect((await balances(tenant))['Accounts Receivable']).toBe('0.00')

    const open = await ok(approve(tenant, draft.id))
    expect(open.status).toBe('open')
    expect(open.journalEntryId).toBeTruthy()
    const posted = await balances(tenant)
    expect(posted['Accounts Receivable']).toBe('621.49')
    expect(posted['GST/HST Payable']).toBe('71.50')
    expect(posted['Sales Revenue']).toBe('549.99')
    expect(await contactRow(tenant, customer)).toMatchObject({ balance: 621.49, outstanding: '621.49' })

    const chequing = accounts.Chequing as string
    const part = await ok(pay(tenant, draft.id, '300.00', '2026-03-20', chequing))
    expect(part).toMatchObject({ status: 'partially_paid', amountPaid: '300.00', amountDue: '321.49' })
    const paid = await ok(pay(tenant, draft.id, '321.49', '2026-03-25', chequing))
    expect(paid).toMatchObject({ status: 'paid', amountPaid: '621.49', amountDue: '0.00' })
    expect(paid.payments.map((p) => [p.date, p.amount, p.paymentAccountId])).toEqual([
      ['2026-03-20', '300.00', chequing],
      ['2026-03-25', '321.49', chequing],
    ])
    const settled = await balances(tenant)
    expect(settled['Accounts Receivable']).toBe('0.00')
    expect(settled.Chequing).toBe('621.49')
    expect(await contactRow(tenant, customer)).toMatchObject({
      balance: 0,
      outstanding: '0.00',
      overdue: '0.00',
    })

    const entries = await field<
      Page<{ source: string; totalAmount: string; lines: Array<{ contact: { id: string } | null }> }>
    >(
      tenant,
      'query ($org: UUID!) { listJournalEntries(organizationId: $org, sources: ["invoice", "payment"]) { totalCount items { source totalAmount lines { contact { id } } } } }',
    )
    expect(entries.items.map((e) => [e.source, e.totalAmount]).sort()).toEqual([
      ['invoice', '621.49'],
      ['payment', '300.00'],
      ['payment', '321.49'],
    ])
    expect(entries.items.flatMap((e) => e.lines).every((l) => l.contact?.id === customer)).toBe(true)

    const next = await ok(
      create(tenant, {
        kind: 'invoice',
        contactId: customer,
        issueDate: '2026-03-11',
        lines: [line(sales, '10.00')],
      }),
    )
    expect(next).toMatchObject({ number: 'INV-0002', dueDate: '2026-03-11', total: '10.00' })
    const fetched = await field<Invoice>(
      tenant,
      `query ($org: UUID!, $id: UUID!) { invoice(organizationId: $org, invoiceId: $id) { ${invoiceFields} } }`,
      { id: draft.id },
    )
    expect(fetched).toMatchObject({
      id: draft.id,
      status: 'paid',
      contact: { id: customer, displayName: 'Northwind Traders' },
    })
  })
})

describe('a bill with a meal on it', () => {
  it('claims back the whole tax of office supplies and half of the meal, and pays AP down', async () => {
    const { tenant, accounts, vendor } = await books()
    const bill = await ok(
      create(tenant, {
        kind: 'bill',
        contactId: vendor,
        number: 'V-100',
        issueDate: '2026-03-12',
        dueDate: '2026-04-11',
        lines: [
          line(accounts['Office Expenses'] as string, '200.00', { taxCode: 'HST_ON' }),
          line(accounts['Meals & Entertainment'] as string, '100.00', { taxCode: 'HST_ON' }),
        ],
      }),
    )
    expect(bill).toMatchObject({ number: 'V-100', total: '339.00', taxTotal: '39.00' })
    await ok(approve(tenant, bill.id))
    const posted = await balances(tenant)
    expect(posted['Accounts Payable']).toBe('339.00')
    expect(posted['Taxes Recoverable']).toBe('32.50')
    expect(posted['Office Expenses']).toBe('200.00')
    expect(posted['Meals & Entertainment']).toBe('106.50')

    await refused(
      create(tenant, {
        kind: 'bill',
        contactId: vendor,
        number: 'v-100',
        issueDate: '2026-03-13',
        lines: [line(accounts['Office Expenses'] as string, '1.00')],
      }),
      'DUPLICATE_INVOICE_NUMBER',
    )
    const otherVendor = await contact(tenant, 'vendor', 'Staples')
    await ok(
      create(tenant, {
        kind: 'bill',
        contactId: otherVendor,
        number: 'V-100',
        issueDate: '2026-03-13',
        lines: [line(accounts['Office Expenses'] as string, '1.00')],
      }),
    )

    const paid = await ok(pay(tenant, bill.id, '339.00', '2026-03-30', accounts.Chequing as string))
    expect(paid.status).toBe('paid')
    const settled = await balances(tenant)
    expect(settled['Accounts Payable']).toBe('0.00')
    expect(settled.Chequing).toBe('-339.00')
    const aged = await field<{ totals: { total: string } }>(
      tenant,
      'query ($org: UUID!) { agedPayables(organizationId: $org, asOf: "2026-03-31") { totals { total } } }',
    )
    expect(aged.totals.total).toBe('0.00')
  })
})

describe('a credit note applied', () => {
  it('reduces the invoice it is applied to, moves no money, and refuses what it does not have left', async () => {
    const { tenant, accounts, customer } = await books()
    const sales = accounts['Sales Revenue'] as string
    const invoice = await approved(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
      lines: [line(sales, '200.00', { taxCode: 'HST_ON' })],
    })
    const credit = await ok(
      create(tenant, {
        kind: 'credit_note',
        contactId: customer,
        issueDate: '2026-03-05',
        lines: [line(sales, '100.00', { taxCode: 'HST_ON' })],
      }),
    )
    expect(credit).toMatchObject({ number: 'CN-0001', total: '113.00' })
    await ok(approve(tenant, credit.id))
    expect((await balances(tenant))['Accounts Receivable']).toBe('113.00')
    expect(await contactRow(tenant, customer)).toMatchObject({ balance: 113, outstanding: '113.00' })

    const applied = await ok(apply(tenant, credit.id, invoice.id, '50.00'))
    expect(applied).toMatchObject({
      id: invoice.id,
      status: 'partially_paid',
      amountPaid: '50.00',
      amountDue: '176.00',
    })
    expect(applied.payments).toMatchObject([
      { amount: '50.00', paymentAccountId: null, journalEntryId: null },
    ])
    await refused(apply(tenant, credit.id, invoice.id, '63.01'), 'CREDIT_EXCEEDS_REMAINING')
    const rest = await ok(apply(tenant, credit.id, invoice.id, '63.00'))
    expect(rest).toMatchObject({ amountDue: '113.00' })
    const spent = (await list(tenant, { kind: 'credit_note' })).items[0] as Invoice
    expect(spent).toMatchObject({ status: 'paid', amountDue: '0.00' })
    expect(spent.payments.map((p) => p.amount)).toEqual(['50.00', '63.00'])
    // Applying a credit is no movement of money: AR holds what it held.
    expect((await balances(tenant))['Accounts Receivable']).toBe('113.00')
    expect(await contactRow(tenant, customer)).toMatchObject({ outstanding: '113.00' })
    await refused(apply(tenant, credit.id, invoice.id, '1.00'), 'CREDIT_EXCEEDS_REMAINING')

    const stranger = await contact(tenant, 'customer', 'Contoso')
    const theirs = await approved(tenant, {
      kind: 'invoice',
      contactId: stranger,
      issueDate: '2026-03-01',
      lines: [line(sales, '80.00')],
    })
    const second = await approved(tenant, {
      kind: 'credit_note',
      contactId: customer,
      issueDate: '2026-03-06',
      lines: [line(sales, '10.00')],
    })
    await refused(apply(tenant, second.id, theirs.id, '5.00'), 'CREDIT_NOTE_CONTACT_MISMATCH')
    await refused(apply(tenant, invoice.id, theirs.id, '5.00'), 'NOT_A_CREDIT_NOTE')
    expect((await list(tenant, { contact: stranger })).items[0]).toMatchObject({ amountPaid: '0.00' })
  })
})

describe('the sales tax return', () => {
  it('counts approved invoices and bills on their issue date, credit notes reduce it, voided documents vanish', async () => {
    const { tenant, accounts, customer, vendor } = await books()
    const sales = accounts['Sales Revenue'] as string
    const documents = [
      {
        kind: 'invoice',
        contactId: customer,
        issueDate: '2026-03-10',
        lines: [line(sales, '450.00', { taxCode: 'HST_ON' }), line(sales, '99.99', { taxCode: 'HST_ON' })],
      },
      {
        kind: 'bill',
        contactId: vendor,
        number: 'B-1',
        issueDate: '2026-03-12',
        lines: [
          line(accounts['Office Expenses'] as string, '200.00', { taxCode: 'HST_ON' }),
          line(accounts['Meals & Entertainment'] as string, '100.00', { taxCode: 'HST_ON' }),
        ],
      },
      {
        kind: 'credit_note',
        contactId: customer,
        issueDate: '2026-03-20',
        lines: [line(sales, '100.00', { taxCode: 'HST_ON' })],
      },
      // Issued in April: outside the period.
      {
        kind: 'invoice',
        contactId: customer,
        issueDate: '2026-04-01',
        lines: [line(sales, '1000.00', { taxCode: 'HST_ON' })],
      },
    ]
    for (const input of documents) await ok(approve(tenant, (await ok(create(tenant, input))).id))
    const voided = await approved(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-03-15',
      lines: [line(sales, '500.00', { taxCode: 'HST_ON' })],
    })
    expect(await ok(field<Payload>(tenant, voidMutation, { id: voided.id }))).toMatchObject({
      status: 'void',
    })
    // A draft posts nothing.
    await ok(
      create(tenant, {
        kind: 'invoice',
        contactId: customer,
        issueDate: '2026-03-16',
        lines: [line(sales, '700.00', { taxCode: 'HST_ON' })],
      }),
    )

    const taxReturn = await field<{ tiesOut: boolean; lines: Array<{ line: string; amount: string }> }>(
      tenant,
      'query ($org: UUID!) { salesTaxReturn(organizationId: $org, startDate: "2026-03-01", endDate: "2026-03-31") { tiesOut lines { line amount } } }',
    )
    const lines = Object.fromEntries(taxReturn.lines.map((l) => [l.line, l.amount]))
    expect(lines['90']).toBe('449.99')
    expect(lines['103']).toBe('58.50')
    expect(lines['106']).toBe('32.50')
    expect(lines['109']).toBe('26.00')
    expect(taxReturn.tiesOut).toBe(true)
  })
})

describe('aging and the statement', () => {
  it('puts what is due at a chosen date in its bucket, and states a contact period by period', async () => {
    const { tenant, accounts, customer, vendor } = await books()
    const sales = accounts['Sales Revenue'] as string
    const other = await contact(tenant, 'customer', 'Adventure Works')
    await approved(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-01-01',
      dueDate: '2026-01-31',
      lines: [line(sales, '100.00')],
    })
    const march = await approved(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
      lines: [line(sales, '50.00')],
    })
    await approved(tenant, {
      kind: 'invoice',
      contactId: other,
      issueDate: '2025-10-01',
      dueDate: '2025-10-31',
      lines: [line(sales, '200.00')],
    })
    await approved(tenant, {
      kind: 'credit_note',
      contactId: other,
      issueDate: '2026-03-15',
      lines: [line(sales, '20.00')],
    })
    await approved(tenant, {
      kind: 'bill',
      contactId: vendor,
      number: 'A-1',
      issueDate: '2026-04-01',
      dueDate: '2026-05-01',
      lines: [line(accounts['Office Expenses'] as string, '75.00')],
    })
    // Issued after the date asked: not yet owed then.
    await approved(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-04-15',
      dueDate: '2026-05-15',
      lines: [line(sales, '999.00')],
    })
    await ok(pay(tenant, march.id, '50.00', '2026-04-20', accounts.Chequing as string))

    const agedQuery = (name: string) =>
      `query ($org: UUID!, $asOf: Date) { ${name}(organizationId: $org, asOf: $asOf) { asOf rows { contactId displayName current days1To30 days31To60 days61To90 over90 total } totals { contactId displayName current days1To30 days31To60 days61To90 over90 total } } }`
    const aged = await field<{
      asOf: string
      rows: Array<Record<string, string | null>>
      totals: Record<string, string | null>
    }>(tenant, agedQuery('agedReceivables'), { asOf: '2026-04-10' })
    expect(aged.asOf).toBe('2026-04-10')
    expect(aged.rows).toEqual([
      {
        contactId: other,
        displayName: 'Adventure Works',
        current: '0.00',
        days1To30: '-20.00',
        days31To60: '0.00',
        days61To90: '0.00',
        over90: '200.00',
        total: '180.00',
      },
      {
        contactId: customer,
        displayName: 'Northwind Traders',
        current: '0.00',
        days1To30: '50.00',
        days31To60: '0.00',
        days61To90: '100.00',
        over90: '0.00',
        total: '150.00',
      },
    ])
    expect(aged.totals).toEqual({
      contactId: null,
      displayName: 'Total',
      current: '0.00',
      days1To30: '30.00',
      days31To60: '0.00',
      days61To90: '100.00',
      over90: '200.00',
      total: '330.00',
    })
    const later = await field<{ rows: Array<{ contactId: string; total: string; current: string }> }>(
      tenant,
      agedQuery('agedReceivables'),
      { asOf: '2026-04-30' },
    )
    expect(later.rows.find((r) => r.contactId === customer)).toMatchObject({
      total: '1099.00',
      current: '999.00',
    })
    const payables = await field<{ rows: Array<{ contactId: string; current: string; total: string }> }>(
      tenant,
      agedQuery('agedPayables'),
      { asOf: '2026-04-10' },
    )
    expect(payables.rows).toMatchObject([{ contactId: vendor, current: '75.00', total: '75.00' }])

    const statement = await field<{
      openingBalance: string
      closingBalance: string
      lines: Array<Record<string, string>>
    }>(
      tenant,
      'query ($org: UUID!, $c: UUID!) { contactStatement(organizationId: $org, contactId: $c, startDate: "2026-02-01", endDate: "2026-04-30") { openingBalance closingBalance lines { date kind number amount balance } } }',
      { c: customer },
    )
    expect(statement).toEqual({
      openingBalance: '100.00',
      lines: [
        { date: '2026-03-01', kind: 'invoice', number: 'INV-0002', amount: '50.00', balance: '150.00' },
        { date: '2026-04-15', kind: 'invoice', number: 'INV-0004', amount: '999.00', balance: '1149.00' },
        { date: '2026-04-20', kind: 'payment', number: 'INV-0002', amount: '-50.00', balance: '1099.00' },
      ],
      closingBalance: '1099.00',
    })
    const overdue = await contactRow(tenant, customer)
    expect(overdue).toMatchObject({ outstanding: '1099.00' })

    const filtered = await list(tenant, {
      kind: 'invoice',
      status: ['open'],
      contact: customer,
      dueBefore: '2026-02-01',
    })
    expect(filtered.items.map((i) => i.number)).toEqual(['INV-0001'])
    const searched = await list(tenant, {
      search: 'inv-000',
      sortBy: 'number',
      sortDir: 'asc',
      limit: 2,
      offset: 1,
    })
    expect(searched).toMatchObject({ totalCount: 4, pageSize: 2, offset: 1 })
    expect(searched.items.map((i) => i.number)).toEqual(['INV-0002', 'INV-0003'])
  })
})

describe('fifty payments of one invoice at once', () => {
  it('never pay more than its total', async () => {
    const { tenant, accounts, customer } = await books()
    const invoice = await approved(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-03-01',
      lines: [line(accounts['Sales Revenue'] as string, '100.00')],
    })
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        pay(tenant, invoice.id, '10.00', '2026-03-02', accounts.Chequing as string),
      ),
    )
    const accepted = answers.filter((a) => a.success)
    expect(accepted).toHaveLength(10)
    expect(answers.filter((a) => !a.success).map((a) => a.errorCode)).toEqual(
      Array.from({ length: 40 }, () => 'PAYMENT_EXCEEDS_AMOUNT_DUE'),
    )
    const settled = (await list(tenant)).items[0] as Invoice
    expect(settled).toMatchObject({ status: 'paid', amountPaid: '100.00', amountDue: '0.00' })
    expect(settled.payments).toHaveLength(10)
    const after = await balances(tenant)
    expect(after['Accounts Receivable']).toBe('0.00')
    expect(after.Chequing).toBe('100.00')
  })
})

describe('bad input', () => {
  it('is refused with a clear code, and nothing is written', async () => {
    const { tenant, accounts, customer, vendor } = await books()
    const sales = accounts['Sales Revenue'] as string
    const good = {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-03-10',
      lines: [line(sales, '10.00')],
    }
    const elsewhere = await books()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, lines: [line(sales, '10.00', { quantity: '-1' })] }, 'INVALID_QUANTITY'],
      [{ ...good, lines: [line(sales, '-10.00')] }, 'INVALID_AMOUNT'],
      [{ ...good, lines: [line(sales, '0.00')] }, 'INVALID_AMOUNT'],
      [{ ...good, dueDate: '2026-03-09' }, 'INVALID_DUE_DATE'],
      [
        { ...good, issueDate: '2009-01-01', lines: [line(sales, '10.00', { taxCode: 'HST_ON' })] },
        'TAX_CODE_NO_RATE',
      ],
      [{ ...good, lines: [line(sales, '10.00', { taxCode: 'NOPE' })] }, 'SALES_TAX_CODE_NOT_FOUND'],
      [{ ...good, contactId: elsewhere.customer }, 'CONTACT_NOT_FOUND'],
      [{ ...good, contactId: vendor }, 'CONTACT_TYPE_MISMATCH'],
      [{ ...good, kind: 'quote' }, 'INVALID_INVOICE_KIND'],
      [{ ...good, currency: 'usd' }, 'INVALID_CURRENCY'],
      [{ ...good, lines: [] }, 'INVALID_LINES'],
      [
        { ...good, lines: [line(elsewhere.accounts['Sales Revenue'] as string, '1.00')] },
        'ACCOUNT_NOT_FOUND',
      ],
      [{ ...good, lines: [line(accounts['Office Expenses'] as string, '1.00')] }, 'ACCOUNT_TYPE_MISMATCH'],
      [
        {
          kind: 'bill',
          contactId: vendor,
          issueDate: '2026-03-10',
          lines: [line(accounts['Office Expenses'] as string, '1.00')],
        },
        'INVALID_INVOICE_NUMBER',
      ],
    ]
    for (const [input, code] of cases) await refused(create(tenant, input), code)
    expect((await list(tenant)).totalCount).toBe(0)

    const draft = await ok(create(tenant, good))
    await refused(
      pay(tenant, draft.id, '1.00', '2026-03-11', accounts.Chequing as string),
      'INVOICE_NOT_OPEN',
    )
    await ok(approve(tenant, draft.id))
    await refused(approve(tenant, draft.id), 'INVOICE_NOT_DRAFT')
    await refused(field<Payload>(tenant, updateMutation, { id: draft.id, input: good }), 'INVOICE_NOT_DRAFT')
    await refused(
      pay(tenant, draft.id, '1.00', '2026-03-09', accounts.Chequing as string),
      'PAYMENT_BEFORE_ISSUE_DATE',
    )
    await refused(
      pay(tenant, draft.id, '10.01', '2026-03-11', accounts.Chequing as string),
      'PAYMENT_EXCEEDS_AMOUNT_DUE',
    )
    await refused(pay(tenant, draft.id, '1.00', '2026-03-11', sales), 'PAYMENT_ACCOUNT_NOT_ALLOWED')
    await refused(
      pay(tenant, draft.id, '1.00', '2026-03-11', elsewhere.accounts.Chequing as string),
      'PAYMENT_ACCOUNT_NOT_FOUND',
    )
    await refused(
      pay(tenant, elsewhere.customer, '1.00', '2026-03-11', accounts.Chequing as string),
      'INVOICE_NOT_FOUND',
    )
    const untouched = await ok(pay(tenant, draft.id, '4.00', '2026-03-11', accounts.Chequing as string))
    expect(untouched).toMatchObject({ status: 'partially_paid', amountPaid: '4.00' })
    await refused(field<Payload>(tenant, voidMutation, { id: draft.id }), 'INVOICE_HAS_PAYMENTS')

    const toVoid = await ok(create(tenant, good))
    await ok(approve(tenant, toVoid.id))
    await ok(field<Payload>(tenant, voidMutation, { id: toVoid.id }))
    await refused(
      pay(tenant, toVoid.id, '1.00', '2026-03-11', accounts.Chequing as string),
      'INVOICE_NOT_OPEN',
    )
    await refused(field<Payload>(tenant, voidMutation, { id: toVoid.id }), 'INVOICE_NOT_OPEN')
    // Another organization's document is not found, and is left as it was.
    await refused(approve(elsewhere.tenant, toVoid.id), 'INVOICE_NOT_FOUND')

    const ledger = await balances(tenant)
    expect(ledger['Accounts Receivable']).toBe('6.00')
    expect(ledger.Chequing).toBe('4.00')

    // A locked period takes no document dated in it.
    const locked = await gql(
      tenant,
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2026-03-31") { success errorCode } }',
      {},
      tenant.owner.jwt,
    )
    expect(locked.data?.setLockDate.success).toBe(true)
    await refused(create(tenant, good), 'PERIOD_LOCKED')
    await refused(pay(tenant, draft.id, '1.00', '2026-03-20', accounts.Chequing as string), 'PERIOD_LOCKED')

    const badList = await gql(tenant, listQuery, { status: ['late'] })
    expect(badList.errors?.[0]?.extensions?.code).toBe('INVALID_STATUS')
    const badStatement = await gql(
      tenant,
      'query ($org: UUID!, $c: UUID!) { contactStatement(organizationId: $org, contactId: $c, startDate: "2026-02-01", endDate: "2026-01-01") { openingBalance } }',
      { c: customer },
    )
    expect(badStatement.errors?.[0]?.extensions?.code).toBe('INVALID_DATE_RANGE')
  })

  it('keeps a draft editable until it is approved', async () => {
    const { tenant, accounts, customer } = await books()
    const sales = accounts['Sales Revenue'] as string
    const draft = await ok(
      create(tenant, {
        kind: 'invoice',
        contactId: customer,
        issueDate: '2026-03-10',
        lines: [line(sales, '10.00')],
      }),
    )
    const changed = await ok(
      field<Payload>(tenant, updateMutation, {
        id: draft.id,
        input: {
          kind: 'invoice',
          contactId: customer,
          issueDate: '2026-03-12',
          lines: [line(sales, '20.00', { quantity: '2.5', taxCode: 'GST' })],
        },
      }),
    )
    expect(changed).toMatchObject({
      number: 'INV-0001',
      issueDate: '2026-03-12',
      subtotal: '50.00',
      taxTotal: '2.50',
      total: '52.50',
    })
    await refused(
      field<Payload>(tenant, updateMutation, {
        id: draft.id,
        input: {
          kind: 'credit_note',
          contactId: customer,
          issueDate: '2026-03-12',
          lines: [line(sales, '1.00')],
        },
      }),
      'INVALID_INVOICE_KIND',
    )
    // No operation makes an account inactive yet; the flag is written as the chart keeps it.
    await server.app.core.database.db
      .updateTable('accounts')
      .set({ active: 0 })
      .where('organization_id', '=', tenant.organizationId)
      .where('id', '=', sales)
      .execute()
    await refused(approve(tenant, draft.id), 'ACCOUNT_INACTIVE')
    expect((await list(tenant)).items[0]).toMatchObject({ status: 'draft', journalEntryId: null })
  })
})

describe('vendor credits and refunds', () => {
  it('sets a vendor credit against a bill, refunds a credit note, and keeps document entries to voiding', async () => {
    const { tenant, accounts, customer, vendor } = await books()
    const office = accounts['Office Expenses'] as string
    const chequing = accounts.Chequing as string
    const bill = await approved(tenant, {
      kind: 'bill',
      contactId: vendor,
      number: 'OD-7',
      issueDate: '2026-03-02',
      lines: [line(office, '100.00', { taxCode: 'HST_ON' })],
    })
    const credit = await approved(tenant, {
      kind: 'vendor_credit',
      contactId: vendor,
      number: 'OD-7C',
      issueDate: '2026-03-03',
      lines: [line(office, '20.00', { taxCode: 'HST_ON' })],
    })
    expect((await balances(tenant))['Accounts Payable']).toBe('90.40')
    expect((await balances(tenant))['Taxes Recoverable']).toBe('10.40')
    expect(await ok(apply(tenant, credit.id, bill.id, '22.60'))).toMatchObject({ amountDue: '90.40' })
    expect(await ok(pay(tenant, bill.id, '90.40', '2026-03-04', chequing))).toMatchObject({ status: 'paid' })
    expect((await balances(tenant))['Accounts Payable']).toBe('0.00')

    const sales = accounts['Sales Revenue'] as string
    const note = await ok(
      create(tenant, {
        kind: 'credit_note',
        contactId: customer,
        issueDate: '2026-03-05',
        lines: [line(sales, '30.00')],
      }),
    )
    const posted = await ok(approve(tenant, note.id))
    const refunded = await ok(pay(tenant, note.id, '30.00', '2026-03-06', chequing))
    expect(refunded.status).toBe('paid')
    const after = await balances(tenant)
    expect(after['Accounts Receivable']).toBe('0.00')
    expect(after.Chequing).toBe('-120.40')

    const reversed = await field<{ success: boolean; errorCode: string | null }>(
      tenant,
      'mutation ($org: UUID!, $id: UUID!) { reverseJournalEntry(organizationId: $org, journalEntryId: $id, date: "2026-03-31") { success errorCode } }',
      { id: posted.journalEntryId },
    )
    expect(reversed).toMatchObject({ success: false, errorCode: 'ENTRY_NOT_REVERSIBLE' })
  })
})

describe('who may write documents', () => {
  it('lets owners, admins and accountants write, viewers and members read', async () => {
    const { tenant, accounts, customer } = await books()
    const { access } = server.app.core.services
    const people: Record<string, Record<string, string>> = {}
    for (const role of ['accountant', 'member', 'viewer']) {
      const person = await createUser(server)
      expect((await access.addMemberAsOperator(tenant.organizationId, person.email, role)).ok).toBe(true)
      people[role] = person.jwt
    }
    const input = {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-03-10',
      lines: [line(accounts['Sales Revenue'] as string, '10.00')],
    }
    const made = await field<Payload>(tenant, createMutation, { input }, people.accountant)
    expect(made.success).toBe(true)
    for (const [role, code] of [
      ['member', 'OWNER_OR_ADMIN_REQUIRED'],
      ['viewer', 'READ_ONLY'],
    ] as const) {
      const refusedWrite = await gql(tenant, createMutation, { input }, people[role])
      expect(refusedWrite.errors?.[0]?.extensions?.code, role).toBe(code)
      const read = await field<Page<Invoice>>(tenant, listQuery, {}, people[role])
      expect(read.totalCount, role).toBe(1)
    }
    expect((await list(tenant)).totalCount).toBe(1)
  })
})
