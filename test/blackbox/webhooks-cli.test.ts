// The operator's webhook commands: endpoints without secrets, deliveries with their attempts, and a redelivery the running server sends under the same webhook-id.
import { mkdtempSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, operatorCli, refused } from '../support/cli.js'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-webhooks-cli-'))
const daybook = operatorCli(dataDir)
let server: TestServer
let receiver: Server
let receiverUrl: string
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = []

beforeAll(async () => {
  server = await startServer({
    dataDir,
    env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1' },
  })
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
})
afterAll(async () => {
  await server.close()
  await new Promise((resolve) => receiver.close(resolve))
})

async function gql<T>(auth: Record<string, string>, query: string, variables: Record<string, unknown>) {
  const body = (await server.gql(query, variables, auth)).body
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return Object.values(body.data ?? {})[0] as T
}

async function waitFor<T>(what: string, probe: () => T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A tenant with one endpoint on the receiver, and one event created and delivered to it. */
async function subscribedTenant(): Promise<{
  tenant: Tenant
  endpointId: string
  secret: string
  eventId: string
}> {
  const tenant = await createTenant(server)
  const created = await gql<{ success: boolean; secret: string; endpoint: { id: string } }>(
    tenant.owner.jwt,
    'mutation ($org: UUID!, $url: String!) { createWebhookEndpoint(organizationId: $org, url: $url, eventTypes: ["ledger_event.created"], description: "books") { success secret endpoint { id } } }',
    { org: tenant.organizationId, url: receiverUrl },
  )
  expect(created.success).toBe(true)
  const event = await gql<{ eventId: string }>(
    tenant.bearer,
    'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "Paper Co", amount: "12.34", transactionDate: "2026-03-02") { eventId } }',
    { org: tenant.organizationId },
  )
  const delivered = await waitFor('the first delivery', () =>
    received.find((r) => JSON.parse(r.body).data.entityId === event.eventId),
  )
  return {
    tenant,
    endpointId: created.endpoint.id,
    secret: created.secret,
    eventId: String(delivered.headers['webhook-id']),
  }
}

describe('daybook webhooks', () => {
  // Each command is a process of its own: on a busy machine a test of several takes a while.
  it('lists endpoints without secrets, shows deliveries with their attempts, and redelivers under the same webhook-id', async () => {
    const { tenant, endpointId, secret, eventId } = await subscribedTenant()

    const listed = json(await daybook('webhooks', 'list', '--org-id', tenant.organizationId))
    expect(listed).toEqual({
      endpoints: [
        {
          id: endpointId,
          url: receiverUrl,
          description: 'books',
          eventTypes: ['ledger_event.created'],
          enabled: true,
          disabledAt: null,
          createdAt: expect.any(String),
        },
      ],
    })
    expect(JSON.stringify(listed)).not.toContain(secret)
    expect(JSON.stringify(listed)).not.toContain('whsec_')

    const deliveriesOf = async () =>
      json(
        await daybook(
          'webhooks',
          'deliveries',
          '--org-id',
          tenant.organizationId,
          '--endpoint-id',
          endpointId,
        ),
      ).deliveries as Array<Record<string, unknown> & { attempts: Array<Record<string, unknown>> }>
    // The receiver answered before the dispatcher recorded the attempt.
    const first = await (async () => {
      for (let i = 0; i < 100; i++) {
        const deliveries = await deliveriesOf()
        if (deliveries[0]?.status === 'delivered') return deliveries
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error('the delivery was never recorded as delivered')
    })()
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({
      eventId,
      eventType: 'ledger_event.created',
      status: 'delivered',
      attemptCount: 1,
      nextAttemptAt: null,
      lastError: null,
    })
    expect(first[0]?.attempts).toEqual([
      {
        attempt: 1,
        at: expect.any(String),
        statusCode: 200,
        durationMs: expect.any(Number),
        responseBody: 'thanks',
        error: null,
      },
    ])

    const sentBefore = received.filter((r) => r.headers['webhook-id'] === eventId)
    expect(sentBefore).toHaveLength(1)
    const queued = json(
      await daybook(
        'webhooks',
        'redeliver',
        '--org-id',
        tenant.organizationId,
        '--endpoint-id',
        endpointId,
        '--event-id',
        eventId,
      ),
    )
    expect(queued).toMatchObject({
      eventId,
      eventType: 'ledger_event.created',
      status: 'pending',
      attemptCount: 0,
      attempts: [],
    })
    expect(queued.id).not.toBe(first[0]?.id)
    // The server's dispatcher sends what the CLI queued: the same bytes, the same webhook-id.
    await waitFor('the redelivery', () => {
      const sent = received.filter((r) => r.headers['webhook-id'] === eventId)
      return sent.length === 2 ? sent : undefined
    })
    const sent = received.filter((r) => r.headers['webhook-id'] === eventId)
    expect(sent[1]?.body).toBe(sent[0]?.body)

    const limited = json(
      await daybook(
        'webhooks',
        'deliveries',
        '--org-id',
        tenant.organizationId,
        '--endpoint-id',
        endpointId,
        '--limit',
        '1',
      ),
    )
    expect(limited.deliveries).toHaveLength(1)
  }, 120_000)

  it('refuses with one line what it cannot do: unknown ids, an event never sent, a bad limit', async () => {
    const { tenant, endpointId } = await subscribedTenant()
    const other = await createTenant(server)
    const nobody = '00000000-0000-4000-8000-000000000000'

    expect(refused(await daybook('webhooks', 'list', '--org-id', nobody))).toMatch(/organization/i)
    expect(refused(await daybook('webhooks', 'list', '--org-id', 'not-a-uuid'))).toContain('--org-id')
    expect(json(await daybook('webhooks', 'list', '--org-id', other.organizationId))).toEqual({
      endpoints: [],
    })
    // Another organization's endpoint is no endpoint of this one.
    expect(
      refused(
        await daybook(
          'webhooks',
          'deliveries',
          '--org-id',
          other.organizationId,
          '--endpoint-id',
          endpointId,
        ),
      ),
    ).toBe('No webhook endpoint with this id.')
    expect(
      refused(
        await daybook(
          'webhooks',
          'deliveries',
          '--org-id',
          tenant.organizationId,
          '--endpoint-id',
          endpointId,
          '--limit',
          '0',
        ),
      ),
    ).toContain('--limit')
    expect(
      refused(
        await daybook(
          'webhooks',
          'redeliver',
          '--org-id',
          tenant.organizationId,
          '--endpoint-id',
          endpointId,
          '--event-id',
          nobody,
        ),
      ),
    ).toBe('This endpoint was never sent an event with this id.')
    expect(refused(await daybook('webhooks', 'redeliver', '--org-id', tenant.organizationId), 2)).toContain(
      '--endpoint-id',
    )
  }, 120_000)
})
