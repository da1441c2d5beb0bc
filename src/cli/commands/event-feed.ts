import type { Command } from 'commander'
import type { Core } from '../../app.js'
import { limits } from '../../kernel/limits.js'
import { CliFailure, type CliIo, printJson, requireUuid, unwrap, withCore } from '../shared.js'

interface TailOptions {
  orgId: string
  after: string
  types?: string
  follow: boolean
}

export function addEventFeedCommands(program: Command, io: CliIo): void {
  const events = program.command('events').description("An organization's event feed (DESIGN 7.5).")
  events
    .command('tail')
    .description('Print the feed as JSON lines from --after on, then follow it until interrupted.')
    .requiredOption('--org-id <id>', 'the organization id')
    .option('--after <seq>', 'start after this seq', '0')
    .option('--types <types>', 'comma-separated event types (all when absent)')
    .option('--no-follow', 'print what the feed holds now and exit')
    .action((options: TailOptions) => withCore((core) => tailEvents(core, io, options)))
}

async function tailEvents(core: Core, io: CliIo, options: TailOptions): Promise<void> {
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
      for (const event of page.items) printJson(io, event)
      after = page.lastSeq
      if (page.items.length === limits.feedPageMax) continue
      if (!options.follow) break
      await new Promise((resolve) => setTimeout(resolve, limits.feedTailPollMs))
    }
  } finally {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
  }
}
