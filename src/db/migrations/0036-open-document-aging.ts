import { type Kysely, sql } from 'kysely'

// Aging (DESIGN 8.6) reads every open document of an organization: with 100,000 of them, reading
// each from the table cost the report most of its time. This index holds all the report reads, in
// customer order, so both engines sum the buckets customer by customer from the index alone.
// Documents in another currency are aged one by one at their own rates; the second index finds
// those few without reading the organization's others, and the payments dated after a report's
// date, added back to what was due then, are found by date rather than among all payments.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('invoices_open_aging')
    .on('invoices')
    .columns([
      'organization_id',
      'contact_id',
      'due_date',
      'status',
      'kind',
      'issue_date',
      'exchange_rate',
      'amount_due_minor',
    ])
    .where(sql.ref('status'), 'in', sql`('open', 'partially_paid')`)
    .execute()
  await db.schema
    .createIndex('invoices_foreign')
    .on('invoices')
    .columns(['organization_id', 'issue_date'])
    .where(sql.ref('exchange_rate'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('invoice_payments_date')
    .on('invoice_payments')
    .columns(['organization_id', 'payment_date'])
    .execute()
}
