import { createWriteStream } from 'node:fs'
import { open, readFile } from 'node:fs/promises'
import { Command, CommanderError } from 'commander'
import { buildCore, type Core } from '../app.js'
import { loadConfig } from '../config.js'
import { migrateToLatest } from '../db/migrate.js'
import { isUuid } from '../kernel/ids.js'
import { limits } from '../kernel/limits.js'
import type { Result } from '../kernel/result.js'
import { AccessDenied } from '../modules/access/access-denied.js'
import { bankFileImportAnswer } from '../modules/bank-files/bank-file-answer.js'
import type { StatementFormat } from '../modules/bank-files/read-statement-file.js'
import type { WebhookDeliveryView } from '../modules/webhooks/webhook-service.js'

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

function requireUuid(option: string, value: string): string {
  // PostgreSQL would refuse a malformed id with a database error rather than a clear line.
  if (!isUuid(value)) throw new CliFailure(`${option} must be a UUID, not ${JSON.stringify(value)}.`)
  return value
}

const bankFileFormats = ['AUTO', 'OFX', 'CAMT053', 'MT940', 'QIF', 'CSV'] as const

function bankFileFormat(value: string): StatementFormat | 'AUTO' {
  const format = bankFileFormats.find((known) => known === value.toUpperCase())
  if (!format)
    throw new CliFailure(
      `--format must be one of ${bankFileFormats.join(', ')}, not ${JSON.stringify(value)}.`,
    )
  return format
}

/** Read in pieces so a file that grows, or a device that never ends, stops at the cap. */
const bankFileReadChunkBytes = 1024 * 1024

/** The bytes of a statement file on disk, refused past the upload cap before it is read whole. */
async function readBankFileFromDisk(filePath: string): Promise<Uint8Array> {
  const cannotRead = (error: unknown) =>
    new CliFailure(`Cannot read ${filePath}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`)
  const tooLarge = () =>
    new CliFailure(
      `${filePath} is larger than ${limits.uploadBytesMax / (1024 * 1024)} MiB, the most a statement file may be.`,
    )
  const handle = await open(filePath, 'r').catch((error: unknown) => {
    throw cannotRead(error)
  })
  try {
    const stats = await handle.stat()
    if (stats.size > limits.uploadBytesMax) throw tooLarge()
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const chunk = Buffer.alloc(bankFileReadChunkBytes)
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null).catch((error: unknown) => {
        throw cannotRead(error)
      })
      if (bytesRead === 0) break
      total += bytesRead
      if (total > limits.uploadBytesMax) throw tooLarge()
      chunks.push(chunk.subarray(0, bytesRead))
    }
    return Buffer.concat(chunks, total)
  } finally {
    await handle.close()
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
    .option('--currency <code>', 'functional currency, ISO 4217 (default CAD)')
    .action((options: { name: string; currency?: string }) =>
      withCore(async (core) => {
        const created = unwrap(
          await core.services.organizations.createAsOperator(options.name, options.currency),
        )
        // DESIGN 3 fixes this answer as {"id","name"}; the currency is the one asked for, or CAD.
        json({ id: created.id, name: created.name })
      }),
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

  const rates = program.command('rates').description("An organization's daily exchange rates.")
  rates
    .command('load')
    .description(
      'Load a CSV of daily rates: columns date,currency,rate, or a Bank of Canada Valet export (FX<currency><functional> series).',
    )
    .argument('<csv-path>')
    .requiredOption('--org-id <id>')
    .action((csvPath: string, options: { orgId: string }) =>
      withCore(async (core) => {
        let text: string
        try {
          text = await readFile(csvPath, 'utf8')
        } catch (error) {
          const reason = (error as NodeJS.ErrnoException).code ?? String(error)
          throw new CliFailure(`Cannot read ${csvPath}: ${reason}.`)
        }
        const saved = unwrap(await core.services.exchangeRates.loadCsvAsOperator(options.orgId, text))
        json({ organizationId: options.orgId, savedCount: saved })
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
        if (summary.heldForRate) io.err(`Left in needs_review, not posted. ${summary.heldForRate}`)
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

  const audit = program.command('audit').description('The audit trail of an organization.')
  audit
    .command('verify')
    .description('Walk the hash chain of the audit trail; exits 1 at the first record that does not hold.')
    .requiredOption('--org-id <id>', 'the organization id')
    .action((options: { orgId: string }) =>
      withCore(async (core) => {
        const check = await core.services.audit.verifyAsOperator(requireUuid('--org-id', options.orgId))
        if (!check.ok) throw new CliFailure(`Audit chain broken at seq ${check.brokenSeq}: ${check.reason}.`)
        json({ organizationId: check.organizationId, records: check.records, ok: true })
      }),
    )

  const events = program.command('events').description("An organization's event feed (DESIGN 7.5).")
  events
    .command('tail')
    .description('Print the feed as JSON lines from --after on, then follow it until interrupted.')
    .requiredOption('--org-id <id>', 'the organization id')
    .option('--after <seq>', 'start after this seq', '0')
    .option('--types <types>', 'comma-separated event types (all when absent)')
    .option('--no-follow', 'print what the feed holds now and exit')
    .action((options: { orgId: string; after: string; types?: string; follow: boolean }) =>
      withCore(async (core) => {
        const organizationId = requireUuid('--org-id', options.orgId)
        let after = Number(options.after)
        if (!Number.isInteger(after) || after < 0)
          throw new CliFailure(`--after must be a whole number, 0 or more, not ${options.after}.`)
        const types = options.types?.split(',').map((type) => type.trim())
        let stopped = false
        const stop = () => {
          stopped = true
        }
        process.once('SIGINT', stop)
        process.once('SIGTERM', stop)
        try {
          while (!stopped) {
            const page = unwrap(
              await core.services.audit.eventsAsOperator(organizationId, {
                after,
                types: types ?? null,
                limit: limits.feedPageMax,
              }),
            )
            for (const event of page.items) json(event)
            after = page.lastSeq
            if (page.items.length === limits.feedPageMax) continue
            if (!options.follow) break
            await new Promise((resolve) => setTimeout(resolve, limits.feedTailPollMs))
          }
        } finally {
          process.off('SIGINT', stop)
          process.off('SIGTERM', stop)
        }
      }),
    )

  const webhooks = program
    .command('webhooks')
    .description("An organization's webhook endpoints and what was sent to them (DESIGN 7.5).")
  webhooks
    .command('list')
    .description("The organization's endpoints, without their secrets.")
    .requiredOption('--org-id <id>', 'the organization id')
    .action((options: { orgId: string }) =>
      withCore(async (core) => {
        const organizationId = requireUuid('--org-id', options.orgId)
        json({ endpoints: await core.services.webhooks.listWebhookEndpointsAsOperator(organizationId) })
      }),
    )
  webhooks
    .command('deliveries')
    .description("An endpoint's deliveries, the newest event first, each with its attempts.")
    .requiredOption('--org-id <id>', 'the organization id')
    .requiredOption('--endpoint-id <id>', 'the endpoint id')
    .option('--limit <count>', `at most this many (1 to ${limits.pageSizeMax})`, '20')
    .action((options: { orgId: string; endpointId: string; limit: string }) =>
      withCore(async (core) => {
        const organizationId = requireUuid('--org-id', options.orgId)
        const endpointId = requireUuid('--endpoint-id', options.endpointId)
        const limit = Number(options.limit)
        if (!Number.isInteger(limit) || limit < 1 || limit > limits.pageSizeMax)
          throw new CliFailure(
            `--limit must be a whole number from 1 to ${limits.pageSizeMax}, not ${options.limit}.`,
          )
        const page = unwrap(
          await core.services.webhooks.listWebhookDeliveriesAsOperator(organizationId, endpointId, { limit }),
        )
        json({ deliveries: page.items.map(deliveryAnswer) })
      }),
    )
  webhooks
    .command('redeliver')
    .description(
      'Queue one more delivery of an event the endpoint was sent, under the same webhook-id; the server sends it.',
    )
    .requiredOption('--org-id <id>', 'the organization id')
    .requiredOption('--endpoint-id <id>', 'the endpoint id')
    .requiredOption('--event-id <id>', "the feed event's id (its webhook-id)")
    .action((options: { orgId: string; endpointId: string; eventId: string }) =>
      withCore(async (core) => {
        const delivery = unwrap(
          await core.services.webhooks.redeliverWebhookEventAsOperator(
            requireUuid('--org-id', options.orgId),
            requireUuid('--endpoint-id', options.endpointId),
            requireUuid('--event-id', options.eventId),
          ),
        )
        json(deliveryAnswer(delivery))
      }),
    )

  program
    .command('mcp')
    .description('Serve the API to an agent: an MCP server on stdio, with DAYBOOK_URL and DAYBOOK_API_KEY.')
    .action(async () => {
      const { serveMcpOnProcessStdio } = await import('../mcp/mcp-server.js')
      const served = await serveMcpOnProcessStdio()
      if (!served.ok) throw new CliFailure(served.error)
    })

  const bankFile = program
    .command('bank-file')
    .description('Bank statement files (OFX, camt.053, MT940, QIF, CSV).')
  bankFile
    .command('import')
    .description("Import a statement file's rows into a payment account; prints the import's payload.")
    .argument('<file>', 'the statement file, up to 20 MiB')
    .requiredOption('--org-id <id>', 'the organization id')
    .requiredOption('--account-id <id>', 'the payment account the statement is of')
    .option('--format <format>', `${bankFileFormats.join(', ')}; AUTO tells it from the content`, 'AUTO')
    .option('--csv-profile-id <id>', "the account's saved CSV import profile to read a CSV file with")
    .option(
      '--date-format <format>',
      'YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY or YYYYMMDD, for QIF and CSV',
    )
    .option('--dry-run', 'judge every row and report it, writing nothing')
    .action(
      async (
        filePath: string,
        options: {
          orgId: string
          accountId: string
          format: string
          csvProfileId?: string
          dateFormat?: string
          dryRun?: boolean
        },
      ) => {
        const organizationId = requireUuid('--org-id', options.orgId)
        const paymentAccountId = requireUuid('--account-id', options.accountId)
        const csvProfileId =
          options.csvProfileId === undefined ? null : requireUuid('--csv-profile-id', options.csvProfileId)
        const format = bankFileFormat(options.format)
        const bytes = await readBankFileFromDisk(filePath)
        await withCore(async (core) => {
          // Only a file near the row cap runs long enough for a progress line to help.
          const progress = terminalProgress()
          const outcome = unwrap(
            await core.services.bankFiles
              .importAsOperator(
                organizationId,
                bytes,
                {
                  paymentAccountId,
                  format,
                  csvProfileId,
                  dateFormat: options.dateFormat ?? null,
                  dryRun: options.dryRun ?? false,
                },
                progress.report,
              )
              .finally(progress.end),
          )
          json({ success: true, error: null, errorCode: null, ...bankFileImportAnswer(outcome) })
        })
      },
    )

  return program
}

/** A delivery as listWebhookDeliveries answers it, so the CLI and the API read alike. */
function deliveryAnswer(delivery: WebhookDeliveryView) {
  return {
    ...delivery,
    attempts: delivery.attempts.map(({ deliveryId: _deliveryId, ...attempt }) => attempt),
  }
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
