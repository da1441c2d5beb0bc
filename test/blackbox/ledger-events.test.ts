// Ledger events over HTTP (spec parts 2-4, 7, 8; DESIGN 5.1, 5.2, 5.4, 5.5, 5.10): lifecycle, validation, posting, reversal, filters, sorts and concurrency.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant, unique } from '../support/fixtures.js'
import type { Page } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

interface AccountRow {
  id: string
  name: string
  accountType: string
  classification: string
  currentBalance: number
}

interface EventView {
  id: string
  eventType: string
  merchantName: string
  functionalAmount: string
  functionalCurrency: string
  transactionDate: string
  status: string
  memo: string
  hasDocument: boolean
  account: { id: string; name: string; accountType: string } | null
  paymentAccount: { id: string; name: string } | null
  category: { id: string; name: string } | null
  journalEntry: { id: string; txnDate: string; totalAmount: string } | null
  reversalEntry: { id: string; txnDate: string; totalAmount: string } | null
  taxAmount: string | null
  taxAccount: { id: string; name: string } | null
  taxCode: string | null
  contact: { id: string; displayName: string } | null
  reference: string | null
  source: string
  createdAt: string
  updatedAt: string
}

interface Payload {
  success: boolean
  error: string | null
  errorCode: string | null
}

const missingId = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'

const eventFields = `id eventType merchantName functionalAmount functionalCurrency transactionDate status memo hasDocument
  account { id name accountType } paymentAccount { id name } category { id name }
  journalEntry { id txnDate totalAmount } reversalEntry { id txnDate totalAmount }
  taxAmount taxAccount { id name } taxCode contact { id displayName } reference source createdAt updatedAt`

const createQuery = `mutation ($org: UUID!, $merchantName: String!, $amount: String!, $transactionDate: String!, $eventType: String, $categoryId: UUID, $paymentAccountId: UUID, $contactId: UUID, $memo: String) {
  createLedgerEvent(organizationId: $org, merchantName: $merchantName, amount: $amount, transactionDate: $transactionDate, eventType: $eventType, categoryId: $categoryId, paymentAccountId: $paymentAccountId, contactId: $contactId, memo: $memo) {
    success eventId error errorCode event { ${eventFields} }
  }
}`

const updateQuery = `mutation ($org: UUID!, $eventId: UUID!, $transactionDate: String, $memo: String, $amount: String, $eventType: String) {
  updateLedgerEvent(organizationId: $org, eventId: $eventId, transactionDate: $transactionDate, memo: $memo, amount: $amount, eventType: $eventType) {
    success error errorCode event { ${eventFields} }
  }
}`

const classifyQuery = `mutation ($org: UUID!, $eventId: UUID!, $categoryId: UUID, $paymentId: UUID, $taxAmount: String, $taxAccountId: UUID, $taxCode: String, $contactId: UUID) {
  updateStagedEntry(organizationId: $org, eventId: $eventId, categoryId: $categoryId, paymentId: $paymentId, taxAmount: $taxAmount, taxAccountId: $taxAccountId, taxCode: $taxCode, contactId: $contactId) {
    success error errorCode event { ${eventFields} }
  }
}`

const confirmQuery = `mutation ($org: UUID!, $eventId: UUID!) {
  confirmLedgerEvent(organizationId: $org, eventId: $eventId) { success eventId journalEntryId error errorCode }
}`

const rejectQuery = `mutation ($org: UUID!, $eventId: UUID!) {
  rejectLedgerEvent(organizationId: $org, eventId: $eventId) { success eventId reversalEntryId error errorCode }
}`

const syncQuery = `mutation ($org: UUID!, $eventIds: [UUID!]!) {
  markLedgerEventsSynced(organizationId: $org, eventIds: $eventIds) { success syncedCount errors { index eventId error errorCode } error errorCode }
}`

const getQuery = `query ($org: UUID!, $eventId: UUID!) { getLedgerEvent(organizationId: $org, eventId: $eventId) { ${eventFields} } }`

const listQuery = `query ($org: UUID!, $status: [String!], $hasDocument: Boolean, $sinceDays: Int, $dateFrom: String, $dateTo: String, $amountMin: String, $amountMax: String, $accountIds: [UUID!], $categoryIds: [UUID!], $search: String, $limit: Int, $offset: Int, $sortBy: String, $sortDir: String) {
  listLedgerEvents(organizationId: $org, status: $status, hasDocument: $hasDocument, sinceDays: $sinceDays, dateFrom: $dateFrom, dateTo: $dateTo, amountMin: $amountMin, amountMax: $amountMax, accountIds: $accountIds, categoryIds: $categoryIds, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortDir: $sortDir) {
    items { id eventType merchantName functionalAmount functionalCurrency transactionDate status hasDocument account { id name accountType } paymentAccount { id name } }
    totalCount pageSize offset
  }
}`

const accountsQuery = `query ($org: UUID!) {
  listAccounts(organizationId: $org, limit: 200) { items { id name accountType classification currentBalance } totalCount }
}`

const contactQuery = `mutation ($org: UUID!, $contactType: String!, $displayName: String!) {
  createContact(organizationId: $org, contactType: $contactType, displayName: $displayName) { success errorCode contact { id } }
}`

const contactsQuery = `query ($org: UUID!) { listContacts(organizationId: $org, limit: 200) { items { id displayName balance } } }`

// ---- helpers ----------------------------------------------------------------------------------

async function call(tenant: Tenant, query: string, variables: Record<string, unknown> = {}) {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)
  expect(response.status).toBe(200)
  return response
}

/** The answer's data, after checking the call raised no GraphQL error. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
async function data(tenant: Tenant, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await call(tenant, query, variables)
  expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined()
  return response.body.data
}

/** The first GraphQL error of a call that must fail at the GraphQL level. */
async function graphqlError(tenant: Tenant, query: string, variables: Record<string, unknown> = {}) {
  const response = await call(tenant, query, variables)
  expect(response.body.errors?.length ?? 0).toBeGreaterThan(0)
  return response.body.errors?.[0] as { message: string; path?: string[]; extensions?: { code?: string } }
}

const charts = new Map<string, Map<string, AccountRow>>()

async function accounts(tenant: Tenant): Promise<Map<string, AccountRow>> {
  const result = await data(tenant, accountsQuery)
  const items = result.listAccounts.items as AccountRow[]
  const byName = new Map(items.map((account) => [account.name, account]))
  charts.set(tenant.organizationId, byName)
  return byName
}

/** An account id by name (account ids never change, so the first lookup is kept). */
async function acct(tenant: Tenant, name: string): Promise<string> {
  const chart = charts.get(tenant.organizationId) ?? (await accounts(tenant))
  const account = chart.get(name)
  if (!account) throw new Error(`no account named ${name}`)
  return account.id
}

/** Every account's currentBalance in cents, by name. */
async function balances(tenant: Tenant): Promise<Record<string, number>> {
  const byName = await accounts(tenant)
  for (const account of byName.values()) expect(typeof account.currentBalance).toBe('number')
  return Object.fromEntries([...byName.values()].map((a) => [a.name, Math.round(a.currentBalance * 100)]))
}

/** Checks that every account moved by exactly the expected amount (in currency units), others not at all. */
function expectMoves(
  before: Record<string, number>,
  after: Record<string, number>,
  expected: Record<string, number>,
) {
  const moves: Record<string, number> = {}
  for (const name of Object.keys(after)) {
    const delta = (after[name] ?? 0) - (before[name] ?? 0)
    if (delta !== 0) moves[name] = delta / 100
  }
  const wanted = Object.fromEntries(Object.entries(expected).filter(([, amount]) => amount !== 0))
  expect(moves).toEqual(wanted)
}

interface CreateInput {
  merchantName?: string
  amount?: string
  transactionDate?: string
  eventType?: string
  categoryId?: string
  paymentAccountId?: string
  contactId?: string
  memo?: string
}

async function createEvent(
  tenant: Tenant,
  input: CreateInput = {},
): Promise<Payload & { eventId: string | null; event: EventView | null }> {
  const result = await data(tenant, createQuery, {
    merchantName: unique('Vendor'),
    amount: '10.00',
    transactionDate: '2026-03-01',
    ...input,
  })
  return result.createLedgerEvent
}

async function newEvent(tenant: Tenant, input: CreateInput = {}): Promise<string> {
  const payload = await createEvent(tenant, input)
  expect(payload, JSON.stringify(input)).toMatchObject({ success: true, error: null, errorCode: null })
  return payload.eventId as string
}

async function update(
  tenant: Tenant,
  eventId: string,
  input: Record<string, unknown>,
): Promise<Payload & { event: EventView | null }> {
  return (await data(tenant, updateQuery, { eventId, ...input })).updateLedgerEvent
}

async function classify(
  tenant: Tenant,
  eventId: string,
  input: Record<string, unknown>,
): Promise<Payload & { event: EventView | null }> {
  return (await data(tenant, classifyQuery, { eventId, ...input })).updateStagedEntry
}

async function classified(tenant: Tenant, eventId: string, input: Record<string, unknown>) {
  const payload = await classify(tenant, eventId, input)
  expect(payload, JSON.stringify(input)).toMatchObject({ success: true, error: null, errorCode: null })
  return payload.event as EventView
}

async function confirm(
  tenant: Tenant,
  eventId: string,
): Promise<Payload & { eventId: string | null; journalEntryId: string | null }> {
  return (await data(tenant, confirmQuery, { eventId })).confirmLedgerEvent
}

async function reject(
  tenant: Tenant,
  eventId: string,
): Promise<Payload & { eventId: string | null; reversalEntryId: string | null }> {
  return (await data(tenant, rejectQuery, { eventId })).rejectLedgerEvent
}

async function getEvent(tenant: Tenant, eventId: string): Promise<EventView> {
  return (await data(tenant, getQuery, { eventId })).getLedgerEvent
}

async function list(tenant: Tenant, args: Record<string, unknown> = {}): Promise<Page<EventView>> {
  return (await data(tenant, listQuery, args)).listLedgerEvents
}

/** A classified expense event, Office Expenses paid from Chequing. */
async function readyEvent(tenant: Tenant, input: CreateInput = {}): Promise<string> {
  return newEvent(tenant, {
    categoryId: await acct(tenant, 'Office Expenses'),
    paymentAccountId: await acct(tenant, 'Chequing'),
    ...input,
  })
}

async function confirmedEvent(tenant: Tenant, input: CreateInput = {}): Promise<string> {
  const eventId = await readyEvent(tenant, input)
  expect(await confirm(tenant, eventId)).toMatchObject({ success: true, eventId })
  return eventId
}

/** Everything a client can read of a tenant's books, to show a refused call changed nothing. */
async function everything(tenant: Tenant) {
  const [chart, events, contacts] = await Promise.all([
    balances(tenant),
    data(tenant, listQuery, { limit: 200 }),
    data(tenant, contactsQuery),
  ])
  const details = await Promise.all(
    (events.listLedgerEvents.items as EventView[]).map((event) => getEvent(tenant, event.id)),
  )
  return { chart, details, contacts: contacts.listContacts.items }
}

function refusal(errorCode: string) {
  return { success: false, error: expect.any(String), errorCode }
}

const today = () => new Date().toISOString().slice(0, 10)
function daysAgo(days: number): string {
  const date = new Date(`${today()}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() - days)
  return date.toISOString().slice(0, 10)
}

// ---- tests ------------------------------------------------------------------------------------

describe('createLedgerEvent', () => {
  let t: Tenant
  beforeAll(async () => {
    t = await createTenant(server)
  })

  it('creates a needs_review expense by default, with every detail readable', async () => {
    const merchantName = unique('Staples')
    const payload = await createEvent(t, { merchantName, amount: '12.5', transactionDate: '2024-02-29' })
    expect(payload).toMatchObject({ success: true, error: null, errorCode: null })
    expect(payload.eventId).toMatch(/^[0-9a-f-]{36}$/)
    expect(payload.event).toMatchObject({
      id: payload.eventId,
      eventType: 'expense',
      merchantName,
      functionalAmount: '12.50',
      functionalCurrency: 'CAD',
      transactionDate: '2024-02-29',
      status: 'needs_review',
      memo: '',
      hasDocument: false,
      account: null,
      paymentAccount: null,
      category: null,
      journalEntry: null,
      reversalEntry: null,
      taxAmount: null,
      taxAccount: null,
      taxCode: null,
      contact: null,
      source: 'api',
    })
    const event = await getEvent(t, payload.eventId as string)
    expect(event).toEqual(payload.event)
    expect(event.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
    expect(event.updatedAt).toMatch(/Z$/)
  })

  it.each(['expense', 'income', 'transfer'])('creates a %s event', async (eventType) => {
    const payload = await createEvent(t, { eventType })
    expect(payload.success).toBe(true)
    expect(payload.event?.eventType).toBe(eventType)
    expect(payload.event?.status).toBe('needs_review')
  })

  it('keeps names and memos exactly as given', async () => {
    const merchantName = `  Café Ünïcode ${randomUUID().slice(0, 4)}  `
    const memo = ' line one\nline two 😀 '
    const eventId = await newEvent(t, { merchantName, memo })
    const event = await getEvent(t, eventId)
    expect(event.merchantName).toBe(merchantName)
    expect(event.memo).toBe(memo)
  })

  it('takes the longest name and memo and the largest amount', async () => {
    const merchantName = 'n'.repeat(200)
    const memo = 'm'.repeat(2000)
    const payload = await createEvent(t, { merchantName, memo, amount: '9999999999999.99' })
    expect(payload.event).toMatchObject({ merchantName, memo, functionalAmount: '9999999999999.99' })
  })

  it('takes a category and a payment account at creation', async () => {
    const eventId = await newEvent(t, {
      eventType: 'income',
      categoryId: await acct(t, 'Sales Revenue'),
      paymentAccountId: await acct(t, 'Accounts Receivable'),
    })
    const event = await getEvent(t, eventId)
    expect(event.account).toEqual({
      id: await acct(t, 'Sales Revenue'),
      name: 'Sales Revenue',
      accountType: 'income',
    })
    expect(event.category).toEqual({ id: await acct(t, 'Sales Revenue'), name: 'Sales Revenue' })
    expect(event.paymentAccount).toEqual({
      id: await acct(t, 'Accounts Receivable'),
      name: 'Accounts Receivable',
    })
  })

  describe('refuses bad arguments and creates nothing', () => {
    let v: Tenant
    beforeAll(async () => {
      v = await createTenant(server)
    })

    async function refusedCreate(input: CreateInput, errorCode: string) {
      const payload = await createEvent(v, input)
      expect(payload, JSON.stringify(input)).toEqual({ ...refusal(errorCode), eventId: null, event: null })
      expect((await list(v)).totalCount).toBe(0)
    }

    it.each([
      '0',
      '0.00',
      '-5',
      '-0',
      '1e3',
      '12.345',
      '00.10',
      'abc',
      '',
      ' 1',
      '1.',
      '.5',
      '1,000.00',
      '+5',
    ])('amount %j', async (amount) => {
      await refusedCreate({ amount }, 'INVALID_AMOUNT')
    })

    it.each(['2026-02-30', '2026-13-01', '26-01-01', '2026-1-01', '2025-02-29', '2026-03-01T00:00:00Z', ''])(
      'transactionDate %j',
      async (transactionDate) => {
        await refusedCreate({ transactionDate }, 'INVALID_DATE')
      },
    )

    it.each(['refund', 'Expense', 'EXPENSE', '', 'payment'])('eventType %j', async (eventType) => {
      await refusedCreate({ eventType }, 'INVALID_EVENT_TYPE')
    })

    it.each(['', '   ', 'x'.repeat(201)])('merchantName %j', async (merchantName) => {
      await refusedCreate({ merchantName }, 'INVALID_NAME')
    })

    it('a memo over 2,000 characters', async () => {
      await refusedCreate({ memo: 'm'.repeat(2001) }, 'INVALID_MEMO')
    })

    it('an amount over 15 digits', async () => {
      await refusedCreate({ amount: '10000000000000.00' }, 'INVALID_AMOUNT')
    })

    it('a balance-sheet account as the category of an expense or an income', async () => {
      for (const eventType of ['expense', 'income']) {
        await refusedCreate(
          { eventType, categoryId: await acct(v, 'Taxes Recoverable') },
          'CATEGORY_NOT_ALLOWED',
        )
        await refusedCreate({ eventType, categoryId: await acct(v, 'Chequing') }, 'CATEGORY_NOT_ALLOWED')
        await refusedCreate(
          { eventType, categoryId: await acct(v, 'GST/HST Payable') },
          'CATEGORY_NOT_ALLOWED',
        )
        await refusedCreate({ eventType, categoryId: await acct(v, 'Share Capital') }, 'CATEGORY_NOT_ALLOWED')
      }
    })

    it('the payment account as the category', async () => {
      const chequing = await acct(v, 'Chequing')
      await refusedCreate(
        { eventType: 'transfer', categoryId: chequing, paymentAccountId: chequing },
        'CATEGORY_IS_PAYMENT_ACCOUNT',
      )
    })

    it.each(['Office Expenses', 'Taxes Recoverable', 'GST/HST Payable', 'Share Capital', 'Sales Revenue'])(
      'a payment account of the wrong type (%s)',
      async (name) => {
        await refusedCreate({ paymentAccountId: await acct(v, name) }, 'PAYMENT_ACCOUNT_NOT_ALLOWED')
      },
    )

    it('missing accounts and contacts', async () => {
      await refusedCreate({ categoryId: randomUUID() }, 'CATEGORY_NOT_FOUND')
      await refusedCreate({ paymentAccountId: randomUUID() }, 'PAYMENT_ACCOUNT_NOT_FOUND')
      await refusedCreate({ contactId: randomUUID() }, 'CONTACT_NOT_FOUND')
    })

    it('a malformed id is a GraphQL error', async () => {
      const error = await graphqlError(v, createQuery, {
        merchantName: 'x',
        amount: '1.00',
        transactionDate: '2026-01-01',
        categoryId: 'not-a-uuid',
      })
      expect(error.extensions?.code).toBe('BAD_USER_INPUT')
      expect(error.message).toContain('Invalid UUID')
      expect((await list(v)).totalCount).toBe(0)
    })
  })

  it('accepts every kind of category for a transfer', async () => {
    for (const name of [
      'Taxes Recoverable',
      'Share Capital',
      'GST/HST Payable',
      'Office Expenses',
      'Credit Card',
    ]) {
      const payload = await createEvent(t, {
        eventType: 'transfer',
        categoryId: await acct(t, name),
        paymentAccountId: await acct(t, 'Chequing'),
      })
      expect(payload, name).toMatchObject({ success: true })
      expect(payload.event?.category?.name).toBe(name)
    }
  })

  it('accepts an expense or revenue category for either an expense or an income', async () => {
    for (const eventType of ['expense', 'income']) {
      for (const name of ['Sales Revenue', 'Office Expenses', 'Cost of Goods Sold', 'Interest Income']) {
        const payload = await createEvent(t, { eventType, categoryId: await acct(t, name) })
        expect(payload, `${eventType} ${name}`).toMatchObject({ success: true })
      }
    }
  })

  it.each(['Chequing', 'Credit Card', 'Accounts Receivable', 'Accounts Payable'])(
    'accepts %s as the payment account',
    async (name) => {
      const payload = await createEvent(t, { paymentAccountId: await acct(t, name) })
      expect(payload.success).toBe(true)
      expect(payload.event?.paymentAccount?.name).toBe(name)
    },
  )
})

describe('ids of another organization behave like missing ones', () => {
  let mine: Tenant
  let theirs: Tenant
  let theirEvent: string
  let theirConfirmed: string
  let theirContact: string

  beforeAll(async () => {
    mine = await createTenant(server)
    theirs = await createTenant(server)
    theirEvent = await readyEvent(theirs)
    theirConfirmed = await confirmedEvent(theirs)
    theirContact = (
      await data(theirs, contactQuery, { contactType: 'vendor', displayName: unique('Their vendor') })
    ).createContact.contact.id
  })

  it('in createLedgerEvent', async () => {
    const before = await everything(theirs)
    for (const [field, foreign, code] of [
      ['categoryId', await acct(theirs, 'Office Expenses'), 'CATEGORY_NOT_FOUND'],
      ['paymentAccountId', await acct(theirs, 'Chequing'), 'PAYMENT_ACCOUNT_NOT_FOUND'],
      ['contactId', theirContact, 'CONTACT_NOT_FOUND'],
    ] as const) {
      const foreignAnswer = await createEvent(mine, { [field]: foreign })
      const missingAnswer = await createEvent(mine, { [field]: randomUUID() })
      expect(foreignAnswer).toEqual({ ...refusal(code), eventId: null, event: null })
      expect(foreignAnswer).toEqual(missingAnswer)
    }
    expect((await list(mine)).totalCount).toBe(0)
    expect(await everything(theirs)).toEqual(before)
  })

  it('in updateStagedEntry', async () => {
    const eventId = await newEvent(mine)
    const before = await everything(theirs)
    for (const [field, foreign, code] of [
      ['categoryId', await acct(theirs, 'Office Expenses'), 'CATEGORY_NOT_FOUND'],
      ['paymentId', await acct(theirs, 'Chequing'), 'PAYMENT_ACCOUNT_NOT_FOUND'],
      ['taxAccountId', await acct(theirs, 'GST/HST Payable'), 'TAX_ACCOUNT_NOT_FOUND'],
      ['contactId', theirContact, 'CONTACT_NOT_FOUND'],
    ] as const) {
      const foreignAnswer = await classify(mine, eventId, { [field]: foreign })
      const missingAnswer = await classify(mine, eventId, { [field]: randomUUID() })
      expect(foreignAnswer).toEqual({ ...refusal(code), event: null })
      expect(foreignAnswer).toEqual(missingAnswer)
    }
    expect(await getEvent(mine, eventId)).toMatchObject({
      category: null,
      paymentAccount: null,
      taxAccount: null,
    })
    expect(await everything(theirs)).toEqual(before)
  })

  it('as the event of every operation', async () => {
    const before = await everything(theirs)
    const pairs: Array<[string, Record<string, unknown>]> = [
      [updateQuery, { memo: 'hijacked', amount: '1.00' }],
      [classifyQuery, { categoryId: await acct(mine, 'Rent') }],
      [confirmQuery, {}],
      [rejectQuery, {}],
    ]
    for (const [query, extra] of pairs) {
      for (const target of [theirEvent, theirConfirmed]) {
        const foreignAnswer = await data(mine, query, { eventId: target, ...extra })
        const missingAnswer = await data(mine, query, { eventId: randomUUID(), ...extra })
        const field = Object.keys(foreignAnswer)[0] as string
        expect(foreignAnswer[field]).toMatchObject(refusal('EVENT_NOT_FOUND'))
        expect(foreignAnswer).toEqual(missingAnswer)
      }
    }
    const foreignGet = await graphqlError(mine, getQuery, { eventId: theirEvent })
    const missingGet = await graphqlError(mine, getQuery, { eventId: randomUUID() })
    expect(foreignGet.extensions?.code).toBe('EVENT_NOT_FOUND')
    expect(foreignGet.message).toBe(missingGet.message)
    expect(await everything(theirs)).toEqual(before)
  })

  it('in markLedgerEventsSynced and the list filters', async () => {
    const before = await everything(theirs)
    const payload = (await data(mine, syncQuery, { eventIds: [theirConfirmed, missingId] }))
      .markLedgerEventsSynced
    expect(payload.syncedCount).toBe(0)
    expect(payload.errors).toEqual([
      { index: 0, eventId: theirConfirmed, error: expect.any(String), errorCode: 'EVENT_NOT_FOUND' },
      { index: 1, eventId: missingId, error: expect.any(String), errorCode: 'EVENT_NOT_FOUND' },
    ])
    expect(payload.errors[0].error).toBe(payload.errors[1].error)
    expect(await everything(theirs)).toEqual(before)
    await newEvent(mine)
    const filtered = await list(mine, { accountIds: [await acct(theirs, 'Chequing')] })
    expect(filtered.totalCount).toBe(0)
    const byCategory = await list(mine, { categoryIds: [await acct(theirs, 'Office Expenses')] })
    expect(byCategory.totalCount).toBe(0)
  })
})

describe('updateLedgerEvent', () => {
  let t: Tenant
  beforeAll(async () => {
    t = await createTenant(server)
  })

  it('changes the listed fields of a needs_review event and nothing else', async () => {
    const eventId = await readyEvent(t, { merchantName: 'Keep Me', amount: '10.00' })
    const before = await getEvent(t, eventId)
    const payload = await update(t, eventId, {
      transactionDate: '2025-12-31',
      memo: 'new memo',
      amount: '99.9',
      eventType: 'income',
    })
    expect(payload).toMatchObject({ success: true, error: null, errorCode: null })
    expect(payload.event).toMatchObject({
      id: eventId,
      transactionDate: '2025-12-31',
      memo: 'new memo',
      functionalAmount: '99.90',
      eventType: 'income',
      status: 'needs_review',
      merchantName: 'Keep Me',
      category: before.category,
      paymentAccount: before.paymentAccount,
    })
    expect(await getEvent(t, eventId)).toEqual(payload.event)
  })

  it('leaves omitted fields alone', async () => {
    const eventId = await newEvent(t, { memo: 'first', amount: '5.00', transactionDate: '2026-01-02' })
    const payload = await update(t, eventId, { memo: 'second' })
    expect(payload.event).toMatchObject({
      memo: 'second',
      functionalAmount: '5.00',
      transactionDate: '2026-01-02',
      eventType: 'expense',
    })
  })

  it.each([
    [{ amount: '0' }, 'INVALID_AMOUNT'],
    [{ amount: '-5' }, 'INVALID_AMOUNT'],
    [{ amount: '1e3' }, 'INVALID_AMOUNT'],
    [{ amount: '12.345' }, 'INVALID_AMOUNT'],
    [{ amount: '00.10' }, 'INVALID_AMOUNT'],
    [{ amount: 'abc' }, 'INVALID_AMOUNT'],
    [{ transactionDate: '2026-02-30' }, 'INVALID_DATE'],
    [{ transactionDate: '2026-13-01' }, 'INVALID_DATE'],
    [{ transactionDate: '26-01-01' }, 'INVALID_DATE'],
    [{ eventType: 'refund' }, 'INVALID_EVENT_TYPE'],
    [{ eventType: 'bogus' }, 'INVALID_EVENT_TYPE'],
    [{ memo: 'ok', amount: '-1' }, 'INVALID_AMOUNT'],
    [{ memo: 'm'.repeat(2001) }, 'INVALID_MEMO'],
    [{ amount: '10000000000000.00' }, 'INVALID_AMOUNT'],
  ])('refuses %j and changes nothing', async (input, errorCode) => {
    const eventId = await newEvent(t, { memo: 'original', amount: '10.00' })
    const before = await getEvent(t, eventId)
    expect(await update(t, eventId, input)).toEqual({ ...refusal(errorCode), event: null })
    expect(await getEvent(t, eventId)).toEqual(before)
  })

  it('refuses an eventType the category does not fit', async () => {
    const eventId = await newEvent(t, {
      eventType: 'transfer',
      categoryId: await acct(t, 'Taxes Recoverable'),
      paymentAccountId: await acct(t, 'Chequing'),
    })
    const before = await getEvent(t, eventId)
    expect(await update(t, eventId, { eventType: 'expense' })).toEqual({
      ...refusal('CATEGORY_NOT_ALLOWED'),
      event: null,
    })
    expect(await getEvent(t, eventId)).toEqual(before)
  })

  it('refuses an amount no larger than the tax already set', async () => {
    const eventId = await readyEvent(t, { amount: '10.00' })
    await classified(t, eventId, { taxAmount: '4.00' })
    const before = await getEvent(t, eventId)
    expect(await update(t, eventId, { amount: '4.00' })).toMatchObject(refusal('INVALID_TAX_AMOUNT'))
    expect(await update(t, eventId, { amount: '3.99' })).toMatchObject(refusal('INVALID_TAX_AMOUNT'))
    expect(await getEvent(t, eventId)).toEqual(before)
    expect((await update(t, eventId, { amount: '4.01' })).event?.taxAmount).toBe('4.00')
  })

  it('recomputes a tax that came from a tax code when the amount or the date changes', async () => {
    const eventId = await readyEvent(t, { amount: '115.00', transactionDate: '2025-03-31' })
    expect((await classified(t, eventId, { taxCode: 'HST_NS' })).taxAmount).toBe('15.00')
    // 14% from 2025-04-01: 115.00 * 14 / 114 = 14.1228...
    expect((await update(t, eventId, { transactionDate: '2025-04-01' })).event?.taxAmount).toBe('14.12')
    expect((await update(t, eventId, { amount: '228.00' })).event?.taxAmount).toBe('28.00')
  })

  it('is refused once the event is confirmed, synced or ignored, and nothing changes', async () => {
    const confirmed = await confirmedEvent(t)
    const synced = await confirmedEvent(t)
    expect((await data(t, syncQuery, { eventIds: [synced] })).markLedgerEventsSynced.syncedCount).toBe(1)
    const ignored = await newEvent(t)
    expect((await reject(t, ignored)).success).toBe(true)
    const ignoredAfterPosting = await confirmedEvent(t)
    expect((await reject(t, ignoredAfterPosting)).success).toBe(true)
    const books = await balances(t)
    for (const eventId of [confirmed, synced, ignored, ignoredAfterPosting]) {
      const before = await getEvent(t, eventId)
      for (const input of [
        { memo: 'late' },
        { amount: '1.00' },
        { transactionDate: '2020-01-01' },
        { eventType: 'income' },
      ]) {
        expect(await update(t, eventId, input)).toEqual({ ...refusal('EVENT_NOT_EDITABLE'), event: null })
      }
      expect(await getEvent(t, eventId)).toEqual(before)
    }
    expect(await balances(t)).toEqual(books)
  })

  it('refuses an unknown event', async () => {
    expect(await update(t, missingId, { memo: 'x' })).toEqual({ ...refusal('EVENT_NOT_FOUND'), event: null })
  })
})

describe('updateStagedEntry', () => {
  let t: Tenant
  beforeAll(async () => {
    t = await createTenant(server)
  })

  it('assigns the category, the payment account and a contact, keeping the event in needs_review', async () => {
    const eventId = await newEvent(t)
    const contact = (await data(t, contactQuery, { contactType: 'vendor', displayName: unique('Vendor') }))
      .createContact.contact.id
    const event = await classified(t, eventId, {
      categoryId: await acct(t, 'Rent'),
      paymentId: await acct(t, 'Credit Card'),
      contactId: contact,
    })
    expect(event).toMatchObject({
      status: 'needs_review',
      account: { id: await acct(t, 'Rent'), name: 'Rent', accountType: 'expense' },
      category: { id: await acct(t, 'Rent'), name: 'Rent' },
      paymentAccount: { id: await acct(t, 'Credit Card'), name: 'Credit Card' },
      contact: { id: contact },
      taxAmount: null,
    })
    expect(await getEvent(t, eventId)).toEqual(event)
  })

  it('changes one field at a time, keeping the others', async () => {
    const eventId = await readyEvent(t)
    const event = await classified(t, eventId, { categoryId: await acct(t, 'Travel') })
    expect(event.category?.name).toBe('Travel')
    expect(event.paymentAccount?.name).toBe('Chequing')
    const again = await classified(t, eventId, { paymentId: await acct(t, 'Accounts Payable') })
    expect(again.category?.name).toBe('Travel')
    expect(again.paymentAccount?.name).toBe('Accounts Payable')
  })

  it('accepts a tax amount from 0 up to just below the amount', async () => {
    const eventId = await readyEvent(t, { amount: '50.00' })
    expect((await classified(t, eventId, { taxAmount: '0' })).taxAmount).toBe('0.00')
    expect((await classified(t, eventId, { taxAmount: '49.99' })).taxAmount).toBe('49.99')
    const event = await classified(t, eventId, { taxAmount: '6.5' })
    expect(event.taxAmount).toBe('6.50')
    expect(event.taxCode).toBeNull()
  })

  it.each([
    ['50.00', 'INVALID_TAX_AMOUNT'],
    ['50.01', 'INVALID_TAX_AMOUNT'],
    ['-1.00', 'INVALID_TAX_AMOUNT'],
    ['1.234', 'INVALID_AMOUNT'],
    ['1e1', 'INVALID_AMOUNT'],
    ['abc', 'INVALID_AMOUNT'],
  ])('refuses taxAmount %j and changes nothing', async (taxAmount, errorCode) => {
    const eventId = await newEvent(t, { amount: '50.00' })
    const before = await getEvent(t, eventId)
    const payload = await classify(t, eventId, { taxAmount, categoryId: await acct(t, 'Office Expenses') })
    expect(payload).toEqual({ ...refusal(errorCode), event: null })
    expect(await getEvent(t, eventId)).toEqual(before)
  })

  it.each(['GST/HST Payable', 'Taxes Recoverable', 'Accounts Payable'])(
    'takes %s as the tax account',
    async (name) => {
      const eventId = await readyEvent(t)
      const event = await classified(t, eventId, { taxAmount: '1.00', taxAccountId: await acct(t, name) })
      expect(event.taxAccount).toEqual({ id: await acct(t, name), name })
    },
  )

  it.each(['Office Expenses', 'Sales Revenue', 'Share Capital'])(
    'refuses %s as the tax account',
    async (name) => {
      const eventId = await readyEvent(t)
      const before = await getEvent(t, eventId)
      const payload = await classify(t, eventId, { taxAmount: '1.00', taxAccountId: await acct(t, name) })
      expect(payload).toEqual({ ...refusal('TAX_ACCOUNT_NOT_ALLOWED'), event: null })
      expect(await getEvent(t, eventId)).toEqual(before)
    },
  )

  it.each([
    ['HST_ON', '113.00', '2026-03-01', '13.00'],
    ['HST_NS', '114.00', '2025-04-01', '14.00'],
    ['HST_NS', '115.00', '2025-03-31', '15.00'],
    ['GST', '105.00', '2026-03-01', '5.00'],
    // 100.00 * 13 / 113 = 11.504...
    ['HST_ON', '100.00', '2026-03-01', '11.50'],
    ['GST_QST', '114.98', '2026-03-01', '14.98'],
    // ties go to the even cent: 0.42 * 12 / 112 = 0.045 and 0.70 * 12 / 112 = 0.075
    ['GST_PST_BC', '0.42', '2026-03-01', '0.04'],
    ['GST_PST_BC', '0.70', '2026-03-01', '0.08'],
    ['ZERO_RATED', '80.00', '2026-03-01', '0.00'],
  ])(
    'computes the tax included in the amount from %s (%s on %s -> %s)',
    async (taxCode, amount, date, tax) => {
      const eventId = await readyEvent(t, { amount, transactionDate: date })
      const event = await classified(t, eventId, { taxCode })
      expect(event.taxCode).toBe(taxCode)
      expect(event.taxAmount).toBe(tax)
    },
  )

  it('prefers an explicit taxAmount to the one a taxCode would give', async () => {
    const eventId = await readyEvent(t, { amount: '113.00' })
    const event = await classified(t, eventId, { taxCode: 'HST_ON', taxAmount: '5.00' })
    expect(event).toMatchObject({ taxCode: 'HST_ON', taxAmount: '5.00' })
  })

  it.each([
    ['HST_XX', 'SALES_TAX_CODE_NOT_FOUND'],
    ['hst_on', 'SALES_TAX_CODE_NOT_FOUND'],
    ['1002', 'SALES_TAX_CODE_NOT_FOUND'],
    ['HST_BC', 'TAX_CODE_NO_RATE'],
    ['PST_ON', 'TAX_CODE_NO_RATE'],
  ])('refuses taxCode %s on 2026-03-01', async (taxCode, errorCode) => {
    const eventId = await readyEvent(t, { amount: '113.00' })
    const before = await getEvent(t, eventId)
    expect(await classify(t, eventId, { taxCode })).toEqual({ ...refusal(errorCode), event: null })
    expect(await getEvent(t, eventId)).toEqual(before)
  })

  it('checks the category fit and the payment account type, changing nothing on refusal', async () => {
    const expense = await newEvent(t)
    const income = await newEvent(t, { eventType: 'income' })
    const transfer = await newEvent(t, { eventType: 'transfer', paymentAccountId: await acct(t, 'Chequing') })
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [expense, { categoryId: await acct(t, 'Taxes Recoverable') }, 'CATEGORY_NOT_ALLOWED'],
      [expense, { categoryId: await acct(t, 'Chequing') }, 'CATEGORY_NOT_ALLOWED'],
      [income, { categoryId: await acct(t, 'Accounts Receivable') }, 'CATEGORY_NOT_ALLOWED'],
      [income, { categoryId: await acct(t, 'Retained Earnings') }, 'CATEGORY_NOT_ALLOWED'],
      [transfer, { categoryId: await acct(t, 'Chequing') }, 'CATEGORY_IS_PAYMENT_ACCOUNT'],
      [expense, { paymentId: await acct(t, 'Office Expenses') }, 'PAYMENT_ACCOUNT_NOT_ALLOWED'],
      [expense, { paymentId: await acct(t, 'Taxes Recoverable') }, 'PAYMENT_ACCOUNT_NOT_ALLOWED'],
      [expense, { paymentId: await acct(t, 'GST/HST Payable') }, 'PAYMENT_ACCOUNT_NOT_ALLOWED'],
      [expense, { categoryId: randomUUID() }, 'CATEGORY_NOT_FOUND'],
      [expense, { paymentId: randomUUID() }, 'PAYMENT_ACCOUNT_NOT_FOUND'],
      [expense, { taxAccountId: randomUUID() }, 'TAX_ACCOUNT_NOT_FOUND'],
      [expense, { contactId: randomUUID() }, 'CONTACT_NOT_FOUND'],
      [
        expense,
        { categoryId: await acct(t, 'Rent'), paymentId: await acct(t, 'Rent') },
        'CATEGORY_IS_PAYMENT_ACCOUNT',
      ],
    ]
    for (const [eventId, input, errorCode] of cases) {
      const before = await getEvent(t, eventId)
      expect(await classify(t, eventId, input), JSON.stringify(input)).toEqual({
        ...refusal(errorCode),
        event: null,
      })
      expect(await getEvent(t, eventId)).toEqual(before)
    }
    expect(
      (await classified(t, transfer, { categoryId: await acct(t, 'Retained Earnings') })).category?.name,
    ).toBe('Retained Earnings')
  })

  it('refuses a payment account equal to the category already set', async () => {
    const eventId = await newEvent(t, {
      eventType: 'transfer',
      categoryId: await acct(t, 'Credit Card'),
    })
    expect(await classify(t, eventId, { paymentId: await acct(t, 'Credit Card') })).toMatchObject(
      refusal('CATEGORY_IS_PAYMENT_ACCOUNT'),
    )
  })

  it('is refused once the event is confirmed or ignored, and nothing changes', async () => {
    const confirmed = await confirmedEvent(t)
    const ignored = await readyEvent(t)
    await reject(t, ignored)
    for (const eventId of [confirmed, ignored]) {
      const before = await getEvent(t, eventId)
      for (const input of [
        { categoryId: await acct(t, 'Rent') },
        { paymentId: await acct(t, 'Credit Card') },
        { taxAmount: '1.00' },
        { taxCode: 'GST' },
      ]) {
        expect(await classify(t, eventId, input)).toEqual({ ...refusal('EVENT_NOT_EDITABLE'), event: null })
      }
      expect(await getEvent(t, eventId)).toEqual(before)
    }
  })

  it('refuses an unknown event', async () => {
    expect(await classify(t, missingId, { taxAmount: '1.00' })).toEqual({
      ...refusal('EVENT_NOT_FOUND'),
      event: null,
    })
  })
})

describe('confirmLedgerEvent', () => {
  let t: Tenant
  beforeAll(async () => {
    t = await createTenant(server)
  })

  it('needs a category and a payment account', async () => {
    const books = await balances(t)
    const bare = await newEvent(t)
    const categoryOnly = await newEvent(t, { categoryId: await acct(t, 'Rent') })
    const paymentOnly = await newEvent(t, { paymentAccountId: await acct(t, 'Chequing') })
    for (const eventId of [bare, categoryOnly, paymentOnly]) {
      expect(await confirm(t, eventId)).toEqual({
        ...refusal('EVENT_NOT_CLASSIFIED'),
        eventId: null,
        journalEntryId: null,
      })
      expect(await getEvent(t, eventId)).toMatchObject({ status: 'needs_review', journalEntry: null })
    }
    expect(await balances(t)).toEqual(books)
  })

  it('posts, returning the journal entry id, and the event shows its entry', async () => {
    const eventId = await readyEvent(t, { amount: '42.10', transactionDate: '2025-11-30' })
    const payload = await confirm(t, eventId)
    expect(payload).toEqual({
      success: true,
      error: null,
      errorCode: null,
      eventId,
      journalEntryId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    const event = await getEvent(t, eventId)
    expect(event.status).toBe('confirmed')
    expect(event.journalEntry).toEqual({
      id: payload.journalEntryId,
      txnDate: '2025-11-30',
      totalAmount: '42.10',
    })
    expect(event.reversalEntry).toBeNull()
  })

  it('posts on the date and with the amount the event has after an update', async () => {
    const eventId = await readyEvent(t, { amount: '5.00', transactionDate: '2026-01-15' })
    await update(t, eventId, { amount: '6.25', transactionDate: '2024-02-29' })
    const payload = await confirm(t, eventId)
    expect((await getEvent(t, eventId)).journalEntry).toEqual({
      id: payload.journalEntryId,
      txnDate: '2024-02-29',
      totalAmount: '6.25',
    })
  })

  it('posts the largest amount exactly', async () => {
    const t2 = await createTenant(server)
    const before = await balances(t2)
    await confirmedEvent(t2, { amount: '9999999999999.99' })
    const after = await balances(t2)
    expect((after['Office Expenses'] ?? 0) - (before['Office Expenses'] ?? 0)).toBe(999999999999999)
    expect((after.Chequing ?? 0) - (before.Chequing ?? 0)).toBe(-999999999999999)
  })

  it('fails cleanly the second time and posts nothing more', async () => {
    const eventId = await readyEvent(t, { amount: '7.00' })
    const first = await confirm(t, eventId)
    expect(first.success).toBe(true)
    const books = await balances(t)
    const second = await confirm(t, eventId)
    expect(second).toEqual({ ...refusal('EVENT_ALREADY_CONFIRMED'), eventId: null, journalEntryId: null })
    expect(await balances(t)).toEqual(books)
    expect((await getEvent(t, eventId)).journalEntry?.id).toBe(first.journalEntryId)
  })

  it('refuses an ignored event and a synced one', async () => {
    const ignored = await readyEvent(t)
    await reject(t, ignored)
    const synced = await confirmedEvent(t)
    await data(t, syncQuery, { eventIds: [synced] })
    const books = await balances(t)
    expect(await confirm(t, ignored)).toMatchObject(refusal('EVENT_IGNORED'))
    expect(await confirm(t, synced)).toMatchObject(refusal('EVENT_ALREADY_CONFIRMED'))
    expect(await balances(t)).toEqual(books)
    expect((await getEvent(t, ignored)).status).toBe('ignored')
    expect((await getEvent(t, synced)).status).toBe('synced')
  })

  it('refuses an unknown event', async () => {
    expect(await confirm(t, missingId)).toEqual({
      ...refusal('EVENT_NOT_FOUND'),
      eventId: null,
      journalEntryId: null,
    })
  })
})

describe('posting (DESIGN 5.4, 5.5)', () => {
  interface Case {
    eventType: string
    amount: string
    category: string
    payment: string
    taxAmount?: string
    taxAccount?: string
    taxCode?: string
    transactionDate?: string
    moves: Record<string, number>
    taxAccountShown?: string
  }
  const cases: Array<[string, Case]> = [
    [
      'an expense without tax',
      {
        eventType: 'expense',
        amount: '100.00',
        category: 'Office Expenses',
        payment: 'Chequing',
        moves: { 'Office Expenses': 100, Chequing: -100 },
      },
    ],
    [
      'an expense with tax on the default tax account',
      {
        eventType: 'expense',
        amount: '100.00',
        category: 'Office Expenses',
        payment: 'Chequing',
        taxAmount: '13.00',
        // Dr GST/HST Payable 13: a liability's natural balance falls
        moves: { 'Office Expenses': 87, 'GST/HST Payable': -13, Chequing: -100 },
        taxAccountShown: 'GST/HST Payable',
      },
    ],
    [
      'an expense with tax on Taxes Recoverable, paid by credit card',
      {
        eventType: 'expense',
        amount: '56.50',
        category: 'Meals & Entertainment',
        payment: 'Credit Card',
        taxAmount: '6.50',
        taxAccount: 'Taxes Recoverable',
        moves: { 'Meals & Entertainment': 50, 'Taxes Recoverable': 6.5, 'Credit Card': 56.5 },
        taxAccountShown: 'Taxes Recoverable',
      },
    ],
    [
      'an expense taxed by code',
      {
        eventType: 'expense',
        amount: '113.00',
        category: 'Rent',
        payment: 'Chequing',
        taxCode: 'HST_ON',
        transactionDate: '2026-03-01',
        moves: { Rent: 100, 'GST/HST Payable': -13, Chequing: -113 },
        taxAccountShown: 'GST/HST Payable',
      },
    ],
    [
      'an expense on account (payable)',
      {
        eventType: 'expense',
        amount: '20.00',
        category: 'Professional Fees',
        payment: 'Accounts Payable',
        moves: { 'Professional Fees': 20, 'Accounts Payable': 20 },
      },
    ],
    [
      'an income without tax',
      {
        eventType: 'income',
        amount: '226.00',
        category: 'Sales Revenue',
        payment: 'Chequing',
        moves: { Chequing: 226, 'Sales Revenue': 226 },
      },
    ],
    [
      'an income with tax on the default tax account',
      {
        eventType: 'income',
        amount: '226.00',
        category: 'Sales Revenue',
        payment: 'Chequing',
        taxAmount: '26.00',
        moves: { Chequing: 226, 'Sales Revenue': 200, 'GST/HST Payable': 26 },
        taxAccountShown: 'GST/HST Payable',
      },
    ],
    [
      'an income taxed by code, on account (receivable)',
      {
        eventType: 'income',
        amount: '105.00',
        category: 'Sales Revenue',
        payment: 'Accounts Receivable',
        taxCode: 'GST',
        moves: { 'Accounts Receivable': 105, 'Sales Revenue': 100, 'GST/HST Payable': 5 },
        taxAccountShown: 'GST/HST Payable',
      },
    ],
    [
      'an income with tax on an asset account',
      {
        eventType: 'income',
        amount: '50.00',
        category: 'Interest Income',
        payment: 'Chequing',
        taxAmount: '5.00',
        taxAccount: 'Taxes Recoverable',
        // Cr Taxes Recoverable 5: an asset's natural balance falls
        moves: { Chequing: 50, 'Interest Income': 45, 'Taxes Recoverable': -5 },
      },
    ],
    [
      'an income paid to a credit card',
      {
        eventType: 'income',
        amount: '12.00',
        category: 'Other Revenue',
        payment: 'Credit Card',
        // Dr Credit Card: a liability falls
        moves: { 'Credit Card': -12, 'Other Revenue': 12 },
      },
    ],
    [
      'a transfer paying a credit card from chequing',
      {
        eventType: 'transfer',
        amount: '40.00',
        category: 'Credit Card',
        payment: 'Chequing',
        moves: { 'Credit Card': -40, Chequing: -40 },
      },
    ],
    [
      'a transfer to an asset, with a tax that a transfer does not post',
      {
        eventType: 'transfer',
        amount: '30.00',
        category: 'Taxes Recoverable',
        payment: 'Chequing',
        taxAmount: '3.00',
        moves: { 'Taxes Recoverable': 30, Chequing: -30 },
      },
    ],
    [
      'a transfer into equity',
      {
        eventType: 'transfer',
        amount: '1000.00',
        category: 'Share Capital',
        payment: 'Accounts Receivable',
        // Dr Share Capital: equity falls; Cr Accounts Receivable: the asset falls
        moves: { 'Share Capital': -1000, 'Accounts Receivable': -1000 },
      },
    ],
  ]

  it.each(cases)('posts %s, and rejecting it restores every balance', async (_label, c) => {
    const t = await createTenant(server)
    const transactionDate = c.transactionDate ?? '2026-02-14'
    const before = await balances(t)
    const eventId = await newEvent(t, { eventType: c.eventType, amount: c.amount, transactionDate })
    await classified(t, eventId, {
      categoryId: await acct(t, c.category),
      paymentId: await acct(t, c.payment),
      ...(c.taxAmount ? { taxAmount: c.taxAmount } : {}),
      ...(c.taxCode ? { taxCode: c.taxCode } : {}),
      ...(c.taxAccount ? { taxAccountId: await acct(t, c.taxAccount) } : {}),
    })
    expect(await balances(t)).toEqual(before)
    const confirmed = await confirm(t, eventId)
    expect(confirmed.success).toBe(true)
    const posted = await balances(t)
    expectMoves(before, posted, c.moves)
    const event = await getEvent(t, eventId)
    expect(event.status).toBe('confirmed')
    expect(event.journalEntry).toEqual({
      id: confirmed.journalEntryId,
      txnDate: transactionDate,
      totalAmount: c.amount,
    })
    if (c.taxAccountShown) expect(event.taxAccount?.name).toBe(c.taxAccountShown)

    const rejected = await reject(t, eventId)
    expect(rejected).toEqual({
      success: true,
      error: null,
      errorCode: null,
      eventId,
      reversalEntryId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(rejected.reversalEntryId).not.toBe(confirmed.journalEntryId)
    expect(await balances(t)).toEqual(before)
    const ignored = await getEvent(t, eventId)
    expect(ignored.status).toBe('ignored')
    expect(ignored.journalEntry).toEqual(event.journalEntry)
    expect(ignored.reversalEntry).toEqual({
      id: rejected.reversalEntryId,
      txnDate: transactionDate,
      totalAmount: c.amount,
    })
  })

  it('adds up several postings on the same accounts', async () => {
    const t = await createTenant(server)
    const before = await balances(t)
    await confirmedEvent(t, { amount: '0.10' })
    await confirmedEvent(t, { amount: '0.20' })
    await confirmedEvent(t, { amount: '999999.99' })
    expectMoves(before, await balances(t), { 'Office Expenses': 1000000.29, Chequing: -1000000.29 })
  })

  it('reports currentBalance as a JSON number', async () => {
    const t = await createTenant(server)
    await confirmedEvent(t, { amount: '12.34' })
    const response = await server.post(
      { query: accountsQuery, variables: { org: t.organizationId } },
      t.bearer,
    )
    const page = response.body.data?.listAccounts as { items: AccountRow[] } | undefined
    const chequing = page?.items.find((a) => a.name === 'Chequing')
    expect(chequing?.currentBalance).toBe(-12.34)
  })
})

describe('contact balances', () => {
  async function contact(t: Tenant, contactType: string): Promise<string> {
    const payload = (await data(t, contactQuery, { contactType, displayName: unique(contactType) }))
      .createContact
    expect(payload.success).toBe(true)
    return payload.contact.id
  }
  async function contactBalance(t: Tenant, id: string): Promise<number> {
    const items = (await data(t, contactsQuery)).listContacts.items as Array<{ id: string; balance: number }>
    const found = items.find((c) => c.id === id)
    expect(typeof found?.balance).toBe('number')
    return found?.balance as number
  }

  it('a vendor bill on Accounts Payable raises the vendor balance; its reversal clears it', async () => {
    const t = await createTenant(server)
    const vendor = await contact(t, 'vendor')
    const eventId = await newEvent(t, {
      amount: '80.00',
      contactId: vendor,
      categoryId: await acct(t, 'Office Expenses'),
      paymentAccountId: await acct(t, 'Accounts Payable'),
    })
    expect((await getEvent(t, eventId)).contact?.id).toBe(vendor)
    expect(await contactBalance(t, vendor)).toBe(0)
    expect((await confirm(t, eventId)).success).toBe(true)
    expect(await contactBalance(t, vendor)).toBe(80)
    await reject(t, eventId)
    expect(await contactBalance(t, vendor)).toBe(0)
  })

  it('a customer invoice on Accounts Receivable, tagged through updateStagedEntry, raises the customer balance', async () => {
    const t = await createTenant(server)
    const customer = await contact(t, 'customer')
    const other = await contact(t, 'customer')
    const eventId = await newEvent(t, { eventType: 'income', amount: '113.00' })
    await classified(t, eventId, {
      categoryId: await acct(t, 'Sales Revenue'),
      paymentId: await acct(t, 'Accounts Receivable'),
      taxCode: 'HST_ON',
      contactId: customer,
    })
    expect((await confirm(t, eventId)).success).toBe(true)
    expect(await contactBalance(t, customer)).toBe(113)
    expect(await contactBalance(t, other)).toBe(0)
  })

  it('a payment from chequing does not change the contact balance', async () => {
    const t = await createTenant(server)
    const vendor = await contact(t, 'vendor')
    await confirmedEvent(t, { contactId: vendor, amount: '15.00' })
    expect(await contactBalance(t, vendor)).toBe(0)
  })
})

describe('rejectLedgerEvent', () => {
  let t: Tenant
  beforeAll(async () => {
    t = await createTenant(server)
  })

  it('ignores an event in needs_review without posting anything', async () => {
    const eventId = await readyEvent(t)
    const books = await balances(t)
    expect(await reject(t, eventId)).toEqual({
      success: true,
      error: null,
      errorCode: null,
      eventId,
      reversalEntryId: null,
    })
    const event = await getEvent(t, eventId)
    expect(event).toMatchObject({ status: 'ignored', journalEntry: null, reversalEntry: null })
    expect(await balances(t)).toEqual(books)
  })

  it('takes ignored events out of the review queue', async () => {
    const keep = await newEvent(t, { merchantName: unique('Queue keep') })
    const drop = await newEvent(t, { merchantName: unique('Queue drop') })
    const queued = async () =>
      (await list(t, { status: ['needs_review'], limit: 200 })).items.map((e) => e.id)
    expect(await queued()).toEqual(expect.arrayContaining([keep, drop]))
    await reject(t, drop)
    const after = await queued()
    expect(after).toContain(keep)
    expect(after).not.toContain(drop)
    expect((await list(t, { status: ['ignored'], limit: 200 })).items.map((e) => e.id)).toContain(drop)
  })

  it('reverses a synced event too', async () => {
    const before = await balances(t)
    const eventId = await confirmedEvent(t, { amount: '33.33' })
    await data(t, syncQuery, { eventIds: [eventId] })
    expect((await getEvent(t, eventId)).status).toBe('synced')
    const rejected = await reject(t, eventId)
    expect(rejected.success).toBe(true)
    expect(rejected.reversalEntryId).not.toBeNull()
    expect(await balances(t)).toEqual(before)
    expect((await getEvent(t, eventId)).status).toBe('ignored')
  })

  it('fails cleanly the second time and reverses nothing more', async () => {
    const before = await balances(t)
    const eventId = await confirmedEvent(t, { amount: '9.99' })
    expect((await reject(t, eventId)).success).toBe(true)
    const event = await getEvent(t, eventId)
    expect(await reject(t, eventId)).toEqual({
      ...refusal('EVENT_ALREADY_IGNORED'),
      eventId: null,
      reversalEntryId: null,
    })
    expect(await balances(t)).toEqual(before)
    expect(await getEvent(t, eventId)).toEqual(event)
  })

  it('refuses an unknown event', async () => {
    expect(await reject(t, missingId)).toEqual({
      ...refusal('EVENT_NOT_FOUND'),
      eventId: null,
      reversalEntryId: null,
    })
  })
})

describe('markLedgerEventsSynced', () => {
  it('moves confirmed events to synced and reports the others by index', async () => {
    const t = await createTenant(server)
    const first = await confirmedEvent(t)
    const second = await confirmedEvent(t)
    const waiting = await newEvent(t)
    const ignored = await newEvent(t)
    await reject(t, ignored)
    const books = await balances(t)
    const unknown = randomUUID()
    const payload = (await data(t, syncQuery, { eventIds: [first, waiting, unknown, second, ignored] }))
      .markLedgerEventsSynced
    expect(payload).toEqual({
      success: true,
      syncedCount: 2,
      error: null,
      errorCode: null,
      errors: [
        { index: 1, eventId: waiting, error: expect.any(String), errorCode: 'EVENT_NOT_CONFIRMED' },
        { index: 2, eventId: unknown, error: expect.any(String), errorCode: 'EVENT_NOT_FOUND' },
        { index: 4, eventId: ignored, error: expect.any(String), errorCode: 'EVENT_NOT_CONFIRMED' },
      ],
    })
    expect((await getEvent(t, first)).status).toBe('synced')
    expect((await getEvent(t, second)).status).toBe('synced')
    expect((await getEvent(t, waiting)).status).toBe('needs_review')
    expect((await getEvent(t, ignored)).status).toBe('ignored')
    expect(await balances(t)).toEqual(books)
    expect((await getEvent(t, first)).journalEntry).not.toBeNull()

    const again = (await data(t, syncQuery, { eventIds: [first] })).markLedgerEventsSynced
    expect(again).toMatchObject({
      success: true,
      syncedCount: 0,
      errors: [{ index: 0, eventId: first, errorCode: 'EVENT_NOT_CONFIRMED' }],
    })
    const synced = await list(t, { status: ['synced'] })
    expect(synced.items.map((e) => e.id).sort()).toEqual([first, second].sort())
  })

  it('accepts an empty list and refuses more than 500 ids', async () => {
    const t = await createTenant(server)
    expect((await data(t, syncQuery, { eventIds: [] })).markLedgerEventsSynced).toMatchObject({
      success: true,
      syncedCount: 0,
      errors: [],
    })
    const eventId = await confirmedEvent(t)
    const tooMany = [eventId, ...Array.from({ length: 500 }, () => randomUUID())]
    const refused = (await data(t, syncQuery, { eventIds: tooMany })).markLedgerEventsSynced
    expect(refused).toMatchObject({ success: false, syncedCount: 0, errorCode: 'BATCH_TOO_LARGE' })
    // The refusal stands on every item too, for clients that read only {syncedCount, errors}.
    expect(refused.errors).toEqual(
      tooMany.map((id, index) => ({
        index,
        eventId: id,
        error: refused.error,
        errorCode: 'BATCH_TOO_LARGE',
      })),
    )
    expect((await getEvent(t, eventId)).status).toBe('confirmed')
  })
})

describe('listLedgerEvents', () => {
  let t: Tenant
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = await createTenant(server)
    const [meals, office, rent, sales, chequing, card] = await Promise.all(
      ['Meals & Entertainment', 'Office Expenses', 'Rent', 'Sales Revenue', 'Chequing', 'Credit Card'].map(
        (name) => acct(t, name),
      ),
    )
    ids.alpha = await newEvent(t, {
      merchantName: 'Alpha Coffee',
      amount: '10.00',
      transactionDate: '2025-01-05',
      categoryId: meals,
      paymentAccountId: chequing,
    })
    ids.bravo = await newEvent(t, {
      merchantName: 'bravo hardware',
      amount: '25.50',
      transactionDate: '2025-01-10',
      categoryId: office,
      paymentAccountId: card,
      memo: 'Printer INK and paper',
    })
    ids.cafe = await newEvent(t, {
      merchantName: 'CAFÉ DU MONDE',
      amount: '7.25',
      transactionDate: '2025-01-15',
      categoryId: meals,
      paymentAccountId: card,
    })
    ids.delta = await newEvent(t, {
      merchantName: 'Delta 50% Deals',
      amount: '100.00',
      transactionDate: '2025-02-01',
      eventType: 'income',
      categoryId: sales,
      paymentAccountId: chequing,
      memo: 'promo_code spring',
    })
    ids.echo = await newEvent(t, {
      merchantName: 'Echo_Rentals',
      amount: '250.00',
      transactionDate: '2025-02-28',
      categoryId: rent,
      paymentAccountId: chequing,
    })
    ids.foxtrot = await newEvent(t, {
      merchantName: 'Foxtrot',
      amount: '0.01',
      transactionDate: '2025-03-01',
    })
    expect((await confirm(t, ids.alpha as string)).success).toBe(true)
    expect((await confirm(t, ids.delta as string)).success).toBe(true)
    expect((await reject(t, ids.delta as string)).success).toBe(true)
    expect((await confirm(t, ids.echo as string)).success).toBe(true)
    expect((await data(t, syncQuery, { eventIds: [ids.echo] })).markLedgerEventsSynced.syncedCount).toBe(1)
  })

  /** The names of the events a listing returns, in its order. */
  async function listed(args: Record<string, unknown>): Promise<string[]> {
    const page = await list(t, args)
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]))
    expect(page.totalCount).toBeGreaterThanOrEqual(page.items.length)
    return page.items.map((e) => byId.get(e.id) ?? e.id)
  }
  const sorted = (values: string[]) => [...values].sort()

  it('returns every status without a filter, newest first', async () => {
    const page = await list(t)
    expect(page).toMatchObject({ totalCount: 6, pageSize: 25, offset: 0 })
    expect(await listed({})).toEqual(['foxtrot', 'echo', 'delta', 'cafe', 'bravo', 'alpha'])
  })

  it('returns the summary fields of each event', async () => {
    const page = await list(t, { search: 'bravo' })
    expect(page.items).toEqual([
      {
        id: ids.bravo,
        eventType: 'expense',
        merchantName: 'bravo hardware',
        functionalAmount: '25.50',
        functionalCurrency: 'CAD',
        transactionDate: '2025-01-10',
        status: 'needs_review',
        hasDocument: false,
        account: { id: await acct(t, 'Office Expenses'), name: 'Office Expenses', accountType: 'expense' },
        paymentAccount: { id: await acct(t, 'Credit Card'), name: 'Credit Card' },
      },
    ])
  })

  it.each([
    [['needs_review'], ['bravo', 'cafe', 'foxtrot']],
    [['confirmed'], ['alpha']],
    [['synced'], ['echo']],
    [['ignored'], ['delta']],
    [
      ['confirmed', 'synced'],
      ['alpha', 'echo'],
    ],
    [['pending', 'reconciled'], []],
  ])('filters by status %j', async (status, expected) => {
    expect(sorted(await listed({ status }))).toEqual(sorted(expected))
    expect((await list(t, { status })).totalCount).toBe(expected.length)
  })

  it('filters by hasDocument', async () => {
    expect((await list(t, { hasDocument: false })).totalCount).toBe(6)
    expect(await listed({ hasDocument: true })).toEqual([])
  })

  it('filters by dateFrom and dateTo, both inclusive', async () => {
    expect(sorted(await listed({ dateFrom: '2025-01-10', dateTo: '2025-02-01' }))).toEqual([
      'bravo',
      'cafe',
      'delta',
    ])
    expect(sorted(await listed({ dateFrom: '2025-02-28' }))).toEqual(['echo', 'foxtrot'])
    expect(sorted(await listed({ dateTo: '2025-01-05' }))).toEqual(['alpha'])
    expect(await listed({ dateFrom: '2025-01-06', dateTo: '2025-01-09' })).toEqual([])
    expect(await listed({ dateFrom: '2025-03-01', dateTo: '2025-03-01' })).toEqual(['foxtrot'])
  })

  it('filters by amountMin and amountMax, both inclusive', async () => {
    expect(sorted(await listed({ amountMin: '7.25', amountMax: '100.00' }))).toEqual([
      'alpha',
      'bravo',
      'cafe',
      'delta',
    ])
    expect(sorted(await listed({ amountMin: '100' }))).toEqual(['delta', 'echo'])
    expect(await listed({ amountMax: '0.01' })).toEqual(['foxtrot'])
    expect(await listed({ amountMin: '25.51', amountMax: '99.99' })).toEqual([])
  })

  it('filters by accountIds over the category or the payment account', async () => {
    expect(sorted(await listed({ accountIds: [await acct(t, 'Credit Card')] }))).toEqual(['bravo', 'cafe'])
    expect(sorted(await listed({ accountIds: [await acct(t, 'Meals & Entertainment')] }))).toEqual([
      'alpha',
      'cafe',
    ])
    expect(
      sorted(await listed({ accountIds: [await acct(t, 'Rent'), await acct(t, 'Credit Card')] })),
    ).toEqual(['bravo', 'cafe', 'echo'])
    expect(sorted(await listed({ accountIds: [await acct(t, 'Chequing')] }))).toEqual([
      'alpha',
      'delta',
      'echo',
    ])
    expect(await listed({ accountIds: [await acct(t, 'Travel')] })).toEqual([])
    expect(await listed({ accountIds: [missingId] })).toEqual([])
  })

  it('filters by categoryIds over the category only', async () => {
    expect(sorted(await listed({ categoryIds: [await acct(t, 'Meals & Entertainment')] }))).toEqual([
      'alpha',
      'cafe',
    ])
    expect(
      sorted(await listed({ categoryIds: [await acct(t, 'Rent'), await acct(t, 'Office Expenses')] })),
    ).toEqual(['bravo', 'echo'])
    expect(await listed({ categoryIds: [await acct(t, 'Credit Card')] })).toEqual([])
    expect(await listed({ categoryIds: [await acct(t, 'Chequing')] })).toEqual([])
  })

  it.each([
    ['café', ['cafe']],
    ['CAFÉ', ['cafe']],
    ['Café Du', ['cafe']],
    ['cafe', []],
    ['ink', ['bravo']],
    ['PRINTER', ['bravo']],
    ['50%', ['delta']],
    ['%', ['delta']],
    ['_', ['delta', 'echo']],
    ['o_r', ['echo']],
    ['a_e', []],
    ['\\', []],
    ['o', ['alpha', 'bravo', 'cafe', 'delta', 'echo', 'foxtrot']],
    ['nothing like it', []],
  ])('searches merchant names and memos for %j', async (search, expected) => {
    expect(sorted(await listed({ search }))).toEqual(sorted(expected))
  })

  it('combines filters', async () => {
    expect(
      sorted(await listed({ status: ['needs_review'], accountIds: [await acct(t, 'Credit Card')] })),
    ).toEqual(['bravo', 'cafe'])
    expect(await listed({ status: ['needs_review'], search: 'alpha' })).toEqual([])
    expect(
      await listed({
        dateFrom: '2025-01-01',
        amountMin: '20',
        categoryIds: [await acct(t, 'Office Expenses')],
      }),
    ).toEqual(['bravo'])
  })

  it.each([
    ['transactionDate', ['alpha', 'bravo', 'cafe', 'delta', 'echo', 'foxtrot']],
    ['functionalAmount', ['foxtrot', 'cafe', 'alpha', 'bravo', 'delta', 'echo']],
    ['merchantName', ['alpha', 'bravo', 'cafe', 'delta', 'echo', 'foxtrot']],
  ])('sorts by %s both ways, desc by default', async (sortBy, ascending) => {
    expect(await listed({ sortBy, sortDir: 'asc' })).toEqual(ascending)
    expect(await listed({ sortBy, sortDir: 'desc' })).toEqual([...ascending].reverse())
    expect(await listed({ sortBy })).toEqual([...ascending].reverse())
  })

  it('sorts by status both ways', async () => {
    const statusesOf = async (sortDir?: string) =>
      (await list(t, { sortBy: 'status', ...(sortDir ? { sortDir } : {}) })).items.map((e) => e.status)
    const ascending = ['confirmed', 'ignored', 'needs_review', 'needs_review', 'needs_review', 'synced']
    expect(await statusesOf('asc')).toEqual(ascending)
    expect(await statusesOf('desc')).toEqual([...ascending].reverse())
    expect(await statusesOf()).toEqual([...ascending].reverse())
  })

  it('pages with limit and offset', async () => {
    const page = await list(t, { limit: 2, offset: 2, sortBy: 'transactionDate', sortDir: 'asc' })
    expect(page).toMatchObject({ totalCount: 6, pageSize: 2, offset: 2 })
    expect(page.items.map((e) => e.id)).toEqual([ids.cafe, ids.delta])
    const last = await list(t, { limit: 4, offset: 4 })
    expect(last.items).toHaveLength(2)
    expect(last).toMatchObject({ totalCount: 6, pageSize: 4, offset: 4 })
  })

  it('answers an offset beyond the end with no items', async () => {
    for (const offset of [6, 1000]) {
      expect(await list(t, { offset })).toEqual({ items: [], totalCount: 6, pageSize: 25, offset })
    }
  })

  it.each([
    [{ status: ['bogus'] }, 'INVALID_STATUS'],
    [{ status: ['needs_review', 'NEEDS_REVIEW'] }, 'INVALID_STATUS'],
    [{ sortBy: 'amount' }, 'INVALID_SORT'],
    [{ sortBy: 'merchant_key' }, 'INVALID_SORT'],
    [{ sortDir: 'up' }, 'INVALID_SORT'],
    [{ sortDir: 'DESC' }, 'INVALID_SORT'],
    [{ limit: 0 }, 'INVALID_LIMIT'],
    [{ limit: -5 }, 'INVALID_LIMIT'],
    [{ offset: -1 }, 'INVALID_OFFSET'],
    [{ sinceDays: -1 }, 'INVALID_SINCE_DAYS'],
    [{ dateFrom: '2026-02-30' }, 'INVALID_DATE'],
    [{ dateTo: '2026-13-01' }, 'INVALID_DATE'],
    [{ dateFrom: '26-01-01' }, 'INVALID_DATE'],
    [{ amountMin: 'abc' }, 'INVALID_AMOUNT'],
    [{ amountMax: '1e3' }, 'INVALID_AMOUNT'],
    [{ amountMin: '12.345' }, 'INVALID_AMOUNT'],
  ])('answers %j with a GraphQL error', async (args, code) => {
    const response = await call(t, listQuery, args)
    expect(response.body.data).toEqual({ listLedgerEvents: null })
    expect(response.body.errors?.[0]?.extensions?.code).toBe(code)
    expect(response.body.errors?.[0]?.path).toEqual(['listLedgerEvents'])
    expect(response.body.errors?.[0]?.message).toEqual(expect.any(String))
  })

  it('gets one event in full', async () => {
    const event = await getEvent(t, ids.delta as string)
    expect(event).toMatchObject({
      id: ids.delta,
      eventType: 'income',
      merchantName: 'Delta 50% Deals',
      functionalAmount: '100.00',
      functionalCurrency: 'CAD',
      transactionDate: '2025-02-01',
      status: 'ignored',
      memo: 'promo_code spring',
      hasDocument: false,
      account: { id: await acct(t, 'Sales Revenue'), name: 'Sales Revenue', accountType: 'income' },
      category: { id: await acct(t, 'Sales Revenue'), name: 'Sales Revenue' },
      paymentAccount: { id: await acct(t, 'Chequing'), name: 'Chequing' },
      journalEntry: { txnDate: '2025-02-01', totalAmount: '100.00' },
      reversalEntry: { txnDate: '2025-02-01', totalAmount: '100.00' },
      source: 'api',
    })
  })

  it('answers an unknown event with a GraphQL error', async () => {
    const response = await call(t, getQuery, { eventId: missingId })
    expect(response.body.data).toEqual({ getLedgerEvent: null })
    expect(response.body.errors?.[0]?.extensions?.code).toBe('EVENT_NOT_FOUND')
  })
})

describe('listLedgerEvents sinceDays', () => {
  it('keeps events dated from today (UTC) minus N days', async () => {
    const t = await createTenant(server)
    const byAge = new Map<number, string>()
    for (const age of [0, 2, 10, 11, 40]) {
      byAge.set(age, await newEvent(t, { transactionDate: daysAgo(age) }))
    }
    const since = async (sinceDays: number) => (await list(t, { sinceDays })).items.map((e) => e.id).sort()
    const ages = (...values: number[]) => values.map((age) => byAge.get(age) as string).sort()
    expect(await since(0)).toEqual(ages(0))
    expect(await since(5)).toEqual(ages(0, 2))
    expect(await since(10)).toEqual(ages(0, 2, 10))
    expect(await since(39)).toEqual(ages(0, 2, 10, 11))
    expect(await since(40)).toEqual(ages(0, 2, 10, 11, 40))
    // combined with dateFrom, the later bound applies
    const both = (await list(t, { sinceDays: 40, dateFrom: daysAgo(10) })).items.map((e) => e.id).sort()
    expect(both).toEqual(ages(0, 2, 10))
  })
})

describe('listLedgerEvents page sizes', () => {
  it('gives 25 by default and at most 200', async () => {
    const t = await createTenant(server)
    const total = 205
    for (let start = 0; start < total; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, total - start) }, (_, i) =>
          newEvent(t, { merchantName: `Bulk ${start + i}`, amount: `${start + i + 1}.00` }),
        ),
      )
    }
    const byDefault = await list(t)
    expect(byDefault).toMatchObject({ totalCount: total, pageSize: 25, offset: 0 })
    expect(byDefault.items).toHaveLength(25)
    const clamped = await list(t, { limit: 1000 })
    expect(clamped).toMatchObject({ totalCount: total, pageSize: 200 })
    expect(clamped.items).toHaveLength(200)
    const top = await list(t, { limit: 200, sortBy: 'functionalAmount' })
    expect(top.items[0]?.functionalAmount).toBe('205.00')
    expect(top.items[199]?.functionalAmount).toBe('6.00')
    const rest = await list(t, { limit: 200, offset: 200, sortBy: 'functionalAmount' })
    expect(rest.items.map((e) => e.functionalAmount)).toEqual(['5.00', '4.00', '3.00', '2.00', '1.00'])
  })
})

describe('concurrency', () => {
  it('posts one entry when the same event is confirmed 50 times at once', async () => {
    const t = await createTenant(server)
    const before = await balances(t)
    const eventId = await readyEvent(t, { amount: '50.00' })
    await classified(t, eventId, { taxAmount: '2.38' })
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.gql(confirmQuery, { org: t.organizationId, eventId }, t.bearer),
      ),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body.errors).toBeUndefined()
    }
    const payloads = answers.map((a) => a.body.data?.confirmLedgerEvent)
    const winners = payloads.filter((p) => p.success)
    expect(winners).toHaveLength(1)
    for (const loser of payloads.filter((p) => !p.success)) {
      expect(loser).toEqual({ ...refusal('EVENT_ALREADY_CONFIRMED'), eventId: null, journalEntryId: null })
    }
    expectMoves(before, await balances(t), {
      'Office Expenses': 47.62,
      'GST/HST Payable': -2.38,
      Chequing: -50,
    })
    const event = await getEvent(t, eventId)
    expect(event.journalEntry).toEqual({
      id: winners[0].journalEntryId,
      txnDate: '2026-03-01',
      totalAmount: '50.00',
    })
  })

  it('keeps balances exact when 40 events on the same accounts are confirmed at once', async () => {
    const t = await createTenant(server)
    const before = await balances(t)
    const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
    const eventIds = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const eventId = await readyEvent(t, { amount: decimal(113 * (i + 1)) })
        await classified(t, eventId, { taxAmount: decimal(13 * (i + 1)) })
        return eventId
      }),
    )
    const answers = await Promise.all(
      eventIds.map((eventId) => server.gql(confirmQuery, { org: t.organizationId, eventId }, t.bearer)),
    )
    for (const answer of answers) expect(answer.body.data?.confirmLedgerEvent.success).toBe(true)
    // 1 + 2 + ... + 40 = 820
    expectMoves(before, await balances(t), {
      'Office Expenses': 820,
      'GST/HST Payable': -106.6,
      Chequing: -926.6,
    })
  })

  it('reverses once when a confirmed event is rejected 20 times at once', async () => {
    const t = await createTenant(server)
    const before = await balances(t)
    const eventId = await confirmedEvent(t, { amount: '75.00' })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.gql(rejectQuery, { org: t.organizationId, eventId }, t.bearer)),
    )
    const payloads = answers.map((a) => {
      expect(a.body.errors).toBeUndefined()
      return a.body.data?.rejectLedgerEvent
    })
    expect(payloads.filter((p) => p.success)).toHaveLength(1)
    for (const loser of payloads.filter((p) => !p.success)) {
      expect(['EVENT_ALREADY_IGNORED', 'EVENT_CHANGED']).toContain(loser.errorCode)
    }
    expect(await balances(t)).toEqual(before)
  })

  it('posts the amount the event ends up with when amount changes race a confirm', async () => {
    const t = await createTenant(server)
    const before = await balances(t)
    const eventIds = await Promise.all(Array.from({ length: 20 }, () => readyEvent(t, { amount: '10.00' })))
    await Promise.all(
      eventIds.flatMap((eventId) => [
        server.gql(updateQuery, { org: t.organizationId, eventId, amount: '20.00' }, t.bearer),
        server.gql(confirmQuery, { org: t.organizationId, eventId }, t.bearer),
        server.gql(updateQuery, { org: t.organizationId, eventId, amount: '30.00' }, t.bearer),
      ]),
    )
    let posted = 0
    for (const eventId of eventIds) {
      const event = await getEvent(t, eventId)
      expect(event.status).toBe('confirmed')
      // whatever the order, the entry posts the amount the event shows
      expect(event.journalEntry?.totalAmount).toBe(event.functionalAmount)
      posted += Math.round(Number(event.functionalAmount) * 100)
    }
    expectMoves(before, await balances(t), { 'Office Expenses': posted / 100, Chequing: -posted / 100 })
  })

  it('never leaves a tax at or above the amount when a tax and an amount change race', async () => {
    const t = await createTenant(server)
    const eventIds = await Promise.all(Array.from({ length: 20 }, () => readyEvent(t, { amount: '10.00' })))
    await Promise.all(
      eventIds.flatMap((eventId) => [
        server.gql(classifyQuery, { org: t.organizationId, eventId, taxAmount: '9.00' }, t.bearer),
        server.gql(updateQuery, { org: t.organizationId, eventId, amount: '5.00' }, t.bearer),
      ]),
    )
    for (const eventId of eventIds) {
      const event = await getEvent(t, eventId)
      // one of the two changes was refused: either 10.00 with 9.00 of tax, or 5.00 without tax
      expect([
        ['10.00', '9.00'],
        ['5.00', null],
      ]).toContainEqual([event.functionalAmount, event.taxAmount])
    }
  })

  it('keeps the books whole when confirms and rejects of one event race', async () => {
    const t = await createTenant(server)
    const before = await balances(t)
    const eventId = await readyEvent(t, { amount: '12.00' })
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.gql(i % 2 === 0 ? confirmQuery : rejectQuery, { org: t.organizationId, eventId }, t.bearer),
      ),
    )
    for (const answer of answers) expect(answer.body.errors).toBeUndefined()
    const confirms = answers.filter((_, i) => i % 2 === 0).map((a) => a.body.data?.confirmLedgerEvent)
    expect(confirms.filter((p) => p.success).length).toBeLessThanOrEqual(1)
    const event = await getEvent(t, eventId)
    // Whichever order they ran in: ignored leaves the books where they were, confirmed posted once.
    if (event.status === 'ignored') {
      expect(await balances(t)).toEqual(before)
    } else {
      expect(event.status).toBe('confirmed')
      expectMoves(before, await balances(t), { 'Office Expenses': 12, Chequing: -12 })
    }
  })
})
