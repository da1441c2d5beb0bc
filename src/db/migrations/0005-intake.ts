import type { Kysely } from 'kysely'

// Uploaded files, the intake addresses receipts arrive at, and the job queue that reads them
// off the request path.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('s3_key', 'text', (c) => c.notNull().unique())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // Deleting an event checks the receipts that point at it; without this, SQLite scans them all.
  await db.schema.createIndex('receipts_event_only').on('receipts').column('event_id').execute()
  await db.schema
    .createIndex('receipts_s3_key')
    .on('receipts')
    .columns(['organization_id', 's3_key'])
    .execute()

  await db.schema
    .createTable('intake_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('address_type', 'text', (c) => c.notNull())
    // Normalized (lower-case email, digits-only phone) and unique across every organization.
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('intake_addresses_organization')
    .on('intake_addresses')
    .column('organization_id')
    .execute()

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('jobs_ready').on('jobs').columns(['status', 'run_after']).execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
