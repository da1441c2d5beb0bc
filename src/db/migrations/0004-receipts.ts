import type { Kysely } from 'kysely'

// Receipts: uploaded or received documents, what extraction read from them, and the event they
// are attached to. The same file received twice at intake is one receipt (dedup_key).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('event_id', 'text', (c) => c.references('ledger_events.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('vendor_name', 'text')
    .addColumn('vendor_key', 'text')
    .addColumn('amount_minor', 'bigint')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('receipt_date', 'text')
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('s3_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('dedup_key', 'text')
    .addColumn('intake_address_id', 'text')
    .addColumn('extraction_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('receipts_dedup')
    .on('receipts')
    .columns(['organization_id', 'dedup_key'])
    .unique()
    .execute()
  await db.schema
    .createIndex('receipts_date')
    .on('receipts')
    .columns(['organization_id', 'receipt_date'])
    .execute()
  await db.schema
    .createIndex('receipts_event')
    .on('receipts')
    .columns(['organization_id', 'event_id'])
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
