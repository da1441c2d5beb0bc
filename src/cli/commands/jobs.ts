import type { Command } from 'commander'
import { limits } from '../../kernel/limits.js'
import { CliFailure, type CliIo, printJson, requireLimit, withCore } from '../shared.js'

export function addJobCommands(program: Command, io: CliIo): void {
  const jobs = program.command('jobs').description('Background jobs, such as reading receipts.')
  jobs
    .command('list-failed')
    .description('Jobs that failed after their last attempt, the most recent first.')
    .option('--org-id <id>', "only this organization's jobs")
    .option(
      '--limit <count>',
      `at most this many (1 to ${limits.failedJobsListedMax})`,
      String(limits.failedJobsListedDefault),
    )
    .action((options: { orgId?: string; limit: string }) =>
      withCore(async (core) => {
        const limit = requireLimit(options.limit, limits.failedJobsListedMax)
        if (options.orgId) await core.services.access.authorizeOperator(options.orgId)
        const failed = await core.services.jobs.failedJobs({
          ...(options.orgId ? { organizationId: options.orgId } : {}),
          limit,
        })
        printJson(io, { jobs: failed })
      }),
    )
  jobs
    .command('retry')
    .description("Queue an organization's failed jobs again, each with a fresh count of attempts.")
    .requiredOption('--org-id <id>')
    .option('--job-id <id>', 'only this job')
    .action((options: { orgId: string; jobId?: string }) =>
      withCore(async (core) => {
        await core.services.access.authorizeOperator(options.orgId)
        const retried = await core.services.jobs.retryFailed(options.orgId, options.jobId)
        if (options.jobId !== undefined && retried.length === 0)
          throw new CliFailure(`The organization has no failed job with id ${options.jobId}.`)
        printJson(io, { organizationId: options.orgId, retried: retried.map((job) => job.id) })
      }),
    )
}
