// An operation the server has run twice is compiled and run without Mercurius from then on: every
// later answer, right or wrong, must be the one a server seeing the text for the first time gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let tenant: Tenant
let other: Tenant

beforeAll(async () => {
  server = await startServer()
  tenant = await createTenant(server)
  other = await createTenant(server)
})
afterAll(() => server.close())

const list = `query List($org: UUID!, $status: [String!], $limit: Int) {
  listLedgerEvents(organizationId: $org, status: $status, limit: $limit) { totalCount items { id } }
}`

let copies = 0
/** The same operation in a text no request has sent yet: a trailing newline moves no location. */
const unseen = (query: string) => `${query}${'\n'.repeat(++copies)}`

/** The answer to the text once it is compiled, beside the answer to a text seen for the first time. */
async function compiledAndFirst(
  query: string,
  variables: Record<string, unknown>,
  learn: Record<string, unknown> = { org: tenant.organizationId },
) {
  // The first two requests run through Mercurius and, answered with data, teach the route the text.
  for (let run = 0; run < 2; run++)
    expect((await server.gql(query, learn, tenant.bearer)).body.data).toBeTruthy()
  const compiled = await server.gql(query, variables, tenant.bearer)
  const first = await server.gql(unseen(query), variables, tenant.bearer)
  return {
    compiled: { status: compiled.status, body: compiled.body },
    first: { status: first.status, body: first.body },
  }
}

describe('an operation run again', () => {
  it('answers as it did the first time', async () => {
    const variables = { org: tenant.organizationId, status: ['needs_review'], limit: 5 }
    const { compiled, first } = await compiledAndFirst(list, variables)
    expect(compiled.status).toBe(200)
    expect(compiled.body).toEqual({ data: { listLedgerEvents: { totalCount: 0, items: [] } } })
    expect(compiled).toEqual(first)
  })

  it.each([
    ['a string for an Int', { limit: 'ten' }],
    ['no value for a required variable', { org: undefined }],
    ['a malformed UUID', { org: 'not-a-uuid' }],
    ['null inside a list of non-null', { status: [null] }],
  ])('refuses %s with graphql-js own error', async (_, changes) => {
    const variables = { org: tenant.organizationId, status: ['needs_review'], limit: 5, ...changes }
    const { compiled, first } = await compiledAndFirst(list, variables)
    // A request error: nothing ran, so the answer has no data key.
    expect(compiled.body).not.toHaveProperty('data')
    expect(compiled).toEqual(first)
  })

  it('refuses a request without variables as it did the first time', async () => {
    for (let run = 0; run < 2; run++) await server.gql(list, { org: tenant.organizationId }, tenant.bearer)
    const compiled = await server.post({ query: list }, tenant.bearer)
    const first = await server.post({ query: unseen(list) }, tenant.bearer)
    expect(compiled.body).not.toHaveProperty('data')
    expect({ status: compiled.status, body: compiled.body }).toEqual({
      status: first.status,
      body: first.body,
    })
  })

  it('formats execution errors as it did the first time', async () => {
    const variables = { org: other.organizationId, status: ['needs_review'], limit: 5 }
    const { compiled, first } = await compiledAndFirst(list, variables)
    expect(compiled.body.errors?.[0]?.extensions?.code).toEqual(expect.any(String))
    expect(compiled).toEqual(first)
  })

  it('keeps input objects to Mercurius, refusals included', async () => {
    const batch = `mutation Batch($org: UUID!, $items: [ContactInput!]!) {
      batchCreateContacts(organizationId: $org, items: $items) { success }
    }`
    const { compiled, first } = await compiledAndFirst(
      batch,
      { org: tenant.organizationId, items: [{ displayName: 'No type' }] },
      { org: tenant.organizationId, items: [] },
    )
    expect(compiled.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
    expect(compiled).toEqual(first)
  })

  it('still refuses a mutation over GET once it has run over POST', async () => {
    const mutation = 'mutation { createOrganization(name: "") { success } }'
    expect((await server.gql(mutation, {}, tenant.owner.jwt)).status).toBe(200)
    const refused = await fetch(`${server.url}/graphql?query=${encodeURIComponent(mutation)}`, {
      headers: tenant.owner.jwt,
    })
    expect(refused.status).toBe(405)
  })
})
