import type { Kysely } from 'kysely'

// Closed periods (DESIGN 7.3): the day through which an organization's books are closed; null
// while none is closed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('lock_date', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
