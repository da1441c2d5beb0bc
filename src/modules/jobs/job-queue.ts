import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import type { FailedJob, JobRecord, JobStore } from './job-store.js'
import type { JobHandler, JobKind, JobsPort } from './jobs-port.js'

/**
 * Runs queued jobs one at a time in the server process (extraction is CPU-bound, and one at a
 * time keeps the request path responsive on a small machine), organizations taking turns, so
 * one organization's hundred documents wait behind another's one, not the other way round. Jobs are retried with a growing
 * delay, then marked failed with their last error; their subjects record the failure too, in the
 * same transaction. An attempt is counted when the job is claimed, before it runs, so a job
 * whose run took the process down is counted as well, and is never started past its last attempt.
 */
export class JobQueue implements JobsPort {
  private readonly kinds = new Map<string, JobKind>()
  private running = false
  private loop: Promise<void> | undefined
  private wake: (() => void) | undefined
  /** The organization whose job this worker took last: the next claim starts after it. */
  private lastOrganizationId: string | undefined

  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: JobStore
      clock: Clock
      log: (error: unknown, job: JobRecord) => void
    },
  ) {}

  handle(kind: string, handler: JobHandler | JobKind): void {
    this.kinds.set(kind, typeof handler === 'function' ? { run: handler } : handler)
  }

  /** Enqueues inside the caller's transaction: the job exists exactly when the work that needs it does. */
  async enqueue(ex: Executor, organizationId: string, kind: string, subjectId: string | null): Promise<void> {
    await this.deps.store.enqueue(ex, { id: newId(), organizationId, kind, subjectId, at: this.now() })
  }

  /** Enqueues unless the same kind of job already waits for the organization; the subject goes with the first. */
  async enqueueOnce(ex: Executor, organizationId: string, kind: string, subjectId?: string): Promise<void> {
    if (await this.deps.store.hasQueued(ex, organizationId, kind)) return
    await this.enqueue(ex, organizationId, kind, subjectId ?? null)
  }

  /** Tells a running worker that there is work, so it does not wait for its next poll. */
  nudge(): void {
    this.wake?.()
  }

  depth(): Promise<number> {
    return this.deps.store.depth(this.deps.db)
  }

  /** For the operator: failed jobs, newest failure first. */
  failedJobs(filter: { organizationId?: string; limit?: number } = {}): Promise<FailedJob[]> {
    const limit = Math.min(
      Math.max(1, filter.limit ?? limits.failedJobsListedDefault),
      limits.failedJobsListedMax,
    )
    return this.deps.store.failed(this.deps.db, {
      ...(filter.organizationId ? { organizationId: filter.organizationId } : {}),
      limit,
    })
  }

  /**
   * For the operator: queues an organization's failed jobs (or one of them) again with a fresh
   * count of attempts; their subjects learn it in the same transaction.
   */
  async retryFailed(organizationId: string, jobId?: string): Promise<JobRecord[]> {
    const requeued = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      const jobs = await this.deps.store.requeueFailed(tx, organizationId, jobId, this.now())
      for (const job of jobs) await this.kinds.get(job.kind)?.retried?.(tx, job)
      return jobs
    })
    if (requeued.length > 0) this.nudge()
    return requeued
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.run()
  }

  /** Finishes the job in hand, then stops. */
  async stop(): Promise<void> {
    this.running = false
    this.wake?.()
    await this.loop
  }

  private async run(): Promise<void> {
    while (this.running) {
      let job: JobRecord | undefined
      try {
        job = await this.deps.store.claim(
          this.deps.db,
          this.now(),
          new Date(this.deps.clock.now().getTime() + limits.jobLeaseMs).toISOString(),
          this.lastOrganizationId,
        )
        if (job) this.lastOrganizationId = job.organizationId
      } catch (error) {
        this.deps.log(error, { id: '', organizationId: '', kind: 'claim', subjectId: null, attempts: 0 })
      }
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, limits.jobIdlePollMs)
          this.wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        this.wake = undefined
        continue
      }
      await this.execute(job)
    }
  }

  private async execute(job: JobRecord): Promise<void> {
    const kind = this.kinds.get(job.kind)
    if (job.attempts > limits.jobAttemptsMax) {
      // The claim counted an attempt past the last one: the last one never reported back, because
      // the process running it stopped. Running it again could stop this one too.
      await this.failFinally(
        job,
        kind,
        `The process stopped while this job ran, on its last attempt of ${limits.jobAttemptsMax}.`,
      )
      return
    }
    try {
      if (!kind) throw new Error(`no handler for job kind ${job.kind}`)
      await kind.run(job)
      await this.deps.store.finish(this.deps.db, job, this.now())
    } catch (error) {
      this.deps.log(error, job)
      const message = error instanceof Error ? error.message : String(error)
      if (job.attempts >= limits.jobAttemptsMax) {
        await this.failFinally(job, kind, message)
      } else {
        const delayMs = limits.jobRetryBaseMs * 4 ** job.attempts
        const runAfter = new Date(this.deps.clock.now().getTime() + delayMs).toISOString()
        await this.deps.store.retryLater(this.deps.db, job, message, runAfter, this.now()).catch(() => {})
      }
    }
  }

  /**
   * The job and its subject record the failure together. Should that transaction fail, the job
   * stays running under its lease; the next claim after the lease counts one attempt too many
   * and tries to record the failure again.
   */
  private async failFinally(job: JobRecord, kind: JobKind | undefined, reason: string): Promise<void> {
    await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      await this.deps.store.fail(tx, job, reason, this.now())
      await kind?.failed?.(tx, job, reason)
    }).catch((error: unknown) => this.deps.log(error, job))
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}
