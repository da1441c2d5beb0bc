import type { Executor } from '../../db/schema.js'
import type { OrgScope, Principal } from './principal.js'
import type { OrganizationOperation } from './rights.js'

/**
 * What every module asks access: who may act in an organization (the only way to an OrgScope),
 * and the membership a new organization starts with. The use cases of users, members and keys
 * stay in AccessService, which implements this port.
 */
export interface AccessPort {
  /** DESIGN 4's and 8.7's checks for the operation, as the rights table has them; throws AccessDenied with the spec's message. */
  authorize(principal: Principal, organizationId: string, operation: OrganizationOperation): Promise<OrgScope>
  /** The operator CLI's authority (an owner's), for an organization that exists. */
  authorizeOperator(organizationId: string): Promise<OrgScope>
  /** Daybook acting on its own behalf inside an organization; never reachable from a request. */
  internalScope(organizationId: string): OrgScope
  /** Check 1 alone, for operations that name no organization. */
  requireIdentified(
    principal: Principal,
  ): asserts principal is Extract<Principal, { kind: 'api_key' } | { kind: 'user' }>
  /** For operations that are for people only; returns the user's id. */
  requireUser(principal: Principal): string
  organizationIdsOf(principal: Principal): Promise<string[]>
  /** A person's scope in each of their organizations (a key is refused with the admin message). */
  memberScopes(principal: Principal): Promise<OrgScope[]>
  /** Makes the creator the first owner inside the caller's database transaction. */
  addOwner(tx: Executor, organizationId: string, userId: string): Promise<void>
}
