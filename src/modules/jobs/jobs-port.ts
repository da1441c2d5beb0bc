import type { Executor } from '../../db/schema.js'
import type { JobRecord } from './job-store.js'

// What the job queue offers the modules whose work runs off the request path: they declare their
// kinds of job, and queue one inside the transaction that makes the work.

export type { JobRecord } from './job-store.js'

export type JobHandler = (job: JobRecord) => Promise<void>

/**
 * What a kind of job does, and how its subject learns the job's fate: `failed` runs in the
 * transaction that marks the job failed, `retried` in the one that queues it again.
 */
export interface JobKind {
  run: JobHandler
  failed?: (tx: Executor, job: JobRecord, reason: string) => Promise<void>
  retried?: (tx: Executor, job: JobRecord) => Promise<void>
}

export interface JobsPort {
  /** Declares what a kind of job does; a module declares its kinds when it is built. */
  handle(kind: string, handler: JobHandler | JobKind): void
  /** Enqueues inside the caller's transaction: the job exists exactly when the work that needs it does. */
  enqueue(ex: Executor, organizationId: string, kind: string, subjectId: string | null): Promise<void>
  /** Enqueues unless the same kind of job already waits for the organization; the subject goes with the first. */
  enqueueOnce(ex: Executor, organizationId: string, kind: string, subjectId?: string): Promise<void>
  /** Tells a running worker that there is work, so it does not wait for its next poll. */
  nudge(): void
}
