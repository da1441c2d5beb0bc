import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDaybookClient, type DaybookClient } from '../src/daybook-client.js'
import { assertSuccess, DaybookError } from '../src/daybook-error.js'
import {
  BalanceSheetDocument,
  ConfirmLedgerEventDocument,
  CreateLedgerEventDocument,
  DashboardSummaryDocument,
  GetLedgerEventDocument,
  ImportBankStatementDocument,
  IncomeStatementDocument,
  ListAccountsDocument,
  ListLedgerEventsDocument,
  MyOrganizationsDocument,
  RejectLedgerEventDocument,
  UpdateStagedEntryDocument,
} from '../src/generated/graphql.js'
import { type DaybookServer, startDaybook } from './support/daybook-server.js'

// The client against the compiled Daybook server, started as `npm start` runs it, with an
// organization and an API key made by the operator CLI.

let server: DaybookServer
let client: DaybookClient
let organizationId: string
let apiKey: string
let officeExpensesId: string
let chequingId: string

beforeAll(async () => {
  server = await startDaybook()
  ;({ organizationId, apiKey } = await server.createTenant('Client Books'))
  client = createDaybookClient({ url: server.url, apiKey })
  officeExpensesId = await accountId('Office Expenses')
  chequingId = await accountId('Chequing')
})

afterAll(async () => {
  await server?.stop()
})

async function accountId(name: string): Promise<string> {
  const { listAccounts } = await client.request(ListAccountsDocument, { organizationId, search: name })
  const account = listAccounts?.items.find((item) => item.name === name)
  if (!account) throw new Error(`the default chart has no ${name}`)
  return account.id
}

/** Every event of the organization whose merchant name holds `merchantName`. */
async function eventsOf(merchantName: string) {
  const { listLedgerEvents } = await client.request(ListLedgerEventsDocument, {
    organizationId,
    search: merchantName,
    limit: 200,
  })
  return listLedgerEvents?.items ?? []
}

describe('the everyday flows', () => {
  it("finds the API key's organization and its chart of accounts", async () => {
    const { myOrganizations } = await client.request(MyOrganizationsDocument, {})
    expect(myOrganizations).toEqual([
      expect.objectContaining({ id: organizationId, functionalCurrency: 'CAD', lockDate: null }),
    ])
    const { listAccounts } = await client.request(ListAccountsDocument, { organizationId, limit: 200 })
    expect(listAccounts?.items).toContainEqual(
      expect.objectContaining({
        name: 'Chequing',
        accountType: 'bank',
        classification: 'asset',
        currentBalance: 0,
        taxCode: { code: '1002', name: expect.any(String) },
      }),
    )
    expect(listAccounts?.totalCount).toBe(listAccounts?.items.length)
  })

  it('takes an expense from the review queue through classify and confirm to the reports', async () => {
    const created = await client.request(CreateLedgerEventDocument, {
      organizationId,
      merchantName: 'Staples Downtown',
      amount: '42.50',
      transactionDate: '2025-03-14',
    })
    assertSuccess(created.createLedgerEvent)
    const eventId = created.createLedgerEvent.eventId as string
    expect(created.createLedgerEvent.event).toMatchObject({
      status: 'needs_review',
      eventType: 'expense',
      functionalAmount: '42.50',
    })

    const { listLedgerEvents: queue } = await client.request(ListLedgerEventsDocument, {
      organizationId,
      status: ['needs_review'],
    })
    expect(queue?.items.map((event) => event.id)).toContain(eventId)

    const classified = await client.request(UpdateStagedEntryDocument, {
      organizationId,
      eventId,
      categoryId: officeExpensesId,
      paymentId: chequingId,
    })
    assertSuccess(classified.updateStagedEntry)
    expect(classified.updateStagedEntry.event?.category).toEqual({
      id: officeExpensesId,
      name: 'Office Expenses',
    })

    const confirmation = await client.request(ConfirmLedgerEventDocument, { organizationId, eventId })
    assertSuccess(confirmation.confirmLedgerEvent)
    const { getLedgerEvent } = await client.request(GetLedgerEventDocument, { organizationId, eventId })
    expect(getLedgerEvent).toMatchObject({
      status: 'confirmed',
      paymentAccount: { id: chequingId, name: 'Chequing' },
      journalEntry: {
        id: confirmation.confirmLedgerEvent.journalEntryId,
        txnDate: '2025-03-14',
        totalAmount: '42.50',
      },
      receipts: [],
    })

    const { incomeStatement } = await client.request(IncomeStatementDocument, {
      organizationId,
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    })
    expect(incomeStatement).toMatchObject({
      currency: 'CAD',
      expenseAccounts: [{ accountId: officeExpensesId, accountName: 'Office Expenses', total: '42.50' }],
      totalExpenses: '42.50',
      netIncome: '-42.50',
    })
    const { balanceSheet } = await client.request(BalanceSheetDocument, {
      organizationId,
      asOf: '2025-03-31',
    })
    expect(balanceSheet?.assets).toContainEqual(
      expect.objectContaining({ accountId: chequingId, amount: '-42.50' }),
    )
    expect(balanceSheet).toMatchObject({ currentEarnings: '-42.50', totalAssets: '-42.50' })
    const { dashboardSummary } = await client.request(DashboardSummaryDocument, {
      organizationId,
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    })
    expect(dashboardSummary).toMatchObject({
      totalExpenses: '42.50',
      netIncome: '-42.50',
      unreviewedCount: 0,
    })
  })

  it('rejecting a confirmed event reverses it out of the reports', async () => {
    const created = await client.request(CreateLedgerEventDocument, {
      organizationId,
      merchantName: 'Printer Rental',
      amount: '19.99',
      transactionDate: '2025-04-02',
      categoryId: officeExpensesId,
      paymentAccountId: chequingId,
    })
    assertSuccess(created.createLedgerEvent)
    const eventId = created.createLedgerEvent.eventId as string
    assertSuccess(
      (await client.request(ConfirmLedgerEventDocument, { organizationId, eventId })).confirmLedgerEvent,
    )

    const rejected = await client.request(RejectLedgerEventDocument, { organizationId, eventId })
    assertSuccess(rejected.rejectLedgerEvent)
    expect(rejected.rejectLedgerEvent.reversalEntryId).toEqual(expect.any(String))
    const { incomeStatement } = await client.request(IncomeStatementDocument, {
      organizationId,
      startDate: '2025-04-01',
      endDate: '2025-04-30',
    })
    expect(incomeStatement?.totalExpenses).toBe('0.00')
  })

  it('imports a bank statement into the review queue, and a second import skips every row', async () => {
    const rows = [
      {
        transactionDate: '2025-05-06',
        description: 'Tim Hortons #2211',
        amount: '-4.25',
        eventType: 'expense',
      },
      {
        transactionDate: '2025-05-07',
        description: 'Client payment ACME',
        amount: '1200.00',
        eventType: 'income',
      },
    ]
    const first = await client.request(ImportBankStatementDocument, {
      organizationId,
      paymentAccountId: chequingId,
      rows,
    })
    expect(first.importBankStatement).toMatchObject({ success: true, importedCount: 2, skippedCount: 0 })
    const again = await client.request(ImportBankStatementDocument, {
      organizationId,
      paymentAccountId: chequingId,
      rows,
    })
    expect(again.importBankStatement).toMatchObject({ success: true, importedCount: 0, skippedCount: 2 })

    const { listLedgerEvents } = await client.request(ListLedgerEventsDocument, {
      organizationId,
      status: ['needs_review'],
      dateFrom: '2025-05-01',
      dateTo: '2025-05-31',
      sortBy: 'transactionDate',
      sortDir: 'asc',
    })
    expect(
      listLedgerEvents?.items.map((event) => [event.merchantName, event.functionalAmount, event.direction]),
    ).toEqual([
      ['Tim Hortons #2211', '4.25', 'out'],
      ['Client payment ACME', '1200.00', 'in'],
    ])
  })
})

describe("the API's own words", () => {
  it('a refused mutation is returned as data, and assertSuccess throws it with its errorCode', async () => {
    const created = await client.request(CreateLedgerEventDocument, {
      organizationId,
      merchantName: 'Unclassified Co',
      amount: '10.00',
      transactionDate: '2025-06-01',
    })
    assertSuccess(created.createLedgerEvent)
    const answer = await client.request(ConfirmLedgerEventDocument, {
      organizationId,
      eventId: created.createLedgerEvent.eventId as string,
    })
    expect(answer.confirmLedgerEvent).toMatchObject({ success: false, errorCode: 'EVENT_NOT_CLASSIFIED' })
    expect(() => assertSuccess(answer.confirmLedgerEvent)).toThrow(
      expect.objectContaining({ name: 'DaybookError', code: 'EVENT_NOT_CLASSIFIED' }),
    )

    const invalid = await client.request(CreateLedgerEventDocument, {
      organizationId,
      merchantName: 'Bad Amount',
      amount: '12.345',
      transactionDate: '2025-06-01',
    })
    expect(invalid.createLedgerEvent).toMatchObject({
      success: false,
      errorCode: 'INVALID_AMOUNT',
      eventId: null,
    })
  })

  it('GraphQL errors are thrown as DaybookError with their extensions.code', async () => {
    const malformed = await client
      .request(GetLedgerEventDocument, { organizationId, eventId: 'not-a-uuid' })
      .catch((error: unknown) => error)
    expect(malformed).toBeInstanceOf(DaybookError)
    expect(malformed).toMatchObject({ code: 'BAD_USER_INPUT', status: 200, requestId: expect.any(String) })

    const elsewhere = await client
      .request(ListAccountsDocument, { organizationId: '00000000-0000-4000-8000-000000000000' })
      .catch((error: unknown) => error)
    expect(elsewhere).toMatchObject({ code: 'ORGANIZATION_NOT_FOUND', message: 'Organization Not Found.' })

    const stranger = createDaybookClient({ url: server.url, apiKey: 'dbk_not_a_key' })
    await expect(stranger.request(MyOrganizationsDocument, {})).rejects.toMatchObject({
      code: 'INVALID_API_KEY',
      message: 'Invalid API Key.',
    })
  })
})

describe('idempotency keys against the server', () => {
  it('createLedgerEvent sent twice with one key creates one event and answers the same both times', async () => {
    const variables = {
      organizationId,
      merchantName: 'Idempotent Supplies',
      amount: '7.00',
      transactionDate: '2025-07-01',
    }
    const idempotencyKey = crypto.randomUUID()
    const first = await client.request(CreateLedgerEventDocument, variables, { idempotencyKey })
    const second = await client.request(CreateLedgerEventDocument, variables, { idempotencyKey })
    expect(second).toEqual(first)
    expect(await eventsOf('Idempotent Supplies')).toHaveLength(1)

    // Without a key of the caller's own, each call is a new request and a new event.
    await client.request(CreateLedgerEventDocument, variables)
    expect(await eventsOf('Idempotent Supplies')).toHaveLength(2)

    const reused = await client
      .request(CreateLedgerEventDocument, { ...variables, amount: '8.00' }, { idempotencyKey })
      .catch((error: unknown) => error)
    expect(reused).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', idempotencyKey })
  })

  it('a mutation whose answer was lost is sent again with the key of the error and runs once', async () => {
    let calls = 0
    // The first request reaches Daybook and does its work; only its answer never arrives.
    const losesFirstAnswer: typeof fetch = async (input, init) => {
      calls += 1
      const response = await fetch(input, init)
      if (calls === 1) {
        await response.arrayBuffer()
        throw new TypeError('fetch failed')
      }
      return response
    }
    const flaky = createDaybookClient({ url: server.url, apiKey, fetch: losesFirstAnswer })
    const variables = {
      organizationId,
      merchantName: 'Lost Answer Ltd',
      amount: '3.10',
      transactionDate: '2025-07-02',
    }
    const lost = await flaky.request(CreateLedgerEventDocument, variables).catch((error: unknown) => error)
    expect(lost).toMatchObject({ code: 'NETWORK_ERROR', idempotencyKey: expect.any(String) })

    const retried = await flaky.request(CreateLedgerEventDocument, variables, {
      idempotencyKey: (lost as DaybookError).idempotencyKey as string,
    })
    const events = await eventsOf('Lost Answer Ltd')
    expect(events.map((event) => event.id)).toEqual([retried.createLedgerEvent?.eventId])
  })

  it('a 429 on the way is waited out and the mutation reaches Daybook once, with the same key', async () => {
    const keys: Array<string | null> = []
    const sentAt: number[] = []
    const throttledOnce: typeof fetch = async (input, init) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'))
      sentAt.push(Date.now())
      if (keys.length === 1) {
        return new Response(
          JSON.stringify({
            errors: [{ message: 'Rate Limit Exceeded.', extensions: { code: 'RATE_LIMITED' } }],
          }),
          { status: 429, headers: { 'retry-after': '1', 'content-type': 'application/json' } },
        )
      }
      return fetch(input, init)
    }
    const throttled = createDaybookClient({ url: server.url, apiKey, fetch: throttledOnce })
    const answer = await throttled.request(CreateLedgerEventDocument, {
      organizationId,
      merchantName: 'Throttled Traders',
      amount: '5.55',
      transactionDate: '2025-07-03',
    })
    assertSuccess(answer.createLedgerEvent)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect((sentAt[1] as number) - (sentAt[0] as number)).toBeGreaterThanOrEqual(990)
    expect(await eventsOf('Throttled Traders')).toHaveLength(1)
  })
})

describe("the server's own 429", () => {
  let limited: DaybookServer

  beforeAll(async () => {
    limited = await startDaybook({ RATE_LIMIT_PER_HOUR: '2' })
  })

  afterAll(async () => {
    await limited?.stop()
  })

  it('is thrown at once as RATE_LIMITED with the Retry-After of the hour, not waited out', async () => {
    const tenant = await limited.createTenant('Quota')
    let calls = 0
    const counting: typeof fetch = (input, init) => {
      calls += 1
      return fetch(input, init)
    }
    const quota = createDaybookClient({ url: limited.url, apiKey: tenant.apiKey, fetch: counting })
    await quota.request(MyOrganizationsDocument, {})
    await quota.request(MyOrganizationsDocument, {})
    const startedMs = Date.now()
    const error = await quota
      .request(CreateLedgerEventDocument, {
        organizationId: tenant.organizationId,
        merchantName: 'Over Quota',
        amount: '1.00',
        transactionDate: '2025-08-01',
      })
      .catch((thrown: unknown) => thrown)
    expect(Date.now() - startedMs).toBeLessThan(5_000)
    expect(calls).toBe(3)
    expect(error).toBeInstanceOf(DaybookError)
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      message: 'Rate Limit Exceeded. 2 Requests/Hour.',
      idempotencyKey: expect.any(String),
    })
    // The window opened at the key's first request, a moment ago, and lasts an hour.
    expect((error as DaybookError).retryAfterSeconds).toBeGreaterThan(3_500)
    expect((error as DaybookError).retryAfterSeconds).toBeLessThanOrEqual(3_600)
  })
})
