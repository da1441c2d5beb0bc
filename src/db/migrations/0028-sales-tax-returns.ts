import type { Kysely } from 'kysely'

// Filed sales tax returns (DESIGN 8.3): the lines as filed, the clearing entry that moved the
// period's tax to Sales Tax Owing, and who filed when. A period is filed once per jurisdiction;
// overlaps are refused by the service, which holds the organization's filings one at a time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sales_tax_returns')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('jurisdiction', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('lines_json', 'text', (c) => c.notNull())
    .addColumn('journal_entry_id', 'text')
    .addColumn('filed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_tax_returns_pkey', ['organization_id', 'id'])
    .execute()
  await db.schema
    .createIndex('sales_tax_returns_period')
    .on('sales_tax_returns')
    .columns(['organization_id', 'jurisdiction', 'start_date', 'end_date'])
    .unique()
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
