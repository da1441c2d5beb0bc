import type { Command } from 'commander'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import { CliFailure, type CliIo, requireUuid, unwrap, withCore } from '../shared.js'

export function addGifiCommands(program: Command, io: CliIo): void {
  program
    .command('gifi')
    .description(
      'A GIFI schedule of the T2 return at a fiscal year end, as code,amount CSV lines (DESIGN 8.5).',
    )
    .requiredOption('--org-id <id>', 'the organization id')
    .requiredOption('--year-end <date>', 'the last day of the fiscal year, YYYY-MM-DD')
    .requiredOption('--schedule <number>', '100 (balance sheet) or 125 (income statement)')
    .action((options: { orgId: string; yearEnd: string; schedule: string }) =>
      withCore(async (core) => {
        const organizationId = requireUuid('--org-id', options.orgId)
        if (!/^\d{3}$/.test(options.schedule)) throw new CliFailure('--schedule must be 100 or 125.')
        const found = unwrap(
          await core.services.reports.gifiScheduleAsOperator(organizationId, {
            endDate: options.yearEnd,
            schedule: Number(options.schedule),
          }),
        )
        const currency = await core.services.ports.organizations.functionalCurrencyOf(organizationId)
        const decimals = currencyDecimals(currency)
        io.out('code,amount')
        for (const line of found.lines) io.out(`${line.code},${formatMoney(line.amountMinor, decimals)}`)
      }),
    )
}
