// What a client team relies on over HTTP (DESIGN 7.8): the whole SDL to download, answers no cache keeps, no schema hints where introspection is off.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let development: TestServer
let production: TestServer
let tenant: Tenant

beforeAll(async () => {
  development = await startServer()
  production = await startServer({ env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(64) } })
  tenant = await createTenant(development)
})
afterAll(async () => {
  await development.close()
  await production.close()
})

const committedSdl = readFileSync(path.resolve('schema.graphql'), 'utf8')

describe('GET /graphql/schema.graphql', () => {
  it('serves the whole SDL as text, the same as the repository keeps, to anyone, introspection on or off', async () => {
    for (const server of [development, production]) {
      const response = await fetch(`${server.url}/graphql/schema.graphql`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(await response.text()).toBe(committedSdl)
    }
    const introspection = await production.gql('{ __schema { queryType { name } } }')
    expect(introspection.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED')
  })
})

describe('authenticated answers', () => {
  it('say no cache may keep them and that they vary by Authorization', async () => {
    const answer = await development.gql('{ myOrganizations { id } }', {}, tenant.bearer)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('vary')).toBe('Authorization')
    const refused = await development.gql('{ myOrganizations { id } }', {}, { authorization: 'Bearer nope' })
    expect(refused.headers.get('cache-control')).toBe('no-store')
  })
})

describe('validation errors', () => {
  const misspelled = '{ myOrganizations { idd } }'

  it('suggest the field meant where introspection is on', async () => {
    const answer = await development.gql(misspelled, {}, tenant.bearer)
    expect(answer.body.errors?.[0]?.message).toBe(
      'Cannot query field "idd" on type "Organization". Did you mean "id"?',
    )
  })

  it('name no field of the schema where introspection is off', async () => {
    const answer = await production.gql(misspelled)
    expect(answer.body.errors?.[0]).toMatchObject({
      message: 'Cannot query field "idd" on type "Organization".',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    })
  })
})
