import { randomUUID } from 'node:crypto'
import type { TestServer } from './server.js'

// Set-up through the same services the operator CLI calls; every test then speaks HTTP only.
export interface Tenant {
  organizationId: string
  apiKey: string
  bearer: Record<string, string>
  owner: { userId: string; email: string; password: string; jwt: Record<string, string> }
}

export function unique(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`
}

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

export async function createUser(server: TestServer, password = 'correct horse battery') {
  const email = `${randomUUID().slice(0, 12)}@example.com`
  const user = must(await server.app.core.services.access.createUser({ email, password, name: 'Test User' }))
  const token = await server.app.core.services.access.tokenAuth(email, password)
  return { userId: user.id, email, password, jwt: { authorization: `JWT ${token}` } }
}

export async function createTenant(
  server: TestServer,
  name = unique('Org'),
  functionalCurrency?: string,
): Promise<Tenant> {
  const { services } = server.app.core
  const owner = await createUser(server)
  const organization = must(await services.organizations.createAsOperator(name, functionalCurrency))
  must(await services.access.addMemberAsOperator(organization.id, owner.email, 'owner'))
  const key = must(await services.access.createApiKeyAsOperator(organization.id, 'test key'))
  return {
    organizationId: organization.id,
    apiKey: key.key,
    bearer: { authorization: `Bearer ${key.key}` },
    owner,
  }
}

/** The id of the tenant's account of this exact name, found over HTTP as a client finds it. */
export async function accountIdByName(server: TestServer, tenant: Tenant, name: string): Promise<string> {
  const response = await server.gql(
    'query ($org: UUID!, $search: String) { listAccounts(organizationId: $org, search: $search) { items { id name } } }',
    { org: tenant.organizationId, search: name },
    tenant.bearer,
  )
  const items = (response.body.data?.listAccounts.items ?? []) as Array<{ id: string; name: string }>
  const id = items.find((item) => item.name === name)?.id
  if (!id) throw new Error(`no account named ${name}`)
  return id
}

/** Every account of the tenant, by name. */
export async function accountsByName(server: TestServer, tenant: Tenant): Promise<Record<string, string>> {
  const response = await server.gql(
    'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
    { org: tenant.organizationId },
    tenant.bearer,
  )
  const items = (response.body.data?.listAccounts.items ?? []) as Array<{ id: string; name: string }>
  return Object.fromEntries(items.map((account) => [account.name, account.id]))
}
