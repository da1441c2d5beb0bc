// Statement files and rows are read in the currency of the organization's books: 0, 2 and 3 decimals alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipart } from '../support/files.js'
import { accountIdByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const importFile = `mutation ($org: UUID!, $account: UUID!, $key: String!, $profile: UUID, $dryRun: Boolean) {
  importBankStatementFile(organizationId: $org, paymentAccountId: $account, s3Key: $key, csvProfileId: $profile, dryRun: $dryRun) {
    success error errorCode format currency importedCount
    rows { amount eventType }
    balanceCheck { closingBalance closingDate }
    suggestedCsvProfile { delimiter hasHeader dateColumn dateFormat amountColumn descriptionColumn decimalMark }
  }
}`

const startFromFile = `mutation ($org: UUID!, $account: UUID!, $key: String!) {
  startReconciliationFromStatementFile(organizationId: $org, paymentAccountId: $account, s3Key: $key) {
    success error errorCode reconciliation { statementDate }
  }
}`

const checkRows = `mutation ($org: UUID!, $account: UUID!, $rows: [BankStatementRowInput!]!) {
  checkBankStatementDups(organizationId: $org, paymentAccountId: $account, rows: $rows) {
    success error errorCode results { nearMatches { amount } }
  }
}`

const importRows = `mutation ($org: UUID!, $account: UUID!, $rows: [BankStatementRowInput!]!) {
  importBankStatement(organizationId: $org, paymentAccountId: $account, rows: $rows) { success error errorCode importedCount }
}`

async function uploaded(tenant: Tenant, text: string): Promise<string> {
  const response = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers: tenant.bearer,
    body: multipart([{ name: 'file', filename: 'statement', bytes: Buffer.from(text), type: 'text/plain' }]),
  })
  const body = (await response.json()) as Record<string, string>
  expect(response.status, JSON.stringify(body)).toBe(201)
  return body.s3Key as string
}

async function books(currency: string) {
  const tenant = await createTenant(server, undefined, currency)
  return { tenant, chequing: await accountIdByName(server, tenant, 'Chequing') }
}

async function read(tenant: Tenant, account: string, text: string, options: { dryRun?: boolean } = {}) {
  const response = await server.gql(
    importFile,
    {
      org: tenant.organizationId,
      account,
      key: await uploaded(tenant, text),
      dryRun: options.dryRun ?? true,
    },
    tenant.bearer,
  )
  expect(response.body.errors).toBeUndefined()
  return response.body.data?.importBankStatementFile as Record<string, unknown>
}

/** An OFX statement of one row and a closing balance; with no CURDEF when `currency` is null. */
function ofx(currency: string | null, amount: string, balance: string) {
  const curdef = currency === null ? '' : `<CURDEF>${currency}`
  return `OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>${curdef}<BANKACCTFROM><BANKID>1<ACCTID>9<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250110<TRNAMT>${amount}<FITID>A1<NAME>Shop</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>${balance}<DTASOF>20250131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`
}

const qif = (amount: string) => `!Type:Bank\nD01/10/2025\nT${amount}\nPShop\n^\n`
const csv = (amount: string) => `Date,Amount,Description\n2025-01-10,${amount},Shop\n`

describe.each([
  { currency: 'JPY', decimals: 0, amount: '1000', signed: '-1,000', balance: '5000', tooFine: '-12.5' },
  { currency: 'CAD', decimals: 2, amount: '12.50', signed: '-12.50', balance: '50.25', tooFine: '-12.505' },
  { currency: 'BHD', decimals: 3, amount: '1.250', signed: '-1.250', balance: '12.345', tooFine: '-1.2505' },
])('books kept in $currency ($decimals decimals)', ({ currency, amount, signed, balance, tooFine }) => {
  it('reads a QIF and a CSV file, which name no currency, in it', async () => {
    const { tenant, chequing } = await books(currency)
    const expected = { success: true, currency, rows: [{ amount, eventType: 'expense' }] }
    expect(await read(tenant, chequing, qif(signed))).toMatchObject({ ...expected, format: 'QIF' })
    const csvAnswer = await read(tenant, chequing, csv(signed.replace(',', '')))
    expect(csvAnswer).toMatchObject({ ...expected, format: 'CSV' })
    expect(await read(tenant, chequing, qif(tooFine))).toMatchObject({
      success: false,
      errorCode: 'INVALID_BANK_FILE',
      error: expect.stringMatching(/^Line 2: /),
    })
    // Imported, the row is an event of the same amount in the books' currency.
    expect(await read(tenant, chequing, qif(signed), { dryRun: false })).toMatchObject({
      success: true,
      currency,
      importedCount: 1,
    })
  })

  it('reads a statement file in it, closing balance included, whether or not the file names it', async () => {
    const { tenant, chequing } = await books(currency)
    for (const named of [currency, null]) {
      expect(await read(tenant, chequing, ofx(named, signed.replace(',', ''), balance))).toMatchObject({
        success: true,
        format: 'OFX',
        currency,
        rows: [{ amount }],
        balanceCheck: { closingBalance: balance, closingDate: '2025-01-31' },
      })
    }
  })

  it('starts a reconciliation from a statement file in it', async () => {
    const { tenant, chequing } = await books(currency)
    const response = await server.gql(
      startFromFile,
      {
        org: tenant.organizationId,
        account: chequing,
        key: await uploaded(tenant, ofx(currency, signed.replace(',', ''), balance)),
      },
      tenant.bearer,
    )
    expect(response.body.data?.startReconciliationFromStatementFile).toEqual({
      success: true,
      error: null,
      errorCode: null,
      reconciliation: { statementDate: '2025-01-31' },
    })
  })

  it('shows the near matches of statement rows in it', async () => {
    const { tenant, chequing } = await books(currency)
    const row = { transactionDate: '2025-01-10', description: 'Shop', amount, eventType: 'expense' }
    const imported = await server.gql(
      importRows,
      { org: tenant.organizationId, account: chequing, rows: [row] },
      tenant.bearer,
    )
    expect(imported.body.data?.importBankStatement).toMatchObject({ success: true, importedCount: 1 })
    const checked = await server.gql(
      checkRows,
      { org: tenant.organizationId, account: chequing, rows: [{ ...row, transactionDate: '2025-01-13' }] },
      tenant.bearer,
    )
    expect(checked.body.data?.checkBankStatementDups.results).toEqual([{ nearMatches: [{ amount }] }])
  })
})

describe('a statement file in a currency of other minor units than the books', () => {
  it('refuses to start a reconciliation from it, naming both', async () => {
    const { tenant, chequing } = await books('JPY')
    const response = await server.gql(
      startFromFile,
      {
        org: tenant.organizationId,
        account: chequing,
        key: await uploaded(tenant, ofx('BHD', '-1.250', '12.345')),
      },
      tenant.bearer,
    )
    expect(response.body.data?.startReconciliationFromStatementFile).toEqual({
      success: false,
      errorCode: 'INVALID_BANK_FILE',
      error: "The file's balance is in BHD, which the books (JPY) do not keep in the same minor units.",
      reconciliation: null,
    })
  })
})
