// A read request costs PostgreSQL one statement: page and count together, key and quota from memory.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { limits } from '../../src/kernel/limits.js'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const sharedUrl = inject('databaseUrl')
const requests = 60

const listQuery = `query ($org: UUID!) {
  listLedgerEvents(organizationId: $org, status: ["needs_review"], limit: 25) {
    totalCount items { id merchantName functionalAmount transactionDate status }
  }
}`

describe.runIf(sharedUrl)('the cost of a read on PostgreSQL', () => {
  // A database of its own, so that the transactions counted are this server's alone.
  const name = `daybook_cost_${randomBytes(5).toString('hex')}`
  let admin: pg.Client
  let server: TestServer
  let tenant: Tenant

  /**
   * Statements the server sends to its database, counted at the driver: PostgreSQL's own
   * transaction counts also take in autovacuum's work on a fresh database.
   */
  const sent: string[] = []
  /** The connection each statement last ran on. */
  const ranOn = new Map<string, pg.Client>()
  const query = pg.Client.prototype.query
  // Before the server opens its connections: each binds the driver's query when it connects.
  beforeAll(() => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (this.database === name) {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text
        sent.push(String(text))
        ranOn.set(String(text), this)
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args)
    } as typeof query
  })
  afterAll(() => {
    pg.Client.prototype.query = query
  })

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: sharedUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(sharedUrl as string)
    url.pathname = `/${name}`
    server = await startServer({ env: { DATABASE_URL: url.toString(), JOB_WORKER: 'off' } })
    tenant = await createTenant(server)
    const accounts = (await server.gql(
      'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
      { org: tenant.organizationId },
      tenant.bearer,
    )) as { body: { data: { listAccounts: { items: Array<{ id: string; name: string }> } } } }
    const bank = accounts.body.data.listAccounts.items.find((a) => a.name === 'Chequing')
    for (let i = 0; i < 30; i++) {
      const created = await server.gql(
        `mutation ($org: UUID!, $bank: UUID!, $day: String!) {
          createLedgerEvent(organizationId: $org, eventType: "expense", merchantName: "Cafe",
            amount: "12.50", transactionDate: $day, paymentAccountId: $bank) { success }
        }`,
        {
          org: tenant.organizationId,
          bank: bank?.id,
          day: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
        },
        tenant.bearer,
      )
      expect(created.body).toEqual({ data: { createLedgerEvent: { success: true } } })
    }
    // The audit trail seals the set-up's writes behind them, the last pass at most
    // auditSealFollowUpMs after the first write; the reads are counted once it has gone quiet.
    await new Promise((resolve) => setTimeout(resolve, limits.auditSealFollowUpMs))
    for (let seen = -1; seen !== sent.length; ) {
      seen = sent.length
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
  }, 60_000)

  afterAll(async () => {
    await server.close()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  it('is one statement per list page with its totalCount, read with an API key', async () => {
    // Warm: the key, the organization and the quota's window are known after the first request.
    await server.gql(listQuery, { org: tenant.organizationId }, tenant.bearer)
    const before = sent.length
    for (let i = 0; i < requests; i++) {
      const answer = (await server.gql(listQuery, { org: tenant.organizationId }, tenant.bearer)) as {
        body: { data: { listLedgerEvents: { totalCount: number; items: unknown[] } } }
      }
      expect(answer.body.data.listLedgerEvents.totalCount).toBe(30)
      expect(answer.body.data.listLedgerEvents.items).toHaveLength(25)
    }
    const spent = sent.slice(before)
    // One per request, and the quota's count sent once a second at most while this runs.
    const quota = spent.filter((text) => text.includes('api_key_quota_windows'))
    expect(spent.length - quota.length).toBe(requests)
    expect(quota.length).toBeLessThanOrEqual(5)
    expect(spent.filter((text) => /^\s*begin/i.test(text))).toEqual([])
  })

  it('reads the accounts as well only when the query asks for them', async () => {
    const before = sent.length
    for (let i = 0; i < 10; i++) {
      await server.gql(
        `query ($org: UUID!) { listLedgerEvents(organizationId: $org, limit: 5) { items { id paymentAccount { name } } } }`,
        { org: tenant.organizationId },
        tenant.bearer,
      )
    }
    const spent = sent.slice(before).filter((text) => !text.includes('api_key_quota_windows'))
    expect(spent).toHaveLength(20)
    expect(spent.filter((text) => text.includes('from "accounts"'))).toHaveLength(10)
  })

  it('plans the review queue once on its connection, and a page filtered by dates for its values', async () => {
    const pageOf = (filter: (text: string) => boolean) =>
      [...ranOn.keys()].find(
        (text) => text.includes('"daybook_total_count" from "ledger_events"') && filter(text),
      ) as string
    const setting = async (client: pg.Client | undefined) => {
      if (!client) throw new Error('no connection ran the statement')
      const { rows } = (await client.query('show plan_cache_mode')) as {
        rows: Array<{ plan_cache_mode: string }>
      }
      return rows[0]?.plan_cache_mode
    }
    for (let i = 0; i < 8; i++) await server.gql(listQuery, { org: tenant.organizationId }, tenant.bearer)
    const reviewQueue = pageOf(
      (text) => text.includes('"status" in') && !text.includes('"transaction_date" >='),
    )
    const onePlan = ranOn.get(reviewQueue)
    expect(await setting(onePlan)).toBe('force_generic_plan')
    const plans = (await onePlan?.query(
      'select generic_plans, custom_plans from pg_prepared_statements where statement = $1',
      [reviewQueue],
    )) as { rows: Array<{ generic_plans: bigint; custom_plans: bigint }> }
    expect(plans.rows).toHaveLength(1)
    expect(Number(plans.rows[0]?.generic_plans)).toBeGreaterThan(0)
    expect(Number(plans.rows[0]?.custom_plans)).toBe(0)

    const dated = await server.gql(
      `query ($org: UUID!) { listLedgerEvents(organizationId: $org, status: ["needs_review"], dateFrom: "2026-03-10", limit: 5) { totalCount } }`,
      { org: tenant.organizationId },
      tenant.bearer,
    )
    expect(dated.body).toMatchObject({ data: { listLedgerEvents: { totalCount: expect.any(Number) } } })
    expect(await setting(ranOn.get(pageOf((text) => text.includes('"transaction_date" >='))))).toBe('auto')
  })
})
