// A bookkeeper's month over HTTP: the bank's file imported, classified, confirmed, reconciled from its closing balance, and the period closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankFile } from '../support/bank-files.js'
import { multipart } from '../support/files.js'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

type Body = { data?: Record<string, unknown>; errors?: Array<{ message: string }> }
type Payload = Record<string, unknown> & { success: boolean; error: string | null; errorCode: string | null }
type Reconciliation = Record<string, unknown> & { id: string; clearedEventIds: string[] }

/** The one field a query or mutation answers with; a GraphQL error fails the test. */
async function call<T = Payload>(tenant: Tenant, query: string, variables: Record<string, unknown> = {}) {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)
  const body = response.body as Body
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return Object.values(body.data ?? {})[0] as T
}

async function upload(tenant: Tenant, bytes: Buffer): Promise<string> {
  const response = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers: tenant.bearer,
    body: multipart([{ name: 'file', filename: 'statement', bytes, type: 'application/octet-stream' }]),
  })
  const body = (await response.json()) as { s3Key: string }
  expect(response.status, JSON.stringify(body)).toBe(201)
  return body.s3Key
}

const reconciliationFields =
  'id paymentAccountId statementDate statementBalance openingBalance clearedBalance difference status clearedEventIds adjustmentEntryId'
const importFile = `mutation ($org: UUID!, $a: UUID!, $key: String!) { importBankStatementFile(organizationId: $org, paymentAccountId: $a, s3Key: $key) { success error errorCode importedCount balanceCheck { closingBalance closingDate } rows { reference matchingEventId } } }`
const startFromFile = `mutation ($org: UUID!, $a: UUID!, $key: String!, $f: BankFileFormat) { startReconciliationFromStatementFile(organizationId: $org, paymentAccountId: $a, s3Key: $key, format: $f) { success error errorCode reconciliation { ${reconciliationFields} } } }`
const start = `mutation ($org: UUID!, $a: UUID!, $d: Date!, $b: String!) { startReconciliation(organizationId: $org, paymentAccountId: $a, statementDate: $d, statementBalance: $b) { success error errorCode reconciliation { ${reconciliationFields} } } }`
const clear = `mutation ($org: UUID!, $r: UUID!, $ids: [UUID!]!) { setReconciliationCleared(organizationId: $org, reconciliationId: $r, eventIds: $ids, cleared: true) { success error errorCode reconciliation { ${reconciliationFields} } } }`
const finish = `mutation ($org: UUID!, $r: UUID!, $adj: UUID) { finishReconciliation(organizationId: $org, reconciliationId: $r, adjustmentAccountId: $adj) { success error errorCode reconciliation { ${reconciliationFields} } } }`
const eventsQuery =
  'query ($org: UUID!) { listLedgerEvents(organizationId: $org, limit: 200, status: ["needs_review", "confirmed", "reconciled"], sortBy: "transactionDate", sortDir: "asc") { items { id merchantName status transactionDate functionalAmount } } }'

type EventSummary = { id: string; merchantName: string; status: string; transactionDate: string }

const events = async (tenant: Tenant) => (await call<{ items: EventSummary[] }>(tenant, eventsQuery)).items

const reconciliationOf = (payload: Payload) => {
  expect(payload.error).toBeNull()
  return payload.reconciliation as Reconciliation
}

async function classifyAndConfirm(tenant: Tenant, eventId: string, categoryId: string) {
  const classified = await call(
    tenant,
    'mutation ($org: UUID!, $e: UUID!, $c: UUID) { updateStagedEntry(organizationId: $org, eventId: $e, categoryId: $c) { success error } }',
    { e: eventId, c: categoryId },
  )
  expect(classified).toMatchObject({ success: true })
  const confirmed = await call(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
    { e: eventId },
  )
  expect(confirmed).toMatchObject({ success: true })
}

async function postedEvent(tenant: Tenant, ids: Record<string, string>, merchant: string, date: string) {
  const created = await call<{ eventId: string }>(
    tenant,
    'mutation ($org: UUID!, $m: String!, $d: String!, $p: UUID) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: "40.00", transactionDate: $d, paymentAccountId: $p) { eventId } }',
    { m: merchant, d: date, p: ids.Chequing },
  )
  await classifyAndConfirm(tenant, created.eventId, ids['Office Expenses'] as string)
  return created.eventId
}

/** The reports a closed April must never change. */
const aprilReports = (tenant: Tenant, ids: Record<string, string>) =>
  server
    .gql(
      `query ($org: UUID!, $a: UUID!) {
        trialBalance(organizationId: $org, asOf: "2009-04-30") { totalDebit totalCredit lines { accountId debit credit } }
        incomeStatement(organizationId: $org, startDate: "2009-04-01", endDate: "2009-04-30") { totalIncome totalExpenses netIncome }
        generalLedger(organizationId: $org, accountId: $a, startDate: "2009-04-01", endDate: "2009-04-30") { openingBalance closingBalance lines { totalCount items { entryId debit credit balance } } }
      }`,
      { org: tenant.organizationId, a: ids.Chequing },
      tenant.bearer,
    )
    .then((response) => JSON.stringify(response.body))

describe('a month of books', () => {
  it('imports the bank file, classifies, confirms, reconciles twice and closes the period', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    const chequing = ids.Chequing as string

    // The bank's own OFX file for April 2009: three card payments, a closing balance on May 23.
    const statement = bankFile('ofxparse_bank_medium_CAD.ofx')
    const key = await upload(tenant, statement)
    const imported = await call(tenant, importFile, { a: chequing, key })
    expect(imported).toMatchObject({
      success: true,
      importedCount: 3,
      balanceCheck: { closingBalance: '382.34', closingDate: '2009-05-23' },
    })
    const fromBank = await events(tenant)
    expect(fromBank.map((event) => event.status)).toEqual(['needs_review', 'needs_review', 'needs_review'])
    for (const event of fromBank) await classifyAndConfirm(tenant, event.id, ids['Office Expenses'] as string)
    // A cheque the bank has not cashed by the statement's end: it stays outstanding.
    const outstanding = await postedEvent(tenant, ids, 'Cheque 101', '2009-04-20')

    // The file starts the reconciliation at its closing balance, its own rows already cleared.
    const first = reconciliationOf(await call(tenant, startFromFile, { a: chequing, key }))
    expect(first).toMatchObject({
      statementDate: '2009-05-23',
      statementBalance: '382.34',
      openingBalance: '0.00',
      clearedBalance: '-345.27',
      // The account's balance before April, which these books never recorded.
      difference: '727.61',
      status: 'open',
    })
    expect([...first.clearedEventIds].sort()).toEqual(fromBank.map((event) => event.id).sort())

    const refused = await call(tenant, finish, { r: first.id })
    expect(refused).toMatchObject({ success: false, errorCode: 'RECONCILIATION_NOT_BALANCED' })
    expect(refused.error).toContain('727.61')
    const adjusted = reconciliationOf(
      await call(tenant, finish, { r: first.id, adj: ids['Reconciliation Discrepancies'] }),
    )
    expect(adjusted).toMatchObject({ status: 'finished', clearedBalance: '-345.27', difference: '727.61' })
    expect(adjusted.adjustmentEntryId).toEqual(expect.any(String))
    const afterFirst = await events(tenant)
    expect(
      afterFirst
        .filter((event) => event.status === 'reconciled')
        .map((event) => event.id)
        .sort(),
    ).toEqual(fromBank.map((event) => event.id).sort())
    expect(afterFirst.find((event) => event.id === outstanding)?.status).toBe('confirmed')

    // June: the cheque clears with two new payments, and the statement agrees to the cent.
    const june = [
      await postedEvent(tenant, ids, 'Paper', '2009-06-03'),
      await postedEvent(tenant, ids, 'Toner', '2009-06-17'),
    ]
    const second = reconciliationOf(await call(tenant, start, { a: chequing, d: '2009-06-30', b: '262.34' }))
    expect(second).toMatchObject({ openingBalance: '382.34', difference: '-120.00', clearedEventIds: [] })
    const cleared = reconciliationOf(await call(tenant, clear, { r: second.id, ids: [outstanding, ...june] }))
    expect(cleared).toMatchObject({ clearedBalance: '262.34', difference: '0.00' })
    const balanced = reconciliationOf(await call(tenant, finish, { r: second.id }))
    expect(balanced).toMatchObject({ status: 'finished', difference: '0.00', adjustmentEntryId: null })

    // The books close through June; April's reports are the same before and after every write tried.
    const before = await aprilReports(tenant, ids)
    const setLockDate =
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2009-06-30") { success organization { lockDate } } }'
    const byKey = await server.gql(setLockDate, { org: tenant.organizationId }, tenant.bearer)
    expect(byKey.body.errors?.[0]?.message).toBe('API Keys Cannot Perform Admin Operations.')
    const byOwner = await server.gql(setLockDate, { org: tenant.organizationId }, tenant.owner.jwt)
    expect(byOwner.body.data?.setLockDate).toMatchObject({
      success: true,
      organization: { lockDate: '2009-06-30' },
    })

    const lateCheque = await call<Payload & { eventId: string | null }>(
      tenant,
      'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "Late", amount: "1.00", transactionDate: "2009-04-15") { success error errorCode eventId } }',
    )
    expect(lateCheque).toMatchObject({ success: false, errorCode: 'PERIOD_LOCKED' })
    expect(lateCheque.error).toContain('2009-06-30')
    const reimport = await call(tenant, importFile, { a: chequing, key })
    expect(reimport).toMatchObject({ success: false, errorCode: 'PERIOD_LOCKED' })
    const reopened = await call(tenant, startFromFile, { a: chequing, key })
    // The file's day lies before the last reconciliation's: statements follow each other.
    expect(reopened).toMatchObject({ success: false, errorCode: 'INVALID_DATE' })
    expect(await aprilReports(tenant, ids)).toBe(before)
  })
})

describe('starting a reconciliation from a statement file', () => {
  it('takes camt.053 and MT940 closing balances in the account statement sign', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    const camt = await upload(tenant, bankFile('ofxstatement-iso20022_camt053_v08_CHF.xml'))
    const onBank = reconciliationOf(await call(tenant, startFromFile, { a: ids.Chequing, key: camt }))
    expect(onBank).toMatchObject({ statementDate: '2023-01-25', statementBalance: '2116.31' })

    // A card statement's credit balance is money the bank owes the holder: negative on a liability.
    const mt940 = await upload(tenant, bankFile('actual_mt940_EUR.sta'))
    const onCard = reconciliationOf(
      await call(tenant, startFromFile, { a: ids['Credit Card'], key: mt940, f: 'MT940' }),
    )
    expect(onCard).toMatchObject({
      statementDate: '2025-08-06',
      statementBalance: '-2496.71',
      clearedEventIds: [],
    })
  })

  it('refuses files without a closing balance, and changes nothing', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    for (const name of ['actual_payee-memo_US-dates.qif', 'bigcapital_demo_bank-transactions.csv']) {
      const key = await upload(tenant, bankFile(name))
      const answer = await call(tenant, startFromFile, { a: ids.Chequing, key })
      expect(answer, name).toMatchObject({
        success: false,
        errorCode: 'NO_CLOSING_BALANCE',
        reconciliation: null,
      })
      expect(answer.error, name).toContain('startReconciliation')
    }
    const listed = await call<{ totalCount: number }>(
      tenant,
      'query ($org: UUID!, $a: UUID!) { listReconciliations(organizationId: $org, paymentAccountId: $a) { totalCount } }',
      { a: ids.Chequing },
    )
    expect(listed.totalCount).toBe(0)
  })

  it("never reads another organization's upload or account", async () => {
    const owner = await createTenant(server)
    const stranger = await createTenant(server)
    const key = await upload(owner, bankFile('ofxparse_bank_medium_CAD.ofx'))
    const ownIds = await accountsByName(server, owner)
    const strangerIds = await accountsByName(server, stranger)
    const theirFile = await call(stranger, startFromFile, { a: strangerIds.Chequing, key })
    expect(theirFile).toMatchObject({ success: false, errorCode: 'FILE_NOT_FOUND' })
    const strangerKey = await upload(stranger, bankFile('ofxparse_bank_medium_CAD.ofx'))
    const theirAccount = await call(stranger, startFromFile, { a: ownIds.Chequing, key: strangerKey })
    expect(theirAccount).toMatchObject({ success: false, reconciliation: null })
    expect(theirAccount.errorCode).not.toBeNull()
  })
})
