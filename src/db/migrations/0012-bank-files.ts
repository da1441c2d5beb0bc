import { type Kysely, SqliteAdapter, sql } from 'kysely'

// Bank statement files (ADR 0029): the CSV import profiles saved per payment account, and the
// account id a statement file names, remembered on the payment account it was imported into.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('statement_account_id', 'text').execute()

  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  await db.schema
    .createTable('csv_import_profiles')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payment_account_id', 'text', (c) =>
      // SQLite's accounts keep the id alone as their key (migration 0011).
      sqlite ? c.notNull().references('accounts.id') : c.notNull(),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('delimiter', 'text', (c) => c.notNull())
    .addColumn('encoding', 'text')
    .addColumn('has_header', 'integer', (c) => c.notNull())
    .addColumn('skip_lines', 'integer', (c) => c.notNull())
    .addColumn('date_column', 'text', (c) => c.notNull())
    .addColumn('date_format', 'text', (c) => c.notNull())
    .addColumn('amount_column', 'text')
    .addColumn('inflow_column', 'text')
    .addColumn('outflow_column', 'text')
    .addColumn('description_column', 'text')
    .addColumn('payee_column', 'text')
    .addColumn('memo_column', 'text')
    .addColumn('reference_column', 'text')
    .addColumn('decimal_mark', 'text', (c) => c.notNull())
    .addColumn('flip_sign', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('csv_import_profiles_pkey', ['organization_id', 'id'])
    .addUniqueConstraint('csv_import_profiles_name', ['organization_id', 'payment_account_id', 'name_key'])
    .execute()
  if (!sqlite) {
    await sql`alter table csv_import_profiles add constraint csv_import_profiles_payment_account_id_fkey
      foreign key (organization_id, payment_account_id) references accounts (organization_id, id)`.execute(db)
  }
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
