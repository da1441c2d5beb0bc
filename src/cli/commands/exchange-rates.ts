import type { Command } from 'commander'
import { type CliIo, printJson, readTextFile, unwrap, withCore } from '../shared.js'

export function addExchangeRateCommands(program: Command, io: CliIo): void {
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
        const text = await readTextFile(csvPath)
        const saved = unwrap(await core.services.exchangeRates.loadCsvAsOperator(options.orgId, text))
        printJson(io, { organizationId: options.orgId, savedCount: saved })
      }),
    )
}
