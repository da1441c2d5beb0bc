// Who is calling, as established from the Authorization header before any operation runs.
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'invalid_api_key' }
  | { kind: 'invalid_token' }
  | { kind: 'api_key'; apiKeyId: string; organizationId: string }
  | { kind: 'user'; userId: string }

export const roles = ['owner', 'admin', 'member'] as const
export type Role = (typeof roles)[number]

export const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value)

export type Actor = { kind: 'api_key'; apiKeyId: string } | { kind: 'user'; userId: string; role: Role }

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

/** What an operation needs beyond membership. */
export type Requirement =
  /** Any member or an API key of the organization. */
  | 'member'
  /** Owner or admin, or an API key (intake addresses, DESIGN 4). */
  | 'manager'
  /** Owner or admin signed in as a person; API keys are refused. */
  | 'admin'

/** Whether the scope's actor is an owner signed in as a person. */
export function actsAsOwner(scope: OrgScope): boolean {
  return scope.actor.kind === 'user' && scope.actor.role === 'owner'
}
