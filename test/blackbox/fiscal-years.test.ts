// A two-fiscal-year book with a March 31 year end over HTTP (DESIGN 8.5): the balance sheet balances on every month end with prior and current years' earnings apart, the year closes and reopens, GIFI schedules 100 and 125 add up, and hledger reads the same books.
import { execFile } from 'node:child_process'
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorCli, printed, refused } from '../support/cli.js'
import { accountsByName, createTenant, createUser, type Tenant } from '../support/fixtures.js'
import { tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'
import { hledger, requireTool } from '../support/system-tools.js'

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-fiscal-years-'))
const daybook = operatorCli(dataDir)
let server: TestServer
const { gql, field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer({ dataDir })
})
afterAll(() => server.close())

const cents = (amount: string) => BigInt(Math.round(Number(amount) * 100))
const money = (minor: bigint) => {
  const sign = minor < 0n ? '-' : ''
  const abs = minor < 0n ? -minor : minor
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}
const addDay = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const monthEnd = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)

const createEntry = `mutation ($org: UUID!, $date: Date!, $lines: [JournalLineInput!]!, $reverseOn: Date, $memo: String) {
  createJournalEntry(organizationId: $org, date: $date, lines: $lines, reverseOn: $reverseOn, memo: $memo) { success error errorCode }
}`
const closeYear = `mutation ($org: UUID!, $end: Date!) {
  closeFiscalYear(organizationId: $org, endDate: $end) { success error errorCode fiscalYear { startDate endDate closed netIncome } }
}`
const reopenYear = `mutation ($org: UUID!, $end: Date!, $reason: String!) {
  reopenFiscalYear(organizationId: $org, endDate: $end, reason: $reason) { success error errorCode fiscalYear { endDate closed } }
}`
const sheetQuery = `query ($org: UUID!, $asOf: Date) { balanceSheet(organizationId: $org, asOf: $asOf) {
  totalAssets totalLiabilities totalEquity currentEarnings priorYearsEarnings currentYearEarnings totalLiabilitiesAndEquity
  equity { accountName amount } } }`
const gifiQuery = `query ($org: UUID!, $end: Date!, $schedule: Int!) {
  gifiSchedule(organizationId: $org, endDate: $end, schedule: $schedule) { schedule endDate lines { code description amount } } }`

/** What each posting adds to net income, by date: the test's own account of the earnings. */
type Earning = { date: string; minor: bigint }

async function book(tenant: Tenant, accounts: Record<string, string>): Promise<Earning[]> {
  const earnings: Earning[] = []
  const post = async (vars: Record<string, unknown>) => {
    const answer = await field(tenant, createEntry, { reverseOn: null, memo: null, ...vars })
    expect(answer.success, answer.error).toBe(true)
  }
  await field(
    tenant,
    'mutation ($org: UUID!, $date: Date!, $lines: [JournalLineInput!]!) { setOpeningBalances(organizationId: $org, date: $date, lines: $lines) { success error } }',
    {
      date: '2025-03-31',
      lines: [
        { accountId: accounts.Chequing, debit: '10000.00' },
        { accountId: accounts['Share Capital'], credit: '10000.00' },
      ],
    },
    tenant.owner.jwt,
  )
  // Twenty months, April 2025 to November 2026: a sale, the rent, and utilities accrued at the
  // month end and reversed on the first of the next.
  for (let i = 0; i < 20; i++) {
    const year = 2025 + Math.floor((3 + i) / 12)
    const month = ((3 + i) % 12) + 1
    const day = (d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`
    const sale = money(100_000n + BigInt(i) * 3_711n)
    await post({
      date: day(10),
      memo: `Sales ${day(1).slice(0, 7)}`,
      lines: [
        { accountId: accounts.Chequing, debit: sale },
        { accountId: accounts['Sales Revenue'], credit: sale },
      ],
    })
    earnings.push({ date: day(10), minor: cents(sale) })
    await post({
      date: day(20),
      lines: [
        { accountId: accounts.Rent, debit: '400.00' },
        { accountId: accounts.Chequing, credit: '400.00' },
      ],
    })
    earnings.push({ date: day(20), minor: -40_000n })
    const end = monthEnd(year, month)
    await post({
      date: end,
      memo: 'Utilities accrued',
      reverseOn: addDay(end, 1),
      lines: [
        { accountId: accounts.Utilities, debit: '55.55' },
        { accountId: accounts['Accounts Payable'], credit: '55.55' },
      ],
    })
    earnings.push({ date: end, minor: -5_555n }, { date: addDay(end, 1), minor: 5_555n })
  }
  return earnings
}

const earned = (earnings: Earning[], from: string, to: string) =>
  earnings.filter((e) => e.date >= from && e.date <= to).reduce((sum, e) => sum + e.minor, 0n)

describe('fiscal years', () => {
  let tenant: Tenant
  let accounts: Record<string, string>
  let earnings: Earning[]
  const firstYearEnd = '2026-03-31'

  beforeAll(async () => {
    tenant = await createTenant(server)
    accounts = await accountsByName(server, tenant)
    const profile = await field(
      tenant,
      'mutation ($org: UUID!) { updateOrganizationProfile(organizationId: $org, fiscalYearEnd: "03-31") { success error } }',
      {},
      tenant.owner.jwt,
    )
    expect(profile.success, profile.error).toBe(true)
    earnings = await book(tenant, accounts)
  }, 120_000)

  it('balances on every month end, prior years apart from the current one', async () => {
    const firstYearNet = earned(earnings, '2025-04-01', firstYearEnd)
    const dates = [
      ...Array.from({ length: 20 }, (_, i) => monthEnd(2025 + Math.floor((3 + i) / 12), ((3 + i) % 12) + 1)),
      '2026-04-01',
      '2026-04-02',
      '2025-04-01',
    ]
    for (const asOf of dates) {
      const sheet = await field(tenant, sheetQuery, { asOf })
      expect(sheet.totalAssets, asOf).toBe(sheet.totalLiabilitiesAndEquity)
      const yearStart = asOf >= '2026-04-01' ? '2026-04-01' : '2025-04-01'
      const prior = asOf >= '2026-04-01' ? firstYearNet : 0n
      expect(sheet.priorYearsEarnings, asOf).toBe(money(prior))
      expect(sheet.currentYearEarnings, asOf).toBe(money(earned(earnings, yearStart, asOf)))
      expect(sheet.currentEarnings, asOf).toBe(money(earned(earnings, '2000-01-01', asOf)))
    }
    // On the first day of the second year only the March accrual's reversal is earned.
    expect((await field(tenant, sheetQuery, { asOf: '2026-04-01' })).currentYearEarnings).toBe('55.55')

    const years = await field(
      tenant,
      'query ($org: UUID!) { fiscalYears(organizationId: $org) { startDate endDate closed netIncome } }',
    )
    expect(years).toEqual([
      { startDate: '2024-04-01', endDate: '2025-03-31', closed: false, netIncome: '0.00' },
      { startDate: '2025-04-01', endDate: '2026-03-31', closed: false, netIncome: money(firstYearNet) },
      {
        startDate: '2026-04-01',
        endDate: '2027-03-31',
        closed: false,
        netIncome: money(earned(earnings, '2026-04-01', '2027-03-31')),
      },
    ])
  })

  it('gives GIFI schedules 100 and 125 with their total lines', async () => {
    const firstYearNet = earned(earnings, '2025-04-01', firstYearEnd)
    const schedule = async (s: number) => {
      const found = await field(tenant, gifiQuery, { end: firstYearEnd, schedule: s })
      return Object.fromEntries(
        (found.lines as Array<{ code: string; amount: string }>).map((l) => [l.code, l.amount]),
      )
    }
    const balance = await schedule(100)
    expect(balance['2599']).toBe(balance['3640'])
    expect(balance['2620']).toBe('55.55')
    expect(balance['3500']).toBe('10000.00')
    expect(balance['3600']).toBe(money(firstYearNet))
    expect(balance['3620']).toBe(money(1_000_000n + firstYearNet))
    const income = await schedule(125)
    expect(income['9999']).toBe(money(firstYearNet))
    expect(income['8299']).toBe(income['8000'])
    expect(income['9368']).toBe(money(12n * 40_000n + 5_555n))
    expect(income['8910']).toBe('4800.00')

    const code = async (vars: Record<string, unknown>) =>
      (await gql(tenant, gifiQuery, vars)).errors?.[0]?.extensions?.code
    expect(await code({ end: firstYearEnd, schedule: 200 })).toBe('INVALID_GIFI_SCHEDULE')
    expect(await code({ end: '2026-03-30', schedule: 100 })).toBe('NOT_A_FISCAL_YEAR_END')

    // The CLI prints the same lines.
    const printedLines = printed(
      await daybook(
        'gifi',
        '--org-id',
        tenant.organizationId,
        '--year-end',
        firstYearEnd,
        '--schedule',
        '125',
      ),
    )
      .trim()
      .split('\n')
    expect(printedLines[0]).toBe('code,amount')
    expect(printedLines).toContain(`9999,${money(firstYearNet)}`)
    expect(
      refused(
        await daybook(
          'gifi',
          '--org-id',
          tenant.organizationId,
          '--year-end',
          firstYearEnd,
          '--schedule',
          'x',
        ),
      ),
    ).toContain('--schedule')
  })

  it('agrees with hledger: balances, the balance sheet, and the retained earnings of a close', async () => {
    await requireTool(hledger)
    const orgs = (await gql(tenant, 'query { myOrganizations { id name } }', {}, tenant.owner.jwt)).data
      ?.myOrganizations as Array<{ id: string; name: string }>
    const orgName = orgs.find((o) => o.id === tenant.organizationId)?.name as string
    const out = path.join(dataDir, `${tenant.organizationId}.journal`)
    printed(await daybook('export-journal', '--org-name', orgName, '--out', out))
    expect(readFileSync(out, 'utf8')).toContain('Opening balances')

    const hledgerBalance = async (args: string[]) => {
      const { stdout } = await run('hledger', ['-f', out, ...args, '--flat', '-O', 'csv', '-N'], {
        maxBuffer: 1 << 24,
      })
      const found = new Map<string, bigint>()
      for (const line of stdout.trim().split('\n').slice(1)) {
        const [account, amount] = line.split('","').map((s) => s.replace(/"/g, ''))
        found.set(account ?? '', cents((amount ?? '0').split(' ')[0] ?? '0'))
      }
      return found
    }
    const atYearEnd = await hledgerBalance(['bal', '-e', '2026-04-01'])
    const sheet = await field(tenant, sheetQuery, { asOf: firstYearEnd })
    expect(atYearEnd.get('Assets:Chequing')).toBe(cents(sheet.totalAssets))
    expect(atYearEnd.get('Liabilities:Accounts Payable')).toBe(-cents(sheet.totalLiabilities))

    const { stdout: bs } = await run('hledger', ['-f', out, 'bs', '-e', '2026-04-01', '-O', 'csv', '-N'])
    expect(bs).toContain(money(cents(sheet.totalAssets)))

    // Closing the first year's revenue and expenses to Retained Earnings leaves there what the
    // balance sheet shows as the earnings of the years before the second.
    const retained = 'Equity:Retained Earnings'
    const help = (await run('hledger', ['close', '--help'])).stdout
    const closeArgs = help.includes('--retain')
      ? ['close', '--retain', `--close-acct=${retained}`, '-e', '2026-04-01']
      : ['close', '--close', `--close-acct=${retained}`, '-e', '2026-04-01', 'Revenue', 'Expenses']
    const { stdout: closing } = await run('hledger', ['-f', out, ...closeArgs])
    appendFileSync(out, `\n${closing}\n`)
    const afterClose = await hledgerBalance(['bal', '-e', '2026-04-01'])
    const second = await field(tenant, sheetQuery, { asOf: '2026-04-01' })
    expect(-(afterClose.get(retained) ?? 0n)).toBe(cents(second.priorYearsEarnings))
    expect(afterClose.get('Revenue:Sales Revenue') ?? 0n).toBe(0n)
  })

  it('closes a year to everyone, and lets the owner alone reopen the last one with a reason', async () => {
    const refusedWith = async (query: string, vars: Record<string, unknown>, headers = tenant.owner.jwt) =>
      (await field(tenant, query, vars, headers)).errorCode
    expect(await refusedWith(closeYear, { end: '2026-12-31' })).toBe('NOT_A_FISCAL_YEAR_END')
    expect(await refusedWith(closeYear, { end: '2027-03-31' })).toBe('FISCAL_YEAR_NOT_ENDED')
    const byKey = await gql(tenant, closeYear, { end: firstYearEnd })
    expect(byKey.errors?.[0]?.extensions?.code).toBe('API_KEY_ADMIN_FORBIDDEN')

    const closed = await field(tenant, closeYear, { end: firstYearEnd }, tenant.owner.jwt)
    expect(closed).toMatchObject({ success: true, fiscalYear: { endDate: firstYearEnd, closed: true } })
    expect(await refusedWith(closeYear, { end: firstYearEnd })).toBe('YEAR_CLOSED')
    const mine = await gql(
      tenant,
      'query { myOrganizations { id lockDate yearEndLockDate } }',
      {},
      tenant.owner.jwt,
    )
    const organizations = (mine.data?.myOrganizations ?? []) as Array<{ id: string }>
    const organization = organizations.find((o) => o.id === tenant.organizationId)
    expect(organization).toMatchObject({ lockDate: firstYearEnd, yearEndLockDate: firstYearEnd })

    const entry = (date: string) => ({
      date,
      reverseOn: null,
      memo: null,
      lines: [
        { accountId: accounts.Rent, debit: '1.00' },
        { accountId: accounts.Chequing, credit: '1.00' },
      ],
    })
    expect((await field(tenant, createEntry, entry(firstYearEnd))).errorCode).toBe('YEAR_CLOSED')
    expect(await refusedWith(createEntry, entry('2025-06-30'))).toBe('YEAR_CLOSED')
    expect((await field(tenant, createEntry, entry('2026-04-02'))).success).toBe(true)
    earnings.push({ date: '2026-04-02', minor: -100n })
    const years = await field(
      tenant,
      'query ($org: UUID!) { fiscalYears(organizationId: $org) { endDate closed } }',
    )
    expect(years.map((y: { closed: boolean }) => y.closed)).toEqual([true, true, false])

    // Reopening: the owner, the last closed year, a reason.
    const admin = await createUser(server)
    const added = await field(
      tenant,
      'mutation ($org: UUID!, $email: String!) { addMember(organizationId: $org, email: $email, role: "admin") { success error } }',
      { email: admin.email },
      tenant.owner.jwt,
    )
    expect(added.success, added.error).toBe(true)
    expect(await refusedWith(reopenYear, { end: firstYearEnd, reason: 'Adjustments' }, admin.jwt)).toBe(
      'OWNER_REQUIRED',
    )
    expect(await refusedWith(reopenYear, { end: '2025-03-31', reason: 'Adjustments' })).toBe(
      'FISCAL_YEAR_NOT_LAST_CLOSED',
    )
    expect(await refusedWith(reopenYear, { end: firstYearEnd, reason: '  ' })).toBe('INVALID_REASON')
    const reopened = await field(
      tenant,
      reopenYear,
      { end: firstYearEnd, reason: "The accountant's year-end adjustments" },
      tenant.owner.jwt,
    )
    expect(reopened).toMatchObject({ success: true, fiscalYear: { endDate: firstYearEnd, closed: false } })
    const log = await field(
      tenant,
      'query ($org: UUID!) { auditLog(organizationId: $org, entityType: "organization", limit: 20) { items { operation after } } }',
      {},
      tenant.owner.jwt,
    )
    const record = (log.items as Array<{ operation: string; after: string }>).find(
      (r) => r.operation === 'fiscal_year.reopened',
    )
    expect(JSON.parse(record?.after ?? '{}')).toEqual({
      yearEndLockDate: '2025-03-31',
      reason: "The accountant's year-end adjustments",
    })
    // The year before stays closed; the lock date stays until an owner moves it.
    expect(await refusedWith(createEntry, entry('2025-03-31'))).toBe('YEAR_CLOSED')
    expect(await refusedWith(createEntry, entry(firstYearEnd))).toBe('PERIOD_LOCKED')
    // Replacing the opening balances of the closed year reverses them there: the closed year is
    // named, though the new date lies only behind the lock date.
    const opening = {
      date: '2026-02-01',
      lines: [
        { accountId: accounts.Chequing, debit: '1.00' },
        { accountId: accounts['Share Capital'], credit: '1.00' },
      ],
    }
    expect(
      await refusedWith(
        'mutation ($org: UUID!, $date: Date!, $lines: [JournalLineInput!]!) { setOpeningBalances(organizationId: $org, date: $date, lines: $lines) { success errorCode } }',
        opening,
      ),
    ).toBe('YEAR_CLOSED')
    expect(await refusedWith(reopenYear, { end: firstYearEnd, reason: 'again' })).toBe(
      'FISCAL_YEAR_NOT_LAST_CLOSED',
    )
  })
})

describe('GIFI codes', () => {
  it('names the accounts with a balance and no GIFI code', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const posted = await field(tenant, createEntry, {
      date: '2025-06-30',
      reverseOn: null,
      memo: null,
      lines: [
        { accountId: accounts['Office Expenses'], debit: '25.00' },
        { accountId: accounts['Credit Card'], credit: '25.00' },
      ],
    })
    expect(posted.success, posted.error).toBe(true)
    const answer = await gql(tenant, gifiQuery, { end: '2025-12-31', schedule: 100 })
    expect(answer.errors?.[0]?.extensions?.code).toBe('GIFI_CODE_MISSING')
    expect(answer.errors?.[0]?.message).toContain('Credit Card')
    // Schedule 125 holds no balance-sheet account, and the expense has its code.
    const income = await field(tenant, gifiQuery, { end: '2025-12-31', schedule: 125 })
    expect(income.lines).toContainEqual(expect.objectContaining({ code: '8810', amount: '25.00' }))
    expect(income.lines).toContainEqual(expect.objectContaining({ code: '9999', amount: '-25.00' }))
  })
})
