import { timingSafeEqual } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { ChangeNotices } from '../../db/change-notices.js'
import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction, inTransactionResult } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { emailKey, parseEmail } from '../../kernel/email.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import { parseName } from '../../kernel/text.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import { AccessDenied, accessDenials } from './access-denied.js'
import type { AccessPort } from './access-port.js'
import type { AccessStore, ApiKeyRecord, MemberRecord } from './access-store.js'
import { generateApiKey, hashApiKey, looksLikeApiKey } from './api-key.js'
import { Passwords } from './password.js'
import {
  type Actor,
  actsAsOwner,
  isRole,
  isScope,
  type OrgScope,
  type Principal,
  type Role,
  roles,
  type Scope,
  scopes,
} from './principal.js'
import { keyMayCall, type OrganizationOperation, rightOf } from './rights.js'
import { passwordWorkersDefault, ScryptPool } from './scrypt-pool.js'
import { SignInGuard, type SignInQuotas } from './sign-in-guard.js'

interface CachedKey {
  principal: Principal
  cachedAtMs: number
}

interface CachedRole {
  role: Role | undefined
  cachedAtMs: number
}

const safeEqual = (x: string, y: string): boolean =>
  x.length === y.length && timingSafeEqual(Buffer.from(x), Buffer.from(y))

const tokenIssuer = 'daybook'

/** The scheme of an Authorization header, lower-cased, and its credential. */
function readAuthorization(authorization: string): { scheme: string; credential: string } {
  const space = authorization.indexOf(' ')
  const scheme = space === -1 ? authorization : authorization.slice(0, space)
  return {
    scheme: scheme.toLowerCase(),
    credential: space === -1 ? '' : authorization.slice(space + 1).trim(),
  }
}

export class AccessService implements AccessPort {
  private readonly keyCache = new Map<string, CachedKey>()
  /** By organization and user; kept only while change notices arrive (ADR 27). */
  private readonly roleCache = new Map<string, CachedRole>()
  private readonly lastTouchMs = new Map<string, number>()
  private readonly scrypt = new ScryptPool({
    workers: passwordWorkersDefault(),
    queueMax: limits.passwordChecksWaitingMax,
  })
  private readonly passwords = new Passwords(this.scrypt)
  private readonly signIn: SignInGuard
  private secret: Uint8Array | undefined

  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: AccessStore
      clock: Clock
      organizations: OrganizationsPort
      jwtSecret: string | undefined
      signInQuotas: SignInQuotas
      notices: ChangeNotices
      audit: AuditRecorder
    },
  ) {
    deps.notices.subscribe((notice) => {
      if (notice === 'missed') {
        this.keyCache.clear()
        this.roleCache.clear()
      } else if (notice.kind === 'api_key_revoked') this.forgetKey(notice.apiKeyId)
      else if (notice.kind === 'membership_changed')
        this.roleCache.delete(roleCacheKey(notice.organizationId, notice.userId))
    })
    this.signIn = new SignInGuard({
      clock: deps.clock,
      quotas: deps.signInQuotas,
      failuresMax: limits.loginFailuresMax,
      failureWindowMs: limits.loginFailureWindowSeconds * 1000,
      knownAddressMs: limits.signInKnownAddressSeconds * 1000,
    })
  }

  /** Stops the password threads; pending checks fail. */
  async close(): Promise<void> {
    await this.scrypt.close()
  }

  // ---- authentication -------------------------------------------------------------------

  async authenticate(authorization: string | undefined): Promise<Principal> {
    const known = this.authenticateNow(authorization)
    if (known) return known
    const { scheme, credential } = readAuthorization(authorization ?? '')
    if (scheme === 'bearer') return this.lookUpApiKey(credential)
    return this.authenticateToken(credential)
  }

  /**
   * The principal, when finding it needs no I/O: no credential or a malformed one, an unknown
   * scheme, or an API key looked up lately, as for nearly every request of an API client.
   * Undefined otherwise (a token to verify, a key to look up): authenticate().
   */
  authenticateNow(authorization: string | undefined): Principal | undefined {
    if (!authorization) return { kind: 'anonymous' }
    const { scheme, credential } = readAuthorization(authorization)
    if (scheme === 'bearer') {
      if (!looksLikeApiKey(credential)) return { kind: 'invalid_api_key' }
      const cached = this.keyCache.get(credential)
      if (cached === undefined) return undefined
      const nowMs = this.deps.clock.now().getTime()
      // A revocation anywhere drops the entry through a change notice; while notices cannot
      // arrive, entries live a few seconds.
      const lifeMs = this.deps.notices.live ? limits.apiKeyCacheNoticedMs : limits.apiKeyCacheMs
      if (nowMs - cached.cachedAtMs >= lifeMs) return undefined
      if (cached.principal.kind === 'api_key') this.noteKeyUse(cached.principal, nowMs)
      return cached.principal
    }
    if (scheme === 'jwt') return undefined
    return { kind: 'anonymous' }
  }

  /** Keyed by the presented key, so that authenticateNow finds it without hashing. */
  private async lookUpApiKey(key: string): Promise<Principal> {
    const nowMs = this.deps.clock.now().getTime()
    const hash = hashApiKey(key)
    const record = await this.deps.store.findApiKeyByHash(this.deps.db, hash)
    const usable = record !== undefined && record.revokedAt === null && safeEqual(record.hash, hash)
    const cached: CachedKey = {
      principal: usable
        ? {
            kind: 'api_key',
            apiKeyId: record.id,
            organizationId: record.organizationId,
            scopes: record.scopes,
          }
        : { kind: 'invalid_api_key' },
      cachedAtMs: nowMs,
    }
    if (this.keyCache.size >= limits.apiKeyCacheEntriesMax) this.keyCache.clear()
    this.keyCache.set(key, cached)
    if (cached.principal.kind === 'api_key') this.noteKeyUse(cached.principal, nowMs)
    return cached.principal
  }

  /** lastUsedAt is advisory; writing it at most once a minute keeps reads from becoming writes. */
  private noteKeyUse(key: { organizationId: string; apiKeyId: string }, nowMs: number): void {
    const last = this.lastTouchMs.get(key.apiKeyId) ?? 0
    if (nowMs - last < limits.apiKeyLastUsedWriteMs) return
    this.lastTouchMs.set(key.apiKeyId, nowMs)
    this.deps.store.touchApiKey(this.deps.db, key, new Date(nowMs).toISOString()).catch(() => {
      this.lastTouchMs.delete(key.apiKeyId)
    })
  }

  private async authenticateToken(token: string): Promise<Principal> {
    try {
      const { payload } = await jwtVerify(token, await this.signingSecret(), {
        algorithms: ['HS256'],
        issuer: tokenIssuer,
        currentDate: this.deps.clock.now(),
      })
      if (typeof payload.sub !== 'string' || payload.exp === undefined) return { kind: 'invalid_token' }
      return { kind: 'user', userId: payload.sub }
    } catch {
      return { kind: 'invalid_token' }
    }
  }

  private async signingSecret(): Promise<Uint8Array> {
    if (this.secret) return this.secret
    const configured = this.deps.jwtSecret
    const value =
      configured ??
      (await this.deps.store.settingOrInsert(
        this.deps.db,
        'jwt_secret',
        Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url'),
      ))
    this.secret = new TextEncoder().encode(value)
    return this.secret
  }

  /**
   * Signs a person in. clientAddress is where an HTTP request came from; the server's own
   * process (operator tooling) passes none and is not held to the sign-in quotas.
   */
  async tokenAuth(email: string, password: string, clientAddress?: string): Promise<string> {
    const key = emailKey(email)
    const refusal = this.signIn.admit(clientAddress, key)
    if (refusal === 'rate_limited') throw new AccessDenied(accessDenials.signInRateLimited)
    if (refusal === 'too_many_attempts') throw new AccessDenied(accessDenials.tooManyAttempts)
    const user = await this.deps.store.findUserByEmailKey(this.deps.db, key)
    const valid = await this.passwords.verify(password, user?.passwordHash)
    // Every password thread is busy and the queue is full: a quota answer, like the ones above.
    if (valid === undefined) throw new AccessDenied(accessDenials.signInRateLimited)
    if (!user || !valid) {
      this.signIn.failed(clientAddress, key)
      throw new AccessDenied(accessDenials.invalidCredentials)
    }
    this.signIn.succeeded(clientAddress, key)
    const issuedAt = Math.floor(this.deps.clock.now().getTime() / 1000)
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(tokenIssuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + limits.tokenLifetimeSeconds)
      .sign(await this.signingSecret())
  }

  // ---- authorization --------------------------------------------------------------------

  /**
   * Runs DESIGN 4's checks in their order, then 8.7's: a key's scopes, a viewer's writes and the
   * operation's roles, as the rights table has them. The only way to obtain an OrgScope.
   */
  async authorize(
    principal: Principal,
    organizationId: string,
    operation: OrganizationOperation,
  ): Promise<OrgScope> {
    this.requireIdentified(principal)
    if (!(await this.deps.organizations.exists(organizationId)))
      throw new AccessDenied(accessDenials.organizationNotFound)
    const right = rightOf(operation)
    let actor: Actor
    if (principal.kind === 'api_key') {
      if (principal.organizationId !== organizationId)
        throw new AccessDenied(accessDenials.apiKeyWrongOrganization)
      if (right.keyScopes === 'none') throw new AccessDenied(accessDenials.apiKeyAdmin)
      if (!keyMayCall(operation, principal.scopes)) throw new AccessDenied(accessDenials.insufficientScope)
      actor = { kind: 'api_key', apiKeyId: principal.apiKeyId, scopes: principal.scopes }
    } else {
      const role = await this.roleOf(organizationId, principal.userId)
      if (!role) throw new AccessDenied(accessDenials.notAMember)
      if (right.writes && role === 'viewer') throw new AccessDenied(accessDenials.readOnly)
      if (!right.roles.includes(role)) throw new AccessDenied(accessDenials.roleTooLow)
      actor = { kind: 'user', userId: principal.userId, role }
    }
    return { organizationId, actor } as OrgScope
  }

  /**
   * The operator CLI runs on the server itself with the authority of whoever may run it there,
   * which is an owner's; it still cannot reach an organization that does not exist.
   */
  async authorizeOperator(organizationId: string): Promise<OrgScope> {
    if (!(await this.deps.organizations.exists(organizationId)))
      throw new AccessDenied(accessDenials.organizationNotFound)
    return { organizationId, actor: { kind: 'user', userId: 'operator', role: 'owner' } } as OrgScope
  }

  /**
   * For work Daybook does inside an organization on its own behalf, such as seeding the chart of
   * a new organization in the transaction that creates it. Never reachable from a request.
   */
  internalScope(organizationId: string): OrgScope {
    return { organizationId, actor: { kind: 'user', userId: 'system', role: 'owner' } } as OrgScope
  }

  /** Check 1 alone, for operations that name no organization. */
  requireIdentified(
    principal: Principal,
  ): asserts principal is Extract<Principal, { kind: 'api_key' } | { kind: 'user' }> {
    if (principal.kind === 'anonymous') throw new AccessDenied(accessDenials.authenticationRequired)
    if (principal.kind === 'invalid_api_key') throw new AccessDenied(accessDenials.invalidApiKey)
    if (principal.kind === 'invalid_token') throw new AccessDenied(accessDenials.invalidToken)
  }

  /** For operations that are for people only (creating an organization). */
  requireUser(principal: Principal): string {
    this.requireIdentified(principal)
    if (principal.kind === 'api_key') throw new AccessDenied(accessDenials.apiKeyAdmin)
    return principal.userId
  }

  async organizationIdsOf(principal: Principal): Promise<string[]> {
    this.requireIdentified(principal)
    if (principal.kind === 'api_key') return [principal.organizationId]
    return this.deps.store.organizationIdsOfUser(this.deps.db, principal.userId)
  }

  /**
   * A person's scope in each organization they belong to, with their role there; for answers
   * across a practice's clients, which read every one of them with the same rights as a member.
   */
  async memberScopes(principal: Principal): Promise<OrgScope[]> {
    const userId = this.requireUser(principal)
    const memberships = await this.deps.store.membershipsOfUser(this.deps.db, userId)
    return memberships.map(
      ({ organizationId, role }) => ({ organizationId, actor: { kind: 'user', userId, role } }) as OrgScope,
    )
  }

  // ---- users and memberships ------------------------------------------------------------

  async createUser(input: {
    email: string
    password: string
    name?: string
  }): Promise<Result<{ id: string; email: string }>> {
    const email = parseEmail(input.email.trim())
    if (!email.ok) return email
    if (input.password.length < limits.passwordLengthMin) {
      return fail(
        'WEAK_PASSWORD',
        `password must be at least ${limits.passwordLengthMin} characters.`,
        'password',
      )
    }
    const name = input.name === undefined ? ok('') : parseName(input.name)
    if (!name.ok) return name
    const id = newId()
    const inserted = await this.deps.store.insertUser(this.deps.db, {
      id,
      email: email.value,
      emailKey: emailKey(email.value),
      name: name.value,
      passwordHash: await this.passwords.hash(input.password),
      createdAt: this.deps.clock.now().toISOString(),
    })
    if (!inserted) return fail('EMAIL_TAKEN', 'A user with this email already exists.', 'email')
    return ok({ id, email: email.value })
  }

  /** Makes the creator the first owner inside the caller's database transaction. */
  async addOwner(tx: Executor, organizationId: string, userId: string): Promise<void> {
    await this.deps.store.insertMembership(tx, {
      organizationId,
      userId,
      role: 'owner',
      createdAt: this.deps.clock.now().toISOString(),
    })
    await this.membershipChanged(tx, organizationId, userId)
    await this.deps.audit.record(tx, this.internalScope(organizationId), [
      memberChange('added', userId, null, { userId, role: 'owner' }),
    ])
  }

  async addMember(
    principal: Principal,
    organizationId: string,
    email: string,
    role: string,
  ): Promise<Result<MemberRecord>> {
    const scope = await this.authorize(principal, organizationId, 'addMember')
    return this.addMemberInScope(scope, email, role)
  }

  /** The operator CLI acts with the authority of the machine it runs on. */
  async addMemberAsOperator(
    organizationId: string,
    email: string,
    role: string,
  ): Promise<Result<MemberRecord>> {
    return this.addMemberInScope(await this.authorizeOperator(organizationId), email, role)
  }

  private async addMemberInScope(
    scope: OrgScope,
    email: string,
    role: string,
  ): Promise<Result<MemberRecord>> {
    if (!isRole(role)) return invalidRole()
    if (role === 'owner' && !actsAsOwner(scope)) {
      return fail('OWNER_REQUIRED', 'Only an owner can make another owner.', 'role')
    }
    const user = await this.deps.store.findUserByEmailKey(this.deps.db, emailKey(email))
    if (!user) return fail('USER_NOT_FOUND', 'No user has this email.', 'email')
    const added = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      const inserted = await this.deps.store.insertMembership(tx, {
        organizationId: scope.organizationId,
        userId: user.id,
        role,
        createdAt: this.deps.clock.now().toISOString(),
      })
      if (inserted) {
        await this.membershipChanged(tx, scope.organizationId, user.id)
        await this.deps.audit.record(tx, scope, [
          memberChange('added', user.id, null, { userId: user.id, role }),
        ])
      }
      return inserted
    })
    if (!added) return fail('ALREADY_MEMBER', 'This user is already a member of the organization.', 'email')
    return ok({ userId: user.id, email: user.email, name: user.name, role })
  }

  async removeMember(principal: Principal, organizationId: string, userId: string): Promise<Result<true>> {
    const scope = await this.authorize(principal, organizationId, 'removeMember')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const member = await this.deps.store.findMember(tx, scope, userId)
      if (!member) return fail('MEMBER_NOT_FOUND', 'No member with this id.', 'userId')
      if (member.role === 'owner') {
        if (!(await this.ownerNow(tx, scope)))
          return fail('OWNER_REQUIRED', 'Only an owner can remove an owner.', 'userId')
        if ((await this.deps.store.countOwners(tx, scope, this.deps.engine === 'postgres')) === 1) {
          return fail('LAST_OWNER', 'The last owner cannot be removed.', 'userId')
        }
      }
      await this.deps.store.deleteMembership(tx, scope, userId)
      await this.membershipChanged(tx, scope.organizationId, userId)
      await this.deps.audit.record(tx, scope, [
        memberChange('removed', userId, { userId, role: member.role }, null),
      ])
      return ok(true as const)
    })
  }

  /**
   * Whether the caller is an owner as this transaction sees it: the role authorize read may be one
   * another owner has just taken away. The owners' rows are held first (PostgreSQL), so two owners
   * demoting each other at once are decided one after the other.
   */
  private async ownerNow(tx: Executor, scope: OrgScope): Promise<boolean> {
    if (!actsAsOwner(scope) || scope.actor.kind !== 'user') return false
    await this.deps.store.countOwners(tx, scope, this.deps.engine === 'postgres')
    return (await this.deps.store.findMember(tx, scope, scope.actor.userId))?.role === 'owner'
  }

  /** Makes a member another role; only an owner touches an owner's role, and one owner always stays. */
  async updateMemberRole(
    principal: Principal,
    organizationId: string,
    userId: string,
    role: string,
  ): Promise<Result<MemberRecord>> {
    const scope = await this.authorize(principal, organizationId, 'updateMemberRole')
    if (!isRole(role)) return invalidRole()
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const member = await this.deps.store.findMember(tx, scope, userId)
      if (!member) return fail('MEMBER_NOT_FOUND', 'No member with this id.', 'userId')
      if ((member.role === 'owner' || role === 'owner') && !(await this.ownerNow(tx, scope))) {
        return fail('OWNER_REQUIRED', "Only an owner can make an owner or change an owner's role.", 'role')
      }
      if (member.role === role) return ok(member)
      if (
        member.role === 'owner' &&
        (await this.deps.store.countOwners(tx, scope, this.deps.engine === 'postgres')) === 1
      ) {
        return fail('LAST_OWNER', 'The last owner cannot be given another role.', 'role')
      }
      await this.deps.store.setMembershipRole(tx, scope, userId, role)
      await this.membershipChanged(tx, scope.organizationId, userId)
      await this.deps.audit.record(tx, scope, [
        memberChange('role_changed', userId, { userId, role: member.role }, { userId, role }),
      ])
      return ok({ ...member, role })
    })
  }

  /** The caller's own standing in the organization: whatever it is, it may ask. */
  myAccess(principal: Principal, organizationId: string): Promise<OrgScope> {
    return this.authorize(principal, organizationId, 'myAccess')
  }

  async listMembers(principal: Principal, organizationId: string): Promise<MemberRecord[]> {
    const scope = await this.authorize(principal, organizationId, 'listMembers')
    return this.deps.store.listMembers(this.deps.db, scope)
  }

  // ---- API keys ---------------------------------------------------------------------------

  async createApiKey(
    principal: Principal,
    organizationId: string,
    name: string | undefined,
    keyScopes?: readonly string[] | null,
  ): Promise<Result<{ key: string; apiKey: ApiKeyRecord }>> {
    const scope = await this.authorize(principal, organizationId, 'createApiKey')
    return this.createApiKeyInScope(scope, name, keyScopes)
  }

  async createApiKeyAsOperator(
    organizationId: string,
    name: string | undefined,
    keyScopes?: readonly string[] | null,
  ): Promise<Result<{ key: string; apiKey: ApiKeyRecord }>> {
    return this.createApiKeyInScope(await this.authorizeOperator(organizationId), name, keyScopes)
  }

  private async createApiKeyInScope(
    scope: OrgScope,
    name: string | undefined,
    keyScopes: readonly string[] | null | undefined,
  ): Promise<Result<{ key: string; apiKey: ApiKeyRecord }>> {
    const parsedName = parseName(name ?? 'API key')
    if (!parsedName.ok) return parsedName
    const parsedScopes = parseScopes(keyScopes)
    if (!parsedScopes.ok) return parsedScopes
    const generated = generateApiKey()
    const apiKey: ApiKeyRecord = {
      id: newId(),
      organizationId: scope.organizationId,
      name: parsedName.value,
      prefix: generated.displayPrefix,
      createdAt: this.deps.clock.now().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      scopes: parsedScopes.value,
    }
    await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      await this.deps.store.insertApiKey(tx, { ...apiKey, hash: generated.hash })
      await this.deps.audit.record(tx, scope, [apiKeyChange('created', apiKey.id, null, apiKey)])
    })
    return ok({ key: generated.key, apiKey })
  }

  async revokeApiKey(principal: Principal, organizationId: string, apiKeyId: string): Promise<Result<true>> {
    const scope = await this.authorize(principal, organizationId, 'revokeApiKey')
    const revoked = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      const done = await this.deps.store.revokeApiKey(
        tx,
        scope,
        apiKeyId,
        this.deps.clock.now().toISOString(),
      )
      if (done) {
        await this.deps.notices.publish(tx, { kind: 'api_key_revoked', apiKeyId })
        await this.deps.audit.record(tx, scope, [
          apiKeyChange(
            'revoked',
            apiKeyId,
            { revokedAt: null },
            { revokedAt: this.deps.clock.now().toISOString() },
          ),
        ])
      }
      return done
    })
    if (!revoked) {
      if (await this.deps.store.apiKeyExists(this.deps.db, scope, apiKeyId)) {
        return fail('API_KEY_ALREADY_REVOKED', 'This API key is already revoked.', 'apiKeyId')
      }
      return fail('API_KEY_NOT_FOUND', 'No API key with this id.', 'apiKeyId')
    }
    this.forgetKey(apiKeyId)
    return ok(true as const)
  }

  /**
   * A member's role, from the cache while change notices arrive: every change of membership
   * announces itself in its transaction. Without notices (SQLite, where the CLI may change
   * memberships beside the server) every request reads it.
   */
  private async roleOf(organizationId: string, userId: string): Promise<Role | undefined> {
    if (!this.deps.notices.live) return this.deps.store.findRole(this.deps.db, organizationId, userId)
    const nowMs = this.deps.clock.now().getTime()
    const key = roleCacheKey(organizationId, userId)
    const cached = this.roleCache.get(key)
    if (cached && nowMs - cached.cachedAtMs < limits.apiKeyCacheNoticedMs) return cached.role
    const role = await this.deps.store.findRole(this.deps.db, organizationId, userId)
    if (this.roleCache.size >= limits.apiKeyCacheEntriesMax) this.roleCache.clear()
    this.roleCache.set(key, { role, cachedAtMs: nowMs })
    return role
  }

  private async membershipChanged(tx: Executor, organizationId: string, userId: string): Promise<void> {
    await this.deps.notices.publish(tx, { kind: 'membership_changed', organizationId, userId })
    this.roleCache.delete(roleCacheKey(organizationId, userId))
  }

  private forgetKey(apiKeyId: string): void {
    for (const [key, entry] of this.keyCache)
      if (entry.principal.kind === 'api_key' && entry.principal.apiKeyId === apiKeyId)
        this.keyCache.delete(key)
  }

  async listApiKeys(principal: Principal, organizationId: string): Promise<ApiKeyRecord[]> {
    const scope = await this.authorize(principal, organizationId, 'listApiKeys')
    return this.deps.store.listApiKeys(this.deps.db, scope)
  }
}

const invalidRole = () => fail('INVALID_ROLE', `role must be one of: ${roles.join(', ')}.`, 'role')

/** Scopes as given: none (every right), or a list of known ones, kept in the table's order. */
function parseScopes(given: readonly string[] | null | undefined): Result<readonly Scope[] | null> {
  if (given === null || given === undefined) return ok(null)
  if (given.length === 0) {
    return fail(
      'INVALID_SCOPE',
      `scopes must name at least one of: ${scopes.join(', ')}; leave it out for every right.`,
      'scopes',
    )
  }
  const unknown = given.find((scope) => !isScope(scope))
  if (unknown !== undefined) {
    return fail(
      'INVALID_SCOPE',
      `Unknown scope ${JSON.stringify(unknown.slice(0, 40))}: scopes are ${scopes.join(', ')}.`,
      'scopes',
    )
  }
  return ok(scopes.filter((scope) => given.includes(scope)))
}

const roleCacheKey = (organizationId: string, userId: string) => `${organizationId} ${userId}`

export type { Role }

const memberChange = (verb: string, userId: string, before: unknown, after: unknown) => ({
  operation: `member.${verb}`,
  entityType: 'member',
  entityId: userId,
  before,
  after,
})

const apiKeyChange = (verb: string, apiKeyId: string, before: unknown, after: unknown) => ({
  operation: `api_key.${verb}`,
  entityType: 'api_key',
  entityId: apiKeyId,
  before,
  after,
})
