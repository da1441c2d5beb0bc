import type { Command } from 'commander'
import {
  type CliIo,
  readTextFile,
  requireOrganizationNamed,
  terminalProgress,
  unwrap,
  withCore,
} from '../shared.js'

// The processor commands print the summary lines of DESIGN 5.8 instead of JSON.
export function addProcessorImportCommands(program: Command, io: CliIo): void {
  addImportProcessorBalance(program, io)
  addDeleteProcessorImports(program, io)
}

function addImportProcessorBalance(program: Command, io: CliIo): void {
  program
    .command('import-processor-balance')
    .description("Import a payment processor's balance CSV (Stripe) into an organization's books.")
    .argument('<csv-path>', 'balance history export or itemized balance report')
    .requiredOption('--org-name <name>')
    .option('--dry-run', 'run the import in a transaction that is rolled back: nothing is written')
    .option('--review', 'leave the events classified in needs_review instead of posting them')
    .action((csvPath: string, options: { orgName: string; dryRun?: boolean; review?: boolean }) =>
      withCore(async (core) => {
        const organization = await requireOrganizationNamed(core, options.orgName)
        const csv = await readTextFile(csvPath)
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
}

function addDeleteProcessorImports(program: Command, io: CliIo): void {
  program
    .command('delete-processor-imports')
    .description('Delete the events of processor imports: one batch, or all of the organization.')
    .requiredOption('--org-name <name>')
    .option('--batch-id <id>', 'the Batch: line of an import; omitted means every processor import')
    .option('--dry-run', 'run the deletion in a transaction that is rolled back: nothing is written')
    .action((options: { orgName: string; batchId?: string; dryRun?: boolean }) =>
      withCore(async (core) => {
        const organization = await requireOrganizationNamed(core, options.orgName)
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
}
