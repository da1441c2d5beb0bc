// Deeply nested input and costly list requests are refused cleanly and cheaply, and ordinary pages still work.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { type GraphQLResponse, startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const eventCount = 20_000
const internalText = /RangeError|Maximum call stack|stack size|Internal server error/i

function expectTooDeep(response: GraphQLResponse) {
  const text = JSON.stringify(response.body)
  expect(response.status, text.slice(0, 300)).toBe(200)
  expect(response.body.data ?? null).toBeNull()
  expect(response.body.errors).toHaveLength(1)
  expect(response.body.errors?.[0]?.extensions?.code).toBe('INPUT_TOO_DEEP')
  expect(response.body.errors?.[0]?.message).toMatch(/more than 100 levels deep/)
  expect(text).not.toMatch(internalText)
}

const listAccounts =
  'query ($org: UUID!, $s: String) { listAccounts(organizationId: $org, search: $s) { totalCount } }'

/** A request body whose variable `s` is the given JSON text, sent as it is. */
function withVariable(tenant: Tenant, query: string, json: string): string {
  return `{"query": ${JSON.stringify(query)}, "variables": {"org": "${tenant.organizationId}", "s": ${json}}}`
}

describe('deeply nested input', () => {
  let tenant: Tenant

  beforeAll(async () => {
    tenant = await createTenant(server)
  })

  it.each([
    ['a list literal', (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`],
    ['an object literal', (depth: number) => `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`],
  ])('%s nested 10,000 deep in the query text gets INPUT_TOO_DEEP', async (_, literal) => {
    const query = `{ listAccounts(organizationId: "${tenant.organizationId}", search: ${literal(10_000)}) { totalCount } }`
    expectTooDeep(await server.post({ query }, tenant.bearer))
  })

  it.each([
    ['arrays', (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`],
    ['objects', (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
  ])('10,000 levels of %s in a variable get INPUT_TOO_DEEP', async (_, json) => {
    expectTooDeep(await server.post(withVariable(tenant, listAccounts, json(10_000)), tenant.bearer))
    // A list-typed variable: the value would otherwise reach the list coercion.
    const listQuery =
      'query ($org: UUID!, $s: [UUID!]) { listAccounts(organizationId: $org) { totalCount } ids: listLedgerEvents(organizationId: $org, accountIds: $s) { totalCount } }'
    expectTooDeep(await server.post(withVariable(tenant, listQuery, json(10_000)), tenant.bearer))
  })

  it('is refused over GET too', async () => {
    const query = `{ listAccounts(organizationId: "${tenant.organizationId}", search: ${'['.repeat(1_000)}${']'.repeat(1_000)}) { totalCount } }`
    const response = await fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`, {
      headers: tenant.bearer,
    })
    const body = (await response.json()) as GraphQLResponse['body']
    expectTooDeep({ status: response.status, headers: response.headers, body })
  })

  it('a refused mutation writes nothing, with or without an Idempotency-Key', async () => {
    const create = `mutation ($org: UUID!, $s: String!) { createContact(organizationId: $org, contactType: "vendor", displayName: $s) { success } }`
    const deep = `${'['.repeat(10_000)}"Deep Vendor"${']'.repeat(10_000)}`
    expectTooDeep(await server.post(withVariable(tenant, create, deep), tenant.bearer))
    expectTooDeep(
      await server.post(withVariable(tenant, create, deep), {
        ...tenant.bearer,
        'idempotency-key': 'deep-1',
      }),
    )
    const contacts = await server.gql(
      'query ($org: UUID!) { listContacts(organizationId: $org) { totalCount } }',
      { org: tenant.organizationId },
      tenant.bearer,
    )
    expect(contacts.body.data?.listContacts.totalCount).toBe(0)
  })

  it('nesting within the limit reaches the ordinary checks', async () => {
    const atLimit = await server.post(
      withVariable(tenant, listAccounts, `${'['.repeat(99)}"x"${']'.repeat(99)}`),
      tenant.bearer,
    )
    expect(atLimit.status).toBe(200)
    expect(atLimit.body.errors?.[0]?.extensions?.code).not.toBe('INPUT_TOO_DEEP')
    expect(atLimit.body.errors?.[0]?.message).toMatch(/String cannot represent a non string value/)
    // Brackets inside a string are text, not nesting.
    const inString = await server.gql(
      listAccounts,
      { org: tenant.organizationId, s: '['.repeat(150) },
      tenant.bearer,
    )
    expect(inString.body.errors).toBeUndefined()
    expect(inString.body.data?.listAccounts.totalCount).toBe(0)
  })
})

describe('list cost', { timeout: 180_000 }, () => {
  let tenant: Tenant

  const fields =
    'id eventType merchantName functionalAmount functionalCurrency transactionDate status memo reference source category { name } paymentAccount { name } journalEntry { id totalAmount }'
  const aliasedPages = (count: number, selection: string) =>
    `query ($org: UUID!) { ${Array.from(
      { length: count },
      (_, i) =>
        `p${i}: listLedgerEvents(organizationId: $org, limit: 200, offset: ${i * 200}) { totalCount items { ${selection} } }`,
    ).join(' ')} }`

  beforeAll(async () => {
    tenant = await createTenant(server)
    const accounts = await server.gql(
      'query ($org: UUID!) { listAccounts(organizationId: $org, search: "Chequing") { items { id name } } }',
      { org: tenant.organizationId },
      tenant.bearer,
    )
    const chequing = accounts.body.data?.listAccounts.items.find(
      (a: { name: string }) => a.name === 'Chequing',
    ).id
    for (let batch = 0; batch < eventCount / 10_000; batch++) {
      const rows = Array.from({ length: 10_000 }, (_, i) => ({
        transactionDate: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        description: `SHOP ${batch}-${i}`,
        amount: `${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}`,
        eventType: 'expense',
      }))
      const imported = await server.gql(
        'mutation ($org: UUID!, $a: UUID!, $rows: [BankStatementRowInput!]!) { importBankStatement(organizationId: $org, paymentAccountId: $a, rows: $rows) { importedCount } }',
        { org: tenant.organizationId, a: chequing, rows },
        tenant.bearer,
      )
      expect(imported.body.data?.importBankStatement.importedCount).toBe(10_000)
    }
  })

  it(`refuses fifteen aliased pages of 200 over ${eventCount.toLocaleString('en-US')} events`, async () => {
    for (const selection of [fields, 'id']) {
      const response = await server.gql(
        aliasedPages(15, selection),
        { org: tenant.organizationId },
        tenant.bearer,
      )
      expect(response.status).toBe(200)
      expect(response.body.data ?? null).toBeNull()
      expect(response.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX')
      expect(response.body.errors?.[0]?.message).toMatch(/^Query cost [\d,]+ exceeds the limit of 25,000/)
    }
  })

  it('still answers one page of the largest size', async () => {
    const response = await server.gql(aliasedPages(1, fields), { org: tenant.organizationId }, tenant.bearer)
    expect(response.body.errors).toBeUndefined()
    expect(response.body.data?.p0.totalCount).toBe(eventCount)
    expect(response.body.data?.p0.items).toHaveLength(200)
  })

  it('still answers one page of the largest size with every field of an event', async () => {
    const every = `${fields} hasDocument taxAmount taxCode createdAt updatedAt account { id name accountType } taxAccount { id name } contact { id displayName } reversalEntry { id txnDate totalAmount } receipts { id filename s3Key uploadedAt }`
    const response = await server.gql(aliasedPages(1, every), { org: tenant.organizationId }, tenant.bearer)
    expect(response.body.errors).toBeUndefined()
    expect(response.body.data?.p0.items).toHaveLength(200)
  })

  it('refuses before reading anything: a refused request costs about what a trivial one does', async () => {
    const refused = () => server.gql(aliasedPages(15, fields), { org: tenant.organizationId }, tenant.bearer)
    const trivial = () => server.gql('{ myOrganizations { id } }', {}, tenant.bearer)
    const served = () => server.gql(aliasedPages(1, fields), { org: tenant.organizationId }, tenant.bearer)
    const medianMs = async (send: () => Promise<unknown>) => {
      await send()
      const times: number[] = []
      for (let round = 0; round < 9; round++) {
        const start = performance.now()
        await send()
        times.push(performance.now() - start)
      }
      return times.sort((a, b) => a - b)[4] ?? 0
    }
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    const refusedMs = await medianMs(refused)
    delay.disable()
    const trivialMs = await medianMs(trivial)
    const servedMs = await medianMs(served)
    // The server runs in this process: no refused request held its event loop for long.
    expect(delay.max / 1e6).toBeLessThan(250)
    expect(refusedMs).toBeLessThan(trivialMs * 3 + 15)
    expect(refusedMs).toBeLessThan(servedMs)
  })
})

describe('the event feed in the list cost', () => {
  let tenant: Tenant
  const feedPage = (alias: string) =>
    `${alias}: events(organizationId: $org, limit: 1000) { lastSeq items { id seq type occurredAt actorType actorId entityId data } }`

  beforeAll(async () => {
    tenant = await createTenant(server)
  })

  it('counts events(limit: 1000) at 1,000 rows: six aliased pages are refused before anything is read', async () => {
    const six = `query ($org: UUID!) { ${Array.from({ length: 6 }, (_, i) => feedPage(`p${i}`)).join(' ')} }`
    const response = await server.gql(six, { org: tenant.organizationId }, tenant.bearer)
    expect(response.status).toBe(200)
    expect(response.body.data ?? null).toBeNull()
    expect(response.body.errors).toHaveLength(1)
    expect(response.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX')
    expect(response.body.errors?.[0]?.message).toMatch(/^Query cost [\d,]+ exceeds the limit of 25,000/)
  })

  it('still answers one page of 1,000 events with every field', async () => {
    const response = await server.gql(
      `query ($org: UUID!) { ${feedPage('page')} }`,
      { org: tenant.organizationId },
      tenant.bearer,
    )
    expect(response.body.errors).toBeUndefined()
    expect(response.body.data?.page.items.length).toBeGreaterThan(0)
  })
})
