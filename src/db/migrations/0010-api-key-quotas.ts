import { type Kysely, sql } from 'kysely'

// The hourly quota's shared count, so that several server processes on one PostgreSQL draw on the
// same hour. Keyed by organization as well as key, like every table of an organization's data.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key_quota_windows')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('api_key_id', 'text', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('ends_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_quota_windows_pkey', ['organization_id', 'api_key_id'])
    .execute()
  // The table the quota was counted in before, made by the library that counted it.
  await sql`drop table if exists daybook_rate_limits`.execute(db)
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
