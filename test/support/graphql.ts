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
