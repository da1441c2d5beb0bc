// Who is calling, as established from the Authorization header before any operation runs.
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'invalid_api_key' }
  | { kind: 'invalid_token' }
  | { kind: 'api_key'; apiKeyId: string; organizationId: string; scopes: readonly Scope[] | null }
  | { kind: 'user'; userId: string }

export const roles = ['owner', 'admin', 'member', 'accountant', 'viewer'] as const
export type Role = (typeof roles)[number]

export const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value)

/** What an API key may be limited to (DESIGN 8.7); a key without scopes keeps every right. */
export const scopes = ['read', 'write', 'bank_import', 'receipts', 'events'] as const
export type Scope = (typeof scopes)[number]

export const isScope = (value: string): value is Scope => (scopes as readonly string[]).includes(value)

export type Actor =
  | { kind: 'api_key'; apiKeyId: string; scopes: readonly Scope[] | null }
  | { kind: 'user'; userId: string; role: Role }

declare const scopeBrand: unique symbol

/**
 * Proof that an actor passed the access checks for one organization. Only the access service
 * makes one, and every store query takes one, so no query can run unscoped or unchecked.
 */
export interface OrgScope {
  readonly organizationId: string
  readonly actor: Actor
  readonly [scopeBrand]: true
}

/** Whether the scope's actor is an owner signed in as a person. */
export function actsAsOwner(scope: OrgScope): boolean {
  return scope.actor.kind === 'user' && scope.actor.role === 'owner'
}

/** Whether the scope's actor is an accountant, who writes past the lock date (DESIGN 8.7). */
export function actsAsAccountant(scope: OrgScope): boolean {
  return scope.actor.kind === 'user' && scope.actor.role === 'accountant'
}
