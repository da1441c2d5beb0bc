// Bank statement import and duplicate detection (spec rules 4-6, DESIGN 5.7), on a real statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCsv } from '../support/csv.js'
import { accountIdByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

interface Row {
  transactionDate: string
  description: string
  amount: string
  eventType: string
  memo?: string
  reference?: string
}

const check = `mutation ($org: UUID!, $account: UUID!, $rows: [BankStatementRowInput!]!) {
  checkBankStatementDups(organizationId: $org, paymentAccountId: $account, rows: $rows) {
    success error errorCode
    results { rowIndex isDuplicate isPossibleDuplicate matchingEventId reason nearMatches { eventId transactionDate amount } }
  }
}`
const importStatement = `mutation ($org: UUID!, $account: UUID!, $rows: [BankStatementRowInput!]!, $currency: String) {
  importBankStatement(organizationId: $org, paymentAccountId: $account, rows: $rows, currency: $currency) {
    importedCount skippedCount success error errorCode
  }
}`

/** The demo statement: 122 signed rows; money out is an expense, money in is income. */
function demoStatement(): Row[] {
  return readCsv('bank/bigcapital_demo_bank-transactions.csv').map((r) => ({
    transactionDate: r.Date ?? '',
    description: r.Description ?? '',
    amount: r.Amount ?? '',
    eventType: (r.Amount ?? '').startsWith('-') ? 'expense' : 'income',
  }))
}

const accountId = (tenant: Tenant, name: string) => accountIdByName(server, tenant, name)

async function checkRows(tenant: Tenant, account: string, rows: Row[]) {
  const response = await server.gql(check, { org: tenant.organizationId, account, rows }, tenant.bearer)
  return response.body.data?.checkBankStatementDups
}

async function importRows(tenant: Tenant, account: string, rows: Row[], currency?: string) {
  const response = await server.gql(
    importStatement,
    { org: tenant.organizationId, account, rows, currency },
    tenant.bearer,
  )
  expect(response.body.errors).toBeUndefined()
  return response.body.data?.importBankStatement
}

async function eventCount(tenant: Tenant): Promise<number> {
  const response = await server.gql(
    'query ($org: UUID!) { listLedgerEvents(organizationId: $org, limit: 1) { totalCount } }',
    { org: tenant.organizationId },
    tenant.bearer,
  )
  return response.body.data?.listLedgerEvents.totalCount
}

describe('the demo statement', () => {
  it('has the shape FORMATS.md describes', () => {
    const rows = demoStatement()
    expect(rows).toHaveLength(122)
    expect(
      rows.filter(
        (r) => r.transactionDate === '2024-08-14' && r.amount === '496' && r.description === 'CASH DEPOSIT',
      ),
    ).toHaveLength(3)
  })

  it('imports every row once, then skips every row', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const rows = demoStatement()

    const before = await checkRows(tenant, chequing, rows)
    expect(before.success).toBe(true)
    expect(before.results).toHaveLength(122)
    expect(before.results.filter((r: { isDuplicate: boolean }) => r.isDuplicate)).toHaveLength(0)

    // Identical rows are counted, not collapsed: the three CASH DEPOSITs all import.
    expect(await importRows(tenant, chequing, rows)).toEqual({
      importedCount: 122,
      skippedCount: 0,
      success: true,
      error: null,
      errorCode: null,
    })
    expect(await eventCount(tenant)).toBe(122)

    const after = await checkRows(tenant, chequing, rows)
    expect(
      after.results.every(
        (r: { isDuplicate: boolean; reason: string }) => r.isDuplicate && r.reason === 'exact',
      ),
    ).toBe(true)
    expect(after.results.some((r: { isPossibleDuplicate: boolean }) => r.isPossibleDuplicate)).toBe(false)
    // Each duplicate row is matched to an event of its own.
    expect(new Set(after.results.map((r: { matchingEventId: string }) => r.matchingEventId)).size).toBe(122)
    expect(after.results.map((r: { rowIndex: number }) => r.rowIndex)).toEqual(rows.map((_, i) => i))

    expect(await importRows(tenant, chequing, rows)).toMatchObject({
      importedCount: 0,
      skippedCount: 122,
      success: true,
    })
    expect(await eventCount(tenant)).toBe(122)
  })

  it('files each row as a needs_review event with the magnitude and the row type', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    await importRows(tenant, chequing, demoStatement().slice(0, 5))
    const response = await server.gql(
      'query ($org: UUID!) { listLedgerEvents(organizationId: $org, sortBy: "merchantName", sortDir: "asc") { items { merchantName functionalAmount functionalCurrency eventType status source paymentAccount { id } } } }',
      { org: tenant.organizationId },
      tenant.bearer,
    )
    const events = response.body.data?.listLedgerEvents.items as Array<Record<string, unknown>>
    expect(events).toHaveLength(5)
    const smart = events.find((e) =>
      String(e.merchantName).startsWith('CREDIT CARD PURCHASE SMART AND FINAL'),
    )
    expect(smart).toMatchObject({
      functionalAmount: '48.25',
      functionalCurrency: 'CAD',
      eventType: 'expense',
      status: 'needs_review',
      source: 'bank_import',
      paymentAccount: { id: chequing },
    })
  })
})

describe('duplicate rules', () => {
  const coffee = (overrides: Partial<Row> = {}): Row => ({
    transactionDate: '2026-03-02',
    description: 'Blue Bottle Coffee',
    amount: '-4.50',
    eventType: 'expense',
    ...overrides,
  })

  it('compares vendors trimmed, with white space collapsed and case folded', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    await importRows(tenant, chequing, [coffee()])
    const results = (await checkRows(tenant, chequing, [coffee({ description: '  BLUE   bottle coffee ' })]))
      .results
    expect(results[0]).toMatchObject({ isDuplicate: true, isPossibleDuplicate: false, reason: 'exact' })
  })

  it('calls same date and amount with another vendor a possible duplicate, and imports it', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    await importRows(tenant, chequing, [coffee()])
    const [first] = (await checkRows(tenant, chequing, [coffee()])).results
    const results = (await checkRows(tenant, chequing, [coffee({ description: 'Tim Hortons' })])).results
    expect(results[0]).toMatchObject({
      isDuplicate: false,
      isPossibleDuplicate: true,
      reason: 'same_date_amount',
      matchingEventId: first.matchingEventId,
    })
    expect(await importRows(tenant, chequing, [coffee({ description: 'Tim Hortons' })])).toMatchObject({
      importedCount: 1,
    })
  })

  it('needs the same eventType and the same magnitude for a match', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    await importRows(tenant, chequing, [coffee()])
    const results = (
      await checkRows(tenant, chequing, [
        coffee({ amount: '4.50' }),
        coffee({ eventType: 'income' }),
        coffee({ amount: '-4.51' }),
      ])
    ).results
    expect(results[0]).toMatchObject({ isDuplicate: true })
    expect(results[1]).toMatchObject({ isDuplicate: false, isPossibleDuplicate: false, reason: null })
    expect(results[2]).toMatchObject({ isDuplicate: false, isPossibleDuplicate: false })
  })

  it('counts identical rows: the n-th is a duplicate only when n identical events exist', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    expect(await importRows(tenant, chequing, [coffee(), coffee()])).toMatchObject({ importedCount: 2 })
    const results = (await checkRows(tenant, chequing, [coffee(), coffee(), coffee()])).results
    expect(results.map((r: { isDuplicate: boolean }) => r.isDuplicate)).toEqual([true, true, false])
    expect(await importRows(tenant, chequing, [coffee(), coffee(), coffee()])).toMatchObject({
      importedCount: 1,
      skippedCount: 2,
    })
  })

  it('counts rejected events, so a re-import never resurrects them', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    await importRows(tenant, chequing, [coffee()])
    const [verdict] = (await checkRows(tenant, chequing, [coffee()])).results
    const rejected = await server.gql(
      'mutation ($org: UUID!, $id: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $id) { success } }',
      { org: tenant.organizationId, id: verdict.matchingEventId },
      tenant.bearer,
    )
    expect(rejected.body.data?.rejectLedgerEvent.success).toBe(true)
    expect(await importRows(tenant, chequing, [coffee()])).toMatchObject({
      importedCount: 0,
      skippedCount: 1,
    })
  })

  it('treats a known reference as a duplicate whatever the other fields say', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    await importRows(tenant, chequing, [coffee({ reference: 'FIT-0042' })])
    const results = (
      await checkRows(tenant, chequing, [
        coffee({
          reference: 'FIT-0042',
          transactionDate: '2026-03-05',
          description: 'Renamed by the bank',
          amount: '-4.55',
        }),
        coffee({ reference: 'FIT-0043', transactionDate: '2026-03-09' }),
      ])
    ).results
    expect(results[0]).toMatchObject({ isDuplicate: true, reason: 'reference' })
    expect(results[1]).toMatchObject({ isDuplicate: false })
  })

  it('treats a known reference as a duplicate however many days later it comes back', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    await importRows(tenant, chequing, [coffee({ reference: 'FIT-0049' }), coffee({ reference: 'FIT-0400' })])
    const later = [
      coffee({ reference: 'FIT-0049', transactionDate: '2026-04-20' }),
      coffee({ reference: 'FIT-0400', transactionDate: '2027-04-06', amount: '-5.00' }),
    ]
    const results = (await checkRows(tenant, chequing, later)).results
    expect(results).toMatchObject([
      { isDuplicate: true, reason: 'reference', matchingEventId: expect.any(String) },
      { isDuplicate: true, reason: 'reference', matchingEventId: expect.any(String) },
    ])
    expect(await importRows(tenant, chequing, later)).toMatchObject({ importedCount: 0, skippedCount: 2 })
    expect(await eventCount(tenant)).toBe(2)
  })

  it('counts the reference of a rejected event, whatever the dates', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    await importRows(tenant, chequing, [coffee({ reference: 'FIT-REJ' })])
    const [verdict] = (await checkRows(tenant, chequing, [coffee({ reference: 'FIT-REJ' })])).results
    const rejected = await server.gql(
      'mutation ($org: UUID!, $id: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $id) { success } }',
      { org: tenant.organizationId, id: verdict.matchingEventId },
      tenant.bearer,
    )
    expect(rejected.body.data?.rejectLedgerEvent.success).toBe(true)
    const later = [coffee({ reference: 'FIT-REJ', transactionDate: '2026-06-30', description: 'Other' })]
    expect((await checkRows(tenant, chequing, later)).results[0]).toMatchObject({
      isDuplicate: true,
      reason: 'reference',
      matchingEventId: verdict.matchingEventId,
    })
    expect(await importRows(tenant, chequing, later)).toMatchObject({ importedCount: 0, skippedCount: 1 })
  })

  it('ignores the same reference on another payment account or in another organization', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const card = await accountId(tenant, 'Credit Card')
    const otherChequing = await accountId(other, 'Chequing')
    await importRows(tenant, chequing, [coffee({ reference: 'FIT-SHARED' })])
    const later = [coffee({ reference: 'FIT-SHARED', transactionDate: '2026-05-01' })]
    expect((await checkRows(tenant, card, later)).results[0]).toMatchObject({
      isDuplicate: false,
      reason: null,
    })
    expect((await checkRows(other, otherChequing, later)).results[0]).toMatchObject({
      isDuplicate: false,
      reason: null,
    })
    expect(await importRows(tenant, card, later)).toMatchObject({ importedCount: 1, skippedCount: 0 })
    expect(await importRows(other, otherChequing, later)).toMatchObject({ importedCount: 1, skippedCount: 0 })
  })

  it('lists near matches within 3 days for rows that match nothing', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    await importRows(tenant, chequing, [coffee()])
    const results = (
      await checkRows(tenant, chequing, [
        coffee({ transactionDate: '2026-03-05' }),
        coffee({ transactionDate: '2026-03-06' }),
      ])
    ).results
    expect(results[0]).toMatchObject({ isDuplicate: false, isPossibleDuplicate: false, reason: null })
    expect(results[0].nearMatches).toEqual([
      { eventId: expect.any(String), transactionDate: '2026-03-02', amount: '4.50' },
    ])
    expect(results[1].nearMatches).toEqual([])
  })

  it('looks only at the payment account given', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const card = await accountId(tenant, 'Credit Card')
    await importRows(tenant, chequing, [coffee()])
    expect(await importRows(tenant, card, [coffee()])).toMatchObject({ importedCount: 1 })
  })

  it('answers exactly what the import then does', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const rows = demoStatement().slice(0, 40)
    await importRows(tenant, chequing, rows.slice(0, 20))
    const verdicts = (await checkRows(tenant, chequing, rows)).results
    const duplicates = verdicts.filter((r: { isDuplicate: boolean }) => r.isDuplicate).length
    expect(await importRows(tenant, chequing, rows)).toMatchObject({
      importedCount: 40 - duplicates,
      skippedCount: duplicates,
    })
  })
})

describe('all or nothing', () => {
  const good: Row = {
    transactionDate: '2026-03-02',
    description: 'Good',
    amount: '-1.00',
    eventType: 'expense',
  }

  it.each([
    [{ amount: '1e3' }, 'amount'],
    [{ amount: '12.345' }, 'amount'],
    [{ amount: '0' }, 'amount'],
    [{ amount: 'abc' }, 'amount'],
    [{ transactionDate: '2026-02-30' }, 'transactionDate'],
    [{ transactionDate: '03/02/2026' }, 'transactionDate'],
    [{ eventType: 'refund' }, 'eventType'],
    [{ eventType: 'EXPENSE' }, 'eventType'],
    [{ description: '   ' }, 'description'],
    [{ description: '' }, 'description'],
    [{ description: 'd'.repeat(400) }, 'description'],
    [{ description: 'd'.repeat(201) }, 'description'],
  ])('refuses the whole call for a row with %j, naming the row and field', async (bad, field) => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const result = await importRows(tenant, chequing, [good, { ...good, description: 'Other', ...bad }, good])
    expect(result).toMatchObject({
      success: false,
      importedCount: 0,
      skippedCount: 0,
      errorCode: 'INVALID_ROW',
    })
    expect(result.error).toContain('Row 1')
    expect(result.error).toMatch(new RegExp(field === 'transactionDate' ? 'transactionDate|date' : field))
    expect(await eventCount(tenant)).toBe(0)
    const checked = await checkRows(tenant, chequing, [good, { ...good, ...bad }])
    expect(checked).toMatchObject({ success: false, errorCode: 'INVALID_ROW', results: [] })
  })

  it('holds a description to the merchant name rule of createLedgerEvent', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const longest = 'd'.repeat(200)
    const created = await server.gql(
      'mutation ($org: UUID!, $name: String!) { createLedgerEvent(organizationId: $org, merchantName: $name, amount: "1.00", transactionDate: "2026-03-02") { success errorCode } }',
      { org: tenant.organizationId, name: 'd'.repeat(400) },
      tenant.bearer,
    )
    expect(created.body.data?.createLedgerEvent).toEqual({ success: false, errorCode: 'INVALID_NAME' })
    expect(await importRows(tenant, chequing, [{ ...good, description: 'd'.repeat(400) }])).toMatchObject({
      success: false,
      errorCode: 'INVALID_ROW',
    })
    expect(await importRows(tenant, chequing, [{ ...good, description: longest }])).toMatchObject({
      success: true,
      importedCount: 1,
    })
    expect(await eventCount(tenant)).toBe(1)
  })

  it('refuses 10,001 rows and accepts 10,000', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const rows = Array.from({ length: 10_001 }, (_, i) => ({ ...good, description: `Row ${i}` }))
    const refused = await importRows(tenant, chequing, rows)
    expect(refused).toMatchObject({ success: false, errorCode: 'TOO_MANY_ROWS' })
    expect(refused.error).toContain('10,000')
    expect(await eventCount(tenant)).toBe(0)
    expect(await importRows(tenant, chequing, rows.slice(0, 10_000))).toMatchObject({
      success: true,
      importedCount: 10_000,
    })
  })

  it('refuses a payment account of another organization like a missing one', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const theirs = await accountId(other, 'Chequing')
    const foreign = await importRows(tenant, theirs, [good])
    const missing = await importRows(tenant, '5b1f6a1e-0d7c-4f3e-9a2b-8c7d6e5f4a3b', [good])
    expect(foreign).toMatchObject({ success: false, errorCode: 'PAYMENT_ACCOUNT_NOT_FOUND' })
    expect(foreign.error).toBe(missing.error)
    expect(await eventCount(other)).toBe(0)
  })

  it('refuses an account that cannot pay, and a bad currency', async () => {
    const tenant = await createTenant(server)
    const office = await accountId(tenant, 'Office Expenses')
    expect(await importRows(tenant, office, [good])).toMatchObject({
      success: false,
      errorCode: 'PAYMENT_ACCOUNT_NOT_ALLOWED',
    })
    const chequing = await accountId(tenant, 'Chequing')
    expect(await importRows(tenant, chequing, [good], 'cad')).toMatchObject({
      success: false,
      errorCode: 'INVALID_CURRENCY',
    })
    expect(await eventCount(tenant)).toBe(0)
  })
})

describe('concurrency', () => {
  it('imports a statement sent 10 times at once exactly once', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountId(tenant, 'Chequing')
    const rows = demoStatement().slice(0, 30)
    const results = await Promise.all(Array.from({ length: 10 }, () => importRows(tenant, chequing, rows)))
    expect(results.every((r) => r.success)).toBe(true)
    expect(results.reduce((sum, r) => sum + r.importedCount, 0)).toBe(30)
    expect(results.reduce((sum, r) => sum + r.skippedCount, 0)).toBe(270)
    expect(await eventCount(tenant)).toBe(30)
  })
})
