import { createWriteStream } from 'node:fs'
import type { Command } from 'commander'
import { CliFailure, type CliIo, printJson, requireOrganizationNamed, withCore } from '../shared.js'

export function addJournalExportCommands(program: Command, io: CliIo): void {
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
        const organization = await requireOrganizationNamed(core, options.orgName)
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
          printJson(io, {
            organizationId: organization.id,
            format: options.format,
            entries,
            out: options.out,
          })
        }
      }),
    )
}
