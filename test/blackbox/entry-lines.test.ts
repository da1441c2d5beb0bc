// An event classified line by line (DESIGN 8.2): each line its own account and tax, what a purchase claims back posted at confirm, the lines read back, and every bad line refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
const { gql, field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const lineFields =
  'accountId account { id name } amount netAmount taxCode taxAmount taxRecoverable memo contact { id displayName }'

const classify = `mutation ($org: UUID!, $e: UUID!, $lines: [EntryLineInput!], $c: UUID, $p: UUID, $code: String, $split: String, $splitAccount: UUID) {
  updateStagedEntry(organizationId: $org, eventId: $e, lines: $lines, categoryId: $c, paymentId: $p, taxCode: $code, splitAmount: $split, splitAccountId: $splitAccount) {
    success error errorCode event { categoryId: category { id } taxAmount lines { ${lineFields} } }
  }
}`

type Line = {
  accountId: string
  account: { id: string; name: string } | null
  amount: string
  netAmount: string
  taxCode: string | null
  taxAmount: string | null
  taxRecoverable: string
  memo: string
  contact: { id: string; displayName: string } | null
}

type Classified = {
  success: boolean
  error: string | null
  errorCode: string | null
  event: { taxAmount: string | null; lines: Line[] } | null
}

async function createEvent(tenant: Tenant, amount: string, type: string, date = '2026-02-10') {
  const created = await field(
    tenant,
    'mutation ($org: UUID!, $a: String!, $t: String, $d: String!) { createLedgerEvent(organizationId: $org, merchantName: "Mixed receipt", amount: $a, transactionDate: $d, eventType: $t) { success error eventId } }',
    { a: amount, t: type, d: date },
  )
  expect(created.success, created.error).toBe(true)
  return created.eventId as string
}

async function classifyEvent(tenant: Tenant, eventId: string, vars: Record<string, unknown>) {
  return field<Classified>(tenant, classify, {
    e: eventId,
    lines: null,
    c: null,
    p: null,
    code: null,
    split: null,
    splitAccount: null,
    ...vars,
  })
}

async function confirm(tenant: Tenant, eventId: string) {
  return field<{ success: boolean; error: string | null; errorCode: string | null }>(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error errorCode } }',
    { e: eventId },
  )
}

async function linesOf(tenant: Tenant, eventId: string): Promise<Line[]> {
  const event = await field<{ lines: Line[] }>(
    tenant,
    `query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { lines { ${lineFields} } } }`,
    { e: eventId },
  )
  return event.lines
}

async function balances(tenant: Tenant): Promise<Record<string, string>> {
  const rows = await field<Array<{ accountName: string; balance: string }>>(
    tenant,
    'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName balance } }',
  )
  return Object.fromEntries(rows.map((row) => [row.accountName, row.balance]))
}

describe('an Ontario purchase and sale split into lines', () => {
  let tenant: Tenant
  let ids: Record<string, string>
  let purchase: string
  let sale: string

  beforeAll(async () => {
    tenant = await createTenant(server)
    ids = await accountsByName(server, tenant)
    purchase = await createEvent(tenant, '394.50', 'expense')
    sale = await createEvent(tenant, '163.00', 'income', '2026-02-12')
  })

  it('keeps each line with its own tax, and claims back half a meal’s HST and none of BC’s PST', async () => {
    const classified = await classifyEvent(tenant, purchase, {
      p: ids.Chequing,
      lines: [
        { accountId: ids['Office Expenses'], amount: '113.00', taxCode: 'HST_ON', memo: 'Paper' },
        { accountId: ids['Meals & Entertainment'], amount: '56.50', taxCode: 'HST_ON', memo: 'Client lunch' },
        { accountId: ids['Office Expenses'], amount: '50.00', taxCode: 'ZERO_RATED' },
        { accountId: ids.Travel, amount: '63.00' },
        { accountId: ids['Office Expenses'], amount: '112.00', taxCode: 'GST_PST_BC' },
      ],
    })
    expect(classified.error).toBeNull()
    expect(classified.success).toBe(true)
    expect(classified.event?.taxAmount).toBe('31.50')
    expect(classified.event?.lines).toEqual([
      {
        accountId: ids['Office Expenses'],
        account: { id: ids['Office Expenses'], name: 'Office Expenses' },
        amount: '113.00',
        netAmount: '100.00',
        taxCode: 'HST_ON',
        taxAmount: '13.00',
        taxRecoverable: '13.00',
        memo: 'Paper',
        contact: null,
      },
      expect.objectContaining({
        accountId: ids['Meals & Entertainment'],
        amount: '56.50',
        netAmount: '50.00',
        taxAmount: '6.50',
        taxRecoverable: '3.25',
        memo: 'Client lunch',
      }),
      expect.objectContaining({
        amount: '50.00',
        netAmount: '50.00',
        taxCode: 'ZERO_RATED',
        taxAmount: '0.00',
      }),
      expect.objectContaining({
        amount: '63.00',
        netAmount: '63.00',
        taxCode: null,
        taxAmount: null,
        taxRecoverable: '0.00',
      }),
      expect.objectContaining({
        amount: '112.00',
        netAmount: '100.00',
        taxAmount: '12.00',
        taxRecoverable: '5.00',
      }),
    ])
    expect(await linesOf(tenant, purchase)).toEqual(classified.event?.lines)
  })

  it('posts what is claimed back to Taxes Recoverable and leaves the rest on the expense', async () => {
    expect(await confirm(tenant, purchase)).toMatchObject({ success: true })
    const books = await balances(tenant)
    expect(books['Taxes Recoverable']).toBe('21.25')
    expect(books['Meals & Entertainment']).toBe('53.25')
    expect(books['Office Expenses']).toBe('257.00')
    expect(books.Travel).toBe('63.00')
  })

  it('posts a sale’s lines and their tax collected to GST/HST Payable', async () => {
    const classified = await classifyEvent(tenant, sale, {
      p: ids.Chequing,
      lines: [
        { accountId: ids['Sales Revenue'], amount: '113.00', taxCode: 'HST_ON' },
        { accountId: ids['Sales Revenue'], amount: '50.00', taxCode: 'ZERO_RATED' },
      ],
    })
    expect(classified.success, classified.error ?? '').toBe(true)
    expect(classified.event?.lines.map((line) => line.taxRecoverable)).toEqual(['0.00', '0.00'])
    expect(await confirm(tenant, sale)).toMatchObject({ success: true })
    const books = await balances(tenant)
    expect(books['GST/HST Payable']).toBe('13.00')
    expect(books['Sales Revenue']).toBe('150.00')
  })

  it('gives the GST/HST return each line’s tax', async () => {
    const found = await field<{ lines: Array<{ line: string; amount: string }>; tiesOut: boolean }>(
      tenant,
      'query ($org: UUID!) { salesTaxReturn(organizationId: $org, startDate: "2026-01-01", endDate: "2026-03-31", jurisdiction: "CA") { tiesOut lines { line amount } } }',
    )
    const amounts = Object.fromEntries(found.lines.map((line) => [line.line, line.amount]))
    expect(amounts['103']).toBe('13.00')
    expect(amounts['106']).toBe('21.25')
    expect(amounts['109']).toBe('-8.25')
    expect(found.tiesOut).toBe(true)
  })
})

describe('an event classified the old way', () => {
  it('reads back as its category line and its split', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    const eventId = await createEvent(tenant, '113.00', 'expense')
    const classified = await classifyEvent(tenant, eventId, {
      c: ids['Office Expenses'],
      p: ids.Chequing,
      code: 'HST_ON',
    })
    expect(classified.event?.lines).toEqual([
      expect.objectContaining({
        accountId: ids['Office Expenses'],
        amount: '113.00',
        netAmount: '100.00',
        taxCode: 'HST_ON',
        taxAmount: '13.00',
        taxRecoverable: '13.00',
      }),
    ])
    const unclassified = await createEvent(tenant, '10.00', 'expense')
    expect(await linesOf(tenant, unclassified)).toEqual([])

    const transfer = await createEvent(tenant, '500.00', 'transfer')
    const loans = await field(
      tenant,
      'mutation ($org: UUID!) { createAccount(organizationId: $org, name: "Bank Loan", accountType: "long_term_liability", classification: "liability") { success error errorCode account { id } } }',
    )
    expect(loans.error).toBeNull()
    const split = await classifyEvent(tenant, transfer, {
      c: loans.account.id,
      p: ids.Chequing,
      split: '40.00',
      splitAccount: ids['Bank Fees & Charges'],
    })
    expect(split.error).toBeNull()
    expect(split.event?.lines.map((line) => [line.accountId, line.amount, line.taxRecoverable])).toEqual([
      [loans.account.id, '460.00', '0.00'],
      [ids['Bank Fees & Charges'], '40.00', '0.00'],
    ])
  })

  it('gives way to lines, and lines give way to one category', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    const eventId = await createEvent(tenant, '226.00', 'expense')
    await classifyEvent(tenant, eventId, { c: ids.Rent, p: ids.Chequing, code: 'HST_ON' })
    const lined = await classifyEvent(tenant, eventId, {
      lines: [
        { accountId: ids.Rent, amount: '113.00', taxCode: 'HST_ON' },
        { accountId: ids.Utilities, amount: '113.00', taxCode: 'HST_ON' },
      ],
    })
    expect(lined.success, lined.error ?? '').toBe(true)
    expect(lined.event?.lines).toHaveLength(2)
    // A payment account alone keeps the lines.
    const repaid = await classifyEvent(tenant, eventId, { p: ids['Credit Card'] })
    expect(repaid.event?.lines).toHaveLength(2)
    const single = await classifyEvent(tenant, eventId, { c: ids.Utilities })
    expect(single.success, single.error ?? '').toBe(true)
    expect(single.event?.taxAmount).toBeNull()
    expect(single.event?.lines).toEqual([
      expect.objectContaining({ accountId: ids.Utilities, amount: '226.00', taxAmount: null }),
    ])
    expect(await confirm(tenant, eventId)).toMatchObject({ success: true })
    expect((await balances(tenant)).Utilities).toBe('226.00')
  })
})

describe('an imported event split into lines', () => {
  it('goes with its lines when its import is deleted', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    const header =
      'balance_transaction_id,created_utc,created,available_on_utc,currency,gross,fee,net,reporting_category,source_id,description'
    const csv = `${header}\ntxn_l1,2024-03-01 10:00:00,2024-03-01 10:00:00,2024-03-05 00:00:00,cad,113.00,0.00,113.00,charge,ch_l1,Invoice 1`
    const imported = await field(
      tenant,
      'mutation ($org: UUID!, $csv: String!) { importProcessorBalance(organizationId: $org, csv: $csv, review: true) { success error batchId } }',
      { csv },
      tenant.owner.jwt,
    )
    expect(imported.success, imported.error).toBe(true)
    const page = await field(
      tenant,
      'query ($org: UUID!) { listLedgerEvents(organizationId: $org, status: ["needs_review"]) { items { id } } }',
    )
    const [event] = page.items as Array<{ id: string }>
    const split = await classifyEvent(tenant, event?.id as string, {
      lines: [
        { accountId: ids['Sales Revenue'], amount: '100.00' },
        { accountId: ids['Other Revenue'], amount: '13.00' },
      ],
    })
    expect(split.success, split.error ?? '').toBe(true)
    const deleted = await field(
      tenant,
      'mutation ($org: UUID!, $batch: String) { deleteProcessorImports(organizationId: $org, batchId: $batch) { success error deleted } }',
      { batch: imported.batchId },
      tenant.owner.jwt,
    )
    expect(deleted).toMatchObject({ success: true, deleted: 1 })
    const gone = await gql(
      tenant,
      'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { id } }',
      { e: event?.id },
    )
    expect(gone.data?.getLedgerEvent ?? null).toBeNull()
    const lines = await server.app.core.database.db
      .selectFrom('ledger_event_lines')
      .select('event_id')
      .where('organization_id', '=', tenant.organizationId)
      .execute()
    expect(lines).toEqual([])
  })
})

describe('bad lines', () => {
  let tenant: Tenant
  let ids: Record<string, string>
  let eventId: string
  let kept: Line[]

  beforeAll(async () => {
    tenant = await createTenant(server)
    ids = await accountsByName(server, tenant)
    eventId = await createEvent(tenant, '100.00', 'expense')
    const first = await classifyEvent(tenant, eventId, {
      p: ids.Chequing,
      lines: [
        { accountId: ids.Rent, amount: '60.00' },
        { accountId: ids.Utilities, amount: '40.00' },
      ],
    })
    expect(first.success, first.error ?? '').toBe(true)
    kept = first.event?.lines ?? []
  })

  const line = (overrides: Record<string, unknown> = {}) => ({
    accountId: ids.Rent,
    amount: '100.00',
    ...overrides,
  })

  it.each([
    [
      'lines that do not add up',
      () => [line({ amount: '60.00' }), line({ amount: '30.00' })],
      'LINES_DO_NOT_ADD_UP',
    ],
    ['no lines', () => [], 'INVALID_LINES'],
    ['101 lines', () => Array.from({ length: 101 }, () => line({ amount: '1.00' })), 'INVALID_LINES'],
    ['a zero line', () => [line({ amount: '0.00' }), line()], 'INVALID_LINES'],
    ['an amount that is not money', () => [line({ amount: '1e2' })], 'INVALID_AMOUNT'],
    ['three decimals', () => [line({ amount: '100.000' })], 'INVALID_AMOUNT'],
    ['a tax code that does not exist', () => [line({ taxCode: 'VAT' })], 'SALES_TAX_CODE_NOT_FOUND'],
    ['a tax as large as the line', () => [line({ taxAmount: '100.00' })], 'INVALID_TAX_AMOUNT'],
    ['a negative tax', () => [line({ taxAmount: '-1.00' })], 'INVALID_TAX_AMOUNT'],
    [
      'an account of the balance sheet',
      () => [line({ accountId: ids['Accounts Payable'] })],
      'CATEGORY_NOT_ALLOWED',
    ],
    ['the payment account itself', () => [line({ accountId: ids.Chequing })], 'CATEGORY_IS_PAYMENT_ACCOUNT'],
    [
      'an account that does not exist',
      () => [line({ accountId: '00000000-0000-4000-8000-000000000000' })],
      'INVALID_LINES',
    ],
    [
      'a contact that does not exist',
      () => [line({ contactId: '00000000-0000-4000-8000-000000000000' })],
      'CONTACT_NOT_FOUND',
    ],
    ['a memo over 2,000 characters', () => [line({ memo: 'm'.repeat(2001) })], 'INVALID_MEMO'],
  ])('refuses %s and keeps the lines it had', async (_, lines, code) => {
    const refused = await classifyEvent(tenant, eventId, { lines: lines() })
    expect(refused).toMatchObject({ success: false, errorCode: code })
    expect(refused.error).toEqual(expect.any(String))
    expect(await linesOf(tenant, eventId)).toEqual(kept)
  })

  it('names both sums when the lines do not add up', async () => {
    const refused = await classifyEvent(tenant, eventId, {
      lines: [line({ amount: '60.00' }), line({ amount: '30.01' })],
    })
    expect(refused.error).toBe("The lines add up to 90.01; the event's amount is 100.00.")
  })

  it('refuses lines beside a category, split or tax code', async () => {
    for (const extra of [{ c: ids.Rent }, { code: 'HST_ON' }, { split: '10.00' }]) {
      const refused = await classifyEvent(tenant, eventId, { lines: [line()], ...extra })
      expect(refused).toMatchObject({ success: false, errorCode: 'INVALID_LINES' })
    }
    expect(await linesOf(tenant, eventId)).toEqual(kept)
  })

  it('refuses a tax code without a rate on the event’s date', async () => {
    const early = await createEvent(tenant, '100.00', 'expense', '2009-05-01')
    const refused = await classifyEvent(tenant, early, { lines: [line({ taxCode: 'HST_ON' })] })
    expect(refused).toMatchObject({ success: false, errorCode: 'TAX_CODE_NO_RATE' })
    expect(await linesOf(tenant, early)).toEqual([])
  })

  it('refuses tax on a transfer’s lines', async () => {
    const transfer = await createEvent(tenant, '100.00', 'transfer')
    const refused = await classifyEvent(tenant, transfer, {
      lines: [line({ accountId: ids['Share Capital'], taxCode: 'HST_ON' })],
    })
    expect(refused).toMatchObject({ success: false, errorCode: 'INVALID_LINES' })
  })

  it('refuses another tenant’s account and contact', async () => {
    const other = await createTenant(server)
    const theirs = await accountsByName(server, other)
    const contact = await field(
      other,
      'mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "vendor", displayName: "Theirs") { contact { id } } }',
    )
    const account = await classifyEvent(tenant, eventId, { lines: [line({ accountId: theirs.Rent })] })
    expect(account).toMatchObject({ success: false, errorCode: 'INVALID_LINES' })
    const named = await classifyEvent(tenant, eventId, { lines: [line({ contactId: contact.contact.id })] })
    expect(named).toMatchObject({ success: false, errorCode: 'CONTACT_NOT_FOUND' })
    const foreign = await gql(
      other,
      `mutation ($org: UUID!, $e: UUID!) { updateStagedEntry(organizationId: $org, eventId: $e, lines: [{ accountId: "${theirs.Rent}", amount: "100.00" }]) { success errorCode } }`,
      { e: eventId },
    )
    expect(foreign.data?.updateStagedEntry).toMatchObject({ success: false, errorCode: 'EVENT_NOT_FOUND' })
    expect(await linesOf(tenant, eventId)).toEqual(kept)
  })

  it('refuses to confirm once a new amount leaves the lines short, until they add up again', async () => {
    const edited = await field(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { updateLedgerEvent(organizationId: $org, eventId: $e, amount: "120.00") { success error } }',
      { e: eventId },
    )
    expect(edited.success, edited.error).toBe(true)
    expect(await confirm(tenant, eventId)).toMatchObject({ success: false, errorCode: 'LINES_DO_NOT_ADD_UP' })
    const fixed = await classifyEvent(tenant, eventId, {
      lines: [line({ amount: '70.00' }), line({ accountId: ids.Utilities, amount: '50.00' })],
    })
    expect(fixed.success, fixed.error ?? '').toBe(true)
    expect(await confirm(tenant, eventId)).toMatchObject({ success: true })
    const books = await balances(tenant)
    expect([books.Rent, books.Utilities, books.Chequing]).toEqual(['70.00', '50.00', '-120.00'])
  })
})
