import type { Executor } from '../../db/schema.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import type { JobRecord, JobStore } from './job-store.js'

export type JobHandler = (job: JobRecord) => Promise<void>

const attemptsMax = 3
const leaseMs = 5 * 60_000
const idlePollMs = 500

/**
 * Runs queued jobs one at a time in the server process (extraction is CPU-bound, and one at a
 * time keeps the request path responsive on a small machine). Jobs are retried with a growing
 * delay, then marked failed with their last error; their subjects record the failure too.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>()
  private running = false
  private loop: Promise<void> | undefined
  private wake: (() => void) | undefined

  constructor(
    private readonly deps: {
      db: Executor
      store: JobStore
      clock: Clock
      log: (error: unknown, job: JobRecord) => void
    },
  ) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler)
  }

  /** Enqueues inside the caller's transaction: the job exists exactly when the work that needs it does. */
  async enqueue(ex: Executor, organizationId: string, kind: string, subjectId: string | null): Promise<void> {
    await this.deps.store.enqueue(ex, { id: newId(), organizationId, kind, subjectId, at: this.now() })
  }

  /** Enqueues unless the same kind of job already waits for the organization. */
  async enqueueOnce(ex: Executor, organizationId: string, kind: string): Promise<void> {
    if (await this.deps.store.hasQueued(ex, organizationId, kind)) return
    await this.enqueue(ex, organizationId, kind, null)
  }

  /** Tells a running worker that there is work, so it does not wait for its next poll. */
  nudge(): void {
    this.wake?.()
  }

  depth(): Promise<number> {
    return this.deps.store.depth(this.deps.db)
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
          new Date(this.deps.clock.now().getTime() + leaseMs).toISOString(),
        )
      } catch (error) {
        this.deps.log(error, { id: '', organizationId: '', kind: 'claim', subjectId: null, attempts: 0 })
      }
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, idlePollMs)
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
    const handler = this.handlers.get(job.kind)
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`)
      await handler(job)
      await this.deps.store.finish(this.deps.db, job.id, this.now())
    } catch (error) {
      this.deps.log(error, job)
      const message = error instanceof Error ? error.message : String(error)
      if (job.attempts >= attemptsMax) {
        await this.deps.store.fail(this.deps.db, job.id, message, this.now()).catch(() => {})
      } else {
        const delayMs = 1_000 * 4 ** job.attempts
        const runAfter = new Date(this.deps.clock.now().getTime() + delayMs).toISOString()
        await this.deps.store.retryLater(this.deps.db, job.id, message, runAfter, this.now()).catch(() => {})
      }
    }
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}
