// The event feed over HTTP: every business fact once, numbered without gaps in the order the books took it, for its own organization only.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, daybookBin, operatorCli, printed } from '../support/cli.js'
import { multipart, tinyPng } from '../support/files.js'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-feed-'))
let server: TestServer

beforeAll(async () => {
  server = await startServer({ dataDir })
})
afterAll(() => server.close())

type Body = {
  data?: Record<string, unknown>
  errors?: Array<{ message: string; extensions?: { code?: string } }>
}
type FeedEvent = {
  id: string
  seq: number
  type: string
  occurredAt: string
  actorType: string
  actorId: string | null
  entityId: string
  data: string
}
type FeedPage = { items: FeedEvent[]; lastSeq: number }

async function call<T>(auth: Record<string, string>, org: string, query: string, variables = {}) {
  const body = (await server.gql(query, { org, ...variables }, auth)).body as Body
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return Object.values(body.data ?? {})[0] as T
}

const feedQuery =
  'query ($org: UUID!, $after: Int, $types: [String!], $limit: Int) { events(organizationId: $org, after: $after, types: $types, limit: $limit) { lastSeq items { id seq type occurredAt actorType actorId entityId data } } }'

const feed = (tenant: Tenant, variables: Record<string, unknown> = {}) =>
  call<FeedPage>(tenant.bearer, tenant.organizationId, feedQuery, variables)

/**
 * Where a new organization's feed stands once its default chart is made: its first events are the
 * chart's accounts, created with it.
 */
async function afterChart(tenant: Tenant): Promise<number> {
  const start = await feed(tenant, { limit: 1000 })
  expect(start.items.length).toBeGreaterThan(10)
  expect(new Set(start.items.map((e) => e.type))).toEqual(new Set(['account.created']))
  expect(start.items.map((e) => e.seq)).toEqual(start.items.map((_, index) => index + 1))
  return start.lastSeq
}

/** Every event after `from`, read page by page as a client would. */
async function wholeFeed(tenant: Tenant, limit = 3, from = 0): Promise<FeedEvent[]> {
  const all: FeedEvent[] = []
  let after = from
  for (;;) {
    const page = await feed(tenant, { after, limit })
    all.push(...page.items)
    if (page.lastSeq === after) return all
    after = page.lastSeq
  }
}

const mutation = (tenant: Tenant, query: string, variables: Record<string, unknown> = {}) =>
  call<Record<string, unknown>>(tenant.bearer, tenant.organizationId, query, variables)

async function createEvent(tenant: Tenant, merchant: string, paymentAccountId: string) {
  const created = await mutation(
    tenant,
    'mutation ($org: UUID!, $m: String!, $p: UUID) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: "12.34", transactionDate: "2026-03-02", paymentAccountId: $p) { eventId } }',
    { m: merchant, p: paymentAccountId },
  )
  return created.eventId as string
}

describe('events', () => {
  it('tells every business fact once, in order, with its actor and data', async () => {
    const tenant = await createTenant(server)
    const start = await afterChart(tenant)
    const accounts = await accountsByName(server, tenant)
    const eventId = await createEvent(tenant, 'Paper Co', accounts.Chequing as string)
    await mutation(
      tenant,
      'mutation ($org: UUID!, $e: UUID!, $c: UUID) { updateStagedEntry(organizationId: $org, eventId: $e, categoryId: $c) { success } }',
      { e: eventId, c: accounts['Office Expenses'] },
    )
    await mutation(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      { e: eventId },
    )
    await mutation(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      { e: eventId },
    )
    const imported = await mutation(
      tenant,
      'mutation ($org: UUID!, $p: UUID!) { importBankStatement(organizationId: $org, paymentAccountId: $p, rows: [{ transactionDate: "2026-03-03", description: "Coffee", amount: "-4.50", eventType: "expense" }]) { importedCount } }',
      { p: accounts.Chequing },
    )
    expect(imported.importedCount).toBe(1)
    const contact = await mutation(
      tenant,
      'mutation ($org: UUID!) { createContact(organizationId: $org, displayName: "Feed Vendor", contactType: "vendor") { contact { id } } }',
    )
    const lock = await call<Record<string, unknown>>(
      tenant.owner.jwt,
      tenant.organizationId,
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2026-01-31") { success } }',
    )
    expect(lock.success).toBe(true)

    const events = await wholeFeed(tenant, 3, start)
    expect(events.map((e) => e.seq)).toEqual(events.map((_, index) => start + index + 1))
    const ofEvent = events.filter((e) => e.entityId === eventId).map((e) => e.type)
    expect(ofEvent).toEqual([
      'ledger_event.created',
      'ledger_event.classified',
      'ledger_event.confirmed',
      'ledger_event.rejected',
    ])
    const types = events.map((e) => e.type)
    expect(types).toContain('bank_import.completed')
    expect(types.indexOf('bank_import.completed')).toBeGreaterThan(types.lastIndexOf('ledger_event.created'))
    expect(types.slice(-2)).toEqual(['contact.created', 'organization.lock_date_changed'])
    expect(events.at(-2)?.entityId).toBe((contact.contact as { id: string }).id)
    // Nothing internal leaks into the feed: journal entries stay in the audit log.
    expect(types.filter((type) => type.startsWith('journal_entry'))).toEqual([])

    const confirmed = events.find((e) => e.type === 'ledger_event.confirmed') as FeedEvent
    expect(confirmed.actorType).toBe('api_key')
    expect(JSON.parse(confirmed.data)).toMatchObject({
      entityType: 'ledger_event',
      entityId: eventId,
      after: { status: 'confirmed' },
    })
    const locked = events.at(-1) as FeedEvent
    expect(locked).toMatchObject({ actorType: 'user', actorId: tenant.owner.userId })
    const completed = events.find((e) => e.type === 'bank_import.completed') as FeedEvent
    expect(JSON.parse(completed.data).after).toMatchObject({ importedCount: 1, skippedCount: 0 })
  })

  it('filters by type, pages by lastSeq without skipping, and refuses what it cannot answer', async () => {
    const tenant = await createTenant(server)
    const start = await afterChart(tenant)
    const accounts = await accountsByName(server, tenant)
    for (const merchant of ['One', 'Two', 'Three'])
      await createEvent(tenant, merchant, accounts.Chequing as string)
    const all = await feed(tenant, { after: start })
    expect(all.items.map((e) => e.type)).toEqual(Array(3).fill('ledger_event.created'))
    expect(all.lastSeq).toBe(start + 3)

    const firstTwo = await feed(tenant, { after: start, limit: 2 })
    expect(firstTwo.items.map((e) => e.seq)).toEqual([start + 1, start + 2])
    expect(firstTwo.lastSeq).toBe(start + 2)
    const rest = await feed(tenant, { after: firstTwo.lastSeq, limit: 2 })
    expect(rest.items.map((e) => e.seq)).toEqual([start + 3])
    expect(rest.lastSeq).toBe(start + 3)
    expect(await feed(tenant, { after: start + 3 })).toEqual({ items: [], lastSeq: start + 3 })

    // A filter that matches nothing still says where the feed stands, so the next call skips ahead.
    expect(await feed(tenant, { types: ['contact.created'] })).toEqual({ items: [], lastSeq: start + 3 })
    const created = await feed(tenant, { types: ['ledger_event.created'] })
    expect(created.items.map((e) => e.seq)).toEqual([start + 1, start + 2, start + 3])

    const refused = async (variables: Record<string, unknown>) => {
      const body = (await server.gql(feedQuery, { org: tenant.organizationId, ...variables }, tenant.bearer))
        .body as Body
      return body.errors?.[0]?.extensions?.code
    }
    // Over the largest page is served as the largest page, as on every list.
    expect(await refused({ limit: 100_000 })).toBeUndefined()
    expect(await refused({ limit: 0 })).toBe('INVALID_LIMIT')
    expect(await refused({ after: -1 })).toBe('INVALID_OFFSET')
    expect(await refused({ types: ['api_key.created'] })).toBe('INVALID_FILTER')
  })

  it('numbers concurrent writes once each, without gaps', async () => {
    const tenant = await createTenant(server)
    const start = await afterChart(tenant)
    const accounts = await accountsByName(server, tenant)
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        createEvent(tenant, `Parallel ${index}`, accounts.Chequing as string),
      ),
    )
    const events = await wholeFeed(tenant, 7, start)
    expect(events.map((e) => e.seq)).toEqual(ids.map((_, index) => start + index + 1))
    expect(new Set(events.map((e) => e.entityId))).toEqual(new Set(ids))
  })

  it('tells a receipt received and attached, and never another organization its events', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const eventId = await createEvent(tenant, 'Receipt shop', accounts.Chequing as string)
    const response = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: tenant.bearer,
      body: multipart([{ name: 'file', filename: 'receipt.png', bytes: tinyPng, type: 'image/png' }]),
    })
    const { s3Key } = (await response.json()) as { s3Key: string }
    const attached = await mutation(
      tenant,
      'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success error receiptId } }',
      { e: eventId, k: s3Key },
    )
    expect(attached.error).toBeNull()
    const receiptId = attached.receiptId as string
    const receiptTypes = async () =>
      (
        await feed(tenant, {
          types: ['receipt.received', 'receipt.matched', 'receipt.extracted', 'receipt.failed'],
        })
      ).items
        .filter((e) => e.entityId === receiptId)
        .map((e) => e.type)
    expect((await receiptTypes()).slice(0, 2)).toEqual(['receipt.received', 'receipt.matched'])
    // The reading runs in the background and ends in one of two ways.
    const deadline = Date.now() + 60_000
    let types = await receiptTypes()
    while (types.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      types = await receiptTypes()
    }
    expect(['receipt.extracted', 'receipt.failed']).toContain(types[2])
    const extraction = (await feed(tenant, { types: [types[2] as string] })).items.at(-1) as FeedEvent
    expect(extraction.actorType).toBe('system')

    const mine = await wholeFeed(tenant, 50)
    const theirs = await wholeFeed(other, 50)
    const mineIds = new Set(mine.flatMap((e) => [e.id, e.entityId]))
    expect(theirs.filter((e) => mineIds.has(e.id) || mineIds.has(e.entityId))).toEqual([])
    expect(theirs.every((e) => e.type === 'account.created')).toBe(true)
    // Another organization's key cannot read this feed.
    const body = (await server.gql(feedQuery, { org: tenant.organizationId }, other.bearer)).body as Body
    expect(body.errors?.[0]?.message).toBeTruthy()
    expect(body.data?.events ?? null).toBeNull()
  }, 90_000)
})

describe('daybook events tail', () => {
  const daybook = operatorCli(dataDir)

  it('prints the feed as JSON lines, filtered, and follows it until interrupted', async () => {
    const tenant = await createTenant(server)
    const start = await afterChart(tenant)
    const accounts = await accountsByName(server, tenant)
    const first = await createEvent(tenant, 'Tail one', accounts.Chequing as string)
    const lines = printed(
      await daybook(
        'events',
        'tail',
        '--org-id',
        tenant.organizationId,
        '--types',
        'ledger_event.created',
        '--no-follow',
      ),
    )
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as FeedEvent)
    expect(lines.map((e) => [e.seq, e.type, e.entityId])).toEqual([
      [start + 1, 'ledger_event.created', first],
    ])

    const tail = spawn(
      process.execPath,
      [daybookBin, 'events', 'tail', '--org-id', tenant.organizationId, '--after', String(start + 1)],
      { env: cliEnv(dataDir) },
    )
    let output = ''
    tail.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise<number | null>((resolve) => tail.on('exit', resolve))
    const second = await createEvent(tenant, 'Tail two', accounts.Chequing as string)
    const deadline = Date.now() + 20_000
    while (!output.includes(second) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    tail.kill('SIGINT')
    expect(await exited).toBe(0)
    const followed = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as FeedEvent)
    expect(followed.map((e) => [e.seq, e.entityId])).toEqual([[start + 2, second]])
  }, 60_000)
})
