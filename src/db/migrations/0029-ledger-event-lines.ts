import { type Kysely, SqliteAdapter, sql } from 'kysely'

// An event classified line by line (DESIGN 8.2): each line an account, its share of the amount
// with its tax, its own tax code. An event without rows here is classified the old way, by its
// category, split and tax columns; its lines are read from those.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_event_lines')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('tax_code', 'text')
    .addColumn('tax_amount_minor', 'bigint')
    .addColumn('tax_from_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_id', 'text')
    .addPrimaryKeyConstraint('ledger_event_lines_pkey', ['organization_id', 'event_id', 'line_no'])
    .execute()
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table ledger_event_lines add constraint ledger_event_lines_event_id_fkey
      foreign key (organization_id, event_id) references ledger_events (organization_id, id)`.execute(db)
    await sql`alter table ledger_event_lines add constraint ledger_event_lines_account_id_fkey
      foreign key (organization_id, account_id) references accounts (organization_id, id)`.execute(db)
  }
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
