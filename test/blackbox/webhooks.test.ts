// Webhooks over HTTP to a real receiver: every feed event once, in order and signed as Standard Webhooks says, retried, redelivered, rotated, disabled, and never sent anywhere internal.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Clock } from '../../src/kernel/clock.js'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** A receiver on loopback that keeps every request, and fails the next ones when told to. */
class Receiver {
  readonly requests: Received[] = []
  failNext = 0
  down = false
  private readonly server: Server

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        this.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
        if (this.down || this.failNext > 0) {
          this.failNext = Math.max(0, this.failNext - 1)
          response.writeHead(503, { 'content-type': 'text/plain' }).end('not now')
          return
        }
        response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks')
      })
    })
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

/** Real time, moved forward when a test needs days to pass. */
const clock: Clock & { offsetMs: number } = {
  offsetMs: 0,
  now: (): Date => new Date(Date.now() + clock.offsetMs),
}

let server: TestServer
let strict: TestServer
const receivers: Receiver[] = []

beforeAll(async () => {
  server = await startServer({
    clock,
    env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1' },
  })
  // Only the URL rules are tried on it. On PostgreSQL it shares the database, and its dispatcher,
  // with settings that refuse the loopback receivers, would take their deliveries.
  strict = await startServer({ env: { JOB_WORKER: 'off' } })
})
afterAll(async () => {
  await server.close()
  await strict.close()
  for (const receiver of receivers) await receiver.close()
})

async function receiver(): Promise<{ receiver: Receiver; url: string }> {
  const made = new Receiver()
  receivers.push(made)
  return { receiver: made, url: await made.listen() }
}

type Body = {
  data?: Record<string, unknown>
  errors?: Array<{ message: string; extensions?: { code?: string } }>
}

async function call<T>(on: TestServer, auth: Record<string, string>, query: string, variables = {}) {
  const body = (await on.gql(query, variables, auth)).body as Body
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return Object.values(body.data ?? {})[0] as T
}

const endpointFields = 'success error errorCode secret endpoint { id url eventTypes enabled createdAt }'
type EndpointPayload = {
  success: boolean
  error: string | null
  errorCode: string | null
  secret: string | null
  endpoint: { id: string; url: string; eventTypes: string[] | null; enabled: boolean } | null
}

const createEndpoint = (on: TestServer, tenant: Tenant, url: string, eventTypes?: string[]) =>
  call<EndpointPayload>(
    on,
    tenant.owner.jwt,
    `mutation ($org: UUID!, $url: String!, $types: [String!]) { createWebhookEndpoint(organizationId: $org, url: $url, eventTypes: $types, description: "test") { ${endpointFields} } }`,
    { org: tenant.organizationId, url, types: eventTypes },
  )

type FeedEvent = { id: string; seq: number; type: string; occurredAt: string; entityId: string; data: string }

async function feedAfter(tenant: Tenant, after: number): Promise<{ items: FeedEvent[]; lastSeq: number }> {
  return call(
    server,
    tenant.bearer,
    'query ($org: UUID!, $after: Int) { events(organizationId: $org, after: $after, limit: 1000) { lastSeq items { id seq type occurredAt actorType actorId entityId data } } }',
    { org: tenant.organizationId, after },
  )
}

async function createEvent(tenant: Tenant, merchant = 'Paper Co'): Promise<string> {
  const created = await call<{ eventId: string }>(
    server,
    tenant.bearer,
    'mutation ($org: UUID!, $m: String!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: "12.34", transactionDate: "2026-03-02") { eventId } }',
    { org: tenant.organizationId, m: merchant },
  )
  return created.eventId
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 30_000) {
  const until = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

type DeliveryPage = {
  totalCount: number
  items: Array<{
    eventId: string
    eventType: string
    seq: number
    status: string
    attemptCount: number
    attempts: Array<{
      attempt: number
      statusCode: number | null
      durationMs: number
      responseBody: string | null
    }>
  }>
}

const deliveries = (tenant: Tenant, endpointId: string, auth = tenant.owner.jwt) =>
  call<DeliveryPage>(
    server,
    auth,
    'query ($org: UUID!, $e: UUID!) { listWebhookDeliveries(organizationId: $org, endpointId: $e, limit: 100) { totalCount items { eventId eventType seq status attemptCount attempts { attempt at statusCode durationMs responseBody error } } } }',
    { org: tenant.organizationId, e: endpointId },
  )

const parsed = (request: Received) =>
  JSON.parse(request.body) as { type: string; timestamp: string; data: FeedEvent & { data: unknown } }

describe('delivery', () => {
  it('sends every event of the organization once, in seq order, signed, and nothing of another', async () => {
    const { receiver: hook, url } = await receiver()
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const { receiver: otherHook, url: otherUrl } = await receiver()
    await createEndpoint(server, other, otherUrl)
    const start = (await feedAfter(tenant, 0)).lastSeq
    const created = await createEndpoint(server, tenant, url)
    expect(created).toMatchObject({ success: true, endpoint: { url, eventTypes: null, enabled: true } })
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)

    const accounts = await accountsByName(server, tenant)
    const eventId = await createEvent(tenant)
    await call(
      server,
      tenant.bearer,
      'mutation ($org: UUID!, $e: UUID!, $c: UUID, $p: UUID) { updateStagedEntry(organizationId: $org, eventId: $e, categoryId: $c, paymentId: $p) { success } }',
      { org: tenant.organizationId, e: eventId, c: accounts['Office Expenses'], p: accounts.Chequing },
    )
    await call(
      server,
      tenant.bearer,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      { org: tenant.organizationId, e: eventId },
    )
    await call(
      server,
      tenant.bearer,
      'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      { org: tenant.organizationId, e: eventId },
    )
    await call(
      server,
      tenant.bearer,
      'mutation ($org: UUID!) { createContact(organizationId: $org, displayName: "Hook Vendor", contactType: "vendor") { success } }',
      { org: tenant.organizationId },
    )
    await call(
      server,
      tenant.bearer,
      'mutation ($org: UUID!) { createAccount(organizationId: $org, name: "Hook Expenses", accountType: "expense", classification: "expense") { success } }',
      { org: tenant.organizationId },
    )
    await call(
      server,
      tenant.owner.jwt,
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2026-01-31") { success } }',
      { org: tenant.organizationId },
    )
    await createEvent(other, 'Elsewhere Ltd')

    const feed = (await feedAfter(tenant, start)).items
    expect(new Set(feed.map((e) => e.type))).toEqual(
      new Set([
        'ledger_event.created',
        'ledger_event.classified',
        'ledger_event.confirmed',
        'ledger_event.rejected',
        'contact.created',
        'account.created',
        'organization.lock_date_changed',
      ]),
    )
    const ids = new Set(feed.map((e) => e.id))
    const mine = () => hook.requests.filter((r) => ids.has(String(r.headers['webhook-id'])))
    await waitFor('every event', () => (mine().length >= feed.length ? true : undefined))
    const signer = new Webhook(created.secret as string)
    const received = mine().map((request) => {
      expect(request.headers['content-type']).toBe('application/json')
      signer.verify(request.body, request.headers as Record<string, string>)
      const body = parsed(request)
      expect(body.data.id).toBe(request.headers['webhook-id'])
      expect(body.type).toBe(body.data.type)
      expect(body.timestamp).toBe(body.data.occurredAt)
      return body.data
    })
    // The feed and the deliveries agree, event for event and in the same order.
    expect(received.map((e) => e.seq)).toEqual(feed.map((e) => e.seq))
    expect(received.map((e) => ({ ...e, data: JSON.stringify(e.data) }))).toEqual(feed)
    // Nothing of the other organization reached this endpoint's deliveries.
    const delivered = await deliveries(tenant, created.endpoint?.id as string)
    expect(delivered.items.map((d) => d.seq)).toEqual(feed.map((e) => e.seq).reverse())
    expect(delivered.items.every((d) => d.status === 'delivered' && d.attemptCount === 1)).toBe(true)
    expect(hook.requests).toHaveLength(feed.length)
    await waitFor("the other organization's event", () => (otherHook.requests.length > 0 ? true : undefined))
    expect(hook.requests.filter((r) => r.body.includes(other.organizationId))).toEqual([])
    const otherIds = (
      await call<{ items: FeedEvent[] }>(
        server,
        other.bearer,
        'query ($org: UUID!) { events(organizationId: $org, limit: 1000) { items { id } } }',
        { org: other.organizationId },
      )
    ).items.map((e) => e.id)
    expect(received.filter((e) => otherIds.includes(e.id))).toEqual([])
  }, 60_000)

  it('sends only the types asked for', async () => {
    const { receiver: hook, url } = await receiver()
    const tenant = await createTenant(server)
    const created = await createEndpoint(server, tenant, url, ['contact.created'])
    expect(created.endpoint?.eventTypes).toEqual(['contact.created'])
    await createEvent(tenant)
    await call(
      server,
      tenant.bearer,
      'mutation ($org: UUID!) { createContact(organizationId: $org, displayName: "Only Me", contactType: "vendor") { success } }',
      { org: tenant.organizationId },
    )
    await waitFor('the contact', () => (hook.requests.length > 0 ? true : undefined))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(hook.requests.map((r) => parsed(r).type)).toEqual(['contact.created'])
  }, 30_000)

  it('retries a failing receiver by the schedule with the same webhook-id, and redelivers on request', async () => {
    const { receiver: hook, url } = await receiver()
    const tenant = await createTenant(server)
    const created = await createEndpoint(server, tenant, url, ['ledger_event.created'])
    const endpointId = created.endpoint?.id as string
    hook.failNext = 3
    await createEvent(tenant)
    await waitFor(`the fourth attempt`, () => (hook.requests.length >= 4 ? true : undefined))
    const ids = new Set(hook.requests.map((r) => r.headers['webhook-id']))
    expect(ids.size).toBe(1)
    const signer = new Webhook(created.secret as string)
    for (const request of hook.requests)
      signer.verify(request.body, request.headers as Record<string, string>)

    const listed = await waitFor('the delivery recorded', async () => {
      const page = await deliveries(tenant, endpointId)
      return page.items[0]?.status === 'delivered' ? page : undefined
    })
    expect(listed.totalCount).toBe(1)
    const [delivery] = listed.items
    expect(delivery?.attemptCount).toBe(4)
    expect(delivery?.attempts.map((a) => [a.attempt, a.statusCode, a.responseBody])).toEqual([
      [4, 200, 'thanks'],
      [3, 503, 'not now'],
      [2, 503, 'not now'],
      [1, 503, 'not now'],
    ])
    expect(delivery?.attempts.every((a) => Number.isInteger(a.durationMs) && a.durationMs >= 0)).toBe(true)

    const redelivered = await call<{ success: boolean; delivery: { eventId: string; status: string } }>(
      server,
      tenant.owner.jwt,
      'mutation ($org: UUID!, $e: UUID!, $ev: UUID!) { redeliverWebhookEvent(organizationId: $org, endpointId: $e, eventId: $ev) { success errorCode delivery { eventId status } } }',
      { org: tenant.organizationId, e: endpointId, ev: delivery?.eventId },
    )
    expect(redelivered).toMatchObject({
      success: true,
      delivery: { eventId: delivery?.eventId, status: 'pending' },
    })
    await waitFor('the redelivery', () => (hook.requests.length >= 5 ? true : undefined))
    expect(hook.requests[4]?.headers['webhook-id']).toBe(delivery?.eventId)
    signer.verify(hook.requests[4]?.body as string, hook.requests[4]?.headers as Record<string, string>)
    expect(hook.requests[4]?.body).toBe(hook.requests[0]?.body)
    expect((await deliveries(tenant, endpointId)).totalCount).toBe(2)
  }, 60_000)
})

describe('who may subscribe, and where to', () => {
  it('refuses API keys with the admin message', async () => {
    const tenant = await createTenant(server)
    const answer = await server.gql(
      `mutation ($org: UUID!) { createWebhookEndpoint(organizationId: $org, url: "https://hooks.example.com/x") { ${endpointFields} } }`,
      { org: tenant.organizationId },
      tenant.bearer,
    )
    expect(answer.body.data).toEqual({ createWebhookEndpoint: null })
    expect(answer.body.errors?.[0]).toMatchObject({
      message: 'API Keys Cannot Perform Admin Operations.',
      extensions: { code: 'API_KEY_ADMIN_FORBIDDEN' },
    })
  })

  it('refuses plain http, internal addresses and unknown types unless the operator allows them', async () => {
    const tenant = await createTenant(strict)
    const refused = async (url: string, code: string, on = strict, who = tenant) => {
      const answer = await createEndpoint(on, who, url)
      expect(answer, url).toMatchObject({ success: false, errorCode: code, endpoint: null, secret: null })
    }
    await refused('http://hooks.example.com/x', 'WEBHOOK_URL_NOT_HTTPS')
    await refused('ftp://hooks.example.com/x', 'WEBHOOK_URL_INVALID')
    await refused('https://user:pw@hooks.example.com/x', 'WEBHOOK_URL_INVALID')
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://172.20.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[::]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[ff02::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:a9fe:a9fe]/x',
      'https://localhost/x',
    ]) {
      await refused(url, 'WEBHOOK_URL_PRIVATE')
    }
    const unknownType = await call<EndpointPayload>(
      strict,
      tenant.owner.jwt,
      `mutation ($org: UUID!) { createWebhookEndpoint(organizationId: $org, url: "https://203.0.113.9/x", eventTypes: ["ledger_event.created", "journal_entry.posted"]) { ${endpointFields} } }`,
      { org: tenant.organizationId },
    )
    expect(unknownType).toMatchObject({ success: false, errorCode: 'WEBHOOK_EVENT_TYPE_UNKNOWN' })
    expect(await createEndpoint(strict, tenant, 'https://203.0.113.9/x')).toMatchObject({ success: true })

    // Allowing 127.0.0.1 allows that address only.
    const permissive = await createTenant(server)
    await refused('https://[::1]/x', 'WEBHOOK_URL_PRIVATE', server, permissive)
    await refused('http://10.0.0.1/x', 'WEBHOOK_URL_PRIVATE', server, permissive)
    expect(await createEndpoint(server, permissive, 'http://127.0.0.1:9/x')).toMatchObject({ success: true })
  })

  it("answers for another organization's endpoint exactly as for none", async () => {
    const { url } = await receiver()
    const mine = await createTenant(server)
    const theirs = await createTenant(server)
    const theirEndpoint = (await createEndpoint(server, theirs, url)).endpoint?.id as string
    const missing = '01900000-0000-7000-8000-000000000000'
    for (const endpointId of [theirEndpoint, missing]) {
      const updated = await call<EndpointPayload>(
        server,
        mine.owner.jwt,
        `mutation ($org: UUID!, $e: UUID!) { updateWebhookEndpoint(organizationId: $org, endpointId: $e, enabled: false) { ${endpointFields} } }`,
        { org: mine.organizationId, e: endpointId },
      )
      expect(updated).toEqual({
        success: false,
        error: 'No webhook endpoint with this id.',
        errorCode: 'WEBHOOK_ENDPOINT_NOT_FOUND',
        secret: null,
        endpoint: null,
      })
      const listed = await server.gql(
        'query ($org: UUID!, $e: UUID!) { listWebhookDeliveries(organizationId: $org, endpointId: $e) { totalCount } }',
        { org: mine.organizationId, e: endpointId },
        mine.owner.jwt,
      )
      expect(listed.body.errors?.[0]?.extensions?.code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND')
    }
    const theirList = await call<Array<{ id: string; enabled: boolean }>>(
      server,
      theirs.owner.jwt,
      'query ($org: UUID!) { listWebhookEndpoints(organizationId: $org) { id enabled } }',
      { org: theirs.organizationId },
    )
    expect(theirList).toEqual([{ id: theirEndpoint, enabled: true }])
    expect(
      await call<unknown[]>(
        server,
        mine.owner.jwt,
        'query ($org: UUID!) { listWebhookEndpoints(organizationId: $org) { id } }',
        { org: mine.organizationId },
      ),
    ).toEqual([])
  })
})

// These move the server's clock forward by days, so they come last; standardwebhooks' verify
// compares with the real time, so signatures are checked with its sign at the sent timestamp.
describe('over days', () => {
  const signaturesOf = (request: Received) => String(request.headers['webhook-signature']).split(' ')
  const signedWith = (secret: string, request: Received) =>
    new Webhook(secret).sign(
      String(request.headers['webhook-id']),
      new Date(Number(request.headers['webhook-timestamp']) * 1000),
      request.body,
    )

  it('signs with the old secret beside the new one for 24 hours after a rotation, then the new only', async () => {
    const { receiver: hook, url } = await receiver()
    const tenant = await createTenant(server)
    const created = await createEndpoint(server, tenant, url, ['ledger_event.created'])
    const rotated = await call<EndpointPayload>(
      server,
      tenant.owner.jwt,
      `mutation ($org: UUID!, $e: UUID!) { rotateWebhookSecret(organizationId: $org, endpointId: $e) { ${endpointFields} } }`,
      { org: tenant.organizationId, e: created.endpoint?.id },
    )
    expect(rotated.success).toBe(true)
    expect(rotated.secret).not.toBe(created.secret)
    const oldSecret = created.secret as string
    const newSecret = rotated.secret as string

    await createEvent(tenant)
    await waitFor('the first event', () => (hook.requests.length >= 1 ? true : undefined))
    const during = hook.requests[0] as Received
    expect(signaturesOf(during).sort()).toEqual(
      [signedWith(newSecret, during), signedWith(oldSecret, during)].sort(),
    )
    new Webhook(newSecret).verify(during.body, during.headers as Record<string, string>)
    new Webhook(oldSecret).verify(during.body, during.headers as Record<string, string>)

    clock.offsetMs += 24 * 60 * 60 * 1000 + 60_000
    await createEvent(tenant)
    await waitFor('the second event', () => (hook.requests.length >= 2 ? true : undefined))
    const after = hook.requests[1] as Received
    expect(signaturesOf(after)).toEqual([signedWith(newSecret, after)])
  }, 30_000)

  it('disables an endpoint that failed for 5 days and tells the feed', async () => {
    const { receiver: hook, url } = await receiver()
    hook.down = true
    const tenant = await createTenant(server)
    const start = (await feedAfter(tenant, 0)).lastSeq
    const created = await createEndpoint(server, tenant, url)
    const endpointId = created.endpoint?.id as string
    await createEvent(tenant)
    await waitFor('a failed attempt', () => (hook.requests.length >= 1 ? true : undefined))

    clock.offsetMs += 5 * 24 * 60 * 60 * 1000 + 60_000
    const owner = {
      authorization: `JWT ${await server.app.core.services.access.tokenAuth(tenant.owner.email, tenant.owner.password)}`,
    }
    const listed = await waitFor('the endpoint disabled', async () => {
      const endpoints = await call<Array<{ id: string; enabled: boolean; disabledAt: string | null }>>(
        server,
        owner,
        'query ($org: UUID!) { listWebhookEndpoints(organizationId: $org) { id enabled disabledAt } }',
        { org: tenant.organizationId },
      )
      return endpoints[0]?.enabled === false ? endpoints : undefined
    })
    expect(listed[0]).toMatchObject({ id: endpointId, enabled: false })
    const feed = (await feedAfter(tenant, start)).items
    const disabled = feed.filter((e) => e.type === 'webhook_endpoint.disabled')
    expect(disabled).toHaveLength(1)
    expect(disabled[0]?.entityId).toBe(endpointId)
    // The feed reaches members and API keys, and other endpoints: the URL (a token may be in it) stays out.
    const told = JSON.parse(disabled[0]?.data as string) as { after: Record<string, unknown> }
    expect(disabled[0]?.data).not.toContain(url)
    expect(disabled[0]?.data).not.toContain('127.0.0.1')
    expect(told.after).toMatchObject({ endpointId, enabled: false, reason: expect.stringContaining('since') })
    const sent = hook.requests.length
    await createEvent(tenant)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(hook.requests.length).toBe(sent)
  }, 60_000)
})
