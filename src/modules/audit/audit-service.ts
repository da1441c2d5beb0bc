import type { Page } from '../../kernel/page.js'
import type { Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { Principal } from '../access/principal.js'
import type { FeedArgs, FeedPage } from './audit-port.js'
import type { AuditRecord } from './audit-record.js'
import type { AuditTrail, ChainCheck } from './audit-trail.js'

/** The audit trail's use cases: who may read the log and the feed, and the operator's check. */
export class AuditService {
  constructor(
    private readonly deps: {
      access: Pick<AccessPort, 'authorize' | 'authorizeOperator'>
      trail: AuditTrail
    },
  ) {}

  async auditLog(
    principal: Principal,
    organizationId: string,
    args: Parameters<AuditTrail['log']>[1],
  ): Promise<Result<Page<AuditRecord>>> {
    return this.deps.trail.log(await this.deps.access.authorize(principal, organizationId, 'auditLog'), args)
  }

  async events(principal: Principal, organizationId: string, args: FeedArgs): Promise<Result<FeedPage>> {
    return this.deps.trail.feed(await this.deps.access.authorize(principal, organizationId, 'events'), args)
  }

  /** The feed as the operator CLI tails it. */
  async eventsAsOperator(organizationId: string, args: FeedArgs): Promise<Result<FeedPage>> {
    return this.deps.trail.feed(await this.deps.access.authorizeOperator(organizationId), args)
  }

  /** The CLI's `audit verify` (AuditTrail.verify): it only reads. */
  async verifyAsOperator(organizationId: string): Promise<ChainCheck> {
    return this.deps.trail.verify(await this.deps.access.authorizeOperator(organizationId))
  }
}
