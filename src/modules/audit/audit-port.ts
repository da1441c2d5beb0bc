import type { Executor } from '../../db/schema.js'
import type { Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { AuditChange } from './audit-record.js'
import type { FeedEvent } from './event-feed.js'

// What the audit trail offers other modules. Recording needs no access service: the access
// service records its own changes here, and the trail's use cases (the log, the feed, the check)
// are authorized by AuditService, which depends on access and not the other way round.

export type { AuditChange } from './audit-record.js'
export { creations } from './audit-record.js'
export type { FeedEvent, FeedType } from './event-feed.js'
export { feedTypes, isFeedType } from './event-feed.js'

export interface AuditRecorder {
  /** Appends the changes inside the caller's transaction; they are sealed into the chain after it commits. */
  record(tx: Executor, scope: OrgScope, changes: readonly AuditChange[]): Promise<void>
}

export interface FeedArgs {
  after?: number | null
  types?: readonly string[] | null
  limit?: number | null
}

export interface FeedPage {
  items: FeedEvent[]
  lastSeq: number
  /** The audit chain's head as the page was read: a hash a reader can keep outside Daybook. */
  auditHead: { seq: number; hash: string }
}

/** The event feed, for the modules that send it on (webhooks). */
export interface AuditFeed {
  /** The feed after `args.after`, everything committed before the call sealed into it. */
  feed(scope: OrgScope, args: FeedArgs): Promise<Result<FeedPage>>
  /** The feed's last number once everything committed is sealed: where a new subscriber starts. */
  feedHead(scope: OrgScope): Promise<number>
}
