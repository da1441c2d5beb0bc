// Closed periods (DESIGN 7.3): who may close the books, every write refused inside them, and reports that never change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipart } from '../support/files.js'
import { accountsByName, createTenant, createUser, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

type Body = { data?: Record<string, Record<string, unknown>>; errors?: Array<{ message: string }> }

async function gql(
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
  headers = tenant.owner.jwt,
): Promise<Body> {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, headers)
  return response.body as Body
}

const setLockDate =
  'mutation ($org: UUID!, $d: Date) { setLockDate(organizationId: $org, lockDate: $d) { success error errorCode organization { id lockDate } } }'

const accounts = (tenant: Tenant) => accountsByName(server, tenant)

async function createEvent(
  tenant: Tenant,
  merchant: string,
  date: string,
  ids: Record<string, string>,
  category: string | null = 'Office Expenses',
) {
  const body = await gql(
    tenant,
    'mutation ($org: UUID!, $m: String!, $d: String!, $c: UUID, $p: UUID) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: "25.00", transactionDate: $d, categoryId: $c, paymentAccountId: $p) { success error errorCode eventId } }',
    { m: merchant, d: date, c: category && ids[category], p: ids.Chequing },
  )
  return body.data?.createLedgerEvent as {
    success: boolean
    error: string | null
    errorCode: string | null
    eventId: string
  }
}

async function confirm(tenant: Tenant, eventId: string) {
  const body = await gql(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error errorCode } }',
    { e: eventId },
  )
  return body.data?.confirmLedgerEvent
}

/** Every report over January, as text, to compare byte for byte. */
async function januaryReports(tenant: Tenant, ids: Record<string, string>): Promise<string> {
  const body = await gql(
    tenant,
    `query ($org: UUID!, $account: UUID!) {
      trialBalance(organizationId: $org, asOf: "2025-01-31") { asOf totalDebit totalCredit lines { accountId debit credit } }
      balanceSheet(organizationId: $org, asOf: "2025-01-31") { asOf totalAssets totalLiabilities totalEquity }
      incomeStatement(organizationId: $org, startDate: "2025-01-01", endDate: "2025-01-31") { totalIncome totalExpenses netIncome expenseAccounts { accountId total } }
      generalLedger(organizationId: $org, accountId: $account, startDate: "2025-01-01", endDate: "2025-01-31") { openingBalance closingBalance lines { totalCount items { entryId txnDate debit credit balance } } }
      listLedgerEvents(organizationId: $org, dateTo: "2025-01-31", limit: 200, status: ["needs_review", "confirmed", "synced", "reconciled", "pending", "ignored"]) { totalCount items { id status merchantName functionalAmount transactionDate memo category { id } } }
    }`,
    { account: ids.Chequing },
  )
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return JSON.stringify(body.data)
}

describe('setLockDate', () => {
  it('is for owners and admins signed in as people, and shows on the organization', async () => {
    const tenant = await createTenant(server)
    const byKey = await gql(tenant, setLockDate, { d: '2025-01-31' }, tenant.bearer)
    expect(byKey.errors?.[0]?.message).toBe('API Keys Cannot Perform Admin Operations.')

    const bookkeeper = await createUser(server)
    const added = await gql(
      tenant,
      'mutation ($org: UUID!, $e: String!) { addMember(organizationId: $org, email: $e, role: "member") { success } }',
      { e: bookkeeper.email },
    )
    expect(added.data?.addMember?.success).toBe(true)
    const byMember = await gql(tenant, setLockDate, { d: '2025-01-31' }, bookkeeper.jwt)
    expect(byMember.errors?.[0]?.message).toEqual(expect.any(String))
    expect(byMember.data?.setLockDate ?? null).toBeNull()

    const closed = await gql(tenant, setLockDate, { d: '2025-01-31' })
    expect(closed.data?.setLockDate).toEqual({
      success: true,
      error: null,
      errorCode: null,
      organization: { id: tenant.organizationId, lockDate: '2025-01-31' },
    })
    const mine = await server.gql('{ myOrganizations { id lockDate } }', {}, tenant.bearer)
    expect(mine.body.data?.myOrganizations).toEqual([{ id: tenant.organizationId, lockDate: '2025-01-31' }])

    const bad = await gql(tenant, setLockDate, { d: '2025-02-30' })
    expect(bad.data?.setLockDate).toMatchObject({ success: false, errorCode: 'INVALID_DATE' })
    expect(bad.data?.setLockDate?.error).toMatch(/^lockDate .*2025-02-30/)
    const reopened = await gql(tenant, setLockDate, { d: null })
    expect(reopened.data?.setLockDate?.organization).toEqual({ id: tenant.organizationId, lockDate: null })
  })
})

describe('a closed period', () => {
  it('refuses every write dated inside it, naming the date, and its reports never change', async () => {
    const tenant = await createTenant(server)
    const ids = await accounts(tenant)
    const posted = await createEvent(tenant, 'January Supplies', '2025-01-15', ids)
    expect((await confirm(tenant, posted.eventId))?.success).toBe(true)
    const waiting = await createEvent(tenant, 'Waiting Vendor', '2025-01-20', ids)
    const later = await createEvent(tenant, 'March Vendor', '2025-03-01', ids)
    const uncategorized = await createEvent(tenant, 'Rule Vendor', '2025-01-22', ids, null)
    expect(uncategorized.success).toBe(true)
    const before = await januaryReports(tenant, ids)

    expect((await gql(tenant, setLockDate, { d: '2025-01-31' })).data?.setLockDate?.success).toBe(true)
    const locked = {
      success: false,
      errorCode: 'PERIOD_LOCKED',
      error:
        'The books are closed through 2025-01-31: nothing dated on or before it can be created or changed.',
    }

    expect(await createEvent(tenant, 'Late entry', '2025-01-31', ids)).toMatchObject(locked)
    expect(await createEvent(tenant, 'Next day', '2025-02-01', ids)).toMatchObject({ success: true })

    const update = (eventId: string, changes: string) =>
      gql(
        tenant,
        `mutation ($org: UUID!, $e: UUID!) { updateLedgerEvent(organizationId: $org, eventId: $e, ${changes}) { success error errorCode } }`,
        { e: eventId },
      )
    expect((await update(waiting.eventId, 'memo: "changed"')).data?.updateLedgerEvent).toMatchObject(locked)
    expect(
      (await update(later.eventId, 'transactionDate: "2025-01-10"')).data?.updateLedgerEvent,
    ).toMatchObject(locked)
    expect(
      (await update(later.eventId, 'transactionDate: "2025-03-02"')).data?.updateLedgerEvent,
    ).toMatchObject({
      success: true,
    })

    const classify = await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!, $c: UUID) { updateStagedEntry(organizationId: $org, eventId: $e, categoryId: $c) { success error errorCode } }',
      { e: waiting.eventId, c: ids.Rent },
    )
    expect(classify.data?.updateStagedEntry).toMatchObject(locked)
    expect(await confirm(tenant, waiting.eventId)).toMatchObject(locked)
    const rejected = await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success error errorCode } }',
      { e: posted.eventId },
    )
    expect(rejected.data?.rejectLedgerEvent).toMatchObject(locked)
    const synced = await gql(
      tenant,
      'mutation ($org: UUID!, $ids: [UUID!]!) { markLedgerEventsSynced(organizationId: $org, eventIds: $ids) { success syncedCount errors { index errorCode error } } }',
      { ids: [posted.eventId] },
    )
    expect(synced.data?.markLedgerEventsSynced).toMatchObject({
      syncedCount: 0,
      errors: [{ index: 0, errorCode: 'PERIOD_LOCKED', error: locked.error }],
    })

    // An import with one row inside the period fails whole.
    const rows = [
      { transactionDate: '2025-02-03', description: 'February row', amount: '-5.00', eventType: 'expense' },
      { transactionDate: '2025-01-30', description: 'January row', amount: '-6.00', eventType: 'expense' },
    ]
    const imported = await gql(
      tenant,
      'mutation ($org: UUID!, $a: UUID!, $rows: [BankStatementRowInput!]!) { importBankStatement(organizationId: $org, paymentAccountId: $a, rows: $rows) { success error errorCode importedCount } }',
      { a: ids.Chequing, rows },
    )
    expect(imported.data?.importBankStatement).toMatchObject({ ...locked, importedCount: 0 })

    const upload = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: tenant.bearer,
      body: multipart([
        {
          name: 'file',
          filename: 'statement.qif',
          bytes: Buffer.from(
            '!Type:Bank\nD2025-02-04\nT-7.00\nPFebruary\n^\nD2025-01-29\nT-8.00\nPJanuary\n^\n',
          ),
          type: 'text/plain',
        },
      ]),
    })
    const { s3Key } = (await upload.json()) as { s3Key: string }
    for (const dryRun of [true, false]) {
      const file = await gql(
        tenant,
        'mutation ($org: UUID!, $a: UUID!, $k: String!, $dry: Boolean) { importBankStatementFile(organizationId: $org, paymentAccountId: $a, s3Key: $k, dryRun: $dry) { success error errorCode rows { rowIndex } } }',
        { a: ids.Chequing, k: s3Key, dry: dryRun },
      )
      expect(file.data?.importBankStatementFile).toMatchObject({ ...locked, rows: [] })
    }

    const processor = await gql(
      tenant,
      'mutation ($org: UUID!, $csv: String!) { importProcessorBalance(organizationId: $org, csv: $csv) { success error errorCode created } }',
      {
        csv: [
          'balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,description',
          'txn_lock_1,2025-01-12 10:00:00,cad,25.00,1.00,24.00,charge,Order 1',
        ].join('\n'),
      },
    )
    expect(processor.data?.importProcessorBalance).toMatchObject({ ...locked, created: 0 })

    // A rule made now leaves the closed period's waiting event as it was.
    const rule = await gql(
      tenant,
      'mutation ($org: UUID!, $c: UUID!) { createCategoryRule(organizationId: $org, vendorPattern: "Rule Vendor", categoryId: $c) { success } }',
      { c: ids.Rent },
    )
    expect(rule.data?.createCategoryRule?.success).toBe(true)

    expect(await januaryReports(tenant, ids)).toBe(before)
    // The same rule still fills a waiting event of an open period.
    const open = await createEvent(tenant, 'Rule Vendor', '2025-02-10', ids, null)
    const filled = await gql(
      tenant,
      'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { category { id } } }',
      { e: open.eventId },
    )
    expect(filled.data?.getLedgerEvent?.category).toEqual({ id: ids.Rent })

    // Reopened, the same confirm goes through.
    await gql(tenant, setLockDate, { d: null })
    expect(await confirm(tenant, waiting.eventId)).toMatchObject({ success: true })
  })
})
