import type { Command } from 'commander'
import { CliFailure, type CliIo, printJson, requireUuid, withCore } from '../shared.js'

export function addAuditCommands(program: Command, io: CliIo): void {
  const audit = program.command('audit').description('The audit trail of an organization.')
  audit
    .command('verify')
    .description('Walk the hash chain of the audit trail; exits 1 at the first record that does not hold.')
    .requiredOption('--org-id <id>', 'the organization id')
    .action((options: { orgId: string }) =>
      withCore(async (core) => {
        const check = await core.services.audit.verifyAsOperator(requireUuid('--org-id', options.orgId))
        if (!check.ok) throw new CliFailure(`Audit chain broken at seq ${check.brokenSeq}: ${check.reason}.`)
        printJson(io, { organizationId: check.organizationId, records: check.records, ok: true })
      }),
    )
}
