import type { Executor } from '../../db/schema.js'

export interface JobRecord {
  id: string
  organizationId: string
  kind: string
  subjectId: string | null
  attempts: number
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
   * Takes the oldest ready job: queued and due, or running under a lease that ran out (its
   * process died). The conditional update makes two workers never take the same job.
   */
  async claim(ex: Executor, now: string, leaseUntil: string): Promise<JobRecord | undefined> {
    for (let tries = 0; tries < 3; tries++) {
      const candidate = await ex
        .selectFrom('jobs')
        .select(['id', 'organization_id', 'kind', 'subject_id', 'attempts', 'status', 'updated_at'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_after')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
      if (!candidate) return undefined
      const taken = await ex
        .updateTable('jobs')
        .set({
          status: 'running',
          locked_until: leaseUntil,
          attempts: Number(candidate.attempts) + 1,
          updated_at: now,
        })
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

  async finish(ex: Executor, id: string, now: string): Promise<void> {
    await ex
      .updateTable('jobs')
      .set({ status: 'done', locked_until: null, updated_at: now })
      .where('id', '=', id)
      .execute()
  }

  async retryLater(ex: Executor, id: string, error: string, runAfter: string, now: string): Promise<void> {
    await ex
      .updateTable('jobs')
      .set({ status: 'queued', locked_until: null, last_error: error, run_after: runAfter, updated_at: now })
      .where('id', '=', id)
      .execute()
  }

  async fail(ex: Executor, id: string, error: string, now: string): Promise<void> {
    await ex
      .updateTable('jobs')
      .set({ status: 'failed', locked_until: null, last_error: error, updated_at: now })
      .where('id', '=', id)
      .execute()
  }

  async depth(ex: Executor): Promise<number> {
    const row = await ex
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
}
