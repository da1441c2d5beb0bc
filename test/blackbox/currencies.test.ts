// Every path that takes a currency accepts only ISO 4217 codes and counts in their own minor units.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const refusedCodes = ['XXX', 'ZZZ', 'BTC', 'usd', 'US$']

const importStatement = `mutation ($org: UUID!, $account: UUID!, $rows: [BankStatementRowInput!]!, $currency: String) {
  importBankStatement(organizationId: $org, paymentAccountId: $account, rows: $rows, currency: $currency) {
    importedCount skippedCount success error errorCode
  }
}`
const checkStatement = `mutation ($org: UUID!, $account: UUID!, $rows: [BankStatementRowInput!]!, $currency: String) {
  checkBankStatementDups(organizationId: $org, paymentAccountId: $account, rows: $rows, currency: $currency) {
    success error errorCode results { rowIndex isDuplicate }
  }
}`
const importProcessor = `mutation ($org: UUID!, $csv: String!) {
  importProcessorBalance(organizationId: $org, csv: $csv) { success error errorCode created eventCount }
}`

// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
async function gql(tenant: Tenant, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.owner.jwt)
  expect(response.status).toBe(200)
  expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined()
  return response.body.data
}

async function chequingOf(tenant: Tenant): Promise<string> {
  const data = await gql(
    tenant,
    'query ($org: UUID!) { listAccounts(organizationId: $org, search: "Chequing") { items { id name } } }',
  )
  const found = (data.listAccounts.items as Array<{ id: string; name: string }>).find(
    (a) => a.name === 'Chequing',
  )
  if (!found) throw new Error('no Chequing account')
  return found.id
}

/** Each event's amount in its own currency, as it was given (DESIGN 7.7). */
async function eventAmounts(tenant: Tenant): Promise<Array<{ amount: string; currency: string }>> {
  const data = await gql(
    tenant,
    'query ($org: UUID!) { listLedgerEvents(organizationId: $org, limit: 200) { totalCount items { originalAmount originalCurrency } } }',
  )
  return (data.listLedgerEvents.items as Array<{ originalAmount: string; originalCurrency: string }>).map(
    (e) => ({ amount: e.originalAmount, currency: e.originalCurrency }),
  )
}

const statementRow = (amount: string) => ({
  transactionDate: '2025-03-04',
  description: `COFFEE ${amount}`,
  amount,
  eventType: 'expense',
})

function processorCsv(currency: string, gross: string, fee: string, net: string): string {
  const header =
    'balance_transaction_id,created_utc,available_on_utc,currency,gross,fee,net,reporting_category,description'
  return `${header}\ntxn_${currency}${gross.replace('.', '')},2025-03-01 10:00:00,2025-03-03 00:00:00,${currency},${gross},${fee},${net},charge,Invoice 1\n`
}

describe('codes that are not ISO 4217 currencies', () => {
  let tenant: Tenant
  let chequing: string

  beforeAll(async () => {
    tenant = await createTenant(server)
    chequing = await chequingOf(tenant)
  })

  it.each(refusedCodes)('importBankStatement refuses %j and writes nothing', async (currency) => {
    const data = await gql(tenant, importStatement, {
      account: chequing,
      rows: [statementRow('12')],
      currency,
    })
    expect(data.importBankStatement).toMatchObject({
      success: false,
      errorCode: 'INVALID_CURRENCY',
      importedCount: 0,
      skippedCount: 0,
    })
    expect(data.importBankStatement.error).toContain('ISO 4217')
    expect(data.importBankStatement.error).toContain(JSON.stringify(currency))
    expect(await eventAmounts(tenant)).toEqual([])
  })

  it.each(refusedCodes)('checkBankStatementDups refuses %j', async (currency) => {
    const data = await gql(tenant, checkStatement, {
      account: chequing,
      rows: [statementRow('12')],
      currency,
    })
    expect(data.checkBankStatementDups).toMatchObject({
      success: false,
      errorCode: 'INVALID_CURRENCY',
      results: [],
    })
  })

  it.each(['XXX', 'ZZZ', 'BTC', 'XAU', 'US$'])(
    'importProcessorBalance refuses a row in %j and writes nothing',
    async (currency) => {
      const data = await gql(tenant, importProcessor, {
        csv: processorCsv(currency, '12.00', '0.50', '11.50'),
      })
      expect(data.importProcessorBalance).toMatchObject({
        success: false,
        errorCode: 'INVALID_CSV_ROW',
        created: 0,
        eventCount: 0,
      })
      expect(data.importProcessorBalance.error).toContain('Line 2')
      expect(data.importProcessorBalance.error).toContain('ISO 4217')
      expect(await eventAmounts(tenant)).toEqual([])
    },
  )
})

describe('minor units', () => {
  it('JPY has no decimals: 1.5 is refused and 150 is booked as 150', async () => {
    const tenant = await createTenant(server)
    const chequing = await chequingOf(tenant)
    const refused = await gql(tenant, importStatement, {
      account: chequing,
      rows: [statementRow('1.5')],
      currency: 'JPY',
    })
    expect(refused.importBankStatement).toMatchObject({
      success: false,
      errorCode: 'INVALID_ROW',
      importedCount: 0,
    })
    expect(await eventAmounts(tenant)).toEqual([])

    const accepted = await gql(tenant, importStatement, {
      account: chequing,
      rows: [statementRow('150')],
      currency: 'JPY',
    })
    expect(accepted.importBankStatement).toMatchObject({ success: true, importedCount: 1 })
    expect(await eventAmounts(tenant)).toEqual([{ amount: '150', currency: 'JPY' }])
  })

  it('BHD has three decimals: 1.005 is booked exactly', async () => {
    const tenant = await createTenant(server)
    const chequing = await chequingOf(tenant)
    const data = await gql(tenant, importStatement, {
      account: chequing,
      rows: [statementRow('1.005')],
      currency: 'BHD',
    })
    expect(data.importBankStatement).toMatchObject({ success: true, importedCount: 1 })
    expect(await eventAmounts(tenant)).toEqual([{ amount: '1.005', currency: 'BHD' }])
  })

  it('CAD, the default, still takes two decimals', async () => {
    const tenant = await createTenant(server)
    const chequing = await chequingOf(tenant)
    const named = await gql(tenant, importStatement, {
      account: chequing,
      rows: [statementRow('12.50')],
      currency: 'CAD',
    })
    expect(named.importBankStatement).toMatchObject({ success: true, importedCount: 1 })
    const unnamed = await gql(tenant, importStatement, { account: chequing, rows: [statementRow('7.25')] })
    expect(unnamed.importBankStatement).toMatchObject({ success: true, importedCount: 1 })
    const three = await gql(tenant, importStatement, {
      account: chequing,
      rows: [statementRow('1.005')],
      currency: 'CAD',
    })
    expect(three.importBankStatement).toMatchObject({ success: false, errorCode: 'INVALID_ROW' })
    expect((await eventAmounts(tenant)).sort((a, b) => a.amount.localeCompare(b.amount))).toEqual([
      { amount: '12.50', currency: 'CAD' },
      { amount: '7.25', currency: 'CAD' },
    ])
  })

  it("a processor export's lower-case code is read as the ISO code, with its minor units", async () => {
    const tenant = await createTenant(server)
    const refused = await gql(tenant, importProcessor, { csv: processorCsv('jpy', '1200.5', '36', '1164.5') })
    expect(refused.importProcessorBalance).toMatchObject({ success: false, errorCode: 'INVALID_CSV_ROW' })
    expect(await eventAmounts(tenant)).toEqual([])

    const data = await gql(tenant, importProcessor, { csv: processorCsv('jpy', '1200', '36', '1164') })
    expect(data.importProcessorBalance).toMatchObject({ success: true, created: 1 })
    const amounts = (await eventAmounts(tenant)).sort((a, b) => a.amount.localeCompare(b.amount))
    expect(amounts).toEqual([
      { amount: '1200', currency: 'JPY' },
      { amount: '36', currency: 'JPY' },
    ])
  })
})
