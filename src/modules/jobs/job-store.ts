import type { Executor } from '../../db/schema.js'
import { acrossOrganizations } from '../../db/tenant-scope.js'

export interface JobRecord {
  id: string
  organizationId: string
  kind: string
  subjectId: string | null
  attempts: number
}

/** What names one job: the organization it works for, then its id. */
export type JobKey = Pick<JobRecord, 'organizationId' | 'id'>

/** A job that used up its attempts, as an operator sees it. */
export interface FailedJob extends JobRecord {
  lastError: string | null
  failedAt: string
}

// The job queue lives in the database, so a job enqueued with the work that caused it commits or
// rolls back with it, and survives a crash of the server.
export class JobStore {
  async enqueue(
    ex: Executor,
    job: { id: string; organizationId: string; kind: string; subjectId: string | null; at: string },
  ): Promise<void> {
    await ex
      .insertInto('jobs')
      .values({
        id: job.id,
        organization_id: job.organizationId,
        kind: job.kind,
        subject_id: job.subjectId,
        status: 'queued',
        attempts: 0,
        run_after: job.at,
        locked_until: null,
        last_error: null,
        created_at: job.at,
        updated_at: job.at,
      })
      .execute()
  }

  async hasQueued(ex: Executor, organizationId: string, kind: string): Promise<boolean> {
    const row = await ex
      .selectFrom('jobs')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('kind', '=', kind)
      .where('status', '=', 'queued')
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * Takes a ready job: queued and due, or running under a lease that ran out (its process died).
   * Organizations take turns: the oldest ready job of the first organization after `after` (in
   * id order, wrapping round), so one organization's backlog never holds another's work behind
   * it. The conditional update makes two workers never take the same job. Finding it is the
   * queue's one look-up across organizations; taking it is within the job's organization.
   */
  async claim(ex: Executor, now: string, leaseUntil: string, after?: string): Promise<JobRecord | undefined> {
    for (let tries = 0; tries < 3; tries++) {
      const candidate =
        (after === undefined ? undefined : await this.readyJob(ex, now, after)) ??
        (await this.readyJob(ex, now, undefined))
      if (!candidate) return undefined
      const taken = await ex
        .updateTable('jobs')
        .set({
          status: 'running',
          locked_until: leaseUntil,
          attempts: Number(candidate.attempts) + 1,
          updated_at: now,
        })
        .where('organization_id', '=', candidate.organization_id)
        .where('id', '=', candidate.id)
        .where('status', '=', candidate.status)
        .where('updated_at', '=', candidate.updated_at)
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) === 1) {
        return {
          id: candidate.id,
          organizationId: candidate.organization_id,
          kind: candidate.kind,
          subjectId: candidate.subject_id,
          attempts: Number(candidate.attempts) + 1,
        }
      }
    }
    return undefined
  }

  private readyJob(ex: Executor, now: string, after: string | undefined) {
    let query = acrossOrganizations(ex)
      .selectFrom('jobs')
      .select(['id', 'organization_id', 'kind', 'subject_id', 'attempts', 'status', 'updated_at'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
    if (after !== undefined) query = query.where('organization_id', '>', after)
    return query.orderBy('organization_id').orderBy('run_after').orderBy('id').limit(1).executeTakeFirst()
  }

  async finish(ex: Executor, job: JobKey, now: string): Promise<void> {
    await ex
      .updateTable('jobs')
      .set({ status: 'done', locked_until: null, updated_at: now })
      .where('organization_id', '=', job.organizationId)
      .where('id', '=', job.id)
      .execute()
  }

  async retryLater(ex: Executor, job: JobKey, error: string, runAfter: string, now: string): Promise<void> {
    await ex
      .updateTable('jobs')
      .set({ status: 'queued', locked_until: null, last_error: error, run_after: runAfter, updated_at: now })
      .where('organization_id', '=', job.organizationId)
      .where('id', '=', job.id)
      .execute()
  }

  async fail(ex: Executor, job: JobKey, error: string, now: string): Promise<void> {
    await ex
      .updateTable('jobs')
      .set({ status: 'failed', locked_until: null, last_error: error, updated_at: now })
      .where('organization_id', '=', job.organizationId)
      .where('id', '=', job.id)
      .execute()
  }

  /**
   * Failed jobs, the most recent failure first; of one organization when it is named, else of
   * every organization (an operator's listing).
   */
  async failed(ex: Executor, filter: { organizationId?: string; limit: number }): Promise<FailedJob[]> {
    let query = (filter.organizationId ? ex : acrossOrganizations(ex))
      .selectFrom('jobs')
      .select(['id', 'organization_id', 'kind', 'subject_id', 'attempts', 'last_error', 'updated_at'])
      .where('status', '=', 'failed')
    if (filter.organizationId) query = query.where('organization_id', '=', filter.organizationId)
    const rows = await query.orderBy('updated_at', 'desc').orderBy('id').limit(filter.limit).execute()
    return rows.map((row) => ({
      id: row.id,
      organizationId: row.organization_id,
      kind: row.kind,
      subjectId: row.subject_id,
      attempts: Number(row.attempts),
      lastError: row.last_error,
      failedAt: row.updated_at,
    }))
  }

  /**
   * Queues failed jobs of the organization again (one, when `jobId` is given) with a fresh count
   * of attempts, and returns them as they were before.
   */
  async requeueFailed(
    ex: Executor,
    organizationId: string,
    jobId: string | undefined,
    now: string,
  ): Promise<JobRecord[]> {
    let query = ex
      .selectFrom('jobs')
      .select(['id', 'organization_id', 'kind', 'subject_id', 'attempts'])
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'failed')
    if (jobId !== undefined) query = query.where('id', '=', jobId)
    const rows = await query.orderBy('updated_at').orderBy('id').execute()
    const jobs: JobRecord[] = []
    for (const row of rows) {
      const requeued = await ex
        .updateTable('jobs')
        .set({ status: 'queued', attempts: 0, run_after: now, locked_until: null, updated_at: now })
        .where('organization_id', '=', organizationId)
        .where('id', '=', row.id)
        .where('status', '=', 'failed')
        .executeTakeFirst()
      if (Number(requeued.numUpdatedRows) !== 1) continue
      jobs.push({
        id: row.id,
        organizationId: row.organization_id,
        kind: row.kind,
        subjectId: row.subject_id,
        attempts: Number(row.attempts),
      })
    }
    return jobs
  }

  /** Jobs of every organization waiting or running, for the metrics. */
  async depth(ex: Executor): Promise<number> {
    const row = await acrossOrganizations(ex)
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
}
