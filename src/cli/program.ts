import { createWriteStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { Command, CommanderError } from 'commander'
import { buildCore, type Core } from '../app.js'
import { loadConfig } from '../config.js'
import { migrateToLatest } from '../db/migrate.js'
import { limits } from '../kernel/limits.js'
import type { Result } from '../kernel/result.js'
import { AccessDenied } from '../modules/access/access-denied.js'

// Every command prints one JSON object on stdout and exits 0, or one line on stderr and exits 1;
// bad usage exits 2 (DESIGN 3).
export class CliFailure extends Error {}

export interface CliIo {
  out: (line: string) => void
  err: (line: string) => void
}

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new CliFailure(result.error.message)
  return result.value
}

/** `\r12,000 / 100,000 rows` on stderr, only when stderr is a terminal and the run is long. */
function terminalProgress() {
  let shown = false
  return {
    report(done: number, total: number) {
      if (!process.stderr.isTTY || total < limits.cliProgressRowsMin) return
      shown = true
      process.stderr.write(`\r${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} rows`)
    },
    end() {
      if (shown) process.stderr.write('\n')
    },
  }
}

async function withCore<T>(work: (core: Core) => Promise<T>): Promise<T> {
  const core = await buildCore(loadConfig())
  try {
    return await work(core)
  } finally {
    await core.close()
  }
}

export function buildProgram(io: CliIo): Command {
  const json = (value: unknown) => io.out(JSON.stringify(value))
  const program = new Command('daybook')
    .description('Daybook operator commands. Uses DATA_DIR or DATABASE_URL like the server.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })

  program
    .command('migrate')
    .description('Apply pending database migrations.')
    .action(() =>
      withCore(async (core) => {
        // buildCore already migrated; asking again reports that nothing is pending.
        json({ applied: await migrateToLatest(core.database.db) })
      }),
    )

  const org = program.command('org').description('Organizations.')
  org
    .command('create')
    .requiredOption('--name <name>', 'organization name (unique, case-insensitive)')
    .action((options: { name: string }) =>
      withCore(async (core) =>
        json(unwrap(await core.services.organizations.createAsOperator(options.name))),
      ),
    )

  const user = program.command('user').description('Users who sign in with tokenAuth.')
  user
    .command('create')
    .requiredOption('--email <email>')
    .requiredOption('--password <password>')
    .option('--name <name>')
    .action((options: { email: string; password: string; name?: string }) =>
      withCore(async (core) => json(unwrap(await core.services.access.createUser(options)))),
    )

  const member = program.command('member').description('Memberships.')
  member
    .command('add')
    .requiredOption('--org-id <id>')
    .requiredOption('--email <email>')
    .requiredOption('--role <role>', 'owner, admin or member')
    .action((options: { orgId: string; email: string; role: string }) =>
      withCore(async (core) => {
        const added = unwrap(
          await core.services.access.addMemberAsOperator(options.orgId, options.email, options.role),
        )
        json({ organizationId: options.orgId, userId: added.userId, role: added.role })
      }),
    )

  const apiKey = program.command('api-key').description('API keys.')
  apiKey
    .command('create')
    .requiredOption('--org-id <id>')
    .option('--name <name>')
    .action((options: { orgId: string; name?: string }) =>
      withCore(async (core) => {
        const created = unwrap(await core.services.access.createApiKeyAsOperator(options.orgId, options.name))
        json({ id: created.apiKey.id, key: created.key })
      }),
    )

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
        const limit = Number(options.limit)
        if (!Number.isInteger(limit) || limit < 1 || limit > limits.failedJobsListedMax)
          throw new CliFailure(
            `--limit must be a whole number from 1 to ${limits.failedJobsListedMax}, not ${options.limit}.`,
          )
        if (options.orgId) await core.services.access.authorizeOperator(options.orgId)
        const failed = await core.services.jobs.failedJobs({
          ...(options.orgId ? { organizationId: options.orgId } : {}),
          limit,
        })
        json({ jobs: failed })
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
        json({ organizationId: options.orgId, retried: retried.map((job) => job.id) })
      }),
    )

  program
    .command('export-journal')
    .description("Write an organization's posted books as an hledger or Beancount journal.")
    .requiredOption('--org-name <name>')
    .option('--format <format>', 'hledger or beancount', 'hledger')
    .option('--out <file>', 'write to this file instead of standard output')
    .action((options: { orgName: string; format: string; out?: string }) =>
      withCore(async (core) => {
        if (options.format !== 'hledger' && options.format !== 'beancount') {
          throw new CliFailure(`--format must be hledger or beancount, not ${options.format}.`)
        }
        const organization = await core.services.organizations.findByName(options.orgName)
        if (!organization)
          throw new CliFailure(`No organization is named ${JSON.stringify(options.orgName)}.`)
        const scope = await core.services.access.authorizeOperator(organization.id)
        const file = options.out ? createWriteStream(options.out) : undefined
        const write = (chunk: string) =>
          new Promise<void>((resolve, reject) => {
            const target = file ?? process.stdout
            target.write(chunk, (error) => (error ? reject(error) : resolve()))
          })
        const entries = await core.services.reports.exportJournal(
          scope,
          organization.name,
          options.format,
          write,
        )
        if (file) {
          await new Promise<void>((resolve, reject) =>
            file.end((error?: Error | null) => (error ? reject(error) : resolve())),
          )
          json({ organizationId: organization.id, format: options.format, entries, out: options.out })
        }
      }),
    )

  // The processor commands print the summary lines of DESIGN 5.8 instead of JSON.
  program
    .command('import-processor-balance')
    .description("Import a payment processor's balance CSV (Stripe) into an organization's books.")
    .argument('<csv-path>', 'balance history export or itemized balance report')
    .requiredOption('--org-name <name>')
    .option('--dry-run', 'run the import in a transaction that is rolled back: nothing is written')
    .option('--review', 'leave the events classified in needs_review instead of posting them')
    .action((csvPath: string, options: { orgName: string; dryRun?: boolean; review?: boolean }) =>
      withCore(async (core) => {
        const organization = await core.services.organizations.findByName(options.orgName)
        if (!organization)
          throw new CliFailure(`No organization is named ${JSON.stringify(options.orgName)}.`)
        let csv: string
        try {
          csv = await readFile(csvPath, 'utf8')
        } catch (error) {
          const reason = (error as NodeJS.ErrnoException).code ?? String(error)
          throw new CliFailure(`Cannot read ${csvPath}: ${reason}.`)
        }
        const progress = terminalProgress()
        const summary = unwrap(
          await core.services.processorImport
            .importAsOperator(organization.id, csv, {
              dryRun: options.dryRun ?? false,
              review: options.review ?? false,
              onProgress: progress.report,
            })
            .finally(progress.end),
        )
        io.out(`Batch: ${summary.batchId}`)
        io.out(`Created: ${summary.created}`)
        io.out(`Skipped (app_fee): ${summary.skippedAppFee}`)
        io.out(`Skipped (dupe): ${summary.skippedDupe}`)
      }),
    )

  program
    .command('delete-processor-imports')
    .description('Delete the events of processor imports: one batch, or all of the organization.')
    .requiredOption('--org-name <name>')
    .option('--batch-id <id>', 'the Batch: line of an import; omitted means every processor import')
    .option('--dry-run', 'run the deletion in a transaction that is rolled back: nothing is written')
    .action((options: { orgName: string; batchId?: string; dryRun?: boolean }) =>
      withCore(async (core) => {
        const organization = await core.services.organizations.findByName(options.orgName)
        if (!organization)
          throw new CliFailure(`No organization is named ${JSON.stringify(options.orgName)}.`)
        const progress = terminalProgress()
        const summary = unwrap(
          await core.services.processorImport
            .deleteAsOperator(organization.id, {
              ...(options.batchId !== undefined ? { batchId: options.batchId } : {}),
              dryRun: options.dryRun ?? false,
              onProgress: progress.report,
            })
            .finally(progress.end),
        )
        io.out(`Deleted: ${summary.deleted}`)
      }),
    )

  return program
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const program = buildProgram(io)
  try {
    await program.parseAsync(argv, { from: 'user' })
    return 0
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0
      return 2
    }
    if (error instanceof CliFailure || error instanceof AccessDenied) {
      io.err(error.message)
      return 1
    }
    io.err(`Error: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}
