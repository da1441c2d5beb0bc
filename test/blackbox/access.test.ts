// DESIGN 4 over HTTP: credentials, the order of the access checks, roles, admin operations and sign-in limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acrossOrganizations } from '../../src/db/tenant-scope.js'
import type { Clock } from '../../src/kernel/clock.js'
import { createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let a: Tenant
let b: Tenant

beforeAll(async () => {
  server = await startServer()
  a = await createTenant(server)
  b = await createTenant(server)
})
afterAll(() => server.close())

const missingOrg = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'
const listKeys =
  'query ($org: UUID!) { listApiKeys(organizationId: $org) { id name prefix createdAt lastUsedAt revokedAt } }'
const createKey =
  'mutation ($org: UUID!, $name: String) { createApiKey(organizationId: $org, name: $name) { success error errorCode key apiKey { id name prefix createdAt lastUsedAt revokedAt } } }'
const revoke =
  'mutation ($org: UUID!, $id: UUID!) { revokeApiKey(organizationId: $org, apiKeyId: $id) { success error errorCode } }'
const listMembers = 'query ($org: UUID!) { listMembers(organizationId: $org) { userId email name role } }'

async function firstError(
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string>,
) {
  const response = await server.gql(query, variables, headers)
  expect(response.status).toBe(200)
  return response.body.errors?.[0]
}

describe('credentials', () => {
  it('requires a credential', async () => {
    const error = await firstError('{ myOrganizations { id } }', {}, {})
    expect(error?.message).toBe('Authentication Required.')
    expect(error?.extensions?.code).toBe('UNAUTHENTICATED')
  })

  it('refuses an unknown API key', async () => {
    const error = await firstError('{ myOrganizations { id } }', {}, { authorization: 'Bearer dbk_nope' })
    expect(error?.message).toBe('Invalid API Key.')
  })

  it('refuses a bad token', async () => {
    const error = await firstError('{ myOrganizations { id } }', {}, { authorization: 'JWT abc.def.ghi' })
    expect(error?.message).toBe('Invalid Or Expired Token.')
  })

  it('refuses a token signed with another algorithm', async () => {
    const [, payload] = (a.owner.jwt.authorization ?? '').slice(4).split('.')
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const error = await firstError(
      '{ myOrganizations { id } }',
      {},
      { authorization: `JWT ${header}.${payload}.` },
    )
    expect(error?.message).toBe('Invalid Or Expired Token.')
  })

  it('null on the failing field with the error at its path', async () => {
    const response = await server.gql('{ myOrganizations { id } }', {}, {})
    expect(response.body.data).toEqual({ myOrganizations: null })
    expect(response.body.errors?.[0]?.path).toEqual(['myOrganizations'])
  })
})

describe('the order of the checks', () => {
  it('says Organization Not Found before anything about membership', async () => {
    expect((await firstError(listKeys, { org: missingOrg }, a.owner.jwt))?.message).toBe(
      'Organization Not Found.',
    )
    expect((await firstError(listKeys, { org: missingOrg }, a.bearer))?.message).toBe(
      'Organization Not Found.',
    )
  })

  it("refuses an API key on another organization's id", async () => {
    const error = await firstError(listKeys, { org: b.organizationId }, a.bearer)
    expect(error?.message).toBe('API Key Not Authorized For This Organization.')
  })

  it('refuses a person who is not a member', async () => {
    const error = await firstError(listKeys, { org: b.organizationId }, a.owner.jwt)
    expect(error?.message).toBe('Not A Member Of This Organization.')
  })

  it('refuses admin operations to API keys', async () => {
    const error = await firstError(listKeys, { org: a.organizationId }, a.bearer)
    expect(error?.message).toBe('API Keys Cannot Perform Admin Operations.')
  })

  it('refuses admin operations to plain members', async () => {
    const member = await createUser(server)
    await server.gql(
      'mutation ($org: UUID!, $email: String!) { addMember(organizationId: $org, email: $email, role: "member") { success } }',
      { org: a.organizationId, email: member.email },
      a.owner.jwt,
    )
    const error = await firstError(listKeys, { org: a.organizationId }, member.jwt)
    expect(error?.message).toBe('Must Be Owner Or Admin.')
  })
})

describe('tokenAuth', () => {
  const tokenAuth = 'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }'

  it('issues a token that works', async () => {
    const user = await createUser(server)
    const response = await server.gql(tokenAuth, { e: user.email.toUpperCase(), p: user.password })
    const token = (response.body.data as { tokenAuth: { token: string } }).tokenAuth.token
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())
    expect(header.alg).toBe('HS256')
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    expect(payload.exp - payload.iat).toBe(24 * 60 * 60)
    const mine = await server.gql('{ myOrganizations { id } }', {}, { authorization: `JWT ${token}` })
    expect(mine.body.data).toEqual({ myOrganizations: [] })
  })

  it('says Invalid Credentials for a wrong password or an unknown email', async () => {
    const user = await createUser(server)
    for (const variables of [
      { e: user.email, p: 'wrong password' },
      { e: 'nobody@example.com', p: user.password },
    ]) {
      const response = await server.gql(tokenAuth, variables)
      expect(response.body.errors?.[0]?.message).toBe('Invalid Credentials.')
      expect(response.body.data).toEqual({ tokenAuth: null })
    }
  })

  it('stops trying after repeated failures for one email', async () => {
    const user = await createUser(server)
    for (let i = 0; i < 10; i++) await server.gql(tokenAuth, { e: user.email, p: `wrong ${i}` })
    const response = await server.gql(tokenAuth, { e: user.email, p: user.password })
    expect(response.body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_ATTEMPTS')
  })
})

describe('organizations', () => {
  const create =
    'mutation ($name: String!) { createOrganization(name: $name) { success error errorCode organization { id name } } }'

  it('lets a person create an organization they own', async () => {
    const user = await createUser(server)
    const name = unique('Créée')
    const response = await server.gql(create, { name }, user.jwt)
    const payload = (
      response.body.data as { createOrganization: { organization: { id: string; name: string } } }
    ).createOrganization
    expect(payload).toMatchObject({ success: true, error: null, organization: { name } })
    const mine = await server.gql('{ myOrganizations { id name } }', {}, user.jwt)
    expect(mine.body.data).toEqual({ myOrganizations: [payload.organization] })
    const members = await server.gql(listMembers, { org: payload.organization.id }, user.jwt)
    expect(members.body.data).toEqual({
      listMembers: [{ userId: user.userId, email: user.email, name: 'Test User', role: 'owner' }],
    })
  })

  it('refuses a duplicate name, case-insensitively', async () => {
    const user = await createUser(server)
    const name = unique('Dup')
    await server.gql(create, { name }, user.jwt)
    const response = await server.gql(create, { name: name.toUpperCase() }, user.jwt)
    expect(response.body.data).toEqual({
      createOrganization: {
        success: false,
        error: 'Organization with this name already exists.',
        errorCode: 'ORGANIZATION_NAME_TAKEN',
        organization: null,
      },
    })
  })

  it('refuses a blank name', async () => {
    const user = await createUser(server)
    const response = await server.gql(create, { name: '   ' }, user.jwt)
    expect(response.body.data).toMatchObject({
      createOrganization: { success: false, errorCode: 'INVALID_NAME' },
    })
  })

  it('is not open to API keys', async () => {
    const response = await server.gql(create, { name: unique('ByKey') }, a.bearer)
    expect(response.body.errors?.[0]?.message).toBe('API Keys Cannot Perform Admin Operations.')
  })

  it("lists an API key's own organization only", async () => {
    const response = await server.gql('{ myOrganizations { id } }', {}, b.bearer)
    expect(response.body.data).toEqual({ myOrganizations: [{ id: b.organizationId }] })
  })
})

describe('API keys', () => {
  it('creates a key shown once, usable at once, listed without its secret, revocable', async () => {
    const tenant = await createTenant(server)
    const created = await server.gql(
      createKey,
      { org: tenant.organizationId, name: 'Zapier' },
      tenant.owner.jwt,
    )
    const payload = created.body.data?.createApiKey as { key: string; apiKey: { id: string; prefix: string } }
    expect(payload.key).toMatch(/^dbk_[A-Za-z0-9_-]{43}$/)
    expect(payload.key.startsWith(payload.apiKey.prefix)).toBe(true)
    const bearer = { authorization: `Bearer ${payload.key}` }
    expect((await server.gql('{ myOrganizations { id } }', {}, bearer)).body.data).toEqual({
      myOrganizations: [{ id: tenant.organizationId }],
    })

    const listed = await server.gql(listKeys, { org: tenant.organizationId }, tenant.owner.jwt)
    expect(JSON.stringify(listed.body)).not.toContain(payload.key)
    expect(listed.body.data?.listApiKeys).toContainEqual(
      expect.objectContaining({ id: payload.apiKey.id, name: 'Zapier', revokedAt: null }),
    )

    const revoked = await server.gql(
      revoke,
      { org: tenant.organizationId, id: payload.apiKey.id },
      tenant.owner.jwt,
    )
    expect(revoked.body.data).toEqual({ revokeApiKey: { success: true, error: null, errorCode: null } })
    const after = await server.gql('{ myOrganizations { id } }', {}, bearer)
    expect(after.body.errors?.[0]?.message).toBe('Invalid API Key.')
    const again = await server.gql(
      revoke,
      { org: tenant.organizationId, id: payload.apiKey.id },
      tenant.owner.jwt,
    )
    expect(again.body.data).toMatchObject({
      revokeApiKey: { success: false, errorCode: 'API_KEY_ALREADY_REVOKED' },
    })
  })

  it("treats another organization's key id as missing and leaves it working", async () => {
    const theirKeys = await server.gql(listKeys, { org: b.organizationId }, b.owner.jwt)
    const theirKeyId = (theirKeys.body.data?.listApiKeys as Array<{ id: string }> | undefined)?.[0]?.id
    const response = await server.gql(revoke, { org: a.organizationId, id: theirKeyId }, a.owner.jwt)
    expect(response.body.data).toEqual({
      revokeApiKey: { success: false, error: 'No API key with this id.', errorCode: 'API_KEY_NOT_FOUND' },
    })
    const stillWorks = await server.gql('{ myOrganizations { id } }', {}, b.bearer)
    expect(stillWorks.body.data).toEqual({ myOrganizations: [{ id: b.organizationId }] })
  })

  it('never stores the key itself', async () => {
    // Every organization's keys, on purpose.
    const rows = await acrossOrganizations(server.app.core.database.db)
      .selectFrom('api_keys')
      .selectAll()
      .execute()
    expect(JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(a.apiKey)
  })
})

describe('members and roles', () => {
  const add =
    'mutation ($org: UUID!, $email: String!, $role: String!) { addMember(organizationId: $org, email: $email, role: $role) { success error errorCode member { userId email role } } }'
  const remove =
    'mutation ($org: UUID!, $user: UUID!) { removeMember(organizationId: $org, userId: $user) { success error errorCode } }'

  it('adds, lists and removes members', async () => {
    const tenant = await createTenant(server)
    const admin = await createUser(server)
    const added = await server.gql(
      add,
      { org: tenant.organizationId, email: admin.email, role: 'admin' },
      tenant.owner.jwt,
    )
    expect(added.body.data).toEqual({
      addMember: {
        success: true,
        error: null,
        errorCode: null,
        member: { userId: admin.userId, email: admin.email, role: 'admin' },
      },
    })
    const listed = await server.gql(listMembers, { org: tenant.organizationId }, admin.jwt)
    expect(listed.body.data?.listMembers).toHaveLength(2)
    const removed = await server.gql(
      remove,
      { org: tenant.organizationId, user: admin.userId },
      tenant.owner.jwt,
    )
    expect(removed.body.data).toEqual({ removeMember: { success: true, error: null, errorCode: null } })
    const gone = await server.gql(listMembers, { org: tenant.organizationId }, admin.jwt)
    expect(gone.body.errors?.[0]?.message).toBe('Not A Member Of This Organization.')
  })

  it('refuses unknown users, bad roles and duplicates', async () => {
    const tenant = await createTenant(server)
    const user = await createUser(server)
    const cases: Array<[Record<string, string>, string]> = [
      [{ email: 'nobody@example.com', role: 'member' }, 'USER_NOT_FOUND'],
      [{ email: user.email, role: 'superuser' }, 'INVALID_ROLE'],
      [{ email: tenant.owner.email, role: 'member' }, 'ALREADY_MEMBER'],
    ]
    for (const [variables, code] of cases) {
      const response = await server.gql(add, { org: tenant.organizationId, ...variables }, tenant.owner.jwt)
      expect(response.body.data).toMatchObject({
        addMember: { success: false, errorCode: code, member: null },
      })
    }
  })

  it('keeps the last owner and keeps owners above admins', async () => {
    const tenant = await createTenant(server)
    const admin = await createUser(server)
    await server.gql(add, { org: tenant.organizationId, email: admin.email, role: 'admin' }, tenant.owner.jwt)
    const adminRemovesOwner = await server.gql(
      remove,
      { org: tenant.organizationId, user: tenant.owner.userId },
      admin.jwt,
    )
    expect(adminRemovesOwner.body.data).toMatchObject({ removeMember: { errorCode: 'OWNER_REQUIRED' } })
    const adminMakesOwner = await server.gql(
      add,
      { org: tenant.organizationId, email: (await createUser(server)).email, role: 'owner' },
      admin.jwt,
    )
    expect(adminMakesOwner.body.data).toMatchObject({ addMember: { errorCode: 'OWNER_REQUIRED' } })
    const lastOwner = await server.gql(
      remove,
      { org: tenant.organizationId, user: tenant.owner.userId },
      tenant.owner.jwt,
    )
    expect(lastOwner.body.data).toMatchObject({ removeMember: { errorCode: 'LAST_OWNER' } })
  })

  it('cannot see or remove members of another organization', async () => {
    const response = await server.gql(remove, { org: a.organizationId, user: b.owner.userId }, a.owner.jwt)
    expect(response.body.data).toMatchObject({
      removeMember: { success: false, errorCode: 'MEMBER_NOT_FOUND' },
    })
    const theirs = await server.gql(listMembers, { org: b.organizationId }, b.owner.jwt)
    expect(theirs.body.data?.listMembers).toContainEqual(
      expect.objectContaining({ userId: b.owner.userId, role: 'owner' }),
    )
  })

  it('applies the role matrix to every admin operation', async () => {
    const tenant = await createTenant(server)
    const admin = await createUser(server)
    const member = await createUser(server)
    await server.gql(add, { org: tenant.organizationId, email: admin.email, role: 'admin' }, tenant.owner.jwt)
    await server.gql(
      add,
      { org: tenant.organizationId, email: member.email, role: 'member' },
      tenant.owner.jwt,
    )
    const operations: Array<[string, Record<string, unknown>]> = [
      [listKeys, {}],
      [listMembers, {}],
      [createKey, { name: 'k' }],
      [revoke, { id: missingOrg }],
      [add, { email: 'x@example.com', role: 'member' }],
      [remove, { user: missingOrg }],
    ]
    const tenantBearer = { authorization: `Bearer ${tenant.apiKey}` }
    for (const [query, extra] of operations) {
      const variables = { org: tenant.organizationId, ...extra }
      for (const headers of [tenant.owner.jwt, admin.jwt]) {
        const response = await server.gql(query, variables, headers)
        expect(response.body.errors, query).toBeUndefined()
      }
      expect((await server.gql(query, variables, member.jwt)).body.errors?.[0]?.message).toBe(
        'Must Be Owner Or Admin.',
      )
      expect((await server.gql(query, variables, tenantBearer)).body.errors?.[0]?.message).toBe(
        'API Keys Cannot Perform Admin Operations.',
      )
    }
  })
})

/** The system clock moved forward on demand, so a window can pass without waiting for it. */
function steppingClock(): Clock & { advance(ms: number): void } {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms
    },
  }
}

describe('sign-in limits (ADR 0015)', () => {
  const tokenAuth = 'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }'
  // The test talks to the server over loopback; TRUST_PROXY names loopback as the proxy, so each
  // request's X-Forwarded-For is its client address.
  const trustLoopback = { TRUST_PROXY: '127.0.0.1' }
  const servers: TestServer[] = []
  afterAll(() => Promise.all(servers.map((started) => started.close())))

  async function start(env: Record<string, string>, clock: Clock) {
    const started = await startServer({ env, clock })
    servers.push(started)
    return started
  }

  async function signIn(
    target: TestServer,
    from: string,
    user: { email: string },
    password: string,
  ): Promise<{ token?: string; message?: string; code?: string }> {
    const response = await target.gql(tokenAuth, { e: user.email, p: password }, { 'x-forwarded-for': from })
    expect(response.status).toBe(200)
    const error = response.body.errors?.[0]
    if (error) {
      expect(response.body.data).toEqual({ tokenAuth: null })
      return { message: error.message, code: error.extensions?.code ?? '' }
    }
    return { token: (response.body.data as { tokenAuth: { token: string } }).tokenAuth.token }
  }

  const refusedByQuota = {
    message: 'Too Many Sign-In Attempts. Try Again Later.',
    code: 'SIGN_IN_RATE_LIMITED',
  }
  const invalid = { message: 'Invalid Credentials.', code: 'INVALID_CREDENTIALS' }
  const lockedOut = {
    message: 'Too Many Failed Sign-In Attempts. Try Again Later.',
    code: 'TOO_MANY_ATTEMPTS',
  }

  it('wrong passwords from one address do not keep the right password out from another', async () => {
    const clock = steppingClock()
    const target = await start(trustLoopback, clock)
    const user = await createUser(target)
    const attacker = '203.0.113.10'
    for (let i = 0; i < 10; i++) expect(await signIn(target, attacker, user, `wrong ${i}`)).toEqual(invalid)
    expect(await signIn(target, attacker, user, user.password)).toEqual(lockedOut)

    const owner = await signIn(target, '198.51.100.20', user, user.password)
    expect(owner.token).toEqual(expect.any(String))
    const mine = await target.gql('{ myOrganizations { id } }', {}, { authorization: `JWT ${owner.token}` })
    expect(mine.body).toEqual({ data: { myOrganizations: [] } })
    // The owner's sign-in does not give the failing address its tries back.
    expect(await signIn(target, attacker, user, user.password)).toEqual(lockedOut)

    // A third address gets a check of its own; once it fails there, it is slowed down as well.
    const other = '192.0.2.30'
    expect(await signIn(target, other, user, 'another guess')).toEqual(invalid)
    expect(await signIn(target, other, user, user.password)).toEqual(lockedOut)

    clock.advance(15 * 60 * 1000 + 1000)
    expect((await signIn(target, attacker, user, user.password)).token).toEqual(expect.any(String))
  })

  it('refuses beyond the per-address and overall quotas, and takes attempts again after the minute', async () => {
    const clock = steppingClock()
    const target = await start(
      { ...trustLoopback, SIGN_IN_PER_ADDRESS_PER_MINUTE: '3', SIGN_IN_PER_MINUTE: '5' },
      clock,
    )
    const user = await createUser(target)
    const busy = '198.51.100.1'
    for (let i = 0; i < 3; i++) expect(await signIn(target, busy, user, `wrong ${i}`)).toEqual(invalid)
    // Refused before the password is looked at: the right one fares no better.
    expect(await signIn(target, busy, user, user.password)).toEqual(refusedByQuota)
    expect((await signIn(target, '198.51.100.2', user, user.password)).token).toEqual(expect.any(String))
    expect(await signIn(target, '198.51.100.3', user, 'wrong again')).toEqual(invalid)
    // Five attempts reached a password check this minute: the server takes no more, from anywhere.
    expect(await signIn(target, '198.51.100.4', user, user.password)).toEqual(refusedByQuota)
    expect(await signIn(target, busy, user, user.password)).toEqual(refusedByQuota)

    clock.advance(60_000)
    expect((await signIn(target, busy, user, user.password)).token).toEqual(expect.any(String))
    expect((await signIn(target, '198.51.100.4', user, user.password)).token).toEqual(expect.any(String))
  })

  it('counts an IPv6 client by its /64', async () => {
    const target = await start({ ...trustLoopback, SIGN_IN_PER_ADDRESS_PER_MINUTE: '3' }, steppingClock())
    const user = await createUser(target)
    for (const from of ['2001:db8:0:1::1', '2001:db8:0:1::2', '2001:db8::1:0:0:0:3']) {
      expect(await signIn(target, from, user, 'wrong')).toEqual(invalid)
    }
    expect(await signIn(target, '2001:db8:0:1:ffff::9', user, user.password)).toEqual(refusedByQuota)
    expect((await signIn(target, '2001:db8:0:2::1', user, user.password)).token).toEqual(expect.any(String))
  })

  it('ignores X-Forwarded-For unless TRUST_PROXY says whom to believe', async () => {
    const target = await start({ SIGN_IN_PER_ADDRESS_PER_MINUTE: '3' }, steppingClock())
    const user = await createUser(target)
    for (let i = 0; i < 3; i++)
      expect(await signIn(target, `203.0.113.${i + 1}`, user, 'wrong')).toEqual(invalid)
    expect(await signIn(target, '203.0.113.99', user, user.password)).toEqual(refusedByQuota)
  })
})
