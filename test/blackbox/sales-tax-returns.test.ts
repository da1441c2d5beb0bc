// Sales tax returns from the books (DESIGN 8.3): every line of an Ontario quarter to the cent, a Quebec business's returns, the quick method across two quarters, the exceptions, each line's detail, bad arguments and other tenants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipart, pdfWithText } from '../support/files.js'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

type Body = {
  data?: Record<string, unknown>
  errors?: Array<{ message: string; extensions?: { code?: string } }>
}

async function gql(
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
  headers = tenant.bearer,
) {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, headers)
  return response.body as Body
}

/** A field of the answer, which the test needs to be there. */
function dataOf<T>(body: Body, field: string): T {
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return body.data?.[field] as T
}

async function must(tenant: Tenant, query: string, variables: Record<string, unknown>, field: string) {
  const body = await gql(tenant, query, variables)
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  const payload = body.data?.[field] as { success: boolean; error: string | null } & Record<string, unknown>
  expect(payload.success, payload.error ?? '').toBe(true)
  return payload
}

async function setProfile(tenant: Tenant, profile: Record<string, string>) {
  const args = Object.keys(profile)
    .map((key) => `${key}: $${key}`)
    .join(', ')
  const vars = Object.keys(profile)
    .map((key) => `$${key}: String`)
    .join(', ')
  const body = await gql(
    tenant,
    `mutation ($org: UUID!, ${vars}) { updateOrganizationProfile(organizationId: $org, ${args}) { success error } }`,
    profile,
    tenant.owner.jwt,
  )
  expect(body.data?.updateOrganizationProfile).toMatchObject({ success: true })
}

interface EventSpec {
  merchant: string
  amount: string
  date: string
  type: 'income' | 'expense'
  category: string
  taxCode?: string
  taxAmount?: string
  contactId?: string
  post?: boolean
}

async function book(tenant: Tenant, ids: Record<string, string>, spec: EventSpec): Promise<string> {
  const created = await must(
    tenant,
    'mutation ($org: UUID!, $m: String!, $a: String!, $d: String!, $t: String, $c: UUID, $p: UUID, $contact: UUID) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d, eventType: $t, categoryId: $c, paymentAccountId: $p, contactId: $contact) { success error eventId } }',
    {
      m: spec.merchant,
      a: spec.amount,
      d: spec.date,
      t: spec.type,
      c: ids[spec.category],
      p: ids.Chequing,
      contact: spec.contactId ?? null,
    },
    'createLedgerEvent',
  )
  const eventId = created.eventId as string
  if (spec.taxCode !== undefined || spec.taxAmount !== undefined) {
    const taxAccount = spec.category.match(/Revenue|Income/) ? 'GST/HST Payable' : 'Taxes Recoverable'
    await must(
      tenant,
      'mutation ($org: UUID!, $e: UUID!, $code: String, $tax: String, $account: UUID) { updateStagedEntry(organizationId: $org, eventId: $e, taxCode: $code, taxAmount: $tax, taxAccountId: $account) { success error } }',
      { e: eventId, code: spec.taxCode ?? null, tax: spec.taxAmount ?? null, account: ids[taxAccount] },
      'updateStagedEntry',
    )
  }
  if (spec.post !== false) {
    await must(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
      { e: eventId },
      'confirmLedgerEvent',
    )
  }
  return eventId
}

async function createContact(tenant: Tenant, name: string, businessNumber?: string): Promise<string> {
  const created = await must(
    tenant,
    'mutation ($org: UUID!, $n: String!, $bn: String) { createContact(organizationId: $org, contactType: "vendor", displayName: $n, businessNumber: $bn) { success error contact { id } } }',
    { n: name, bn: businessNumber ?? null },
    'createContact',
  )
  return (created.contact as { id: string }).id
}

const returnQuery = `query ($org: UUID!, $from: Date!, $to: Date!, $j: String, $method: String) {
  salesTaxReturn(organizationId: $org, startDate: $from, endDate: $to, jurisdiction: $j, method: $method) {
    startDate endDate jurisdiction method payableBalance difference tiesOut filed filedAt
    lines { line label amount }
    exceptions { code eventId journalEntryId amount message }
  }
}`

type TaxReturn = {
  jurisdiction: string
  method: string
  payableBalance: string
  difference: string
  tiesOut: boolean
  filed: boolean
  lines: Array<{ line: string; label: string; amount: string }>
  exceptions: Array<{ code: string; eventId: string | null; journalEntryId: string | null; amount: string }>
}

async function taxReturn(tenant: Tenant, from: string, to: string, jurisdiction?: string, method?: string) {
  const body = await gql(tenant, returnQuery, { from, to, j: jurisdiction ?? 'CA', method: method ?? null })
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return body.data?.salesTaxReturn as TaxReturn
}

const amountsOf = (found: TaxReturn) =>
  Object.fromEntries(found.lines.map((line) => [line.line, line.amount]))

async function detail(
  tenant: Tenant,
  line: string,
  page: { limit?: number; offset?: number } = {},
  jurisdiction = 'CA',
) {
  const body = await gql(
    tenant,
    'query ($org: UUID!, $line: String!, $j: String, $limit: Int, $offset: Int) { salesTaxReturnLineDetail(organizationId: $org, startDate: "2026-01-01", endDate: "2026-03-31", jurisdiction: $j, line: $line, limit: $limit, offset: $offset) { totalCount pageSize offset items { journalEntryId eventId transactionDate description accountId taxCode netAmount taxAmount } } }',
    { line, j: jurisdiction, limit: page.limit ?? null, offset: page.offset ?? null },
  )
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return body.data?.salesTaxReturnLineDetail as {
    totalCount: number
    items: Array<{
      eventId: string
      description: string
      accountId: string
      taxCode: string
      netAmount: string
      taxAmount: string
    }>
  }
}

describe('the GST/HST return of an Ontario quarter', () => {
  let tenant: Tenant
  let ids: Record<string, string>
  const events: Record<string, string> = {}

  beforeAll(async () => {
    tenant = await createTenant(server)
    ids = await accountsByName(server, tenant)
    await setProfile(tenant, {
      province: 'CA-ON',
      salesTaxFrequency: 'quarterly',
      businessNumber: '123456789RT0001',
    })
    const staples = await createContact(tenant, 'Staples', '987654321RT0001')
    const landlord = await createContact(tenant, 'Landlord Inc')
    const specs: Record<string, EventSpec> = {
      consulting: {
        merchant: 'Client A',
        amount: '11300.00',
        date: '2026-01-15',
        type: 'income',
        category: 'Sales Revenue',
        taxCode: 'HST_ON',
      },
      export: {
        merchant: 'US Client',
        amount: '2000.00',
        date: '2026-02-03',
        type: 'income',
        category: 'Sales Revenue',
        taxCode: 'ZERO_RATED',
      },
      exempt: {
        merchant: 'Course Fees',
        amount: '500.00',
        date: '2026-02-10',
        type: 'income',
        category: 'Other Revenue',
        taxCode: 'EXEMPT',
      },
      interest: {
        merchant: 'Bank Interest',
        amount: '12.34',
        date: '2026-03-31',
        type: 'income',
        category: 'Interest Income',
      },
      refund: {
        merchant: 'Client A refund',
        amount: '226.00',
        date: '2026-03-02',
        type: 'expense',
        category: 'Sales Revenue',
        taxCode: 'HST_ON',
      },
      supplies: {
        merchant: 'Staples',
        amount: '565.00',
        date: '2026-01-20',
        type: 'expense',
        category: 'Office Expenses',
        taxCode: 'HST_ON',
        contactId: staples,
      },
      meal: {
        merchant: 'Bistro',
        amount: '113.00',
        date: '2026-02-14',
        type: 'expense',
        category: 'Meals & Entertainment',
        taxCode: 'HST_ON',
      },
      rent: {
        merchant: 'Landlord Inc',
        amount: '2260.00',
        date: '2026-03-01',
        type: 'expense',
        category: 'Rent',
        taxCode: 'HST_ON',
        contactId: landlord,
      },
      coffee: {
        merchant: 'Coffee',
        amount: '56.50',
        date: '2026-03-05',
        type: 'expense',
        category: 'Office Expenses',
        taxCode: 'HST_ON',
      },
      uncoded: {
        merchant: 'Hardware',
        amount: '50.00',
        date: '2026-03-06',
        type: 'expense',
        category: 'Office Expenses',
        taxAmount: '2.00',
      },
      waiting: {
        merchant: 'Still in review',
        amount: '80.00',
        date: '2026-02-20',
        type: 'expense',
        category: 'Office Expenses',
        post: false,
      },
      april: {
        merchant: 'Next quarter',
        amount: '1130.00',
        date: '2026-04-01',
        type: 'income',
        category: 'Sales Revenue',
        taxCode: 'HST_ON',
      },
    }
    for (const [name, spec] of Object.entries(specs)) events[name] = await book(tenant, ids, spec)
    // The quarter's instalment, paid from the bank: a manual entry whose payable line is tagged 110.
    await must(
      tenant,
      'mutation ($org: UUID!, $lines: [JournalLineInput!]!) { createJournalEntry(organizationId: $org, date: "2026-02-27", memo: "GST/HST instalment", lines: $lines) { success error } }',
      {
        lines: [
          { accountId: ids['GST/HST Payable'], debit: '300.00', taxReturnLine: '110' },
          { accountId: ids.Chequing, credit: '300.00' },
        ],
      },
      'createJournalEntry',
    )
  })

  it('holds every line to the cent, the totals computed from the lines above them', async () => {
    const found = await taxReturn(tenant, '2026-01-01', '2026-03-31')
    expect(found).toMatchObject({ jurisdiction: 'CA', method: 'regular', filed: false })
    expect(amountsOf(found)).toEqual({
      '90': '11800.00',
      '91': '512.34',
      '101': '12312.34',
      '103': '1274.00',
      '104': '0.00',
      '105': '1274.00',
      '106': '338.00',
      '107': '0.00',
      '108': '338.00',
      '109': '936.00',
      '110': '300.00',
      '111': '0.00',
      '112': '300.00',
      '113A': '636.00',
      '205': '0.00',
      '405': '0.00',
      '113B': '0.00',
      '113C': '636.00',
      '114': '0.00',
      '115': '636.00',
    })
    expect(found.lines.every((line) => line.label.length > 0)).toBe(true)
  })

  it('names each event the bookkeeper has to look at', async () => {
    const found = await taxReturn(tenant, '2026-01-01', '2026-03-31')
    const byCode = (code: string) =>
      found.exceptions
        .filter((e) => e.code === code)
        .map((e) => e.eventId)
        .sort()
    expect(byCode('UNPOSTED_IN_PERIOD')).toEqual([events.waiting])
    expect(byCode('MEALS_HALF_RECOVERABLE')).toEqual([events.meal])
    expect(byCode('TAX_WITHOUT_CODE')).toEqual([events.uncoded])
    expect(byCode('SUPPLIER_BN_MISSING')).toEqual([events.meal, events.rent].sort())
    expect(
      found.exceptions.find((e) => e.code === 'SUPPLIER_BN_MISSING' && e.eventId === events.rent)?.amount,
    ).toBe('260.00')
    expect(found.exceptions.find((e) => e.code === 'MEALS_HALF_RECOVERABLE')?.amount).toBe('106.50')
  })

  it('ties out against the tax accounts but for the tax posted without a code, which the difference shows', async () => {
    const found = await taxReturn(tenant, '2026-01-01', '2026-03-31')
    // 1,274.00 collected less 338.00 claimed, and the 2.00 of tax with no code the books also hold;
    // the 300.00 instalment, tagged 110, is a payment on the return, not tax of the period.
    expect(found).toMatchObject({ payableBalance: '934.00', difference: '2.00', tiesOut: false })
    const january = await taxReturn(tenant, '2026-01-01', '2026-01-31')
    expect(amountsOf(january)).toMatchObject({ '103': '1300.00', '106': '65.00', '109': '1235.00' })
    expect(january).toMatchObject({ payableBalance: '1235.00', difference: '0.00', tiesOut: true })
  })

  it('opens every line on the entries that make it up', async () => {
    const collected = await detail(tenant, '103')
    expect(collected.totalCount).toBe(2)
    expect(
      collected.items.map((item) => [item.eventId, item.netAmount, item.taxAmount, item.accountId]),
    ).toEqual([
      [events.consulting, '10000.00', '1300.00', ids['Sales Revenue']],
      [events.refund, '-200.00', '-26.00', ids['Sales Revenue']],
    ])
    expect(collected.items[0]).toMatchObject({ description: 'Client A', taxCode: 'HST_ON' })
    const sales = await detail(tenant, '90')
    expect(sales.items.map((item) => [item.eventId, item.netAmount, item.taxAmount])).toEqual([
      [events.consulting, '10000.00', '1300.00'],
      [events.export, '2000.00', '0.00'],
      [events.refund, '-200.00', '-26.00'],
    ])
    const second = await detail(tenant, '90', { limit: 1, offset: 1 })
    expect(second.totalCount).toBe(3)
    expect(second.items.map((item) => item.eventId)).toEqual([events.export])
    const exempt = await detail(tenant, '91')
    expect(exempt.items.map((item) => [item.eventId, item.taxCode, item.netAmount])).toEqual([
      [events.exempt, 'EXEMPT', '500.00'],
      [events.interest, null, '12.34'],
    ])
    const credits = await detail(tenant, '106')
    expect(credits.items.map((item) => [item.eventId, item.netAmount, item.taxAmount])).toEqual([
      [events.supplies, '500.00', '65.00'],
      [events.meal, '106.50', '6.50'],
      [events.rent, '2000.00', '260.00'],
      [events.coffee, '50.00', '6.50'],
    ])
    const net = await detail(tenant, '109')
    expect(net.totalCount).toBe(6)
    // A tagged line of a manual entry: no event behind it, its amount on the line it names.
    const instalment = await detail(tenant, '110')
    expect(
      instalment.items.map((item) => [item.eventId, item.description, item.accountId, item.taxAmount]),
    ).toEqual([[null, 'GST/HST instalment', ids['GST/HST Payable'], '300.00']])
    expect(instalment.items[0]).toMatchObject({ taxCode: null, netAmount: '0.00' })
    expect((await detail(tenant, '112')).totalCount).toBe(1)
    expect((await detail(tenant, '115')).totalCount).toBe(7)
    expect((await detail(tenant, '104')).totalCount).toBe(0)
  })

  it('refuses bad arguments with their codes', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ from: '2026-03-31', to: '2026-01-01' }, 'INVALID_DATE_RANGE'],
      [{ from: '2026-02-30', to: '2026-03-31' }, 'INVALID_DATE'],
      [{ j: 'CA-ON' }, 'INVALID_JURISDICTION'],
      [{ j: 'QC' }, 'INVALID_JURISDICTION'],
      [{ method: 'flat' }, 'INVALID_TAX_METHOD'],
      [{ method: 'quick' }, 'INVALID_TAX_METHOD'],
      [{ j: 'CA-QC', method: 'quick' }, 'INVALID_TAX_METHOD'],
    ]
    for (const [variables, code] of cases) {
      const body = await gql(tenant, returnQuery, {
        from: '2026-01-01',
        to: '2026-03-31',
        j: 'CA',
        ...variables,
      })
      expect(body.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe(code)
      expect(body.data?.salesTaxReturn ?? null).toBeNull()
    }
    const badLine = await gql(
      tenant,
      'query ($org: UUID!) { salesTaxReturnLineDetail(organizationId: $org, startDate: "2026-01-01", endDate: "2026-03-31", line: "999") { totalCount } }',
    )
    expect(badLine.errors?.[0]?.extensions?.code).toBe('INVALID_TAX_RETURN_LINE')
  })

  it("shows no tenant another's return, and counts nothing of another's books", async () => {
    const stranger = await createTenant(server)
    const body = await server.gql(
      returnQuery,
      { org: tenant.organizationId, from: '2026-01-01', to: '2026-03-31', j: 'CA', method: null },
      stranger.bearer,
    )
    expect(body.body.errors?.[0]?.message).toEqual(expect.any(String))
    expect(body.body.data?.salesTaxReturn ?? null).toBeNull()
    const own = await taxReturn(stranger, '2026-01-01', '2026-03-31')
    expect(new Set(own.lines.map((line) => line.amount))).toEqual(new Set(['0.00']))
    expect(own.exceptions).toEqual([])
    expect(own.tiesOut).toBe(true)
  })
})

describe('a Quebec business', () => {
  it('files the GST part of GST_QST on the GST/HST return and the QST part on the QST return', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    await setProfile(tenant, { province: 'CA-QC' })
    const supplier = await createContact(tenant, 'Fournisseur', '111111118RT0001')
    await book(tenant, ids, {
      merchant: 'Client QC',
      amount: '1149.75',
      date: '2026-01-10',
      type: 'income',
      category: 'Sales Revenue',
      taxCode: 'GST_QST',
    })
    await book(tenant, ids, {
      merchant: 'Fournisseur',
      amount: '229.95',
      date: '2026-02-10',
      type: 'expense',
      category: 'Office Expenses',
      taxCode: 'GST_QST',
      contactId: supplier,
    })
    const federal = await taxReturn(tenant, '2026-01-01', '2026-03-31', 'CA')
    expect(amountsOf(federal)).toMatchObject({
      '90': '1000.00',
      '103': '50.00',
      '106': '10.00',
      '109': '40.00',
    })
    expect(federal).toMatchObject({ payableBalance: '40.00', tiesOut: true })
    const quebec = await taxReturn(tenant, '2026-01-01', '2026-03-31', 'CA-QC')
    expect(quebec.lines.map((line) => [line.line, line.amount])).toEqual([
      ['101', '1000.00'],
      ['103', '99.75'],
      ['106', '19.95'],
      ['109', '79.80'],
    ])
    expect(quebec).toMatchObject({
      jurisdiction: 'CA-QC',
      payableBalance: '79.80',
      tiesOut: true,
      exceptions: [],
    })
    expect(
      (await detail(tenant, '103', {}, 'CA-QC')).items.map((item) => [item.taxCode, item.taxAmount]),
    ).toEqual([['QST', '99.75']])
  })

  it('keeps PST out of the input tax credits, on the expense, and files it on the province return', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    await setProfile(tenant, { province: 'CA-BC' })
    await book(tenant, ids, {
      merchant: 'BC Customer',
      amount: '112.00',
      date: '2026-01-10',
      type: 'income',
      category: 'Sales Revenue',
      taxCode: 'GST_PST_BC',
    })
    await book(tenant, ids, {
      merchant: 'BC Supplier',
      amount: '56.00',
      date: '2026-01-12',
      type: 'expense',
      category: 'Office Expenses',
      taxCode: 'GST_PST_BC',
    })
    const federal = await taxReturn(tenant, '2026-01-01', '2026-03-31', 'CA')
    expect(amountsOf(federal)).toMatchObject({ '90': '100.00', '103': '5.00', '106': '2.50', '109': '2.50' })
    const bc = await taxReturn(tenant, '2026-01-01', '2026-03-31', 'CA-BC')
    expect(bc.lines.map((line) => [line.line, line.amount])).toEqual([
      ['101', '100.00'],
      ['103', '7.00'],
      ['106', '0.00'],
      ['109', '7.00'],
    ])
    const balances = await gql(
      tenant,
      'query ($org: UUID!) { incomeStatement(organizationId: $org, startDate: "2026-01-01", endDate: "2026-03-31") { expenseAccounts { accountName total } } }',
    )
    // 56.00 is 50.00 net, 2.50 GST claimed back and 3.50 PST that stays an expense.
    expect(balances.data?.incomeStatement).toEqual({
      expenseAccounts: [{ accountName: 'Office Expenses', total: '53.50' }],
    })
  })
})

describe('the quick method', () => {
  it('remits the rate on eligible supplies, with the 1% credit on the fiscal year’s first 30,000.00 across quarters', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    await setProfile(tenant, {
      province: 'CA-ON',
      salesTaxMethod: 'quick',
      quickMethodRate: '8.8',
      fiscalYearEnd: '12-31',
    })
    await book(tenant, ids, {
      merchant: 'Q1 Client',
      amount: '22600.00',
      date: '2026-02-01',
      type: 'income',
      category: 'Sales Revenue',
      taxCode: 'HST_ON',
    })
    await book(tenant, ids, {
      merchant: 'Q1 Export',
      amount: '1000.00',
      date: '2026-02-02',
      type: 'income',
      category: 'Sales Revenue',
      taxCode: 'ZERO_RATED',
    })
    await book(tenant, ids, {
      merchant: 'Q1 Supplies',
      amount: '113.00',
      date: '2026-02-03',
      type: 'expense',
      category: 'Office Expenses',
      taxCode: 'HST_ON',
    })
    await book(tenant, ids, {
      merchant: 'Q2 Client',
      amount: '11300.00',
      date: '2026-05-01',
      type: 'income',
      category: 'Sales Revenue',
      taxCode: 'HST_ON',
    })
    const first = await taxReturn(tenant, '2026-01-01', '2026-03-31')
    expect(first.method).toBe('quick')
    expect(amountsOf(first)).toMatchObject({
      '101': '22600.00',
      // 22,600.00 x 8.8%
      '103': '1988.80',
      // the ITCs on an office expense are not capital property
      '106': '0.00',
      // 1% of 22,600.00
      '107': '226.00',
      '108': '226.00',
      '109': '1762.80',
      '115': '1762.80',
    })
    const second = await taxReturn(tenant, '2026-04-01', '2026-06-30')
    expect(amountsOf(second)).toMatchObject({
      '101': '11300.00',
      '103': '994.40',
      // 1% of what was left of the first 30,000.00: 7,400.00
      '107': '74.00',
      '109': '920.40',
    })
    const regular = await taxReturn(tenant, '2026-01-01', '2026-03-31', 'CA', 'regular')
    expect(amountsOf(regular)).toMatchObject({ '103': '2600.00', '106': '13.00', '109': '2587.00' })
    const nextYear = await book(tenant, ids, {
      merchant: 'Next year',
      amount: '1130.00',
      date: '2027-01-05',
      type: 'income',
      category: 'Sales Revenue',
      taxCode: 'HST_ON',
    })
    expect(nextYear).toEqual(expect.any(String))
    expect(amountsOf(await taxReturn(tenant, '2027-01-01', '2027-03-31'))).toMatchObject({
      '101': '1130.00',
      '107': '11.30',
    })
  })
})

describe('filing a return', () => {
  const fileMutation = `mutation ($org: UUID!, $from: Date!, $to: Date!, $j: String) {
    fileSalesTaxReturn(organizationId: $org, startDate: $from, endDate: $to, jurisdiction: $j) {
      success error errorCode journalEntryId
      return { startDate endDate jurisdiction filed filedAt tiesOut lines { line amount } }
    }
  }`

  async function file(tenant: Tenant, from: string, to: string, headers = tenant.owner.jwt, j = 'CA') {
    const body = await gql(tenant, fileMutation, { from, to, j }, headers)
    return body
  }

  async function balances(tenant: Tenant) {
    const body = await gql(
      tenant,
      'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName balance } }',
    )
    return Object.fromEntries(
      dataOf<Array<{ accountName: string; balance: string }>>(body, 'accountBalances').map((a) => [
        a.accountName,
        a.balance,
      ]),
    )
  }

  it('keeps the return, clears the tax accounts into Sales Tax Owing, and closes the period', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    await setProfile(tenant, { province: 'CA-ON' })
    await book(tenant, ids, {
      merchant: 'Client',
      amount: '1130.00',
      date: '2026-01-10',
      type: 'income',
      category: 'Sales Revenue',
      taxCode: 'HST_ON',
    })
    await book(tenant, ids, {
      merchant: 'Supplier',
      amount: '339.00',
      date: '2026-02-10',
      type: 'expense',
      category: 'Office Expenses',
      taxCode: 'HST_ON',
    })
    const waiting = await book(tenant, ids, {
      merchant: 'Late one',
      amount: '22.60',
      date: '2026-03-10',
      type: 'expense',
      category: 'Office Expenses',
      taxCode: 'HST_ON',
      post: false,
    })
    // A monthly close already locked January: filing still posts its entry dated the quarter's end.
    const locked = await gql(
      tenant,
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2026-01-31") { success } }',
      {},
      tenant.owner.jwt,
    )
    expect(locked.data?.setLockDate).toEqual({ success: true })

    const byKey = await file(tenant, '2026-01-01', '2026-03-31', tenant.bearer)
    expect(byKey.errors?.[0]?.message).toBe('API Keys Cannot Perform Admin Operations.')

    const filed = await file(tenant, '2026-01-01', '2026-03-31')
    const payload = filed.data?.fileSalesTaxReturn as {
      success: boolean
      journalEntryId: string
      return: {
        filed: boolean
        filedAt: string
        tiesOut: boolean
        lines: Array<{ line: string; amount: string }>
      }
    }
    expect(payload).toMatchObject({ success: true, return: { filed: true, tiesOut: true } })
    expect(payload.journalEntryId).toEqual(expect.any(String))
    expect(Object.fromEntries(payload.return.lines.map((l) => [l.line, l.amount]))).toMatchObject({
      '103': '130.00',
      '106': '39.00',
      '109': '91.00',
      '115': '91.00',
    })
    expect(await balances(tenant)).toMatchObject({
      'GST/HST Payable': '0.00',
      'Taxes Recoverable': '0.00',
      'Sales Tax Owing': '91.00',
    })
    const organization = await gql(tenant, '{ myOrganizations { lockDate } }')
    expect(organization.data?.myOrganizations).toEqual([{ lockDate: '2026-03-31' }])

    // The filed return reads back as filed and still ties out, the clearing entry left aside.
    const again = await taxReturn(tenant, '2026-01-01', '2026-03-31')
    expect(again).toMatchObject({ filed: true, tiesOut: true, payableBalance: '91.00' })
    expect(again.exceptions.map((e) => e.code)).toEqual(['UNPOSTED_IN_PERIOD', 'SUPPLIER_BN_MISSING'])

    const listed = await gql(
      tenant,
      'query ($org: UUID!) { listSalesTaxReturns(organizationId: $org) { totalCount items { startDate endDate jurisdiction filed lines { line amount } } } }',
    )
    expect(listed.data?.listSalesTaxReturns).toMatchObject({
      totalCount: 1,
      items: [{ startDate: '2026-01-01', endDate: '2026-03-31', jurisdiction: 'CA', filed: true }],
    })

    const entries = await gql(
      tenant,
      'query ($org: UUID!, $a: UUID!) { generalLedger(organizationId: $org, accountId: $a, startDate: "2026-01-01", endDate: "2026-03-31") { lines { totalCount items { kind txnDate credit } } } }',
      { a: ids['GST/HST Payable'] },
    )
    expect(
      dataOf<{ lines: { items: Array<{ kind: string; txnDate: string }> } }>(
        entries,
        'generalLedger',
      ).lines.items.at(-1),
    ).toMatchObject({
      kind: 'tax_filing',
      txnDate: '2026-03-31',
    })

    // The closed period refuses what is left in it.
    const late = await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success errorCode } }',
      { e: waiting },
    )
    expect(late.data?.confirmLedgerEvent).toMatchObject({ success: false, errorCode: 'PERIOD_LOCKED' })

    const feed = await gql(
      tenant,
      'query ($org: UUID!) { events(organizationId: $org, types: ["sales_tax_return.filed", "organization.lock_date_changed"]) { items { type } } }',
    )
    expect(dataOf<{ items: Array<{ type: string }> }>(feed, 'events').items.map((e) => e.type)).toEqual([
      'organization.lock_date_changed',
      'sales_tax_return.filed',
      'organization.lock_date_changed',
    ])
  })

  it('refuses the same period twice and a period that overlaps one filed, writing nothing', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    await book(tenant, ids, {
      merchant: 'Client',
      amount: '105.00',
      date: '2026-02-10',
      type: 'income',
      category: 'Sales Revenue',
      taxCode: 'GST',
    })
    const first = await file(tenant, '2026-01-01', '2026-03-31')
    expect(first.data?.fileSalesTaxReturn).toMatchObject({ success: true })
    const before = await balances(tenant)
    for (const [from, to, code] of [
      ['2026-01-01', '2026-03-31', 'TAX_RETURN_ALREADY_FILED'],
      ['2026-03-01', '2026-05-31', 'TAX_PERIOD_OVERLAPS'],
      ['2025-12-01', '2026-01-01', 'TAX_PERIOD_OVERLAPS'],
    ] as const) {
      const refused = await file(tenant, from, to)
      expect(refused.data?.fileSalesTaxReturn).toMatchObject({
        success: false,
        errorCode: code,
        return: null,
        journalEntryId: null,
      })
    }
    // The QST return of the same period is another return.
    const quebec = await file(tenant, '2026-01-01', '2026-03-31', tenant.owner.jwt, 'CA-QC')
    expect(quebec.data?.fileSalesTaxReturn).toMatchObject({ success: true, journalEntryId: null })
    expect(await balances(tenant)).toEqual(before)
    const listed = await gql(
      tenant,
      'query ($org: UUID!) { listSalesTaxReturns(organizationId: $org, jurisdiction: "CA") { totalCount } }',
    )
    expect(listed.data?.listSalesTaxReturns).toEqual({ totalCount: 1 })
  })

  it('refuses to file a period of a closed fiscal year, writing nothing', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    await book(tenant, ids, {
      merchant: 'Client',
      amount: '105.00',
      date: '2025-11-10',
      type: 'income',
      category: 'Sales Revenue',
      taxCode: 'GST',
    })
    // No operation closes a fiscal year yet (closeFiscalYear comes with the year-end); the year-end
    // lock it sets is written as it will write it.
    await server.app.core.database.db
      .updateTable('organizations')
      .set({ year_end_lock_date: '2025-12-31' })
      .where('id', '=', tenant.organizationId)
      .execute()
    const before = await balances(tenant)
    const refused = await file(tenant, '2025-10-01', '2025-12-31')
    expect(refused.data?.fileSalesTaxReturn).toMatchObject({
      success: false,
      errorCode: 'YEAR_CLOSED',
      error: 'The fiscal year is closed through 2025-12-31: its returns cannot be filed.',
      journalEntryId: null,
    })
    expect(await balances(tenant)).toEqual(before)
    const listed = await gql(
      tenant,
      'query ($org: UUID!) { listSalesTaxReturns(organizationId: $org) { totalCount } }',
    )
    expect(listed.data?.listSalesTaxReturns).toEqual({ totalCount: 0 })
  })

  it('books what the quick method keeps to Quick Method Gain', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    await setProfile(tenant, { province: 'CA-ON', salesTaxMethod: 'quick', quickMethodRate: '8.8' })
    await book(tenant, ids, {
      merchant: 'Client',
      amount: '11300.00',
      date: '2026-02-01',
      type: 'income',
      category: 'Sales Revenue',
      taxCode: 'HST_ON',
    })
    const filed = await file(tenant, '2026-01-01', '2026-03-31')
    const lines = dataOf<{ return: { lines: Array<{ line: string; amount: string }> } }>(
      filed,
      'fileSalesTaxReturn',
    ).return.lines
    // 11,300.00 x 8.8% = 994.40, less the 1% credit of 113.00
    expect(Object.fromEntries(lines.map((l) => [l.line, l.amount]))).toMatchObject({
      '103': '994.40',
      '107': '113.00',
      '109': '881.40',
    })
    expect(await balances(tenant)).toMatchObject({
      'GST/HST Payable': '0.00',
      'Sales Tax Owing': '881.40',
      // 1,300.00 collected, 881.40 remitted
      'Quick Method Gain': '418.60',
    })
    // A later change of method leaves the filed period as it was filed.
    await setProfile(tenant, { salesTaxMethod: 'regular' })
    const asFiled = await taxReturn(tenant, '2026-01-01', '2026-03-31')
    expect(asFiled).toMatchObject({ filed: true, method: 'quick' })
    expect(amountsOf(asFiled)).toMatchObject({ '103': '994.40', '109': '881.40' })
    const regular = await taxReturn(tenant, '2026-01-01', '2026-03-31', 'CA', 'regular')
    expect(regular).toMatchObject({ filed: false, method: 'regular' })
    expect(amountsOf(regular)).toMatchObject({ '103': '1300.00' })
  })
})

describe("the supplier's business number", () => {
  it('is looked for on the contact and on the receipt attached to the purchase', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    const eventId = await book(tenant, ids, {
      merchant: 'Hardware Depot',
      amount: '226.00',
      date: '2026-02-05',
      type: 'expense',
      category: 'Office Expenses',
      taxCode: 'HST_ON',
    })
    const missing = async () =>
      (await taxReturn(tenant, '2026-01-01', '2026-03-31')).exceptions.filter(
        (e) => e.code === 'SUPPLIER_BN_MISSING',
      )
    expect((await missing()).map((e) => e.eventId)).toEqual([eventId])

    const pdf = await pdfWithText(['HARDWARE DEPOT', '2026-02-05', 'HST # 811234567 RT0001', 'TOTAL 226.00'])
    const uploaded = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: tenant.bearer,
      body: multipart([{ name: 'file', filename: 'receipt.pdf', bytes: pdf, type: 'application/pdf' }]),
    })
    const { s3Key } = (await uploaded.json()) as { s3Key: string }
    await must(
      tenant,
      'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success error } }',
      { e: eventId, k: s3Key },
      'attachReceiptToEvent',
    )
    let read: string | null = null
    for (let attempt = 0; attempt < 100 && read === null; attempt++) {
      const receipts = dataOf<{ items: Array<{ supplierBusinessNumber: string | null }> }>(
        await gql(
          tenant,
          'query ($org: UUID!) { listReceipts(organizationId: $org) { items { supplierBusinessNumber } } }',
        ),
        'listReceipts',
      )
      read = receipts.items[0]?.supplierBusinessNumber ?? null
      if (read === null) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(read).toBe('811234567RT0001')
    expect(await missing()).toEqual([])
  })
})
