import { type Kysely, SqliteAdapter, sql } from 'kysely'

// Invoices, bills and credit notes (DESIGN 8.6): a document and its lines as given, with the
// totals worked out once when it is written, and what settled it (payments and credit notes
// applied). An amount is never recomputed from a later rate or rule: a document reads back as it
// was approved. Numbers are unique per organization for the documents Daybook numbers (invoices
// and credit notes) and per vendor for the ones a vendor numbers (bills and vendor credits).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoices')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('number_key', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subtotal_minor', 'bigint', (c) => c.notNull())
    .addColumn('tax_total_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('amount_paid_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('journal_entry_id', 'text')
    .addColumn('void_entry_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoices_pkey', ['organization_id', 'id'])
    .execute()
  await db.schema
    .createIndex('invoices_number_per_organization')
    .unique()
    .on('invoices')
    .columns(['organization_id', 'kind', 'number_key'])
    .where(sql.ref('kind'), 'in', sql`('invoice', 'credit_note')`)
    .execute()
  await db.schema
    .createIndex('invoices_number_per_vendor')
    .unique()
    .on('invoices')
    .columns(['organization_id', 'contact_id', 'kind', 'number_key'])
    .where(sql.ref('kind'), 'in', sql`('bill', 'vendor_credit')`)
    .execute()
  // Lists, aging and a contact's outstanding read the documents of a contact or a status.
  await db.schema
    .createIndex('invoices_contact')
    .on('invoices')
    .columns(['organization_id', 'contact_id', 'status'])
    .execute()
  await db.schema
    .createIndex('invoices_status_due')
    .on('invoices')
    .columns(['organization_id', 'status', 'due_date'])
    .execute()
  await db.schema
    .createTable('invoice_lines')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'text', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('tax_code', 'text')
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('tax_minor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_lines_pkey', ['organization_id', 'invoice_id', 'line_no'])
    .execute()
  // A payment of a document, or a credit note applied to an invoice (kind 'credit', no entry).
  await db.schema
    .createTable('invoice_payments')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payment_date', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('payment_account_id', 'text')
    .addColumn('credit_note_id', 'text')
    .addColumn('journal_entry_id', 'text')
    .addColumn('event_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_payments_pkey', ['organization_id', 'id'])
    .execute()
  await db.schema
    .createIndex('invoice_payments_invoice')
    .on('invoice_payments')
    .columns(['organization_id', 'invoice_id'])
    .execute()
  await db.schema
    .createIndex('invoice_payments_credit_note')
    .on('invoice_payments')
    .columns(['organization_id', 'credit_note_id'])
    .execute()
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table invoices add constraint invoices_contact_id_fkey
      foreign key (organization_id, contact_id) references contacts (organization_id, id)`.execute(db)
    await sql`alter table invoice_lines add constraint invoice_lines_invoice_id_fkey
      foreign key (organization_id, invoice_id) references invoices (organization_id, id)`.execute(db)
    await sql`alter table invoice_lines add constraint invoice_lines_account_id_fkey
      foreign key (organization_id, account_id) references accounts (organization_id, id)`.execute(db)
    await sql`alter table invoice_payments add constraint invoice_payments_invoice_id_fkey
      foreign key (organization_id, invoice_id) references invoices (organization_id, id)`.execute(db)
  }
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
