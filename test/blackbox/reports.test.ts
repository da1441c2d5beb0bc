// Reports (DESIGN 5.5, 5.6) against hand-computed books, and the exported journal against hledger.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorCli, printed } from '../support/cli.js'
import { createTenant, type Tenant, unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'
import { hledger, requireTool } from '../support/system-tools.js'

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-reports-'))
const daybook = operatorCli(dataDir)
let server: TestServer

beforeAll(async () => {
  server = await startServer({ dataDir })
})
afterAll(() => server.close())

type Accounts = Record<string, string>

async function accountsOf(tenant: Tenant): Promise<Accounts> {
  const response = await server.gql(
    'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
    { org: tenant.organizationId },
    tenant.bearer,
  )
  return Object.fromEntries(
    ((response.body.data?.listAccounts.items ?? []) as Array<{ id: string; name: string }>).map((a) => [
      a.name,
      a.id,
    ]),
  )
}

async function gql(tenant: Tenant, query: string, variables: Record<string, unknown> = {}) {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)
  return response.body
}

/** Creates, optionally taxes, and confirms one event; returns its id. */
async function post(
  tenant: Tenant,
  accounts: Accounts,
  event: {
    merchant: string
    amount: string
    date: string
    type: string
    category: string
    payment?: string
    tax?: string
  },
): Promise<string> {
  const created = await gql(
    tenant,
    `mutation ($org: UUID!, $m: String!, $a: String!, $d: String!, $t: String, $c: UUID, $p: UUID) {
      createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d, eventType: $t, categoryId: $c, paymentAccountId: $p) { success error eventId }
    }`,
    {
      m: event.merchant,
      a: event.amount,
      d: event.date,
      t: event.type,
      c: accounts[event.category],
      p: accounts[event.payment ?? 'Chequing'],
    },
  )
  const eventId = created.data?.createLedgerEvent.eventId
  expect(eventId, JSON.stringify(created)).toBeTruthy()
  if (event.tax) {
    const taxed = await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!, $x: String) { updateStagedEntry(organizationId: $org, eventId: $e, taxAmount: $x) { success error } }',
      { e: eventId, x: event.tax },
    )
    expect(taxed.data?.updateStagedEntry.success, JSON.stringify(taxed)).toBe(true)
  }
  const confirmed = await gql(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
    { e: eventId },
  )
  expect(confirmed.data?.confirmLedgerEvent.success, JSON.stringify(confirmed)).toBe(true)
  return eventId
}

async function reject(tenant: Tenant, eventId: string) {
  const rejected = await gql(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success } }',
    { e: eventId },
  )
  expect(rejected.data?.rejectLedgerEvent.success).toBe(true)
}

const dashboard = `query ($org: UUID!, $from: Date, $to: Date) {
  dashboardSummary(organizationId: $org, startDate: $from, endDate: $to) { startDate endDate totalRevenue totalExpenses netIncome receiptCount unreviewedCount }
}`
const income = `query ($org: UUID!, $from: Date, $to: Date) {
  incomeStatement(organizationId: $org, startDate: $from, endDate: $to) {
    startDate endDate totalIncome totalExpenses netIncome
    incomeAccounts { accountId accountName total } expenseAccounts { accountId accountName total }
  }
}`
const balances = `query ($org: UUID!) { accountBalances(organizationId: $org) { accountId accountName accountType classification balance } }`

/** A small set of books whose every figure is worked out by hand below. */
async function handBooks() {
  const tenant = await createTenant(server)
  const accounts = await accountsOf(tenant)
  // March: a sale of 1,130.00 including 130.00 HST; office supplies of 226.00 including 26.00 HST;
  // a bank fee of 15.00; 500.00 moved to the credit card. April: rent of 1,200.00.
  await post(tenant, accounts, {
    merchant: 'Client A',
    amount: '1130.00',
    date: '2026-03-05',
    type: 'income',
    category: 'Sales Revenue',
    tax: '130.00',
  })
  await post(tenant, accounts, {
    merchant: 'Staples',
    amount: '226.00',
    date: '2026-03-10',
    type: 'expense',
    category: 'Office Expenses',
    tax: '26.00',
  })
  await post(tenant, accounts, {
    merchant: 'RBC',
    amount: '15.00',
    date: '2026-03-31',
    type: 'expense',
    category: 'Bank Fees & Charges',
  })
  await post(tenant, accounts, {
    merchant: 'Card payment',
    amount: '500.00',
    date: '2026-03-20',
    type: 'transfer',
    category: 'Credit Card',
  })
  await post(tenant, accounts, {
    merchant: 'Landlord',
    amount: '1200.00',
    date: '2026-04-01',
    type: 'expense',
    category: 'Rent',
  })
  // A reviewed-then-rejected sale that must vanish from every period.
  const mistake = await post(tenant, accounts, {
    merchant: 'Duplicate sale',
    amount: '999.99',
    date: '2026-03-15',
    type: 'income',
    category: 'Sales Revenue',
  })
  await reject(tenant, mistake)
  // Two events still waiting for review, one in March and one in May.
  for (const date of ['2026-03-12', '2026-05-02']) {
    await gql(
      tenant,
      'mutation ($org: UUID!, $d: String!) { createLedgerEvent(organizationId: $org, merchantName: "Unreviewed", amount: "10.00", transactionDate: $d) { success } }',
      { d: date },
    )
  }
  return { tenant, accounts }
}

describe('reports on hand-computed books', () => {
  let books: Awaited<ReturnType<typeof handBooks>>
  beforeAll(async () => {
    books = await handBooks()
  })

  it('sums March in the dashboard', async () => {
    const body = await gql(books.tenant, dashboard, { from: '2026-03-01', to: '2026-03-31' })
    expect(body.data?.dashboardSummary).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      totalRevenue: '1000.00',
      totalExpenses: '215.00',
      netIncome: '785.00',
      receiptCount: 0,
      unreviewedCount: 1,
    })
  })

  it('states March and the first quarter of April', async () => {
    const march = (await gql(books.tenant, income, { from: '2026-03-01', to: '2026-03-31' })).data
      ?.incomeStatement
    expect(march).toMatchObject({ totalIncome: '1000.00', totalExpenses: '215.00', netIncome: '785.00' })
    expect(march.incomeAccounts).toEqual([
      { accountId: books.accounts['Sales Revenue'], accountName: 'Sales Revenue', total: '1000.00' },
    ])
    expect(march.expenseAccounts).toEqual(
      expect.arrayContaining([
        { accountId: books.accounts['Office Expenses'], accountName: 'Office Expenses', total: '200.00' },
        {
          accountId: books.accounts['Bank Fees & Charges'],
          accountName: 'Bank Fees & Charges',
          total: '15.00',
        },
      ]),
    )
    expect(march.expenseAccounts).toHaveLength(2)
    const spring = (await gql(books.tenant, income, { from: '2026-03-01', to: '2026-04-30' })).data
      ?.incomeStatement
    expect(spring).toMatchObject({ totalIncome: '1000.00', totalExpenses: '1415.00', netIncome: '-415.00' })
  })

  it('answers empty ranges with zeros and no accounts', async () => {
    const body = await gql(books.tenant, income, { from: '2025-01-01', to: '2025-12-31' })
    expect(body.data?.incomeStatement).toMatchObject({
      incomeAccounts: [],
      expenseAccounts: [],
      totalIncome: '0.00',
      totalExpenses: '0.00',
      netIncome: '0.00',
    })
    const day = await gql(books.tenant, dashboard, { from: '2026-03-15', to: '2026-03-15' })
    expect(day.data?.dashboardSummary).toMatchObject({
      totalRevenue: '0.00',
      totalExpenses: '0.00',
      unreviewedCount: 0,
    })
  })

  it('lists every account with its natural balance', async () => {
    const list = (await gql(books.tenant, balances)).data?.accountBalances as Array<Record<string, string>>
    expect(list).toHaveLength(Object.keys(books.accounts).length)
    const balance = (name: string) => list.find((a) => a.accountName === name)?.balance
    // Chequing: +1,130 - 226 - 15 - 500 - 1,200 = -811.00.
    expect(balance('Chequing')).toBe('-811.00')
    // GST/HST Payable is a liability: 130 collected - 26 paid = 104.00 owed.
    expect(balance('GST/HST Payable')).toBe('104.00')
    // The transfer paid the card down by 500 (a debit to a liability).
    expect(balance('Credit Card')).toBe('-500.00')
    expect(balance('Sales Revenue')).toBe('1000.00')
    expect(balance('Rent')).toBe('1200.00')
    expect(balance('Travel')).toBe('0.00')
    expect(list.find((a) => a.accountName === 'Chequing')).toMatchObject({
      accountType: 'bank',
      classification: 'asset',
    })
  })

  it('balances the trial balance and the balance sheet', async () => {
    const trial = (
      await gql(
        books.tenant,
        'query ($org: UUID!) { trialBalance(organizationId: $org, asOf: "2026-03-31") { asOf totalDebit totalCredit lines { accountName debit credit } } }',
      )
    ).data?.trialBalance
    expect(trial.totalDebit).toBe(trial.totalCredit)
    // Debits: Chequing 389 + Credit Card 500 + Office 200 + Bank fees 15; credits: GST/HST 104 + Sales 1,000.
    expect(trial.totalDebit).toBe('1104.00')
    expect(trial.lines).toContainEqual({ accountName: 'Chequing', debit: '389.00', credit: '0.00' })
    const sheet = (
      await gql(
        books.tenant,
        'query ($org: UUID!) { balanceSheet(organizationId: $org, asOf: "2026-04-30") { totalAssets totalLiabilities totalEquity currentEarnings totalLiabilitiesAndEquity } }',
      )
    ).data?.balanceSheet
    expect(sheet).toEqual({
      totalAssets: '-811.00',
      totalLiabilities: '-396.00',
      totalEquity: '0.00',
      currentEarnings: '-415.00',
      totalLiabilitiesAndEquity: '-811.00',
    })
  })

  it('walks one account with a running balance, paginated', async () => {
    const query = `query ($org: UUID!, $a: UUID!, $from: Date, $to: Date, $limit: Int, $offset: Int) {
      generalLedger(organizationId: $org, accountId: $a, startDate: $from, endDate: $to, limit: $limit, offset: $offset) {
        openingBalance closingBalance lines { totalCount pageSize offset items { kind txnDate debit credit balance } }
      }
    }`
    const first = (
      await gql(books.tenant, query, {
        a: books.accounts.Chequing,
        from: '2026-03-11',
        to: '2026-04-30',
        limit: 2,
      })
    ).data?.generalLedger
    // Before 11 March: +1,130 - 226 = 904.00.
    expect(first.openingBalance).toBe('904.00')
    expect(first.closingBalance).toBe('-811.00')
    expect(first.lines.totalCount).toBe(5)
    expect(first.lines.items).toEqual([
      { kind: 'posting', txnDate: '2026-03-15', debit: '999.99', credit: '0.00', balance: '1903.99' },
      { kind: 'reversal', txnDate: '2026-03-15', debit: '0.00', credit: '999.99', balance: '904.00' },
    ])
    const rest = (
      await gql(books.tenant, query, {
        a: books.accounts.Chequing,
        from: '2026-03-11',
        to: '2026-04-30',
        limit: 2,
        offset: 2,
      })
    ).data?.generalLedger
    expect(rest.lines.items.map((l: { balance: string }) => l.balance)).toEqual(['404.00', '389.00'])
  })

  it('refuses a start after the end, and bad dates', async () => {
    const body = await gql(books.tenant, income, { from: '2026-04-01', to: '2026-03-01' })
    expect(body.errors?.[0]?.extensions?.code).toBe('INVALID_DATE_RANGE')
    const bad = await gql(books.tenant, dashboard, { from: '2026-02-30' })
    expect(bad.errors?.[0]?.message).toMatch(/calendar date/)
  })
})

describe('defaults', () => {
  it('run from the first of the current month to today (UTC)', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsOf(tenant)
    const today = new Date().toISOString().slice(0, 10)
    const monthStart = `${today.slice(0, 8)}01`
    await post(tenant, accounts, {
      merchant: 'Today sale',
      amount: '40.00',
      date: today,
      type: 'income',
      category: 'Sales Revenue',
    })
    await post(tenant, accounts, {
      merchant: 'Old sale',
      amount: '7.00',
      date: '2020-01-15',
      type: 'income',
      category: 'Sales Revenue',
    })
    const body = await gql(tenant, dashboard)
    expect(body.data?.dashboardSummary).toMatchObject({
      startDate: monthStart,
      endDate: today,
      totalRevenue: '40.00',
    })
    const statement = await gql(tenant, income)
    expect(statement.data?.incomeStatement).toMatchObject({
      startDate: monthStart,
      endDate: today,
      totalIncome: '40.00',
    })
  })
})

describe('isolation', () => {
  it("never counts another organization's books", async () => {
    const mine = await createTenant(server)
    const theirs = await createTenant(server)
    const accounts = await accountsOf(theirs)
    await post(theirs, accounts, {
      merchant: 'Their sale',
      amount: '77.00',
      date: '2026-03-05',
      type: 'income',
      category: 'Sales Revenue',
    })
    const body = await gql(mine, dashboard, { from: '2026-01-01', to: '2026-12-31' })
    expect(body.data?.dashboardSummary).toMatchObject({ totalRevenue: '0.00' })
    const foreign = await gql(
      mine,
      'query ($org: UUID!, $a: UUID!) { generalLedger(organizationId: $org, accountId: $a) { openingBalance } }',
      { a: accounts.Chequing },
    )
    expect(foreign.errors?.[0]?.extensions?.code).toBe('ACCOUNT_NOT_FOUND')
  })
})

describe('journal export', () => {
  it('matches accountBalances to the cent in hledger, on random books with tax and reversals', async () => {
    await requireTool(hledger)
    const name = unique('Random Books')
    const tenant = await createTenant(server, name)
    const accounts = await accountsOf(tenant)
    const categories = {
      expense: ['Office Expenses', 'Rent', 'Travel', 'Meals & Entertainment', 'Cost of Goods Sold'],
      income: ['Sales Revenue', 'Interest Income', 'Other Revenue'],
      transfer: ['Credit Card', 'Accounts Receivable', 'Accounts Payable', 'Taxes Recoverable'],
    } as const
    const plans = fc.sample(
      fc.record({
        type: fc.constantFrom('expense', 'income', 'transfer'),
        cents: fc.integer({ min: 1, max: 5_000_000 }),
        taxPercent: fc.integer({ min: 0, max: 15 }),
        pick: fc.nat(),
        day: fc.integer({ min: 0, max: 364 }),
        fate: fc.constantFrom('confirm', 'confirm', 'confirm', 'confirm-then-reject', 'reject'),
      }),
      { numRuns: 3_300, seed: 20261121 },
    )
    // At least 1,000 of every type: top up whatever sampling left short.
    for (const type of ['expense', 'income', 'transfer'] as const) {
      let count = plans.filter((p) => p.type === type).length
      while (count++ < 1_000)
        plans.push({ type, cents: 1234, taxPercent: 5, pick: count, day: count % 365, fate: 'confirm' })
    }
    const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
    const dateOf = (day: number) => new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10)
    const rows = plans.map((p, i) => ({
      transactionDate: dateOf(p.day),
      description: `Vendor ${i % 97}`,
      amount: money(p.cents),
      eventType: p.type,
      reference: `R${i}`,
    }))
    for (let start = 0; start < rows.length; start += 2_000) {
      const imported = await gql(
        tenant,
        'mutation ($org: UUID!, $a: UUID!, $rows: [BankStatementRowInput!]!) { importBankStatement(organizationId: $org, paymentAccountId: $a, rows: $rows) { importedCount success error } }',
        { a: accounts.Chequing, rows: rows.slice(start, start + 2_000) },
      )
      expect(imported.data?.importBankStatement).toMatchObject({
        success: true,
        importedCount: rows.slice(start, start + 2_000).length,
      })
    }
    const ids: string[] = []
    for (let offset = 0; ids.length < rows.length; offset += 200) {
      const page = await gql(
        tenant,
        'query ($org: UUID!, $o: Int) { listLedgerEvents(organizationId: $org, limit: 200, offset: $o, sortBy: "merchantName") { items { id reference } } }',
        { o: offset },
      )
      const items = page.data?.listLedgerEvents.items as Array<{ id: string; reference: string }>
      if (items.length === 0) break
      for (const item of items) ids[Number(item.reference.slice(1))] = item.id
    }
    expect(ids.filter(Boolean)).toHaveLength(rows.length)

    // Five root mutations per request (the service's cap), eight requests in flight. An event's
    // classify and confirm share one request, where mutations run in order.
    const steps = plans.map((p, i) => ({ p, id: ids[i] as string }))
    const mutations = (step: (typeof steps)[number], n: number): string[] => {
      const org = tenant.organizationId
      if (step.p.fate === 'reject')
        return [`r${n}: rejectLedgerEvent(organizationId: "${org}", eventId: "${step.id}") { success }`]
      const category = categories[step.p.type][step.p.pick % categories[step.p.type].length] as string
      const taxCents = step.p.type === 'transfer' ? 0 : Math.floor((step.p.cents * step.p.taxPercent) / 115)
      const tax = taxCents > 0 ? `, taxAmount: "${money(taxCents)}"` : ''
      return [
        `c${n}: updateStagedEntry(organizationId: "${org}", eventId: "${step.id}", categoryId: "${accounts[category]}"${tax}) { success }`,
        `k${n}: confirmLedgerEvent(organizationId: "${org}", eventId: "${step.id}") { success }`,
      ]
    }
    const batches: string[][] = [[]]
    steps.forEach((step, n) => {
      const fields = mutations(step, n)
      if ((batches.at(-1)?.length ?? 0) + fields.length > 5) batches.push([])
      batches.at(-1)?.push(...fields)
    })
    for (let i = 0; i < batches.length; i += 8) {
      const answers = await Promise.all(
        batches.slice(i, i + 8).map((b) => server.gql(`mutation { ${b.join(' ')} }`, {}, tenant.bearer)),
      )
      for (const answer of answers) {
        expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined()
        expect(Object.values(answer.body.data ?? {}).every((v) => (v as { success: boolean }).success)).toBe(
          true,
        )
      }
    }
    const reverse = steps.filter((s) => s.p.fate === 'confirm-then-reject')
    for (let i = 0; i < reverse.length; i += 5) {
      const chunk = reverse.slice(i, i + 5)
      const answer = await server.gql(
        `mutation { ${chunk.map((s, n) => `r${n}: rejectLedgerEvent(organizationId: "${tenant.organizationId}", eventId: "${s.id}") { success }`).join(' ')} }`,
        {},
        tenant.bearer,
      )
      expect(Object.values(answer.body.data ?? {}).every((v) => (v as { success: boolean }).success)).toBe(
        true,
      )
    }
    const confirmedCount = (
      await gql(
        tenant,
        'query ($org: UUID!) { listLedgerEvents(organizationId: $org, status: ["confirmed"], limit: 1) { totalCount } }',
      )
    ).data?.listLedgerEvents.totalCount
    expect(confirmedCount).toBe(steps.filter((s) => s.p.fate === 'confirm').length)

    const out = path.join(dataDir, 'books.journal')
    const exported = printed(await daybook('export-journal', '--org-name', name, '--out', out))
    expect(JSON.parse(exported)).toMatchObject({ format: 'hledger', out })
    expect(readFileSync(out, 'utf8')).toContain('Reversal of Vendor')

    await requireTool(hledger)
    const { stdout } = await run('hledger', ['-f', out, 'balance', '--flat', '-O', 'csv', '-N'], {
      maxBuffer: 1 << 24,
    })
    const fromHledger = new Map<string, number>()
    for (const line of stdout.trim().split('\n').slice(1)) {
      const [account, amount] = line.split('","').map((s) => s.replace(/"/g, ''))
      const [number] = (amount ?? '').split(' ')
      fromHledger.set(account ?? '', Math.round(Number(number) * 100))
    }
    const prefix = {
      asset: 'Assets',
      liability: 'Liabilities',
      equity: 'Equity',
      revenue: 'Revenue',
      expense: 'Expenses',
    }
    const list = (await gql(tenant, balances)).data?.accountBalances as Array<Record<string, string>>
    let nonZero = 0
    for (const account of list) {
      const cents = Math.round(Number(account.balance) * 100)
      const debitNatural = account.classification === 'asset' || account.classification === 'expense'
      const hledgerName = `${prefix[account.classification as keyof typeof prefix]}:${account.accountName}`
      const expected = cents === 0 ? undefined : debitNatural ? cents : -cents
      expect(fromHledger.get(hledgerName), hledgerName).toBe(expected)
      if (cents !== 0) nonZero++
    }
    expect(nonZero).toBeGreaterThan(8)
    expect(fromHledger.size).toBe(nonZero)
  }, 600_000)

  it('writes Beancount too, and refuses an unknown organization', async () => {
    const name = unique('Beans')
    const tenant = await createTenant(server, name)
    const accounts = await accountsOf(tenant)
    await post(tenant, accounts, {
      merchant: 'Quote "this"',
      amount: '12.34',
      date: '2026-03-05',
      type: 'expense',
      category: 'Office Expenses',
    })
    const stdout = printed(await daybook('export-journal', '--org-name', name, '--format', 'beancount'))
    expect(stdout).toContain('open Assets:Chequing')
    expect(stdout).toContain('2026-03-05 * "Quote \\"this\\""')
    expect(stdout).toContain('Expenses:Office-Expenses  12.34 CAD')
    const missing = await daybook('export-journal', '--org-name', 'No Such Org')
    expect(missing).toMatchObject({ code: 1 })
    expect(missing.stderr).toContain('No organization is named')
  })
})
