// For random sets of classified events, some of them line by line and some reversed, every return ties out: line 109 equals the change of the tax accounts over the period, on each jurisdiction's return.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const codes = [
  'HST_ON',
  'GST',
  'GST_QST',
  'GST_PST_BC',
  'GST_PST_SK',
  'ZERO_RATED',
  'EXEMPT',
  'QST',
  'PST_BC',
] as const
const incomeAccounts = ['Sales Revenue', 'Other Revenue'] as const
const expenseAccounts = ['Office Expenses', 'Meals & Entertainment', 'Rent', 'Travel'] as const

const eventArb = fc.record({
  income: fc.boolean(),
  cents: fc.integer({ min: 1, max: 2_000_000 }),
  code: fc.constantFrom(...codes),
  account: fc.nat({ max: 3 }),
  // Days from 2025-12-01: some before the quarter, most in it, some after.
  day: fc.integer({ min: 0, max: 150 }),
  // A refund books a sale's amount back out of income, or a purchase's back into the expense.
  refund: fc.boolean(),
  reverse: fc.boolean(),
  // Classified line by line instead: each line's share of the amount, its code and account.
  lines: fc.option(
    fc.array(
      fc.record({
        share: fc.integer({ min: 1, max: 100 }),
        code: fc.constantFrom(...codes),
        account: fc.nat({ max: 3 }),
      }),
      { minLength: 2, maxLength: 4 },
    ),
    { nil: undefined },
  ),
})

function dateOf(day: number): string {
  const date = new Date(Date.UTC(2025, 11, 1))
  date.setUTCDate(date.getUTCDate() + day)
  return date.toISOString().slice(0, 10)
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

async function ask(tenant: Tenant, query: string, variables: Record<string, unknown>) {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)
  expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined()
  return response.body.data as Record<string, Record<string, unknown>>
}

type RandomEvent = typeof eventArb extends fc.Arbitrary<infer T> ? T : never

/** The event's lines, its amount shared out by their shares; none when a line would get nothing. */
function linesOf(event: RandomEvent, ids: Record<string, string>) {
  const lines = event.lines
  if (!lines) return undefined
  const shares = lines.reduce((sum, line) => sum + line.share, 0)
  const amounts = lines.map((line) => Math.floor((event.cents * line.share) / shares))
  amounts[amounts.length - 1] = event.cents - amounts.slice(0, -1).reduce((sum, cents) => sum + cents, 0)
  if (amounts.some((cents) => cents < 1)) return undefined
  return lines.map((line, index) => ({
    accountId:
      ids[(event.income ? incomeAccounts[line.account % 2] : expenseAccounts[line.account]) as string],
    amount: money(amounts[index] as number),
    taxCode: line.code,
  }))
}

async function post(tenant: Tenant, ids: Record<string, string>, event: RandomEvent) {
  const account = event.income
    ? (incomeAccounts[event.account % 2] as string)
    : (expenseAccounts[event.account] as string)
  const created = await ask(
    tenant,
    'mutation ($org: UUID!, $a: String!, $d: String!, $t: String!, $dir: String!, $c: UUID!, $p: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "Random", amount: $a, transactionDate: $d, eventType: $t, direction: $dir, categoryId: $c, paymentAccountId: $p) { success error eventId } }',
    {
      a: money(event.cents),
      d: dateOf(event.day),
      t: event.income ? 'income' : 'expense',
      dir: event.income !== event.refund ? 'in' : 'out',
      c: ids[account],
      p: ids.Chequing,
    },
  )
  const eventId = created.createLedgerEvent?.eventId as string
  const lines = linesOf(event, ids)
  const classified = lines
    ? await ask(
        tenant,
        'mutation ($org: UUID!, $e: UUID!, $lines: [EntryLineInput!]!) { updateStagedEntry(organizationId: $org, eventId: $e, lines: $lines) { success error } }',
        { e: eventId, lines },
      )
    : await ask(
        tenant,
        'mutation ($org: UUID!, $e: UUID!, $code: String!, $t: UUID!) { updateStagedEntry(organizationId: $org, eventId: $e, taxCode: $code, taxAccountId: $t) { success error } }',
        { e: eventId, code: event.code, t: ids[event.income ? 'GST/HST Payable' : 'Taxes Recoverable'] },
      )
  expect(classified.updateStagedEntry?.success, String(classified.updateStagedEntry?.error)).toBe(true)
  const confirmed = await ask(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
    { e: eventId },
  )
  expect(confirmed.confirmLedgerEvent?.success, String(confirmed.confirmLedgerEvent?.error)).toBe(true)
  if (event.reverse) {
    await ask(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      {
        e: eventId,
      },
    )
  }
}

const returnQuery = `query ($org: UUID!, $j: String!) {
  salesTaxReturn(organizationId: $org, startDate: "2026-01-01", endDate: "2026-03-31", jurisdiction: $j) {
    tiesOut payableBalance difference lines { line amount }
  }
}`

const cents = (amount: string) => BigInt(amount.replace('.', ''))

describe('sales tax returns under random books', () => {
  it('tie out on every jurisdiction, and their totals are the sums of their lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 1, maxLength: 8 }), async (events) => {
        const tenant = await createTenant(server)
        const ids = await accountsByName(server, tenant)
        for (const event of events) await post(tenant, ids, event)
        for (const jurisdiction of ['CA', 'CA-QC', 'CA-BC', 'CA-SK']) {
          const found = (await ask(tenant, returnQuery, { j: jurisdiction })).salesTaxReturn as {
            tiesOut: boolean
            payableBalance: string
            difference: string
            lines: Array<{ line: string; amount: string }>
          }
          expect(found, jurisdiction).toMatchObject({ tiesOut: true, difference: '0.00' })
          const line = (key: string) => cents(found.lines.find((l) => l.line === key)?.amount ?? 'x')
          expect(line('109')).toBe(cents(found.payableBalance))
          if (jurisdiction === 'CA') {
            expect(line('101')).toBe(line('90') + line('91'))
            expect(line('109')).toBe(line('103') + line('104') - line('106') - line('107'))
            expect(line('115') - line('114')).toBe(line('113C'))
          } else expect(line('109')).toBe(line('103') - line('106'))
        }
      }),
      { numRuns: 12 },
    )
  }, 180_000)
})
