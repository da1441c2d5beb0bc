// confirmLedgerEvents over HTTP (DESIGN 8.11): hundreds confirmed in one call, each on its own terms, a refusal per item, and the same batch sent twice at once posted once.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
const { gql, field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

type Result = {
  eventId: string
  success: boolean
  errorCode: string | null
  error: string | null
  journalEntryId: string | null
}
type Payload = {
  success: boolean
  errorCode: string | null
  confirmedCount: number
  results: Result[]
}

const confirmMany = (tenant: Tenant, ids: string[]) =>
  field<Payload>(
    tenant,
    `mutation ($org: UUID!, $ids: [UUID!]!) { confirmLedgerEvents(organizationId: $org, eventIds: $ids) {
      success errorCode confirmedCount results { eventId success errorCode error journalEntryId } } }`,
    { ids },
  )

/** A bank line of `cents`, classified to Office Expenses (or left without a category) and paid from Chequing. */
async function expense(
  tenant: Tenant,
  accounts: Record<string, string>,
  cents: number,
  options: { date?: string; classified?: boolean } = {},
): Promise<string> {
  const created = await field<{ error: string | null; eventId: string }>(
    tenant,
    `mutation ($org: UUID!, $a: String!, $d: String!, $p: UUID, $cat: UUID) {
      createLedgerEvent(organizationId: $org, merchantName: "Staples", amount: $a, transactionDate: $d,
        eventType: "expense", paymentAccountId: $p, categoryId: $cat) { error eventId } }`,
    {
      a: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
      d: options.date ?? '2026-05-04',
      p: accounts.Chequing,
      cat: options.classified === false ? null : accounts['Office Expenses'],
    },
  )
  expect(created.error ?? '').toBe('')
  return created.eventId
}

async function expenses(tenant: Tenant, accounts: Record<string, string>, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let start = 0; start < count; start += 25) {
    const chunk = Array.from({ length: Math.min(25, count - start) }, (_, i) =>
      expense(tenant, accounts, start + i + 1),
    )
    ids.push(...(await Promise.all(chunk)))
  }
  return ids
}

async function balances(tenant: Tenant): Promise<Record<string, string>> {
  const rows = await field<Array<{ accountName: string; balance: string }>>(
    tenant,
    'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName balance } }',
  )
  return Object.fromEntries(rows.map((row) => [row.accountName, row.balance]))
}

async function statusOf(
  tenant: Tenant,
  eventId: string,
): Promise<{ status: string; journalEntry: { id: string } | null }> {
  return field(
    tenant,
    'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { status journalEntry { id } } }',
    { e: eventId },
  )
}

const entryCount = async (tenant: Tenant) =>
  (
    await field<{ totalCount: number }>(
      tenant,
      'query ($org: UUID!) { listJournalEntries(organizationId: $org, limit: 1) { totalCount } }',
    )
  ).totalCount

// 1 + 2 + ... + n cents
const triangle = (n: number) => (n * (n + 1)) / 2

describe('confirmLedgerEvents', () => {
  it('confirms 300 events in one call, each with its own entry, the books moved by their sum', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const ids = await expenses(tenant, accounts, 300)
    const answer = await confirmMany(tenant, ids)
    expect(answer.success).toBe(true)
    expect(answer.confirmedCount).toBe(300)
    expect(answer.results.map((r) => r.eventId)).toEqual(ids)
    for (const result of answer.results) expect(result).toMatchObject({ success: true, errorCode: null })
    expect(new Set(answer.results.map((r) => r.journalEntryId)).size).toBe(300)
    const cents = triangle(300)
    const total = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
    const after = await balances(tenant)
    expect(after['Office Expenses']).toBe(total)
    expect(after.Chequing).toBe(`-${total}`)
    expect(await entryCount(tenant)).toBe(300)
    const sample = await statusOf(tenant, ids[150] as string)
    expect(sample).toEqual({ status: 'confirmed', journalEntry: { id: answer.results[150]?.journalEntryId } })
  })

  it('answers a mix item by item: the refused are named, the rest confirmed', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const good = await expenses(tenant, accounts, 4)
    const unclassified = await expense(tenant, accounts, 999, { classified: false })
    const early = await expense(tenant, accounts, 500, { date: '2026-01-15' })
    const confirmedBefore = good[3] as string
    expect((await confirmMany(tenant, [confirmedBefore])).confirmedCount).toBe(1)
    const locked = await field<{ success: boolean }>(
      tenant,
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2026-01-31") { success } }',
      {},
      tenant.owner.jwt,
    )
    expect(locked.success).toBe(true)
    const missing = randomUUID()
    const ids = [good[0], unclassified, good[1], missing, early, confirmedBefore, good[2]] as string[]
    const answer = await confirmMany(tenant, ids)
    expect(answer.confirmedCount).toBe(3)
    expect(answer.results.map((r) => [r.eventId, r.success, r.errorCode])).toEqual([
      [good[0], true, null],
      [unclassified, false, 'EVENT_NOT_CLASSIFIED'],
      [good[1], true, null],
      [missing, false, 'EVENT_NOT_FOUND'],
      [early, false, 'PERIOD_LOCKED'],
      [confirmedBefore, false, 'EVENT_ALREADY_CONFIRMED'],
      [good[2], true, null],
    ])
    for (const refused of answer.results.filter((r) => !r.success)) {
      expect(refused.error).toMatch(/\w/)
      expect(refused.journalEntryId).toBeNull()
    }
    expect((await statusOf(tenant, unclassified)).status).toBe('needs_review')
    expect((await statusOf(tenant, early)).status).toBe('needs_review')
    // The three, and the one confirmed before: 1 + 2 + 3 + 4 cents.
    expect((await balances(tenant))['Office Expenses']).toBe('0.10')
  })

  it('posts each event once when the same batch is sent twice at once', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const ids = await expenses(tenant, accounts, 60)
    const [first, second] = await Promise.all([
      confirmMany(tenant, ids),
      confirmMany(tenant, [...ids].reverse()),
    ])
    expect((first?.confirmedCount ?? 0) + (second?.confirmedCount ?? 0)).toBe(60)
    const winners = new Map<string, string>()
    for (const result of [...(first?.results ?? []), ...(second?.results ?? [])]) {
      if (result.success) {
        expect(winners.has(result.eventId)).toBe(false)
        winners.set(result.eventId, result.journalEntryId as string)
      } else expect(result.errorCode).toBe('EVENT_ALREADY_CONFIRMED')
    }
    expect(winners.size).toBe(60)
    expect(await entryCount(tenant)).toBe(60)
    expect((await balances(tenant))['Office Expenses']).toBe('18.30')
  })

  it('confirms an id given twice once, and answers the repeat as a second confirm', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const [id] = await expenses(tenant, accounts, 1)
    const answer = await confirmMany(tenant, [id as string, id as string])
    expect(answer.confirmedCount).toBe(1)
    expect(answer.results.map((r) => [r.success, r.errorCode])).toEqual([
      [true, null],
      [false, 'EVENT_ALREADY_CONFIRMED'],
    ])
    expect(await entryCount(tenant)).toBe(1)
  })

  it('refuses 501 ids whole, naming the limit on every item, and confirms nothing', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const ids = await expenses(tenant, accounts, 2)
    const many = [...ids, ...Array.from({ length: 499 }, () => randomUUID())]
    const answer = await confirmMany(tenant, many)
    expect(answer).toMatchObject({ success: false, errorCode: 'BATCH_TOO_LARGE', confirmedCount: 0 })
    expect(answer.results).toHaveLength(501)
    expect(answer.results.every((r) => !r.success && r.errorCode === 'BATCH_TOO_LARGE')).toBe(true)
    expect(await entryCount(tenant)).toBe(0)
    expect((await confirmMany(tenant, [])).confirmedCount).toBe(0)
  })

  it("refuses another organization's events as not found", async () => {
    const owner = await createTenant(server)
    const stranger = await createTenant(server)
    const ids = await expenses(owner, await accountsByName(server, owner), 2)
    const answer = await confirmMany(stranger, ids)
    expect(answer.results.map((r) => r.errorCode)).toEqual(['EVENT_NOT_FOUND', 'EVENT_NOT_FOUND'])
    expect(await entryCount(owner)).toBe(0)
    const viewerAnswer = await gql(
      owner,
      'mutation ($org: UUID!, $ids: [UUID!]!) { confirmLedgerEvents(organizationId: $org, eventIds: $ids) { confirmedCount } }',
      { ids },
      stranger.bearer,
    )
    expect(viewerAnswer.errors?.[0]?.extensions?.code).toBeDefined()
  })
})

describe('confirmLedgerEvents with bank lines that pay documents', () => {
  it('pays the invoice from the first line and refuses the second, which would pay it twice, leaving it waiting', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const customer = await field<{ contact: { id: string } }>(
      tenant,
      'mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "customer", displayName: "Northwind") { contact { id } } }',
    )
    const draft = await field<{ invoice: { id: string } }>(
      tenant,
      'mutation ($org: UUID!, $input: InvoiceInput!) { createInvoice(organizationId: $org, input: $input) { invoice { id } } }',
      {
        input: {
          kind: 'invoice',
          contactId: customer.contact.id,
          issueDate: '2026-05-01',
          lines: [{ quantity: '1', unitPrice: '100.00', accountId: accounts['Sales Revenue'] }],
        },
      },
    )
    const invoiceId = draft.invoice.id
    const approved = await field<{ success: boolean }>(
      tenant,
      'mutation ($org: UUID!, $id: UUID!) { approveInvoice(organizationId: $org, invoiceId: $id) { success } }',
      { id: invoiceId },
    )
    expect(approved.success).toBe(true)
    const line = async () => {
      const created = await field<{ eventId: string }>(
        tenant,
        `mutation ($org: UUID!, $p: UUID) { createLedgerEvent(organizationId: $org, merchantName: "NORTHWIND", amount: "100.00",
          transactionDate: "2026-05-20", eventType: "income", paymentAccountId: $p) { eventId } }`,
        { p: accounts.Chequing },
      )
      const applied = await field<{ success: boolean; error: string | null }>(
        tenant,
        `mutation ($org: UUID!, $e: UUID!, $id: UUID!) {
          applyLedgerEventToInvoice(organizationId: $org, eventId: $e, invoiceId: $id, amount: "100.00") { success error } }`,
        { e: created.eventId, id: invoiceId },
      )
      expect(applied.error ?? '').toBe('')
      return created.eventId
    }
    const firstLine = await line()
    const secondLine = await line()
    const plain = await expenses(tenant, accounts, 1)
    const answer = await confirmMany(tenant, [firstLine, secondLine, ...plain])
    expect(answer.results.map((r) => [r.eventId, r.success])).toEqual([
      [firstLine, true],
      [secondLine, false],
      [plain[0], true],
    ])
    expect(answer.results[1]?.errorCode).toBe('PAYMENT_EXCEEDS_AMOUNT_DUE')
    const invoice = await field<{ status: string; amountDue: string }>(
      tenant,
      'query ($org: UUID!, $id: UUID!) { invoice(organizationId: $org, invoiceId: $id) { status amountDue } }',
      { id: invoiceId },
    )
    expect(invoice).toEqual({ status: 'paid', amountDue: '0.00' })
    expect(await statusOf(tenant, secondLine)).toEqual({ status: 'needs_review', journalEntry: null })
    const after = await balances(tenant)
    expect(after['Accounts Receivable']).toBe('0.00')
    expect(after.Chequing).toBe('99.99')
  })
})
