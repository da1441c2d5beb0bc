import { type Kysely, SqliteAdapter, sql } from 'kysely'

// Bank lines that pay documents, and documents in another currency (DESIGN 8.6). What is due on a
// document is kept as a column so that the documents a bank line may pay are found by an index on
// its amount, whatever the number of open documents; a document's number is found the same way.
// A foreign-currency document keeps the rate it was posted at, and each payment the rate it was
// paid at, so the exchange difference of every payment can be told again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('amount_due_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update invoices set amount_due_minor = total_minor - amount_paid_minor`.execute(db)
  await db.schema.alterTable('invoices').addColumn('exchange_rate', 'text').execute()
  await db.schema.alterTable('invoice_payments').addColumn('exchange_rate', 'text').execute()
  await db.schema
    .createIndex('invoices_open_amount_due')
    .on('invoices')
    .columns(['organization_id', 'currency', 'amount_due_minor', 'due_date', 'id'])
    .where(sql.ref('status'), 'in', sql`('open', 'partially_paid')`)
    .execute()
  await db.schema
    .createIndex('invoices_open_number')
    .on('invoices')
    .columns(['organization_id', 'number_key'])
    .where(sql.ref('status'), 'in', sql`('open', 'partially_paid')`)
    .execute()
  await db.schema
    .createIndex('invoice_payments_event')
    .on('invoice_payments')
    .columns(['organization_id', 'event_id'])
    .execute()
  // A bank line waiting in the review queue, applied to a document it pays when it is confirmed.
  await db.schema
    .createTable('invoice_event_matches')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_event_matches_pkey', ['organization_id', 'event_id', 'invoice_id'])
    .execute()
  await db.schema
    .createIndex('invoice_event_matches_invoice')
    .on('invoice_event_matches')
    .columns(['organization_id', 'invoice_id'])
    .execute()
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table invoice_event_matches add constraint invoice_event_matches_invoice_id_fkey
      foreign key (organization_id, invoice_id) references invoices (organization_id, id)`.execute(db)
  }
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
