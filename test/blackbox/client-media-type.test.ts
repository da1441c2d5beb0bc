// GraphQL over HTTP's application/graphql-response+json: its statuses for a client that asks for it, DESIGN 4's for application/json, and no data key on a request error under either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const graphqlResponse = 'application/graphql-response+json'
const graphqlResponseType = 'application/graphql-response+json; charset=utf-8'
const jsonType = 'application/json; charset=utf-8'

let server: TestServer
let tenant: Tenant

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_PER_HOUR: '200' } })
  tenant = await createTenant(server)
})
afterAll(() => server.close())

interface Answer {
  status: number
  contentType: string | null
  body: { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> }
}

async function send(
  body: string | Record<string, unknown>,
  accept: string | undefined,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...tenant.bearer,
      ...(accept === undefined ? {} : { accept }),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: (await response.json()) as Answer['body'],
  }
}

const codeOf = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code

/** A request error under both media types: the status each gives, and no data key in either. */
async function expectRequestError(
  body: string | Record<string, unknown>,
  statuses: { json: number; graphqlResponse: number },
  code: string,
  headers: Record<string, string> = {},
) {
  const asJson = await send(body, 'application/json', headers)
  expect(asJson.status).toBe(statuses.json)
  expect(asJson.contentType).toBe(jsonType)
  expect(codeOf(asJson)).toBe(code)
  expect(asJson.body).not.toHaveProperty('data')

  const asGraphqlResponse = await send(body, graphqlResponse, headers)
  expect(asGraphqlResponse.status).toBe(statuses.graphqlResponse)
  expect(asGraphqlResponse.contentType).toBe(graphqlResponseType)
  expect(codeOf(asGraphqlResponse)).toBe(code)
  expect(asGraphqlResponse.body).not.toHaveProperty('data')
  expect(asGraphqlResponse.body.errors?.length).toBeGreaterThan(0)
}

describe('choosing the media type', () => {
  it.each([
    [undefined, jsonType],
    ['', jsonType],
    ['application/json', jsonType],
    ['*/*', jsonType],
    ['application/*', jsonType],
    [graphqlResponse, graphqlResponseType],
    [`${graphqlResponse}; charset=utf-8, application/json; charset=utf-8`, graphqlResponseType],
    [`application/json, ${graphqlResponse}`, graphqlResponseType],
    [`application/json, ${graphqlResponse};q=0.9`, jsonType],
    [`${graphqlResponse}, */*;q=0.8`, graphqlResponseType],
    [`*/*, application/json;q=0`, graphqlResponseType],
    ['text/html, application/json;q=0.5', jsonType],
  ])('Accept %j answers in %s', async (accept, contentType) => {
    const answer = await send({ query: '{ myOrganizations { id } }' }, accept)
    expect(answer.status).toBe(200)
    expect(answer.contentType).toBe(contentType)
    expect(answer.body.data).toEqual({ myOrganizations: [{ id: tenant.organizationId }] })
  })

  it.each([
    'text/html',
    'text/plain, application/xml',
    `${graphqlResponse};q=0, application/json;q=0`,
    `${graphqlResponse}; charset=latin1`,
  ])('Accept %j, which names neither type, is refused with 406', async (accept) => {
    const answer = await send({ query: '{ myOrganizations { id } }' }, accept)
    expect(answer.status).toBe(406)
    expect(answer.contentType).toBe(jsonType)
    expect(answer.body).toEqual({
      errors: [{ message: expect.stringContaining(graphqlResponse), extensions: { code: 'NOT_ACCEPTABLE' } }],
    })
    const overGet = await fetch(
      `${server.url}/graphql?query=${encodeURIComponent('{ myOrganizations { id } }')}`,
      {
        headers: { ...tenant.bearer, accept },
      },
    )
    expect(overGet.status).toBe(406)
  })
})

describe('answers with data', () => {
  it('are 200 under application/graphql-response+json, field errors included', async () => {
    const denied = await send({ query: '{ myOrganizations { id } }' }, graphqlResponse, {
      authorization: 'Bearer dbk_unknown',
    })
    expect(denied.status).toBe(200)
    expect(denied.contentType).toBe(graphqlResponseType)
    expect(denied.body.data).toEqual({ myOrganizations: null })
    expect(codeOf(denied)).toBe('INVALID_API_KEY')

    const stranger = await createTenant(server)
    const partial = await send(
      {
        query:
          'query ($mine: UUID!, $theirs: UUID!) { a: listAccounts(organizationId: $mine) { totalCount } b: listAccounts(organizationId: $theirs) { totalCount } }',
        variables: { mine: tenant.organizationId, theirs: stranger.organizationId },
      },
      graphqlResponse,
    )
    expect(partial.status).toBe(200)
    expect(partial.body.data).toMatchObject({ a: { totalCount: expect.any(Number) }, b: null })
    expect(codeOf(partial)).toBe('API_KEY_NOT_AUTHORIZED')
  })
})

describe('request errors', () => {
  it('a GraphQL syntax error: 400 under both', async () => {
    await expectRequestError(
      { query: '{ myOrganizations {' },
      { json: 400, graphqlResponse: 400 },
      'GRAPHQL_PARSE_FAILED',
    )
  })

  it('a document that does not validate: 200 under application/json, 400 under application/graphql-response+json', async () => {
    await expectRequestError(
      { query: '{ nope }' },
      { json: 200, graphqlResponse: 400 },
      'GRAPHQL_VALIDATION_FAILED',
    )
  })

  it('a query over the cost limit, refused by a validation rule: the same', async () => {
    await expectRequestError(
      { query: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: myOrganizations { id }`).join(' ')} }` },
      { json: 200, graphqlResponse: 400 },
      'QUERY_TOO_COMPLEX',
    )
  })

  it('variables that do not coerce: the same', async () => {
    await expectRequestError(
      {
        query: 'query ($org: UUID!) { listAccounts(organizationId: $org) { totalCount } }',
        variables: { org: 'not-a-uuid' },
      },
      { json: 200, graphqlResponse: 400 },
      'BAD_USER_INPUT',
    )
  })

  it('an operation that cannot be determined: the same', async () => {
    await expectRequestError(
      {
        query: 'query A { myOrganizations { id } } query B { myOrganizations { name } }',
        operationName: 'C',
      },
      { json: 200, graphqlResponse: 400 },
      'BAD_REQUEST',
    )
  })

  it('an envelope with the wrong shape: the same, or 400 under both without a query', async () => {
    await expectRequestError(
      { query: '{ myOrganizations { id } }', variables: [7] },
      { json: 200, graphqlResponse: 400 },
      'BAD_REQUEST',
    )
    await expectRequestError(
      { qeury: '{ myOrganizations { id } }' },
      { json: 400, graphqlResponse: 400 },
      'MALFORMED_REQUEST',
    )
    await expectRequestError('{"query":', { json: 400, graphqlResponse: 400 }, 'MALFORMED_REQUEST')
  })

  it('a body that is not JSON: 400 under application/json, 415 under application/graphql-response+json', async () => {
    for (const contentType of ['text/plain', 'application/xml']) {
      await expectRequestError(
        '{ myOrganizations { id } }',
        { json: 400, graphqlResponse: 415 },
        'MALFORMED_REQUEST',
        { 'content-type': contentType },
      )
    }
  })

  it('an Idempotency-Key reused for another request: 200 under application/json, 422 under application/graphql-response+json', async () => {
    const create = (merchant: string) => ({
      query:
        'mutation ($org: UUID!, $m: String!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: "5.00", transactionDate: "2026-03-01") { success eventId } }',
      variables: { org: tenant.organizationId, m: merchant },
    })
    const key = { 'idempotency-key': `media-type-${Date.now()}` }
    const first = await send(create('First'), graphqlResponse, key)
    expect(first.status).toBe(200)
    const replayed = await send(create('First'), graphqlResponse, key)
    expect(replayed.status).toBe(200)
    expect(replayed.contentType).toBe(graphqlResponseType)
    expect(replayed.body).toEqual(first.body)
    await expectRequestError(
      create('Second'),
      { json: 200, graphqlResponse: 422 },
      'IDEMPOTENCY_KEY_REUSED',
      key,
    )
    await expectRequestError(
      create('Third'),
      { json: 200, graphqlResponse: 400 },
      'INVALID_IDEMPOTENCY_KEY',
      { 'idempotency-key': 'has spaces' },
    )
  })

  it('a request error under an Idempotency-Key leaves the key free for the corrected request', async () => {
    const key = { 'idempotency-key': `media-type-retry-${Date.now()}` }
    const query =
      'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "Retry", amount: "5.00", transactionDate: "2026-03-01") { success } }'
    const refused = await send({ query, variables: { org: 'not-a-uuid' } }, graphqlResponse, key)
    expect(refused.status).toBe(400)
    const corrected = await send({ query, variables: { org: tenant.organizationId } }, graphqlResponse, key)
    expect(corrected.status).toBe(200)
    expect(corrected.body.data).toEqual({ createLedgerEvent: { success: true } })
  })

  it('a mutation over GET: 405 under both', async () => {
    for (const accept of ['application/json', graphqlResponse]) {
      const mutation = encodeURIComponent('mutation { createOrganization(name: "Via GET") { success } }')
      const response = await fetch(`${server.url}/graphql?query=${mutation}`, {
        headers: { ...tenant.owner.jwt, accept },
      })
      expect(response.status).toBe(405)
      expect(await response.json()).not.toHaveProperty('data')
    }
  })

  it('a GET without a query: 400 under both', async () => {
    for (const accept of ['application/json', graphqlResponse]) {
      const response = await fetch(`${server.url}/graphql`, { headers: { accept } })
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toBe(
        accept === graphqlResponse ? graphqlResponseType : jsonType,
      )
    }
  })
})

describe('refusals before GraphQL', () => {
  it('the quota: 429 in the media type asked for', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_PER_HOUR: '1' } })
    try {
      const spender = await createTenant(limited)
      const headers = { ...spender.bearer, 'content-type': 'application/json', accept: graphqlResponse }
      const body = JSON.stringify({ query: '{ myOrganizations { id } }' })
      expect((await fetch(`${limited.url}/graphql`, { method: 'POST', headers, body })).status).toBe(200)
      const refused = await fetch(`${limited.url}/graphql`, { method: 'POST', headers, body })
      expect(refused.status).toBe(429)
      expect(refused.headers.get('content-type')).toBe(graphqlResponseType)
      expect(await refused.json()).toMatchObject({ errors: [{ extensions: { code: 'RATE_LIMITED' } }] })
    } finally {
      await limited.close()
    }
  })
})
