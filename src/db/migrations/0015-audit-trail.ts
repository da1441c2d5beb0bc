import { type Kysely, sql } from 'kysely'

// The audit trail (DESIGN 7.4): one record per change, appended in the change's own transaction,
// and chained per organization by the SHA-256 of each record and the one before it. A record is
// written unsealed (no seq, no hash) and sealed shortly after, in order, so concurrent writers of
// one organization never wait for each other; the head row holds the chain's last seq and hash.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_records')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('hash', 'text')
    .addPrimaryKeyConstraint('audit_records_pkey', ['organization_id', 'id'])
    .execute()
  await sql`create unique index audit_records_seq on audit_records (organization_id, seq)`.execute(db)
  await sql`create index audit_records_unsealed on audit_records (organization_id, id) where seq is null`.execute(
    db,
  )
  await sql`create index audit_records_entity on audit_records (organization_id, entity_id, seq)`.execute(db)

  await db.schema
    .createTable('audit_heads')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
