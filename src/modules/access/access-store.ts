import type { Executor } from '../../db/schema.js'
import { isScope, type OrgScope, type Role, type Scope } from './principal.js'

export interface UserRecord {
  id: string
  email: string
  name: string
  passwordHash: string
}

export interface ApiKeyRecord {
  id: string
  organizationId: string
  name: string
  prefix: string
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
  /** Null for a key made without scopes, which keeps every right a key has. */
  scopes: readonly Scope[] | null
}

export interface MemberRecord {
  userId: string
  email: string
  name: string
  role: Role
}

const apiKeyColumns = [
  'id',
  'organization_id',
  'name',
  'prefix',
  'created_at',
  'last_used_at',
  'revoked_at',
  'scopes',
] as const

type ApiKeyRow = {
  id: string
  organization_id: string
  name: string
  prefix: string
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
  scopes: string | null
}

const toApiKey = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  organizationId: row.organization_id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
  scopes: row.scopes === null ? null : row.scopes.split(' ').filter(isScope),
})

// The only SQL of the access module: people, memberships, API keys and the signing secret.
export class AccessStore {
  async insertUser(
    ex: Executor,
    user: UserRecord & { emailKey: string; createdAt: string },
  ): Promise<boolean> {
    const result = await ex
      .insertInto('users')
      .values({
        id: user.id,
        email: user.email,
        email_key: user.emailKey,
        name: user.name,
        password_hash: user.passwordHash,
        created_at: user.createdAt,
      })
      .onConflict((oc) => oc.column('email_key').doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  async findUserByEmailKey(ex: Executor, emailKey: string): Promise<UserRecord | undefined> {
    const row = await ex
      .selectFrom('users')
      .select(['id', 'email', 'name', 'password_hash'])
      .where('email_key', '=', emailKey)
      .executeTakeFirst()
    return row && { id: row.id, email: row.email, name: row.name, passwordHash: row.password_hash }
  }

  async findRole(ex: Executor, organizationId: string, userId: string): Promise<Role | undefined> {
    const row = await ex
      .selectFrom('memberships')
      .select('role')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return row?.role as Role | undefined
  }

  async organizationIdsOfUser(ex: Executor, userId: string): Promise<string[]> {
    const rows = await ex
      .selectFrom('memberships')
      .select('organization_id')
      .where('user_id', '=', userId)
      .execute()
    return rows.map((r) => r.organization_id)
  }

  async membershipsOfUser(
    ex: Executor,
    userId: string,
  ): Promise<Array<{ organizationId: string; role: Role }>> {
    const rows = await ex
      .selectFrom('memberships')
      .select(['organization_id', 'role'])
      .where('user_id', '=', userId)
      .execute()
    return rows.map((row) => ({ organizationId: row.organization_id, role: row.role as Role }))
  }

  /** Unscoped on purpose: used while creating an organization, before any scope can exist. */
  async insertMembership(
    ex: Executor,
    membership: { organizationId: string; userId: string; role: Role; createdAt: string },
  ): Promise<boolean> {
    const result = await ex
      .insertInto('memberships')
      .values({
        organization_id: membership.organizationId,
        user_id: membership.userId,
        role: membership.role,
        created_at: membership.createdAt,
      })
      .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  async deleteMembership(ex: Executor, scope: OrgScope, userId: string): Promise<boolean> {
    const result = await ex
      .deleteFrom('memberships')
      .where('organization_id', '=', scope.organizationId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return Number(result.numDeletedRows) === 1
  }

  /**
   * The owners, their rows locked on PostgreSQL (lock: true) so that two owners demoting or
   * removing each other at once cannot leave none; SQLite writes one transaction at a time.
   */
  async countOwners(ex: Executor, scope: OrgScope, lock = false): Promise<number> {
    let query = ex
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', scope.organizationId)
      .where('role', '=', 'owner')
    if (lock) query = query.forUpdate()
    return (await query.execute()).length
  }

  async setMembershipRole(ex: Executor, scope: OrgScope, userId: string, role: Role): Promise<void> {
    await ex
      .updateTable('memberships')
      .set({ role })
      .where('organization_id', '=', scope.organizationId)
      .where('user_id', '=', userId)
      .execute()
  }

  async listMembers(ex: Executor, scope: OrgScope): Promise<MemberRecord[]> {
    const rows = await ex
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id as userId', 'users.email', 'users.name', 'memberships.role'])
      .where('memberships.organization_id', '=', scope.organizationId)
      .orderBy('users.email_key')
      .orderBy('users.id')
      .execute()
    return rows.map((r) => ({ ...r, role: r.role as Role }))
  }

  async findMember(ex: Executor, scope: OrgScope, userId: string): Promise<MemberRecord | undefined> {
    const row = await ex
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id as userId', 'users.email', 'users.name', 'memberships.role'])
      .where('memberships.organization_id', '=', scope.organizationId)
      .where('memberships.user_id', '=', userId)
      .executeTakeFirst()
    return row && { ...row, role: row.role as Role }
  }

  /** Writes the key and its directory entry; run it in one transaction. */
  async insertApiKey(
    ex: Executor,
    key: {
      id: string
      organizationId: string
      name: string
      prefix: string
      hash: string
      createdAt: string
      scopes: readonly Scope[] | null
    },
  ): Promise<void> {
    await ex
      .insertInto('api_keys')
      .values({
        id: key.id,
        organization_id: key.organizationId,
        name: key.name,
        prefix: key.prefix,
        key_hash: key.hash,
        created_at: key.createdAt,
        scopes: key.scopes === null ? null : key.scopes.join(' '),
        last_used_at: null,
        revoked_at: null,
      })
      .execute()
    await ex
      .insertInto('api_key_directory')
      .values({ key_hash: key.hash, organization_id: key.organizationId, api_key_id: key.id })
      .execute()
  }

  /**
   * A key names no organization, so the directory says whose it is; the key itself is then read
   * within that organization.
   */
  async findApiKeyByHash(ex: Executor, hash: string): Promise<(ApiKeyRecord & { hash: string }) | undefined> {
    const entry = await ex
      .selectFrom('api_key_directory')
      .select(['organization_id', 'api_key_id'])
      .where('key_hash', '=', hash)
      .executeTakeFirst()
    if (!entry) return undefined
    const row = await ex
      .selectFrom('api_keys')
      .select([...apiKeyColumns, 'key_hash'])
      .where('organization_id', '=', entry.organization_id)
      .where('id', '=', entry.api_key_id)
      .executeTakeFirst()
    return row && { ...toApiKey(row), hash: row.key_hash }
  }

  async listApiKeys(ex: Executor, scope: OrgScope): Promise<ApiKeyRecord[]> {
    const rows = await ex
      .selectFrom('api_keys')
      .select(apiKeyColumns)
      .where('organization_id', '=', scope.organizationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return rows.map(toApiKey)
  }

  async revokeApiKey(ex: Executor, scope: OrgScope, apiKeyId: string, at: string): Promise<boolean> {
    const result = await ex
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', apiKeyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  async apiKeyExists(ex: Executor, scope: OrgScope, apiKeyId: string): Promise<boolean> {
    const row = await ex
      .selectFrom('api_keys')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', apiKeyId)
      .executeTakeFirst()
    return row !== undefined
  }

  async touchApiKey(
    ex: Executor,
    key: { organizationId: string; apiKeyId: string },
    at: string,
  ): Promise<void> {
    await ex
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('organization_id', '=', key.organizationId)
      .where('id', '=', key.apiKeyId)
      .execute()
  }

  /** Keeps the first value ever written, so every process that races here agrees on one. */
  async settingOrInsert(ex: Executor, name: string, value: string): Promise<string> {
    await ex
      .insertInto('settings')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    const row = await ex
      .selectFrom('settings')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
    return row.value
  }
}
