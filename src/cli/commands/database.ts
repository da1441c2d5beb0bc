import type { Command } from 'commander'
import { migrateToLatest } from '../../db/migrate.js'
import { type CliIo, printJson, withCore } from '../shared.js'

export function addDatabaseCommands(program: Command, io: CliIo): void {
  program
    .command('migrate')
    .description('Apply pending database migrations.')
    .action(() =>
      withCore(async (core) => {
        // buildCore already migrated; asking again reports that nothing is pending.
        printJson(io, { applied: await migrateToLatest(core.database.db) })
      }),
    )
}
