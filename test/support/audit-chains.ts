import { sql } from 'kysely'
import type { Core } from '../../src/app.js'

/** Organizations whose audit rows a test changes on purpose, to see the chain catch it. */
export const tamperedOrganizationPrefix = 'Tampered '

/**
 * Every organization's audit chain in this database holds, after whatever the tests wrote: the
 * test run's own check that nothing it did broke or skipped the trail.
 */
export async function assertAuditChainsIntact(core: Core): Promise<void> {
  const organizations = await sql<{ id: string; name: string }>`select id, name from organizations`.execute(
    core.database.db,
  )
  const broken: string[] = []
  for (const { id, name } of organizations.rows) {
    if (name.startsWith(tamperedOrganizationPrefix)) continue
    const check = await core.services.audit.verifyAsOperator(id)
    if (!check.ok) broken.push(`${name} (${id}): seq ${check.brokenSeq}, ${check.reason}`)
  }
  if (broken.length > 0) throw new Error(`audit chains broken:\n${broken.join('\n')}`)
}
