import { type Kysely, sql } from 'kysely'

// Direction, balance-sheet movements and currencies (DESIGN 7.7).
// - Every event says whether money went into its payment account or out of it. Events written
//   before this migration get the meaning they were posted with: income in, everything else out.
// - A transfer may carry a second part (a loan repayment's interest) to another account.
// - An organization keeps its books in one functional currency; events in another carry the rate
//   they were converted at, and the journal keeps each foreign line's original amount so that an
//   export can state its cost.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('functional_currency', 'text', (c) => c.notNull().defaultTo('CAD'))
    .execute()

  await db.schema
    .alterTable('ledger_events')
    .addColumn('direction', 'text', (c) => c.notNull().defaultTo('out'))
    .execute()
  await sql`update ledger_events set direction = 'in' where event_type = 'income'`.execute(db)
  await db.schema.alterTable('ledger_events').addColumn('exchange_rate', 'text').execute()
  await db.schema.alterTable('ledger_events').addColumn('split_account_id', 'text').execute()
  await db.schema.alterTable('ledger_events').addColumn('split_amount_minor', 'bigint').execute()

  await db.schema.alterTable('journal_entries').addColumn('original_currency', 'text').execute()
  await db.schema.alterTable('journal_lines').addColumn('original_minor', 'bigint').execute()

  await db.schema
    .createTable('exchange_rates')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('rate_date', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_rates_pkey', ['organization_id', 'currency', 'rate_date'])
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
