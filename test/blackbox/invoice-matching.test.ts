// Bank lines that pay documents and documents in another currency over HTTP (DESIGN 8.6): suggested, applied, paid on confirm, taken back on reject, the exchange difference realised, and every bad input refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
const { field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const invoiceFields = `id kind number currency status total amountPaid amountDue journalEntryId
  payments { id date amount paymentAccountId journalEntryId eventId }`
const payloadFields = `success error errorCode invoice { ${invoiceFields} }`

type Invoice = {
  id: string
  number: string
  currency: string
  status: string
  total: string
  amountPaid: string
  amountDue: string
  journalEntryId: string | null
  payments: Array<{
    date: string
    amount: string
    paymentAccountId: string | null
    journalEntryId: string | null
    eventId: string | null
  }>
}
type Payload = { success: boolean; error: string | null; errorCode: string | null; invoice: Invoice | null }

async function ok(answer: Promise<Payload>): Promise<Invoice> {
  const payload = await answer
  expect(payload.error ?? '', JSON.stringify(payload)).toBe('')
  expect(payload.success).toBe(true)
  return payload.invoice as Invoice
}

async function refused(answer: Promise<{ success: boolean; errorCode: string | null }>, code: string) {
  const payload = await answer
  expect(payload, JSON.stringify(payload)).toMatchObject({ success: false, errorCode: code })
}

const createInvoice = (tenant: Tenant, input: Record<string, unknown>) =>
  field<Payload>(
    tenant,
    `mutation ($org: UUID!, $input: InvoiceInput!) { createInvoice(organizationId: $org, input: $input) { ${payloadFields} } }`,
    { input },
  )
const approve = (tenant: Tenant, id: string) =>
  field<Payload>(
    tenant,
    `mutation ($org: UUID!, $id: UUID!) { approveInvoice(organizationId: $org, invoiceId: $id) { ${payloadFields} } }`,
    { id },
  )
const pay = (tenant: Tenant, id: string, amount: string, date: string, account: string) =>
  field<Payload>(
    tenant,
    `mutation ($org: UUID!, $id: UUID!, $amount: String!, $date: Date!, $account: UUID!) {
      recordInvoicePayment(organizationId: $org, invoiceId: $id, amount: $amount, date: $date, paymentAccountId: $account) { ${payloadFields} }
    }`,
    { id, amount, date, account },
  )
const applyEvent = (tenant: Tenant, event: string, id: string, amount: string) =>
  field<Payload>(
    tenant,
    `mutation ($org: UUID!, $e: UUID!, $id: UUID!, $amount: String!) {
      applyLedgerEventToInvoice(organizationId: $org, eventId: $e, invoiceId: $id, amount: $amount) { ${payloadFields} }
    }`,
    { e: event, id, amount },
  )
const applyCredit = (tenant: Tenant, cn: string, id: string, amount: string) =>
  field<Payload>(
    tenant,
    `mutation ($org: UUID!, $cn: UUID!, $id: UUID!, $amount: String!) {
      applyCreditNote(organizationId: $org, creditNoteId: $cn, invoiceId: $id, amount: $amount) { ${payloadFields} }
    }`,
    { cn, id, amount },
  )
const matches = (tenant: Tenant, event: string) =>
  field<Array<{ score: number; invoice: Invoice }>>(
    tenant,
    `query ($org: UUID!, $e: UUID!) { invoiceMatches(organizationId: $org, eventId: $e) { score invoice { ${invoiceFields} } } }`,
    { e: event },
  )
const readInvoice = (tenant: Tenant, id: string) =>
  field<Invoice>(
    tenant,
    `query ($org: UUID!, $id: UUID!) { invoice(organizationId: $org, invoiceId: $id) { ${invoiceFields} } }`,
    {
      id,
    },
  )
const appliedTo = async (tenant: Tenant, event: string) =>
  (
    await field<{ appliedDocuments: Array<{ amount: string; invoice: { id: string; status: string } }> }>(
      tenant,
      'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { appliedDocuments { amount invoice { id status } } } }',
      { e: event },
    )
  ).appliedDocuments.map((applied) => [applied.invoice.id, applied.amount, applied.invoice.status])
const confirm = (tenant: Tenant, event: string) =>
  field<{ success: boolean; error: string | null; errorCode: string | null; journalEntryId: string | null }>(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error errorCode journalEntryId } }',
    { e: event },
  )
const reject = (tenant: Tenant, event: string) =>
  field<{ success: boolean; error: string | null; reversalEntryId: string | null }>(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success error reversalEntryId } }',
    { e: event },
  )

async function bankLine(
  tenant: Tenant,
  line: { merchant: string; amount: string; date: string; account: string; memo?: string } & Record<
    string,
    unknown
  >,
): Promise<string> {
  const { merchant, amount, date, account, memo, ...rest } = line
  const created = await field<{ success: boolean; error: string | null; eventId: string }>(
    tenant,
    `mutation ($org: UUID!, $m: String!, $a: String!, $d: String!, $p: UUID, $memo: String, $t: String, $dir: String, $c: String, $cat: UUID) {
      createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d, paymentAccountId: $p, memo: $memo,
        eventType: $t, direction: $dir, currency: $c, categoryId: $cat) { success error eventId }
    }`,
    { m: merchant, a: amount, d: date, p: account, memo: memo ?? '', t: 'income', ...rest },
  )
  expect(created.error ?? '').toBe('')
  return created.eventId
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

async function setRates(tenant: Tenant, rates: Array<{ currency: string; date: string; rate: string }>) {
  const saved = await field<{ success: boolean; error: string | null }>(
    tenant,
    'mutation ($org: UUID!, $r: [ExchangeRateInput!]!) { setExchangeRates(organizationId: $org, rates: $r) { success error } }',
    { r: rates },
  )
  expect(saved.error ?? '').toBe('')
}

/** A tenant with a customer, a vendor and an approved invoice of the customer. */
async function books(total = '100.00', extra: Record<string, unknown> = {}) {
  const tenant = await createTenant(server)
  const accounts = await accountsByName(server, tenant)
  const customer = await contact(tenant, 'customer', 'Northwind Traders')
  const vendor = await contact(tenant, 'vendor', 'Office Depot')
  const sales = accounts['Sales Revenue'] as string
  const invoice = async (unitPrice: string, more: Record<string, unknown> = {}) => {
    const draft = await ok(
      createInvoice(tenant, {
        kind: 'invoice',
        contactId: customer,
        issueDate: '2026-03-10',
        lines: [{ quantity: '1', unitPrice, accountId: sales }],
        ...more,
      }),
    )
    return ok(approve(tenant, draft.id))
  }
  const first = await invoice(total, extra)
  return { tenant, accounts, customer, vendor, sales, invoice, first, chequing: accounts.Chequing as string }
}

describe('an invoice paid in two parts, the second by a matched bank line', () => {
  it('suggests it first, pays it on confirm and brings Accounts Receivable back to zero', async () => {
    const { tenant, accounts, vendor, chequing, first } = await books('621.49')
    // A vendor's credit refunded for the same amount fits the bank line too, but names nothing in it.
    const decoy = await ok(
      createInvoice(tenant, {
        kind: 'vendor_credit',
        contactId: vendor,
        number: 'VC-77',
        issueDate: '2026-03-12',
        lines: [
          {
            quantity: '1',
            unitPrice: '321.49',
            accountId: accounts['Office Expenses'],
          },
        ],
      }),
    )
    await ok(approve(tenant, decoy.id))
    await ok(pay(tenant, first.id, '300.00', '2026-03-20', chequing))

    const line = await bankLine(tenant, {
      merchant: 'E-TRANSFER NORTHWIND TRADERS',
      amount: '321.49',
      date: '2026-03-25',
      account: chequing,
      memo: `Payment ${first.number}`,
    })
    const suggested = await matches(tenant, line)
    expect(suggested.map((match) => [match.invoice.id, match.score])).toEqual([
      [first.id, 1],
      [decoy.id, 0.5],
    ])

    const applied = await ok(applyEvent(tenant, line, first.id, '321.49'))
    // Applied, not yet paid: the bank line is still waiting for review.
    expect(applied).toMatchObject({ status: 'partially_paid', amountPaid: '300.00', amountDue: '321.49' })
    expect((await balances(tenant))['Accounts Receivable']).toBe('321.49')

    const confirmed = await confirm(tenant, line)
    expect(confirmed.error ?? '').toBe('')
    const paid = await readInvoice(tenant, first.id)
    expect(paid).toMatchObject({ status: 'paid', amountPaid: '621.49', amountDue: '0.00' })
    expect(paid.payments.map((p) => [p.date, p.amount, p.eventId, p.journalEntryId])).toEqual([
      ['2026-03-20', '300.00', null, expect.any(String)],
      ['2026-03-25', '321.49', line, confirmed.journalEntryId],
    ])
    const after = await balances(tenant)
    expect(after['Accounts Receivable']).toBe('0.00')
    expect(after.Chequing).toBe('621.49')
    expect(after['Sales Revenue']).toBe('621.49')
    // Nothing of the line went to a category: the books hold the sale once.
    expect(await matches(tenant, line)).toEqual([])
  })
})

describe('a matched bank line rejected', () => {
  it('takes the payment back, before or after it was confirmed', async () => {
    const { tenant, chequing, first } = await books('100.00')
    const line = await bankLine(tenant, {
      merchant: 'Northwind',
      amount: '100.00',
      date: '2026-03-15',
      account: chequing,
    })
    expect(await appliedTo(tenant, line)).toEqual([])
    await ok(applyEvent(tenant, line, first.id, '100.00'))
    expect(await appliedTo(tenant, line)).toEqual([[first.id, '100.00', 'open']])
    expect((await confirm(tenant, line)).success).toBe(true)
    expect(await readInvoice(tenant, first.id)).toMatchObject({ status: 'paid', amountDue: '0.00' })
    // Once confirmed, the line names what it paid.
    expect(await appliedTo(tenant, line)).toEqual([[first.id, '100.00', 'paid']])
    expect((await balances(tenant))['Accounts Receivable']).toBe('0.00')

    const rejected = await reject(tenant, line)
    expect(rejected.error ?? '').toBe('')
    expect(rejected.reversalEntryId).toBeTruthy()
    expect(await appliedTo(tenant, line)).toEqual([])
    expect(await readInvoice(tenant, first.id)).toMatchObject({
      status: 'open',
      amountPaid: '0.00',
      amountDue: '100.00',
      payments: [],
    })
    const after = await balances(tenant)
    expect(after['Accounts Receivable']).toBe('100.00')
    expect(after.Chequing).toBe('0.00')

    // Rejected while waiting, the line pays nothing, and the document can be paid in full by hand.
    const waiting = await bankLine(tenant, {
      merchant: 'Northwind',
      amount: '100.00',
      date: '2026-03-16',
      account: chequing,
    })
    await ok(applyEvent(tenant, waiting, first.id, '40.00'))
    await ok(applyEvent(tenant, waiting, first.id, '60.00'))
    expect(await appliedTo(tenant, waiting)).toEqual([[first.id, '60.00', 'open']])
    expect((await reject(tenant, waiting)).success).toBe(true)
    expect(await appliedTo(tenant, waiting)).toEqual([])
    expect(await ok(pay(tenant, first.id, '100.00', '2026-03-17', chequing))).toMatchObject({
      status: 'paid',
    })
  })

  it('applied twice for what is due and confirmed at once, pays the document once', async () => {
    const { tenant, chequing, first } = await books('100.00')
    const lines = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        bankLine(tenant, {
          merchant: `Northwind ${n}`,
          amount: '100.00',
          date: '2026-03-15',
          account: chequing,
        }),
      ),
    )
    for (const line of lines) await ok(applyEvent(tenant, line, first.id, '100.00'))
    const confirmed = await Promise.all(lines.map((line) => confirm(tenant, line)))
    expect(confirmed.filter((answer) => answer.success)).toHaveLength(1)
    expect(confirmed.filter((answer) => !answer.success).map((answer) => answer.errorCode)).toEqual([
      'PAYMENT_EXCEEDS_AMOUNT_DUE',
      'PAYMENT_EXCEEDS_AMOUNT_DUE',
      'PAYMENT_EXCEEDS_AMOUNT_DUE',
    ])
    const paid = await readInvoice(tenant, first.id)
    expect(paid).toMatchObject({ status: 'paid', amountPaid: '100.00' })
    expect(paid.payments).toHaveLength(1)
    expect((await balances(tenant))['Accounts Receivable']).toBe('0.00')
  })

  it('part of a line pays the document and the rest goes to its category', async () => {
    const { tenant, accounts, chequing, first } = await books('100.00')
    const line = await bankLine(tenant, {
      merchant: 'Northwind',
      amount: '130.00',
      date: '2026-03-15',
      account: chequing,
      cat: accounts['Sales Revenue'],
    })
    await ok(applyEvent(tenant, line, first.id, '100.00'))
    expect((await confirm(tenant, line)).error ?? '').toBe('')
    const after = await balances(tenant)
    expect(after['Accounts Receivable']).toBe('0.00')
    expect(after.Chequing).toBe('130.00')
    expect(after['Sales Revenue']).toBe('130.00')
  })
})

describe('a matched bank line of an import that is undone', () => {
  it('takes the payment back with the events it deletes', async () => {
    const { tenant, first } = await books('113.00')
    const header =
      'balance_transaction_id,created_utc,created,available_on_utc,currency,gross,fee,net,reporting_category,source_id,description'
    const csv = `${header}\ntxn_m1,2026-03-15 10:00:00,2026-03-15 10:00:00,2026-03-17 00:00:00,cad,113.00,0.00,113.00,charge,ch_m1,${first.number}`
    const imported = await field<{ success: boolean; error: string | null; batchId: string }>(
      tenant,
      'mutation ($org: UUID!, $csv: String!) { importProcessorBalance(organizationId: $org, csv: $csv, review: true) { success error batchId } }',
      { csv },
      tenant.owner.jwt,
    )
    expect(imported.error ?? '').toBe('')
    const page = await field<{ items: Array<{ id: string }> }>(
      tenant,
      'query ($org: UUID!) { listLedgerEvents(organizationId: $org, status: ["needs_review"]) { items { id } } }',
    )
    const line = page.items[0]?.id as string
    expect((await matches(tenant, line))[0]).toMatchObject({ invoice: { id: first.id }, score: 0.8 })
    await ok(applyEvent(tenant, line, first.id, '113.00'))
    expect((await confirm(tenant, line)).error ?? '').toBe('')
    expect(await readInvoice(tenant, first.id)).toMatchObject({ status: 'paid' })

    const deleted = await field<{ success: boolean; error: string | null; deleted: number }>(
      tenant,
      'mutation ($org: UUID!, $batch: String) { deleteProcessorImports(organizationId: $org, batchId: $batch) { success error deleted } }',
      { batch: imported.batchId },
      tenant.owner.jwt,
    )
    expect(deleted).toMatchObject({ success: true, deleted: 1 })
    expect(await readInvoice(tenant, first.id)).toMatchObject({
      status: 'open',
      amountDue: '113.00',
      payments: [],
    })
    expect((await balances(tenant))['Accounts Receivable']).toBe('113.00')
  })
})

describe('a document in US dollars', () => {
  it('is posted at 1.35, paid at 1.37, and the gain goes to Exchange Gain or Loss', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const customer = await contact(tenant, 'customer', 'Contoso Inc')
    const chequing = accounts.Chequing as string
    await setRates(tenant, [
      { currency: 'USD', date: '2026-04-01', rate: '1.35' },
      { currency: 'USD', date: '2026-04-15', rate: '1.37' },
    ])
    const draft = await ok(
      createInvoice(tenant, {
        kind: 'invoice',
        contactId: customer,
        issueDate: '2026-04-01',
        currency: 'USD',
        lines: [{ quantity: '1', unitPrice: '1000.00', accountId: accounts['Sales Revenue'] }],
      }),
    )
    const open = await ok(approve(tenant, draft.id))
    expect(open).toMatchObject({ currency: 'USD', total: '1000.00', amountDue: '1000.00' })
    expect(await balances(tenant)).toMatchObject({
      'Accounts Receivable': '1350.00',
      'Sales Revenue': '1350.00',
    })

    // Part by hand, the rest by a bank line in dollars, both on the 15th at 1.37.
    const part = await ok(pay(tenant, draft.id, '400.00', '2026-04-15', chequing))
    expect(part).toMatchObject({ status: 'partially_paid', amountPaid: '400.00', amountDue: '600.00' })
    const line = await bankLine(tenant, {
      merchant: 'CONTOSO INC WIRE',
      amount: '600.00',
      date: '2026-04-15',
      account: chequing,
      c: 'USD',
    })
    expect((await matches(tenant, line))[0]?.invoice.id).toBe(draft.id)
    await ok(applyEvent(tenant, line, draft.id, '600.00'))
    expect((await confirm(tenant, line)).error ?? '').toBe('')

    const paid = await readInvoice(tenant, draft.id)
    expect(paid).toMatchObject({ status: 'paid', currency: 'USD', amountPaid: '1000.00', amountDue: '0.00' })
    expect(paid.payments.map((p) => p.amount)).toEqual(['400.00', '600.00'])
    const after = await balances(tenant)
    expect(after['Accounts Receivable']).toBe('0.00')
    expect(after.Chequing).toBe('1370.00')
    expect(after['Sales Revenue']).toBe('1350.00')
    expect(after['Exchange Gain or Loss']).toBe('20.00')
  })

  it('refuses what would leave an exchange difference unposted, or mixes currencies', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const customer = await contact(tenant, 'customer', 'Contoso Inc')
    const sales = accounts['Sales Revenue'] as string
    const document = async (kind: string, currency: string, issueDate: string) => {
      const draft = await ok(
        createInvoice(tenant, {
          kind,
          contactId: customer,
          issueDate,
          currency,
          lines: [{ quantity: '1', unitPrice: '50.00', accountId: sales }],
        }),
      )
      return draft.id
    }
    const euros = await document('invoice', 'EUR', '2026-04-01')
    await refused(approve(tenant, euros), 'EXCHANGE_RATE_MISSING')
    expect(await readInvoice(tenant, euros)).toMatchObject({ status: 'draft', journalEntryId: null })

    await setRates(tenant, [
      { currency: 'USD', date: '2026-04-01', rate: '1.35' },
      { currency: 'USD', date: '2026-04-15', rate: '1.37' },
    ])
    const invoice = await document('invoice', 'USD', '2026-04-01')
    await ok(approve(tenant, invoice))
    const lateCredit = await document('credit_note', 'USD', '2026-04-15')
    await ok(approve(tenant, lateCredit))
    const cadCredit = await document('credit_note', 'CAD', '2026-04-01')
    await ok(approve(tenant, cadCredit))
    await refused(applyCredit(tenant, lateCredit, invoice, '10.00'), 'FOREIGN_CURRENCY_NOT_SUPPORTED')
    await refused(applyCredit(tenant, cadCredit, invoice, '10.00'), 'CURRENCY_MISMATCH')
    expect(await readInvoice(tenant, invoice)).toMatchObject({ amountPaid: '0.00', payments: [] })
  })
})

describe('a bank line applied badly', () => {
  it('is refused with a clear code, and nothing is written', async () => {
    const { tenant, accounts, customer, chequing, first, sales } = await books('100.00')
    const line = (extra: Record<string, unknown> = {}) =>
      bankLine(tenant, {
        merchant: 'Northwind',
        amount: '50.00',
        date: '2026-03-15',
        account: chequing,
        ...extra,
      })
    const inLine = await line()
    const missing = '00000000-0000-4000-8000-000000000000'
    await refused(applyEvent(tenant, missing, first.id, '10.00'), 'EVENT_NOT_FOUND')
    await refused(applyEvent(tenant, inLine, missing, '10.00'), 'INVOICE_NOT_FOUND')
    await refused(
      applyEvent(tenant, await line({ t: 'expense' }), first.id, '10.00'),
      'INVOICE_DIRECTION_MISMATCH',
    )
    await refused(
      applyEvent(tenant, await line({ c: 'USD', exchangeRate: '1.3' }), first.id, '10.00'),
      'CURRENCY_MISMATCH',
    )
    await refused(applyEvent(tenant, inLine, first.id, '60.00'), 'PAYMENT_EXCEEDS_EVENT_AMOUNT')
    await refused(
      applyEvent(tenant, await line({ amount: '500.00' }), first.id, '100.01'),
      'PAYMENT_EXCEEDS_AMOUNT_DUE',
    )
    await refused(applyEvent(tenant, inLine, first.id, '-5.00'), 'INVALID_AMOUNT')
    await refused(
      applyEvent(tenant, await line({ date: '2026-03-01' }), first.id, '10.00'),
      'PAYMENT_BEFORE_ISSUE_DATE',
    )
    const draft = await ok(
      createInvoice(tenant, {
        kind: 'invoice',
        contactId: customer,
        issueDate: '2026-03-10',
        lines: [{ quantity: '1', unitPrice: '5.00', accountId: sales }],
      }),
    )
    await refused(applyEvent(tenant, inLine, draft.id, '1.00'), 'INVOICE_NOT_OPEN')
    const confirmedLine = await line({ cat: accounts['Sales Revenue'] })
    expect((await confirm(tenant, confirmedLine)).success).toBe(true)
    await refused(applyEvent(tenant, confirmedLine, first.id, '10.00'), 'EVENT_ALREADY_CONFIRMED')
    expect(await readInvoice(tenant, first.id)).toMatchObject({
      amountPaid: '0.00',
      amountDue: '100.00',
      payments: [],
    })

    // Applied, then the document is paid by hand: the confirm is refused and the line keeps waiting.
    await ok(applyEvent(tenant, inLine, first.id, '50.00'))
    await ok(pay(tenant, first.id, '100.00', '2026-03-14', chequing))
    await refused(confirm(tenant, inLine), 'PAYMENT_EXCEEDS_AMOUNT_DUE')
    const after = await readInvoice(tenant, first.id)
    expect(after.payments.map((p) => p.eventId)).toEqual([null])
    expect((await balances(tenant))['Accounts Receivable']).toBe('0.00')
  })

  it('of another organization, or to its documents, is not found', async () => {
    const mine = await books('100.00')
    const theirs = await books('100.00')
    const theirLine = await bankLine(theirs.tenant, {
      merchant: 'Northwind',
      amount: '100.00',
      date: '2026-03-15',
      account: theirs.chequing,
      memo: theirs.first.number,
    })
    const myLine = await bankLine(mine.tenant, {
      merchant: 'Northwind',
      amount: '100.00',
      date: '2026-03-15',
      account: mine.chequing,
    })
    expect((await matches(theirs.tenant, theirLine)).map((m) => m.invoice.id)).toEqual([theirs.first.id])
    expect(await matches(mine.tenant, theirLine)).toEqual([])
    expect((await matches(mine.tenant, myLine)).map((m) => m.invoice.id)).toEqual([mine.first.id])
    await refused(applyEvent(mine.tenant, theirLine, mine.first.id, '10.00'), 'EVENT_NOT_FOUND')
    await refused(applyEvent(mine.tenant, myLine, theirs.first.id, '10.00'), 'INVOICE_NOT_FOUND')
    expect(await readInvoice(theirs.tenant, theirs.first.id)).toMatchObject({ amountPaid: '0.00' })
  })
})
