// Several server processes on one PostgreSQL share the quota, revocations and the signing secret.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createTenant, createUser, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const databaseUrl = inject('databaseUrl')
const quotaPerHour = 200
const whoAmI = '{ myOrganizations { id } }'

interface Cluster {
  child: ChildProcess
  url: string
  lines: string[]
  listening: Map<number, string>
  exited: Promise<number | null>
}

/** `npm start` with WORKERS set: the compiled entry point, as an operator runs it. */
function startCluster(env: Record<string, string>, dataDir: string): Cluster {
  const child = spawn(process.execPath, ['dist/main.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const cluster: Cluster = {
    child,
    url: '',
    lines: [],
    listening: new Map(),
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  }
  let buffered = ''
  const take = (chunk: Buffer) => {
    buffered += chunk.toString()
    const complete = buffered.split('\n')
    buffered = complete.pop() ?? ''
    for (const line of complete) {
      cluster.lines.push(line)
      const match = /"pid":(\d+).*Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
      if (match) cluster.listening.set(Number(match[1]), match[2] as string)
    }
  }
  child.stdout?.on('data', take)
  child.stderr?.on('data', take)
  return cluster
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function gql(url: string, query: string, headers: Record<string, string>, variables = {}) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  })
  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string }> },
  }
}

type Answer = Awaited<ReturnType<typeof gql>>

/** How long after now until ten requests at once (so both workers) all answer as expected. */
async function everyAnswerWithin(
  send: () => Promise<Answer>,
  expected: (a: Answer) => boolean,
): Promise<number> {
  const startedAt = Date.now()
  while (Date.now() - startedAt < 5_000) {
    const answers = await Promise.all(Array.from({ length: 10 }, send))
    if (answers.every(expected)) return Date.now() - startedAt
  }
  return Number.POSITIVE_INFINITY
}

/** The pids of the workers that logged a GraphQL request. */
function servingPids(cluster: Cluster): Set<number> {
  const pids = new Set<number>()
  for (const line of cluster.lines) {
    if (!line.includes('"msg":"graphql request"')) continue
    pids.add((JSON.parse(line) as { pid: number }).pid)
  }
  return pids
}

describe.runIf(!databaseUrl)('WORKERS on SQLite', () => {
  it('is refused with a clear message: the processes could share nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-workers-'))
    try {
      const cluster = startCluster({ WORKERS: '2', DATABASE_URL: '' }, dataDir)
      expect(await cluster.exited).toBe(1)
      expect(cluster.lines.join('\n')).toContain('WORKERS above 1 needs DATABASE_URL (PostgreSQL)')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe.runIf(databaseUrl)('two server processes on one PostgreSQL', () => {
  let dataDir: string
  let cluster: Cluster
  let operator: TestServer

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-workers-'))
    // A third server beside the cluster: tenants are set up, and keys revoked, through it.
    operator = await startServer()
    cluster = startCluster(
      { WORKERS: '2', RATE_LIMIT_PER_HOUR: String(quotaPerHour), DATABASE_URL: databaseUrl ?? '' },
      dataDir,
    )
    await until('two listening workers', () => (cluster.listening.size === 2 ? true : undefined), 60_000)
    cluster.url = [...cluster.listening.values()][0] as string
  }, 90_000)

  afterAll(async () => {
    cluster.child.kill('SIGTERM')
    expect(await cluster.exited).toBe(0)
    await operator.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('listen on one port and both serve', async () => {
    expect(new Set(cluster.listening.values()).size).toBe(1)
    const tenant = await createTenant(operator)
    for (let i = 0; i < 20; i++) {
      const answer = await gql(cluster.url, whoAmI, tenant.bearer)
      expect(answer.body.data).toEqual({ myOrganizations: [{ id: tenant.organizationId }] })
    }
    await until(
      'both workers logging requests',
      () => (servingPids(cluster).size === 2 ? true : undefined),
      5_000,
    )
  })

  it("answer /metrics with every worker's figures summed, whichever worker is scraped", async () => {
    const tenant = await createTenant(operator)
    // The requests' counter and their latency histogram's count, in one scrape.
    const count = async () => {
      const text = await (await fetch(`${cluster.url}/metrics`)).text()
      const requests =
        /^daybook_graphql_requests_total\{operation="myOrganizations",type="query",status="200"\} (\d+)$/m.exec(
          text,
        )
      const timed =
        /^daybook_graphql_request_duration_seconds_count\{operation="myOrganizations",type="query"\} (\d+)$/m.exec(
          text,
        )
      return [Number(requests?.[1] ?? 0), Number(timed?.[1] ?? 0)]
    }
    const [requestsBefore, timedBefore] = await count()
    await Promise.all(Array.from({ length: 20 }, () => gql(cluster.url, whoAmI, tenant.bearer)))
    // Four scrapes, so both workers answer at least once under round-robin.
    const scraped = [await count(), await count(), await count(), await count()]
    expect(scraped).toEqual(scraped.map(() => [(requestsBefore ?? 0) + 20, (timedBefore ?? 0) + 20]))
  })

  it('check tokens signed by another process with the one shared secret', async () => {
    const tenant = await createTenant(operator)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => gql(cluster.url, whoAmI, tenant.owner.jwt)),
    )
    for (const answer of answers)
      expect(answer.body.data).toEqual({ myOrganizations: [{ id: tenant.organizationId }] })
  })

  it('draw on one quota: at least the quota and at most two batches over it', async () => {
    const tenant = await createTenant(operator)
    let allowed = 0
    let refused = 0
    for (let wave = 0; wave < 10; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => gql(cluster.url, whoAmI, tenant.bearer)),
      )
      allowed += answers.filter((a) => a.status === 200).length
      refused += answers.filter((a) => a.status === 429).length
    }
    // A quota of 200 counts in batches of 2 (a hundredth of it); each process may run one batch ahead.
    expect(allowed).toBeGreaterThanOrEqual(quotaPerHour)
    expect(allowed).toBeLessThanOrEqual(quotaPerHour + 2 * 2)
    expect(allowed + refused).toBe(300)
  })

  it('refuse a key within a second of its revocation in another process', async () => {
    const tenant: Tenant = await createTenant(operator)
    // Both workers have looked the key up and hold it in their caches.
    for (let i = 0; i < 10; i++) expect((await gql(cluster.url, whoAmI, tenant.bearer)).status).toBe(200)
    const keys = (await operator.gql(
      'query ($org: UUID!) { listApiKeys(organizationId: $org) { id } }',
      { org: tenant.organizationId },
      tenant.owner.jwt,
    )) as { body: { data: { listApiKeys: Array<{ id: string }> } } }
    const keyId = keys.body.data.listApiKeys[0]?.id
    const revoked = await operator.gql(
      'mutation ($org: UUID!, $key: UUID!) { revokeApiKey(organizationId: $org, apiKeyId: $key) { success } }',
      { org: tenant.organizationId, key: keyId },
      tenant.owner.jwt,
    )
    expect(revoked.body).toEqual({ data: { revokeApiKey: { success: true } } })
    const revokedAt = Date.now()
    let refusedEverywhereMs: number | undefined
    while (refusedEverywhereMs === undefined && Date.now() - revokedAt < 5_000) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => gql(cluster.url, whoAmI, tenant.bearer)),
      )
      if (answers.every((a) => a.body.errors?.[0]?.message === 'Invalid API Key.'))
        refusedEverywhereMs = Date.now() - revokedAt
    }
    expect(refusedEverywhereMs).toBeDefined()
    expect(refusedEverywhereMs).toBeLessThan(1_000)
  })

  it('let a member in, and out, within a second of the change in another process', async () => {
    const tenant = await createTenant(operator)
    const newcomer = await createUser(operator)
    const whoAmIn = 'query ($org: UUID!) { listApiKeys(organizationId: $org) { id } }'
    const asNewcomer = () => gql(cluster.url, whoAmIn, newcomer.jwt, { org: tenant.organizationId })
    // Both workers have found the newcomer outside the organization, and may remember it.
    for (let i = 0; i < 6; i++) expect((await asNewcomer()).body.errors).toBeDefined()
    const added = await operator.gql(
      'mutation ($org: UUID!, $email: String!) { addMember(organizationId: $org, email: $email, role: "admin") { success } }',
      { org: tenant.organizationId, email: newcomer.email },
      tenant.owner.jwt,
    )
    expect(added.body).toEqual({ data: { addMember: { success: true } } })
    expect(await everyAnswerWithin(asNewcomer, (a) => a.body.errors === undefined)).toBeLessThan(1_000)
    const removed = await operator.gql(
      'mutation ($org: UUID!, $user: UUID!) { removeMember(organizationId: $org, userId: $user) { success } }',
      { org: tenant.organizationId, user: newcomer.userId },
      tenant.owner.jwt,
    )
    expect(removed.body).toEqual({ data: { removeMember: { success: true } } })
    expect(await everyAnswerWithin(asNewcomer, (a) => a.body.errors !== undefined)).toBeLessThan(1_000)
  })

  it('replace a worker that dies', async () => {
    const [victim] = [...cluster.listening.keys()]
    process.kill(victim as number, 'SIGKILL')
    // The map keeps every pid that ever listened: a third is the replacement.
    await until('a replacement worker', () => (cluster.listening.size === 3 ? true : undefined), 60_000)
    const tenant = await createTenant(operator)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => gql(cluster.url, whoAmI, tenant.bearer)),
    )
    for (const answer of answers) expect(answer.status).toBe(200)
  }, 90_000)
})
