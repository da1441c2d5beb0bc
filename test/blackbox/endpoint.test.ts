// The GraphQL endpoint over HTTP: routes, DESIGN 4's status policy and the request limits.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let tenant: Tenant

beforeAll(async () => {
  server = await startServer()
  tenant = await createTenant(server)
})
afterAll(() => server.close())

describe('routes', () => {
  it('answers /healthz once the database answers', async () => {
    const response = await fetch(`${server.url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('names its release in Daybook-Version on every answer, refusals included', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    const health = await fetch(`${server.url}/healthz`)
    const answered = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...tenant.bearer },
      body: JSON.stringify({ query: '{ myOrganizations { id } }' }),
    })
    const refused = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{ not json',
    })
    expect(refused.status).toBe(400)
    for (const response of [health, answered, refused]) {
      expect(response.headers.get('daybook-version')).toBe(version)
    }
  })

  it.each(['/graphql', '/graphql/'])('serves POST %s', async (urlPath) => {
    const response = await server.post({ query: '{ myOrganizations { id } }' }, tenant.bearer, urlPath)
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({ myOrganizations: [{ id: tenant.organizationId }] })
  })

  it('serves GraphiQL to browsers on GET', async () => {
    const response = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(await response.text()).toContain('GraphiQL')
  })

  it('runs queries over GET but never mutations', async () => {
    const query = encodeURIComponent('{ myOrganizations { id } }')
    const ok = await fetch(`${server.url}/graphql?query=${query}`, { headers: tenant.bearer })
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as { data: unknown }).data).toEqual({
      myOrganizations: [{ id: tenant.organizationId }],
    })
    const mutation = encodeURIComponent('mutation { createOrganization(name: "Via GET") { success } }')
    const refused = await fetch(`${server.url}/graphql?query=${mutation}`, { headers: tenant.owner.jwt })
    expect(refused.status).toBe(405)
    const mine = await server.gql('{ myOrganizations { name } }', {}, tenant.owner.jwt)
    expect(JSON.stringify(mine.body.data)).not.toContain('Via GET')
  })

  it('answers unknown routes with 404 JSON', async () => {
    const response = await fetch(`${server.url}/nowhere`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ errors: [{ message: expect.any(String) }] })
  })

  it('tags every answer with a request id', async () => {
    const response = await fetch(`${server.url}/healthz`)
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('status policy', () => {
  it.each([
    ['a body that is not JSON', '{"query": ', 'application/json'],
    ['a text body', 'query { myOrganizations { id } }', 'text/plain'],
    ['a JSON string', '"hello"', 'application/json'],
    ['an array batch', JSON.stringify([{ query: '{ myOrganizations { id } }' }]), 'application/json'],
    ['a missing query', JSON.stringify({ variables: {} }), 'application/json'],
    ['a null query', JSON.stringify({ query: null }), 'application/json'],
    ['a query that is not a string', JSON.stringify({ query: 42 }), 'application/json'],
    ['a syntax error', JSON.stringify({ query: '{ myOrganizations { id ' }), 'application/json'],
    [
      'a query that is JSON',
      JSON.stringify({ query: '{"kind":"Document","definitions":[]}' }),
      'application/json',
    ],
  ])('answers 400 for %s', async (_label, body, contentType) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...tenant.bearer },
      body,
    })
    expect(response.status).toBe(400)
    const parsed = (await response.json()) as { errors: Array<{ message: string }> }
    expect(parsed.errors[0]?.message).toEqual(expect.any(String))
  })

  it('answers 200 for validation errors', async () => {
    const response = await server.gql('{ noSuchField }', {}, tenant.bearer)
    expect(response.status).toBe(200)
    expect(response.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED')
  })

  it('answers 200 for bad variables', async () => {
    const response = await server.gql(
      'query ($id: UUID!) { listMembers(organizationId: $id) { userId } }',
      { id: 'not-a-uuid' },
      tenant.owner.jwt,
    )
    expect(response.status).toBe(200)
    expect(response.body.errors?.[0]?.message).toContain('Invalid UUID')
  })

  it('answers 200 when variables are not an object', async () => {
    const response = await server.post({ query: '{ myOrganizations { id } }', variables: [1] }, tenant.bearer)
    expect(response.status).toBe(200)
    expect(response.body.errors?.[0]?.message).toBe('variables must be a JSON object.')
  })

  it('accepts null extensions, variables and operationName', async () => {
    const response = await server.post(
      { query: '{ myOrganizations { id } }', variables: null, extensions: null, operationName: null },
      tenant.bearer,
    )
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({ myOrganizations: [{ id: tenant.organizationId }] })
  })

  it('answers 413 for a body over the limit', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...tenant.bearer },
      body: JSON.stringify({
        query: `{ myOrganizations { id } }`,
        variables: { pad: 'x'.repeat(5 * 1024 * 1024) },
      }),
    })
    expect(response.status).toBe(413)
  })
})

describe('request limits', () => {
  it('refuses more than 5 root mutation fields, aliases included', async () => {
    const fields = Array.from(
      { length: 6 },
      (_, i) => `m${i}: createOrganization(name: "Alias ${i}") { success }`,
    )
    const response = await server.gql(`mutation { ${fields.join(' ')} }`, {}, tenant.owner.jwt)
    expect(response.status).toBe(200)
    expect(response.body.errors?.[0]?.message).toContain('at most 5 root mutation fields')
    const mine = await server.gql('{ myOrganizations { name } }', {}, tenant.owner.jwt)
    expect(JSON.stringify(mine.body.data)).not.toContain('Alias')
  })

  it('counts root mutation fields inside fragments', async () => {
    const fields = Array.from(
      { length: 6 },
      (_, i) => `f${i}: createOrganization(name: "Frag ${i}") { success }`,
    )
    const query = `mutation { ...many } fragment many on Mutation { ${fields.join(' ')} }`
    const response = await server.gql(query, {}, tenant.owner.jwt)
    expect(response.body.errors?.[0]?.message).toContain('at most 5 root mutation fields')
  })

  it('allows 5 root mutation fields', async () => {
    const fields = Array.from(
      { length: 5 },
      (_, i) =>
        `m${i}: revokeApiKey(organizationId: "${tenant.organizationId}", apiKeyId: "00000000-0000-4000-8000-00000000000${i}") { success }`,
    )
    const response = await server.gql(`mutation { ${fields.join(' ')} }`, {}, tenant.owner.jwt)
    expect(response.body.errors).toBeUndefined()
  })

  it('refuses more than 15 aliases', async () => {
    const fields = Array.from({ length: 16 }, (_, i) => `a${i}: myOrganizations { id }`)
    const response = await server.gql(`{ ${fields.join(' ')} }`, {}, tenant.bearer)
    expect(response.status).toBe(200)
    expect(response.body.errors?.[0]?.message).toMatch(/alias/i)
    expect(response.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX')
  })

  it('refuses queries deeper than 8', async () => {
    const deep = `{ myOrganizations { ${'a { '.repeat(9)}b${' }'.repeat(9)} } }`
    const response = await server.gql(deep, {}, tenant.bearer)
    expect(response.status).toBe(200)
    const messages = response.body.errors?.map((e) => e.message) ?? []
    expect(messages.some((m) => /depth/i.test(m))).toBe(true)
  })
})
