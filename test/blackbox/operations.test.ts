// Running Daybook: idempotent retries, metrics, structured request logs and a graceful shutdown.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { operatorCli, printed } from '../support/cli.js'
import { createTenant, type Tenant, unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const createEvent = `mutation ($org: UUID!, $m: String!) {
  createLedgerEvent(organizationId: $org, merchantName: $m, amount: "9.99", transactionDate: "2026-03-01") { success eventId }
}`

async function events(tenant: Tenant): Promise<number> {
  const response = await server.gql(
    'query ($org: UUID!) { listLedgerEvents(organizationId: $org, limit: 1) { totalCount } }',
    { org: tenant.organizationId },
    tenant.bearer,
  )
  return response.body.data?.listLedgerEvents.totalCount
}

describe('Idempotency-Key', () => {
  it('replays the first answer for a retry and writes once', async () => {
    const tenant = await createTenant(server)
    const headers = { ...tenant.bearer, 'idempotency-key': `retry-${unique('k').replace(' ', '-')}` }
    const variables = { org: tenant.organizationId, m: 'Once' }
    const first = await server.gql(createEvent, variables, headers)
    const again = await server.gql(createEvent, variables, headers)
    expect(first.headers.get('idempotency-replayed')).toBeNull()
    expect(again.headers.get('idempotency-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect(await events(tenant)).toBe(1)
  })

  it('refuses the same key with different input', async () => {
    const tenant = await createTenant(server)
    const headers = { ...tenant.bearer, 'idempotency-key': 'reused-key' }
    await server.gql(createEvent, { org: tenant.organizationId, m: 'First' }, headers)
    const other = await server.gql(createEvent, { org: tenant.organizationId, m: 'Second' }, headers)
    expect(other.body.errors?.[0]?.extensions?.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await events(tenant)).toBe(1)
  })

  it('runs two concurrent requests with one key once', async () => {
    const tenant = await createTenant(server)
    const headers = { ...tenant.bearer, 'idempotency-key': 'twins' }
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        server.gql(createEvent, { org: tenant.organizationId, m: 'Twin' }, headers),
      ),
    )
    const ids = new Set(answers.map((a) => a.body.data?.createLedgerEvent.eventId))
    expect(ids.size).toBe(1)
    expect(await events(tenant)).toBe(1)
  })

  it('keeps keys apart per credential, and ignores keys on queries', async () => {
    const a = await createTenant(server)
    const b = await createTenant(server)
    await server.gql(
      createEvent,
      { org: a.organizationId, m: 'A' },
      { ...a.bearer, 'idempotency-key': 'shared' },
    )
    const theirs = await server.gql(
      createEvent,
      { org: b.organizationId, m: 'B' },
      { ...b.bearer, 'idempotency-key': 'shared' },
    )
    expect(theirs.body.data?.createLedgerEvent.success).toBe(true)
    const query = await server.gql(
      '{ myOrganizations { id } }',
      {},
      { ...a.bearer, 'idempotency-key': 'shared' },
    )
    expect(query.headers.get('idempotency-replayed')).toBeNull()
    expect(query.body.data).toEqual({ myOrganizations: [{ id: a.organizationId }] })
  })

  it('refuses a key that is too long', async () => {
    const tenant = await createTenant(server)
    const answer = await server.gql(
      createEvent,
      { org: tenant.organizationId, m: 'x' },
      { ...tenant.bearer, 'idempotency-key': 'k'.repeat(256) },
    )
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('INVALID_IDEMPOTENCY_KEY')
    expect(await events(tenant)).toBe(0)
  })
})

describe('GET /metrics', () => {
  it('counts requests per operation, latencies, quota rejections and the job queue', async () => {
    const tenant = await createTenant(server)
    await server.gql('{ myOrganizations { id } }', {}, tenant.bearer)
    const text = await (await fetch(`${server.url}/metrics`)).text()
    expect(text).toMatch(
      /daybook_graphql_requests_total\{operation="myOrganizations",type="query",status="200"\} \d+/,
    )
    expect(text).toContain('# TYPE daybook_graphql_request_duration_seconds histogram')
    // Label order carries no meaning in Prometheus text (prom-client writes `le` first).
    expect(text).toMatch(
      /daybook_graphql_request_duration_seconds_bucket\{(?=[^}]*\boperation="myOrganizations")(?=[^}]*\btype="query")(?=[^}]*\ble="\+Inf")[^}]*\} \d+/,
    )
    expect(text).toMatch(/daybook_job_queue_depth \d+/)
  })
})

/** The compiled server in its own process, as `npm start` runs it. */
function spawnDaybook(dataDir: string): Promise<{ child: ChildProcess; url: string; lines: string[] }> {
  const databaseUrl = inject('databaseUrl')
  const child = spawn(process.execPath, ['dist/main.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines: string[] = []
  return new Promise((resolve, reject) => {
    let buffered = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const complete = buffered.split('\n')
      buffered = complete.pop() ?? ''
      for (const line of complete) {
        lines.push(line)
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
        if (match) resolve({ child, url: match[1] as string, lines })
      }
    })
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)))
  })
}

/** An organization and an API key for it, made by the operator CLI on the server's data. */
async function organizationWithKey(
  dataDir: string,
  label: string,
): Promise<{ org: { id: string }; key: string }> {
  const daybook = operatorCli(dataDir)
  const org = JSON.parse(printed(await daybook('org', 'create', '--name', unique(label))))
  const { key } = JSON.parse(printed(await daybook('api-key', 'create', '--org-id', org.id)))
  return { org, key }
}

describe('the process', () => {
  it('logs one JSON line per request with its id, organization and operation, and no secret', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-logs-'))
    const daybook = await spawnDaybook(dataDir)
    try {
      const { org, key } = await organizationWithKey(dataDir, 'Logs')
      const response = await fetch(`${daybook.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({
          query: 'query ($org: UUID!) { listAccounts(organizationId: $org) { totalCount } }',
          variables: { org: org.id },
        }),
      })
      const requestId = response.headers.get('x-request-id')
      daybook.child.kill('SIGTERM')
      await new Promise((resolve) => daybook.child.once('exit', resolve))
      const entry = daybook.lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'graphql request')
      expect(entry).toMatchObject({
        requestId,
        organizationId: org.id,
        operation: 'listAccounts',
        status: 200,
        credential: 'api_key',
      })
      expect(daybook.lines.join('\n')).not.toContain(key)
    } finally {
      daybook.child.kill('SIGKILL')
    }
  })

  it('on SIGTERM finishes the request in flight, then exits cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-term-'))
    const daybook = await spawnDaybook(dataDir)
    const { org, key } = await organizationWithKey(dataDir, 'Term')
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` }
    const accounts = (await (
      await fetch(`${daybook.url}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          query:
            'query ($org: UUID!) { listAccounts(organizationId: $org, search: "Chequing") { items { id } } }',
          variables: { org: org.id },
        }),
      })
    ).json()) as { data: { listAccounts: { items: Array<{ id: string }> } } }
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      transactionDate: '2026-01-02',
      description: `Row ${i}`,
      amount: '-1.00',
      eventType: 'expense',
    }))
    const inFlight = fetch(`${daybook.url}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        query:
          'mutation ($org: UUID!, $a: UUID!, $rows: [BankStatementRowInput!]!) { importBankStatement(organizationId: $org, paymentAccountId: $a, rows: $rows) { importedCount } }',
        variables: { org: org.id, a: accounts.data.listAccounts.items[0]?.id, rows },
      }),
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    daybook.child.kill('SIGTERM')
    const answer = (await (await inFlight).json()) as {
      data: { importBankStatement: { importedCount: number } }
    }
    expect(answer.data.importBankStatement.importedCount).toBe(10_000)
    const code = await new Promise((resolve) => daybook.child.once('exit', resolve))
    expect(code).toBe(0)
  })
})
