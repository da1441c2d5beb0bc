import { type Kysely, SqliteAdapter, sql } from 'kysely'

// Reconciliation (DESIGN 7.2): a payment account tied to the bank's statement. A reconciliation
// holds the events cleared against it; finishing one moves them to `reconciled` and records which
// status each left, so an undo can put it back.
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  await db.schema.alterTable('ledger_events').addColumn('reconciliation_id', 'text').execute()

  await db.schema
    .createTable('reconciliations')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payment_account_id', 'text', (c) =>
      // SQLite's accounts keep the id alone as their key (migration 0011).
      sqlite ? c.notNull().references('accounts.id') : c.notNull(),
    )
    .addColumn('statement_date', 'text', (c) => c.notNull())
    .addColumn('statement_balance_minor', 'bigint', (c) => c.notNull())
    .addColumn('opening_balance_minor', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('adjustment_entry_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('undone_at', 'text')
    .addColumn('undo_reason', 'text')
    .addPrimaryKeyConstraint('reconciliations_pkey', ['organization_id', 'id'])
    .execute()
  // One open reconciliation per account, whoever starts it.
  await sql`create unique index reconciliations_open on reconciliations (organization_id, payment_account_id)
    where status = 'open'`.execute(db)
  await sql`create index reconciliations_account on reconciliations (organization_id, payment_account_id, created_at)`.execute(
    db,
  )

  await db.schema
    .createTable('reconciliation_events')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('reconciliation_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('previous_status', 'text')
    .addPrimaryKeyConstraint('reconciliation_events_pkey', [
      'organization_id',
      'reconciliation_id',
      'event_id',
    ])
    .execute()
  if (!sqlite) {
    await sql`alter table reconciliations add constraint reconciliations_payment_account_id_fkey
      foreign key (organization_id, payment_account_id) references accounts (organization_id, id)`.execute(db)
    await sql`alter table reconciliation_events add constraint reconciliation_events_reconciliation_id_fkey
      foreign key (organization_id, reconciliation_id) references reconciliations (organization_id, id)`.execute(
      db,
    )
    await sql`alter table reconciliation_events add constraint reconciliation_events_event_id_fkey
      foreign key (organization_id, event_id) references ledger_events (organization_id, id)`.execute(db)
  }
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
