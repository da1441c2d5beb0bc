import type { Kysely } from 'kysely'

// The organization's profile (DESIGN 8.1): its fiscal year end, business number, province and how
// it files sales tax; the year-end lock is set by the year-end close. Contacts keep a supplier's
// business number, which an input tax credit of 100.00 or more needs on record, and receipts the
// number they print.
export async function up(db: Kysely<unknown>): Promise<void> {
  const organizations = [
    ['fiscal_year_end', '12-31'],
    ['business_number', null],
    ['province', null],
    ['sales_tax_frequency', null],
    ['sales_tax_method', 'regular'],
    ['quick_method_rate', null],
    ['year_end_lock_date', null],
  ] as const
  for (const [column, fallback] of organizations) {
    await db.schema
      .alterTable('organizations')
      .addColumn(column, 'text', (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute()
  }
  await db.schema.alterTable('contacts').addColumn('business_number', 'text').execute()
  await db.schema.alterTable('receipts').addColumn('supplier_business_number', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
