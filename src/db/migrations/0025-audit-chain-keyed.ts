import type { Kysely } from 'kysely'

// The audit chain keyed and anchored (ADR 0051): the head row, kept outside the chained table,
// gets a seal of its own under the organization's key. A migration has no key, so the chains that
// exist are checked and sealed again under their keys by the process that ran this migration, right
// after it (AuditTrail.rekeyExistingChains); until then their heads have no seal.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_heads').addColumn('mac', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
