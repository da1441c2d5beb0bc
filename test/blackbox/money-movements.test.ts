// Every movement of money books right over HTTP: direction, owner's money, loans, other currencies, and the export hledger and Beancount read back to the cent.
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorCli, printed } from '../support/cli.js'
import { accountsByName, createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'
import { beancount, hledger, requireTool } from '../support/system-tools.js'

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-movements-'))
const daybook = operatorCli(dataDir)
let server: TestServer

beforeAll(async () => {
  server = await startServer({ dataDir })
})
afterAll(() => server.close())

type Body = { data?: Record<string, unknown>; errors?: Array<{ message: string }> }
type Payload = Record<string, unknown> & { success: boolean; error: string | null; errorCode: string | null }

/** The one field a query or mutation answers with; a GraphQL error fails the test. */
async function call<T = Payload>(
  auth: Record<string, string>,
  organizationId: string,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const response = await server.gql(query, { org: organizationId, ...variables }, auth)
  const body = response.body as Body
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return Object.values(body.data ?? {})[0] as T
}

const as =
  (tenant: Tenant) =>
  <T = Payload>(query: string, variables: Record<string, unknown> = {}) =>
    call<T>(tenant.bearer, tenant.organizationId, query, variables)

type Ask = ReturnType<typeof as>

const eventFields =
  'id eventType direction status functionalAmount functionalCurrency originalAmount originalCurrency exchangeRate splitAmount splitAccount { id name } journalEntry { id totalAmount currency }'

type EventAnswer = {
  id: string
  direction: string
  status: string
  functionalAmount: string
  functionalCurrency: string
  originalAmount: string
  originalCurrency: string
  exchangeRate: string | null
  splitAmount: string | null
  journalEntry: { totalAmount: string; currency: string } | null
}

async function createAccount(ask: Ask, name: string, accountType: string, classification: string) {
  const created = await ask<Payload & { account: { id: string } }>(
    'mutation ($org: UUID!, $n: String!, $t: String, $c: String) { createAccount(organizationId: $org, name: $n, accountType: $t, classification: $c) { success error account { id } } }',
    { n: name, t: accountType, c: classification },
  )
  expect(created.error).toBeNull()
  return created.account.id
}

async function createEvent(ask: Ask, fields: Record<string, unknown>): Promise<string> {
  const created = await ask<Payload & { eventId: string }>(
    `mutation ($org: UUID!, $m: String!, $a: String!, $d: String!, $t: String, $dir: String, $p: UUID, $c: UUID, $cur: String, $rate: String) {
      createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d, eventType: $t, direction: $dir, paymentAccountId: $p, categoryId: $c, currency: $cur, exchangeRate: $rate) { success error errorCode eventId }
    }`,
    fields,
  )
  expect(created.error).toBeNull()
  return created.eventId
}

const confirmMutation =
  'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error errorCode journalEntryId } }'

async function confirm(ask: Ask, eventId: string) {
  const confirmed = await ask(confirmMutation, { e: eventId })
  expect(confirmed.error).toBeNull()
}

async function classify(ask: Ask, eventId: string, fields: Record<string, unknown>) {
  const classified = await ask(
    'mutation ($org: UUID!, $e: UUID!, $c: UUID, $p: UUID, $sa: String, $sid: UUID) { updateStagedEntry(organizationId: $org, eventId: $e, categoryId: $c, paymentId: $p, splitAmount: $sa, splitAccountId: $sid) { success error errorCode } }',
    { e: eventId, ...fields },
  )
  expect(classified.error).toBeNull()
}

const event = (ask: Ask, eventId: string) =>
  ask<EventAnswer>(
    `query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { ${eventFields} } }`,
    { e: eventId },
  )

const balancesQuery =
  'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName classification balance currency } }'

async function balances(ask: Ask): Promise<Record<string, string>> {
  const list = await ask<Array<{ accountName: string; balance: string; currency: string }>>(balancesQuery)
  return Object.fromEntries(list.map((line) => [line.accountName, line.balance]))
}

async function importRows(
  ask: Ask,
  paymentAccountId: string,
  rows: unknown[],
  extra: Record<string, unknown> = {},
) {
  const imported = await ask<Payload & { importedCount: number }>(
    'mutation ($org: UUID!, $p: UUID!, $rows: [BankStatementRowInput!]!, $cur: String, $rate: String) { importBankStatement(organizationId: $org, paymentAccountId: $p, rows: $rows, currency: $cur, exchangeRate: $rate) { success error errorCode importedCount } }',
    { p: paymentAccountId, rows, ...extra },
  )
  expect(imported.error).toBeNull()
  return imported.importedCount
}

const waitingEvents = async (ask: Ask) =>
  (
    await ask<{
      items: Array<{ id: string; merchantName: string; direction: string; originalAmount: string }>
    }>(
      'query ($org: UUID!) { listLedgerEvents(organizationId: $org, status: ["needs_review"], limit: 200, sortBy: "transactionDate", sortDir: "asc") { items { id merchantName direction originalAmount } } }',
    )
  ).items

describe('direction', () => {
  it('posts an incoming and an outgoing transfer in opposite directions, from signed rows', async () => {
    const tenant = await createTenant(server)
    const ask = as(tenant)
    const accounts = await accountsByName(server, tenant)
    const savings = await createAccount(ask, 'Savings', 'bank', 'asset')
    const chequing = accounts.Chequing as string
    expect(
      await importRows(ask, chequing, [
        {
          transactionDate: '2026-02-02',
          description: 'To savings',
          amount: '-500.00',
          eventType: 'transfer',
        },
        {
          transactionDate: '2026-02-03',
          description: 'From savings',
          amount: '+500.00',
          eventType: 'transfer',
        },
        {
          transactionDate: '2026-02-04',
          description: 'From savings again',
          amount: '120.00',
          eventType: 'transfer',
        },
        { transactionDate: '2026-02-05', description: 'Paper', amount: '12.34', eventType: 'expense' },
      ]),
    ).toBe(4)
    const waiting = await waitingEvents(ask)
    expect(waiting.map((e) => [e.merchantName, e.direction, e.originalAmount])).toEqual([
      ['To savings', 'out', '500.00'],
      ['From savings', 'in', '500.00'],
      ['From savings again', 'in', '120.00'],
      ['Paper', 'out', '12.34'],
    ])
    const [out, back, again] = waiting.map((e) => e.id) as [string, string, string]
    await classify(ask, out, { c: savings })
    await confirm(ask, out)
    expect(await balances(ask)).toMatchObject({ Chequing: '-500.00', Savings: '500.00' })
    await classify(ask, back, { c: savings })
    await confirm(ask, back)
    expect(await balances(ask)).toMatchObject({ Chequing: '0.00', Savings: '0.00' })
    await classify(ask, again, { c: savings })
    await confirm(ask, again)
    expect(await balances(ask)).toMatchObject({ Chequing: '120.00', Savings: '-120.00' })
  })

  it('keeps the spec meaning without a direction, takes one when given, and refuses a bad one', async () => {
    const tenant = await createTenant(server)
    const ask = as(tenant)
    const accounts = await accountsByName(server, tenant)
    const base = { a: '10.00', d: '2026-02-10', p: accounts.Chequing }
    const income = await createEvent(ask, { ...base, m: 'Client', t: 'income' })
    const transfer = await createEvent(ask, { ...base, m: 'Move', t: 'transfer' })
    const refund = await createEvent(ask, { ...base, m: 'Refund', t: 'expense', dir: 'in' })
    expect((await event(ask, income)).direction).toBe('in')
    expect((await event(ask, transfer)).direction).toBe('out')
    expect((await event(ask, refund)).direction).toBe('in')
    const bad = await ask(
      'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "X", amount: "1.00", transactionDate: "2026-02-10", direction: "sideways") { success errorCode } }',
    )
    expect(bad).toMatchObject({ success: false, errorCode: 'INVALID_DIRECTION' })
    // A vendor's refund is money in on an expense category: it credits the expense.
    await classify(ask, refund, { c: accounts['Office Expenses'] })
    await confirm(ask, refund)
    expect(await balances(ask)).toMatchObject({ Chequing: '10.00', 'Office Expenses': '-10.00' })
    // A spec-shaped change of type follows the type; an explicit direction wins.
    const updated = await ask<Payload & { event: { direction: string } }>(
      'mutation ($org: UUID!, $e: UUID!) { updateLedgerEvent(organizationId: $org, eventId: $e, eventType: "income") { success error event { direction } } }',
      { e: transfer },
    )
    expect(updated.event.direction).toBe('in')
    const turned = await ask<Payload & { event: { direction: string } }>(
      'mutation ($org: UUID!, $e: UUID!) { updateLedgerEvent(organizationId: $org, eventId: $e, direction: "out") { success error event { direction } } }',
      { e: transfer },
    )
    expect(turned.event.direction).toBe('out')
  })
})

describe('balance-sheet movements', () => {
  it("books an owner's contribution and drawing, loan proceeds, and a repayment split into principal and interest", async () => {
    const tenant = await createTenant(server)
    const ask = as(tenant)
    const accounts = await accountsByName(server, tenant)
    const chequing = accounts.Chequing as string
    const loan = await createAccount(ask, 'Bank Loan', 'long_term_liability', 'liability')
    const interest = await createAccount(ask, 'Interest Expense', 'expense', 'expense')
    const drawings = await createAccount(ask, 'Owner Drawings', 'equity', 'equity')
    const transfer = (m: string, a: string, dir: string, c: string) =>
      createEvent(ask, { m, a, d: '2026-03-01', t: 'transfer', dir, p: chequing, c })

    await confirm(
      ask,
      await transfer('Owner contribution', '10000.00', 'in', accounts['Share Capital'] as string),
    )
    expect(await balances(ask)).toMatchObject({ Chequing: '10000.00', 'Share Capital': '10000.00' })
    await confirm(ask, await transfer('Owner drawing', '1000.00', 'out', drawings))
    expect(await balances(ask)).toMatchObject({ Chequing: '9000.00', 'Owner Drawings': '-1000.00' })
    await confirm(ask, await transfer('Loan proceeds', '25000.00', 'in', loan))
    expect(await balances(ask)).toMatchObject({ Chequing: '34000.00', 'Bank Loan': '25000.00' })

    const repayment = await transfer('Loan payment', '1200.00', 'out', loan)
    await classify(ask, repayment, { sa: '200.00', sid: interest })
    expect(await event(ask, repayment)).toMatchObject({ splitAmount: '200.00' })
    await confirm(ask, repayment)
    expect(await balances(ask)).toMatchObject({
      Chequing: '32800.00',
      'Bank Loan': '24000.00',
      'Interest Expense': '200.00',
    })
    const statement = await ask<{ totalExpenses: string; currency: string }>(
      'query ($org: UUID!) { incomeStatement(organizationId: $org, startDate: "2026-03-01", endDate: "2026-03-31") { totalExpenses currency } }',
    )
    expect(statement).toEqual({ totalExpenses: '200.00', currency: 'CAD' })
  })

  it('splits a purchase between two expenses, and refuses a split that does not fit', async () => {
    const tenant = await createTenant(server)
    const ask = as(tenant)
    const accounts = await accountsByName(server, tenant)
    const split =
      'mutation ($org: UUID!, $e: UUID!, $sa: String, $sid: UUID) { updateStagedEntry(organizationId: $org, eventId: $e, splitAmount: $sa, splitAccountId: $sid) { success errorCode } }'
    const purchase = await createEvent(ask, {
      m: 'Costco',
      a: '100.00',
      d: '2026-03-02',
      p: accounts.Chequing,
      c: accounts['Office Expenses'],
    })
    expect(await ask(split, { e: purchase, sid: accounts['Share Capital'] })).toMatchObject({
      success: false,
      errorCode: 'INVALID_SPLIT',
    })
    expect(await ask(split, { e: purchase, sa: '100.00', sid: accounts.Rent })).toMatchObject({
      success: false,
      errorCode: 'INVALID_SPLIT',
    })
    expect(await ask(split, { e: purchase, sid: accounts['Meals & Entertainment'] })).toMatchObject({
      success: true,
    })
    // The account alone is not enough to post.
    expect(await ask(confirmMutation, { e: purchase })).toMatchObject({
      success: false,
      errorCode: 'INVALID_SPLIT',
    })
    expect(await ask(split, { e: purchase, sa: '35.50' })).toMatchObject({ success: true })
    await confirm(ask, purchase)
    expect(await balances(ask)).toMatchObject({
      Chequing: '-100.00',
      'Office Expenses': '64.50',
      'Meals & Entertainment': '35.50',
    })
  })
})

describe('currencies', () => {
  it('converts a foreign month at the rate table, reports it in the functional currency, and refuses a confirm without a rate', async () => {
    const tenant = await createTenant(server)
    const ask = as(tenant)
    const accounts = await accountsByName(server, tenant)
    const usdBank = await createAccount(ask, 'USD Account', 'bank', 'asset')
    const rates = await ask<Payload & { savedCount: number }>(
      'mutation ($org: UUID!, $r: [ExchangeRateInput!]!) { setExchangeRates(organizationId: $org, rates: $r) { success error errorCode savedCount } }',
      {
        r: [
          { currency: 'USD', date: '2026-01-02', rate: '1.3500' },
          { currency: 'USD', date: '2026-01-15', rate: '1.36' },
          { currency: 'EUR', date: '2026-01-02', rate: '1.4871' },
        ],
      },
    )
    expect(rates).toMatchObject({ success: true, savedCount: 3 })
    await importRows(
      ask,
      usdBank,
      [
        { transactionDate: '2026-01-01', description: 'Too early', amount: '-10.00', eventType: 'expense' },
        { transactionDate: '2026-01-10', description: 'Software', amount: '-99.99', eventType: 'expense' },
        { transactionDate: '2026-01-20', description: 'Client', amount: '1000.00', eventType: 'income' },
      ],
      { cur: 'USD' },
    )
    const [early, software, client] = (await waitingEvents(ask)).map(({ id }) => ({ id })) as [
      { id: string },
      { id: string },
      { id: string },
    ]
    await classify(ask, early.id, { c: accounts['Office Expenses'] })
    await classify(ask, software.id, { c: accounts['Office Expenses'] })
    await classify(ask, client.id, { c: accounts['Sales Revenue'] })

    // Before confirming, the list already shows the rate table's conversion.
    expect(await event(ask, software.id)).toMatchObject({
      originalAmount: '99.99',
      originalCurrency: 'USD',
      exchangeRate: '1.35',
      functionalAmount: '134.99',
      functionalCurrency: 'CAD',
    })
    // No rate on or before January 1: no conversion yet, and no confirm.
    expect(await event(ask, early.id)).toMatchObject({
      exchangeRate: null,
      originalAmount: '10.00',
      originalCurrency: 'USD',
      functionalCurrency: 'CAD',
    })
    expect(await ask(confirmMutation, { e: early.id })).toMatchObject({
      success: false,
      errorCode: 'EXCHANGE_RATE_MISSING',
    })
    expect((await event(ask, early.id)).status).toBe('needs_review')

    await confirm(ask, software.id)
    await confirm(ask, client.id)
    // The rate the table gave is part of the confirm, in the audit trail and the event feed.
    const confirmed = await ask<{ items: Array<{ entityId: string; data: string }> }>(
      'query ($org: UUID!) { events(organizationId: $org, types: ["ledger_event.confirmed"]) { items { entityId data } } }',
    )
    const softwareConfirmed = confirmed.items.find((e) => e.entityId === software.id)
    expect(JSON.parse(softwareConfirmed?.data ?? '{}').after).toMatchObject({ exchangeRate: '1.35' })
    expect(await event(ask, client.id)).toMatchObject({
      exchangeRate: '1.36',
      functionalAmount: '1360.00',
      journalEntry: { totalAmount: '1360.00', currency: 'CAD' },
    })
    // A rate given on the event itself is used instead of the table's.
    const rated = await ask<Payload>(
      'mutation ($org: UUID!, $e: UUID!) { updateLedgerEvent(organizationId: $org, eventId: $e, exchangeRate: "1.3333") { success error } }',
      { e: early.id },
    )
    expect(rated.error).toBeNull()
    await confirm(ask, early.id)
    expect(await event(ask, early.id)).toMatchObject({ functionalAmount: '13.33', functionalCurrency: 'CAD' })

    // A rate corrected after posting changes nothing already in the books.
    await ask(
      'mutation ($org: UUID!, $r: [ExchangeRateInput!]!) { setExchangeRates(organizationId: $org, rates: $r) { success } }',
      {
        r: [{ currency: 'USD', date: '2026-01-15', rate: '2' }],
      },
    )
    expect((await event(ask, client.id)).functionalAmount).toBe('1360.00')

    const statement = await ask<Record<string, unknown>>(
      'query ($org: UUID!) { incomeStatement(organizationId: $org, startDate: "2026-01-01", endDate: "2026-01-31") { currency totalIncome totalExpenses netIncome } }',
    )
    expect(statement).toEqual({
      currency: 'CAD',
      totalIncome: '1360.00',
      totalExpenses: '148.32',
      netIncome: '1211.68',
    })
    expect(await balances(ask)).toMatchObject({ 'USD Account': '1211.68' })
    const trial = await ask<{ currency: string; totalDebit: string; totalCredit: string }>(
      'query ($org: UUID!) { trialBalance(organizationId: $org, asOf: "2026-01-31") { currency totalDebit totalCredit } }',
    )
    expect(trial.currency).toBe('CAD')
    expect(trial.totalDebit).toBe(trial.totalCredit)
  })

  it('keeps rates per organization, lists them, and refuses a bad one naming its place', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const ask = as(tenant)
    const set =
      'mutation ($org: UUID!, $r: [ExchangeRateInput!]!) { setExchangeRates(organizationId: $org, rates: $r) { success error errorCode savedCount } }'
    expect(
      await ask(set, {
        r: [
          { currency: 'USD', date: '2026-01-02', rate: '1.35' },
          { currency: 'USD', date: '2026-01-03', rate: '0' },
        ],
      }),
    ).toMatchObject({ success: false, errorCode: 'INVALID_ROW', savedCount: 0 })
    expect(await ask(set, { r: [{ currency: 'CAD', date: '2026-01-02', rate: '1' }] })).toMatchObject({
      success: false,
      errorCode: 'INVALID_ROW',
    })
    expect(await ask(set, { r: [{ currency: 'usd', date: '2026-01-02', rate: '1.35' }] })).toMatchObject({
      success: false,
      errorCode: 'INVALID_ROW',
    })
    expect(await ask(set, { r: [{ currency: 'USD', date: '2026-01-02', rate: '1.35' }] })).toMatchObject({
      success: true,
      savedCount: 1,
    })
    const list =
      'query ($org: UUID!) { listExchangeRates(organizationId: $org, currency: "USD") { totalCount items { currency date rate } } }'
    expect(await ask(list)).toEqual({
      totalCount: 1,
      items: [{ currency: 'USD', date: '2026-01-02', rate: '1.35' }],
    })
    expect(await as(other)(list)).toEqual({ totalCount: 0, items: [] })
    // Another organization's key is refused, not answered with that organization's rates.
    const response = await server.gql(list, { org: tenant.organizationId }, other.bearer)
    expect((response.body as Body).errors?.[0]?.message).toBeTruthy()
  })

  it('loads a CSV of daily rates with the CLI, in either shape', async () => {
    const tenant = await createTenant(server)
    const long = path.join(dataDir, 'rates-long.csv')
    writeFileSync(
      long,
      'date,currency,rate\n2026-01-02,USD,1.3500\n2026-01-02,EUR,1.4871\n2026-01-05,USD,1.3550\n',
    )
    // The Bank of Canada's Valet export: notes, a series list, then the observations.
    const valet = path.join(dataDir, 'rates-valet.csv')
    writeFileSync(
      valet,
      [
        '"TERMS AND CONDITIONS"',
        '"https://www.bankofcanada.ca/terms/"',
        '',
        '"SERIES"',
        '"id","label","description"',
        '"FXUSDCAD","USD/CAD","US dollar to Canadian dollar daily exchange rate"',
        '"FXGBPCAD","GBP/CAD","UK pound sterling to Canadian dollar daily exchange rate"',
        '',
        '"OBSERVATIONS"',
        '"date","FXUSDCAD","FXGBPCAD"',
        '"2026-01-06","1.3561","1.7201"',
        '"2026-01-07","1.3570",""',
        '',
      ].join('\n'),
    )
    const cli = (...args: string[]) => daybook('rates', 'load', ...args)
    expect(JSON.parse(printed(await cli('--org-id', tenant.organizationId, long)))).toMatchObject({
      savedCount: 3,
    })
    expect(JSON.parse(printed(await cli('--org-id', tenant.organizationId, valet)))).toMatchObject({
      savedCount: 3,
    })
    const listed = await as(tenant)<{
      totalCount: number
      items: Array<{ currency: string; date: string; rate: string }>
    }>(
      'query ($org: UUID!) { listExchangeRates(organizationId: $org, sortDir: "asc", limit: 50) { totalCount items { currency date rate } } }',
    )
    expect(listed.totalCount).toBe(6)
    expect(listed.items).toContainEqual({ currency: 'GBP', date: '2026-01-06', rate: '1.7201' })
    const bad = path.join(dataDir, 'rates-bad.csv')
    writeFileSync(bad, 'date,currency,rate\n2026-01-02,USD,1.35\n2026-02-30,USD,1.36\n')
    const refused = await cli('--org-id', tenant.organizationId, bad)
    expect(refused).toMatchObject({ code: 1 })
    expect(refused.stderr).toContain('line 3')
  })

  it('sets the functional currency at creation and changes it only while nothing is posted', async () => {
    const user = await createUser(server)
    const created = await call<Payload & { organization: { id: string; functionalCurrency: string } }>(
      user.jwt,
      '',
      'mutation ($n: String!) { createOrganization(name: $n, functionalCurrency: "USD") { success error organization { id functionalCurrency } } }',
      { n: unique('Dollar Books') },
    )
    expect(created.organization.functionalCurrency).toBe('USD')
    const organizationId = created.organization.id
    const change = (currency: string) =>
      call<Payload & { organization: { functionalCurrency: string } | null }>(
        user.jwt,
        organizationId,
        'mutation ($org: UUID!, $c: String!) { setFunctionalCurrency(organizationId: $org, functionalCurrency: $c) { success errorCode organization { functionalCurrency } } }',
        { c: currency },
      )
    expect(await change('EUR')).toMatchObject({ success: true, organization: { functionalCurrency: 'EUR' } })
    expect(await change('XYZ')).toMatchObject({ success: false, errorCode: 'INVALID_CURRENCY' })
    const accounts = await call<{ items: Array<{ id: string; name: string }> }>(
      user.jwt,
      organizationId,
      'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
    )
    const byName = Object.fromEntries(accounts.items.map((a) => [a.name, a.id]))
    const ask: Ask = (query, variables = {}) => call(user.jwt, organizationId, query, variables)
    const eventId = await createEvent(ask, {
      m: 'Paper',
      a: '5.00',
      d: '2026-04-01',
      p: byName.Chequing,
      c: byName['Office Expenses'],
    })
    expect((await event(ask, eventId)).originalCurrency).toBe('EUR')
    await confirm(ask, eventId)
    expect(await change('CAD')).toMatchObject({ success: false, errorCode: 'FUNCTIONAL_CURRENCY_IN_USE' })
    const summary = await ask<{ currency: string; totalExpenses: string }>(
      'query ($org: UUID!) { dashboardSummary(organizationId: $org, startDate: "2026-04-01", endDate: "2026-04-30") { currency totalExpenses } }',
    )
    expect(summary).toEqual({ currency: 'EUR', totalExpenses: '5.00' })
  })
})

describe('the books read back by hledger and Beancount', () => {
  it('agrees with incomeStatement, balanceSheet and accountBalances to the cent, at cost', async () => {
    await requireTool(hledger)
    await requireTool(beancount)
    const name = unique('Cross-checked Books')
    const tenant = await createTenant(server, name)
    const ask = as(tenant)
    const accounts = await accountsByName(server, tenant)
    const chequing = accounts.Chequing as string
    const usdBank = await createAccount(ask, 'USD Account', 'bank', 'asset')
    const loan = await createAccount(ask, 'Bank Loan', 'long_term_liability', 'liability')
    const interest = await createAccount(ask, 'Interest Expense', 'expense', 'expense')
    await ask(
      'mutation ($org: UUID!, $r: [ExchangeRateInput!]!) { setExchangeRates(organizationId: $org, rates: $r) { success } }',
      {
        r: [
          { currency: 'USD', date: '2026-01-01', rate: '1.3542' },
          { currency: 'EUR', date: '2026-01-01', rate: '1.4871' },
        ],
      },
    )
    const post = async (fields: Record<string, unknown>, split?: Record<string, unknown>) => {
      const id = await createEvent(ask, { d: '2026-01-15', ...fields })
      if (split) await classify(ask, id, split)
      await confirm(ask, id)
      return id
    }
    await post({
      m: 'Owner contribution',
      a: '10000.00',
      t: 'transfer',
      dir: 'in',
      p: chequing,
      c: accounts['Share Capital'],
    })
    await post({ m: 'Loan proceeds', a: '25000.00', t: 'transfer', dir: 'in', p: chequing, c: loan })
    await post(
      { m: 'Loan payment', a: '1200.00', t: 'transfer', dir: 'out', p: chequing, c: loan },
      { sa: '200.00', sid: interest },
    )
    await post({ m: '*STARBUCKS', a: '4.75', p: chequing, c: accounts['Meals & Entertainment'] })
    await post({ m: '(123) Hardware | Store', a: '56.10', p: chequing, c: accounts['Office Expenses'] })
    await post({
      m: 'Client in USD',
      a: '1000.00',
      t: 'income',
      p: usdBank,
      c: accounts['Sales Revenue'],
      cur: 'USD',
    })
    await post({ m: 'Tool in USD', a: '99.99', p: usdBank, c: accounts['Office Expenses'], cur: 'USD' })
    await post({ m: 'Hotel in EUR', a: '321.45', p: chequing, c: accounts.Travel, cur: 'EUR', rate: '1.5' })
    await post({ m: 'Move to USD', a: '500.00', t: 'transfer', dir: 'out', p: chequing, c: usdBank })
    const rejected = await post({ m: 'Mistake', a: '77.77', p: chequing, c: accounts.Rent, cur: 'USD' })
    const reject = await ask(
      'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
      { e: rejected },
    )
    expect(reject.error).toBeNull()

    const exportAs = async (format: string) => {
      const out = path.join(dataDir, `${tenant.organizationId}.${format}`)
      printed(await daybook('export-journal', '--org-name', name, '--format', format, '--out', out))
      return out
    }
    const journal = await exportAs('hledger')
    await run('hledger', ['-f', journal, 'check', '-s'])

    const cents = (text: string) => BigInt(text.replace('.', ''))
    const hledgerBalances = async (...args: string[]) => {
      const { stdout } = await run('hledger', [
        '-f',
        journal,
        'balance',
        '-B',
        '--flat',
        '-O',
        'csv',
        '-N',
        ...args,
      ])
      const found = new Map<string, bigint>()
      for (const line of stdout.trim().split('\n').slice(1)) {
        const [account = '', amount = ''] = line.split('","').map((s) => s.replace(/"/g, ''))
        const [number = '', commodity] = amount.split(' ')
        expect(commodity).toBe('CAD')
        found.set(account, cents(number))
      }
      return found
    }
    const prefix: Record<string, string> = {
      asset: 'Assets',
      liability: 'Liabilities',
      equity: 'Equity',
      revenue: 'Revenue',
      expense: 'Expenses',
    }
    const list =
      await ask<Array<{ accountName: string; classification: string; balance: string; currency: string }>>(
        balancesQuery,
      )
    const atCost = await hledgerBalances()
    let nonZero = 0
    for (const account of list) {
      expect(account.currency).toBe('CAD')
      const balance = cents(account.balance)
      if (balance === 0n) continue
      nonZero++
      const debitNatural = account.classification === 'asset' || account.classification === 'expense'
      const hledgerName = `${prefix[account.classification]}:${account.accountName}`
      expect(atCost.get(hledgerName), hledgerName).toBe(debitNatural ? balance : -balance)
    }
    expect(nonZero).toBe(atCost.size)
    expect(nonZero).toBeGreaterThanOrEqual(9)

    const statement = await ask<{ totalIncome: string; totalExpenses: string; netIncome: string }>(
      'query ($org: UUID!) { incomeStatement(organizationId: $org, startDate: "2026-01-01", endDate: "2026-01-31") { totalIncome totalExpenses netIncome } }',
    )
    const { stdout: incomeCsv } = await run('hledger', [
      '-f',
      journal,
      'incomestatement',
      '-B',
      '-O',
      'csv',
      '-b',
      '2026-01-01',
      '-e',
      '2026-02-01',
    ])
    const netLine = incomeCsv
      .trim()
      .split('\n')
      .find((line) => line.startsWith('"Net:"'))
    expect(netLine, incomeCsv).toBe(`"Net:","${statement.netIncome} CAD"`)
    const totals = incomeCsv
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('"total"'))
    expect(totals).toEqual([
      `"total","${statement.totalIncome} CAD"`,
      `"total","${statement.totalExpenses} CAD"`,
    ])

    const sheet = await ask<{
      totalAssets: string
      totalLiabilities: string
      totalEquity: string
      currentEarnings: string
    }>(
      'query ($org: UUID!) { balanceSheet(organizationId: $org, asOf: "2026-01-31") { totalAssets totalLiabilities totalEquity currentEarnings } }',
    )
    const assets = [...atCost]
      .filter(([account]) => account.startsWith('Assets:'))
      .reduce((sum, [, v]) => sum + v, 0n)
    expect(assets).toBe(cents(sheet.totalAssets))
    const liabilities = [...atCost]
      .filter(([account]) => account.startsWith('Liabilities:'))
      .reduce((sum, [, v]) => sum + v, 0n)
    expect(-liabilities).toBe(cents(sheet.totalLiabilities))

    // Without -B hledger keeps each currency apart: the USD account holds its own dollars.
    const { stdout: native } = await run('hledger', [
      '-f',
      journal,
      'balance',
      '--flat',
      '-N',
      'Assets:USD Account',
    ])
    expect(native).toContain('900.01 USD')

    const beans = await exportAs('beancount')
    await run('bean-check', [beans])
  }, 120_000)
})
