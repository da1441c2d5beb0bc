import type { Command } from 'commander'
import { type CliIo, printJson, unwrap, withCore } from '../shared.js'

export function addOrganizationCommands(program: Command, io: CliIo): void {
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
        printJson(io, { id: created.id, name: created.name })
      }),
    )
}
