import type { Command } from 'commander'
import { CliFailure, type CliIo, printJson, requireUuid, unwrap, withCore } from '../shared.js'

export function addRecurringCommands(program: Command, io: CliIo): void {
  const recurring = program.command('recurring').description('Recurring entries (DESIGN 8.10).')
  recurring
    .command('run')
    .description(
      'Makes every recurring date due up to --as-of, each once, in order: every organization, or one. ' +
        'Prints what was made and refused; exits 1 when a date was refused (the other templates still ran).',
    )
    .requiredOption('--as-of <date>', 'make the dates up to this day, YYYY-MM-DD')
    .option('--org-id <id>', "only this organization's templates")
    .action((options: { asOf: string; orgId?: string }) =>
      withCore(async (core) => {
        const organizationId =
          options.orgId === undefined ? undefined : requireUuid('--org-id', options.orgId)
        const summary = unwrap(await core.services.recurring.runAsOperator(options.asOf, organizationId))
        printJson(io, { ...summary, madeCount: summary.made.length, refusedCount: summary.refused.length })
        if (summary.refused.length > 0) {
          const first = summary.refused[0]
          throw new CliFailure(
            `${summary.refused.length} recurring date(s) refused, the first ${first?.occurrenceDate} of template ${first?.templateId}: ${first?.errorCode}.`,
          )
        }
      }),
    )
}
