import type { Kysely } from 'kysely'

// A key may be limited to some of its rights (DESIGN 8.7): its scopes, space-separated in the
// order the rights table lists them. Null is a key made before scopes, or without them, which
// keeps every right a key has.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('scopes', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
