import type { Command } from 'commander'
import { type CliIo, printJson, requireUuid, unwrap, withCore } from '../shared.js'

export function addTaxReturnCommands(program: Command, io: CliIo): void {
  program
    .command('tax-return')
    .description("An organization's sales tax return for a period, computed from its books (DESIGN 8.3).")
    .requiredOption('--org-id <id>', 'the organization id')
    .requiredOption('--from <date>', 'the first day of the period, YYYY-MM-DD')
    .requiredOption('--to <date>', 'the last day of the period, YYYY-MM-DD')
    .option('--jurisdiction <code>', 'CA (GST/HST), CA-QC (QST), CA-BC, CA-SK or CA-MB (PST)', 'CA')
    .option('--csv', 'print the lines as CSV (line,label,amount) instead of the JSON return')
    .action((options: { orgId: string; from: string; to: string; jurisdiction: string; csv?: boolean }) =>
      withCore(async (core) => {
        const organizationId = requireUuid('--org-id', options.orgId)
        const found = unwrap(
          await core.services.salesTax.returnAsOperator(organizationId, {
            startDate: options.from,
            endDate: options.to,
            jurisdiction: options.jurisdiction,
          }),
        )
        if (!options.csv) return printJson(io, found)
        io.out('line,label,amount')
        for (const line of found.lines) io.out([line.line, line.label, line.amount].map(csvField).join(','))
      }),
    )
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(text: string): string {
  if (/[",\r\n]/.test(text)) return `"${text.replaceAll('"', '""')}"`
  return text
}
