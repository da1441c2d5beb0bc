import type { Command } from 'commander'
import { type CliIo, printJson, unwrap, withCore } from '../shared.js'

/** Who may reach an organization: users, their memberships, and API keys. */
export function addAccessCommands(program: Command, io: CliIo): void {
  const user = program.command('user').description('Users who sign in with tokenAuth.')
  user
    .command('create')
    .requiredOption('--email <email>')
    .requiredOption('--password <password>')
    .option('--name <name>')
    .action((options: { email: string; password: string; name?: string }) =>
      withCore(async (core) => printJson(io, unwrap(await core.services.access.createUser(options)))),
    )

  const member = program.command('member').description('Memberships.')
  member
    .command('add')
    .requiredOption('--org-id <id>')
    .requiredOption('--email <email>')
    .requiredOption('--role <role>', 'owner, admin, member, accountant or viewer')
    .action((options: { orgId: string; email: string; role: string }) =>
      withCore(async (core) => {
        const added = unwrap(
          await core.services.access.addMemberAsOperator(options.orgId, options.email, options.role),
        )
        printJson(io, { organizationId: options.orgId, userId: added.userId, role: added.role })
      }),
    )

  const apiKey = program.command('api-key').description('API keys.')
  apiKey
    .command('create')
    .requiredOption('--org-id <id>')
    .option('--name <name>')
    .action((options: { orgId: string; name?: string }) =>
      withCore(async (core) => {
        const created = unwrap(await core.services.access.createApiKeyAsOperator(options.orgId, options.name))
        printJson(io, { id: created.apiKey.id, key: created.key })
      }),
    )
}
