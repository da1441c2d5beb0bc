import { expect } from 'vitest'
import type { Tenant } from './fixtures.js'
import type { TestServer } from './server.js'

/** The envelope every list operation answers with. */
export interface Page<T> {
  items: T[]
  totalCount: number
  pageSize: number
  offset: number
}

/**
 * A request on the tenant's own organization (its id as `$org`), with its API key unless other
 * headers are given; answers the body, errors and all.
 */
export async function tenantGql(
  server: TestServer,
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = tenant.bearer,
) {
  return (await server.gql(query, { org: tenant.organizationId, ...variables }, headers)).body
}

/**
 * The calls of a test file whose server is started in its hooks: `gql` as tenantGql, and `field`,
 * the one field the request answers with once no GraphQL error came back.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
export function tenantCalls<Field = Record<string, any>>(server: () => TestServer) {
  const gql = (
    tenant: Tenant,
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = tenant.bearer,
  ) => tenantGql(server(), tenant, query, variables, headers)

  async function field<T = Field>(
    tenant: Tenant,
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = tenant.bearer,
  ): Promise<T> {
    const body = await gql(tenant, query, variables, headers)
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
    return Object.values(body.data ?? {})[0] as T
  }

  return { gql, field }
}

/**
 * A NUL may be refused for the whole request or by the operation itself; either way the answer is a
 * clear refusal, never the internal-error mask.
 */
export async function expectNulRefused(
  server: TestServer,
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown>,
  field: string,
) {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)
  expect(response.status).toBe(200)
  const error = response.body.errors?.[0]
  const payload = response.body.data?.[field]
  if (error) {
    expect(error.message).not.toBe('Internal server error.')
    expect(error.extensions?.code).toEqual(expect.any(String))
    expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR')
    expect(payload ?? null).toBeNull()
  } else {
    expect(payload.success === false || payload.errors?.length > 0, JSON.stringify(payload)).toBe(true)
  }
}

type Variables = Record<string, unknown>

/**
 * The calls the catalog tests (accounts, contacts) make for one kind of record: create one, create
 * a batch, list a page, list everything, and expect a list to be refused. Each asserts a clean
 * GraphQL answer before handing back the operation's field.
 */
export function catalogCalls<Item, Payload, Batch>(
  server: () => TestServer,
  operations: {
    create: { query: string; field: string; itemField: string }
    batch: { query: string; field: string }
    list: { query: string; field: string }
  },
) {
  async function answer(query: string, field: string, tenant: Tenant, variables: Variables) {
    const response = await server().gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)
    expect(response.status).toBe(200)
    expect(response.body.errors).toBeUndefined()
    return response.body.data?.[field]
  }

  const create = (tenant: Tenant, variables: Variables): Promise<Payload> =>
    answer(operations.create.query, operations.create.field, tenant, variables)

  async function created(tenant: Tenant, variables: Variables): Promise<Item> {
    const payload = (await create(tenant, variables)) as Record<string, unknown>
    expect(payload, JSON.stringify(variables)).toMatchObject({ success: true, error: null, errorCode: null })
    return payload[operations.create.itemField] as Item
  }

  async function refused(tenant: Tenant, variables: Variables, errorCode: string): Promise<string> {
    const payload = (await create(tenant, variables)) as Record<string, unknown>
    expect(payload, JSON.stringify(variables)).toEqual({
      [operations.create.itemField]: null,
      success: false,
      error: expect.any(String),
      errorCode,
    })
    return payload.error as string
  }

  const batch = (tenant: Tenant, items: Variables[]): Promise<Batch> =>
    answer(operations.batch.query, operations.batch.field, tenant, { items })

  const list = (tenant: Tenant, args: Variables = {}): Promise<Page<Item>> =>
    answer(operations.list.query, operations.list.field, tenant, args)

  async function listAll(tenant: Tenant, args: Variables = {}, limit = 200): Promise<Item[]> {
    const items: Item[] = []
    for (let offset = 0; ; offset += limit) {
      const page = await list(tenant, { ...args, limit, offset })
      items.push(...page.items)
      if (page.items.length === 0 || offset + page.items.length >= page.totalCount) return items
    }
  }

  async function listError(tenant: Tenant, args: Variables) {
    const response = await server().gql(
      operations.list.query,
      { org: tenant.organizationId, ...args },
      tenant.bearer,
    )
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({ [operations.list.field]: null })
    return response.body.errors?.[0]
  }

  const countOf = async (tenant: Tenant) => (await list(tenant, { limit: 1 })).totalCount

  return { create, created, refused, batch, list, listAll, listError, countOf }
}
