import { type Kysely, sql } from 'kysely'

// A draft bill made from a receipt (DESIGN 8.6, createBillFromReceipt). The receipt keeps the tax
// read with its total, when the subtotal and tax lines printed add up to it, so the bill's line can
// carry the tax code that gives that tax. A bill names the receipt it was made from, and a receipt
// makes one bill: asked twice, the second answer names the first bill instead of a copy.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('receipts').addColumn('tax_minor', 'bigint').execute()
  await db.schema.alterTable('invoices').addColumn('receipt_id', 'text').execute()
  await db.schema
    .createIndex('invoices_receipt')
    .unique()
    .on('invoices')
    .columns(['organization_id', 'receipt_id'])
    .where(sql.ref('receipt_id'), 'is not', null)
    .execute()
}
