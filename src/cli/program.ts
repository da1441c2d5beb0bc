import { Command, CommanderError } from 'commander'
import { AccessDenied } from '../modules/access/access-denied.js'
import { addAccessCommands } from './commands/access.js'
import { addAuditCommands } from './commands/audit.js'
import { addBankFileCommands } from './commands/bank-files.js'
import { addDatabaseCommands } from './commands/database.js'
import { addEventFeedCommands } from './commands/event-feed.js'
import { addExchangeRateCommands } from './commands/exchange-rates.js'
import { addGifiCommands } from './commands/gifi.js'
import { addJobCommands } from './commands/jobs.js'
import { addJournalExportCommands } from './commands/journal-export.js'
import { addMcpCommands } from './commands/mcp.js'
import { addOrganizationCommands } from './commands/organizations.js'
import { addProcessorImportCommands } from './commands/processor-imports.js'
import { addRecurringCommands } from './commands/recurring.js'
import { addTaxReturnCommands } from './commands/tax-returns.js'
import { addWebhookCommands } from './commands/webhooks.js'
import { CliFailure, type CliIo } from './shared.js'

export function buildProgram(io: CliIo): Command {
  const program = new Command('daybook')
    .description('Daybook operator commands. Uses DATA_DIR or DATABASE_URL like the server.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
  // Help lists the commands in the order they are added.
  addDatabaseCommands(program, io)
  addOrganizationCommands(program, io)
  addAccessCommands(program, io)
  addJobCommands(program, io)
  addJournalExportCommands(program, io)
  addExchangeRateCommands(program, io)
  addProcessorImportCommands(program, io)
  addAuditCommands(program, io)
  addEventFeedCommands(program, io)
  addWebhookCommands(program, io)
  addMcpCommands(program)
  addBankFileCommands(program, io)
  addTaxReturnCommands(program, io)
  addGifiCommands(program, io)
  addRecurringCommands(program, io)
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
