import { type Kysely, sql } from 'kysely'

// Where a receipt's reading stands, apart from its review status: a receipt attached on upload is
// `reviewed` at once, and without this a person could not tell one still waiting for its reading
// from one where nothing was found. Each field read carries a confidence (0 to 1) so matching can
// leave alone what was misread; null where the field was not read or predates this migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('receipts')
    .addColumn('extraction_status', 'text', (column) => column.notNull().defaultTo('pending'))
    .execute()
  for (const column of ['vendor_confidence', 'amount_confidence', 'date_confidence']) {
    await db.schema.alterTable('receipts').addColumn(column, 'real').execute()
  }
  // Receipts read before this migration: failed when they say why, done when a field was found,
  // still pending while an unattached draft waits for its job, and nothing found otherwise.
  await sql`
    UPDATE receipts SET extraction_status = CASE
      WHEN extraction_error IS NOT NULL THEN 'failed'
      WHEN vendor_name IS NOT NULL OR amount_minor IS NOT NULL OR receipt_date IS NOT NULL THEN 'done'
      WHEN status = 'draft' THEN 'pending'
      ELSE 'nothing_found'
    END`.execute(db)
  // Figures read before confidences existed were matched on as they were; they keep matching as
  // they would have, at the threshold of the time (0.8).
  await sql`UPDATE receipts SET amount_confidence = 0.8 WHERE amount_minor IS NOT NULL`.execute(db)
  await sql`UPDATE receipts SET date_confidence = 0.8 WHERE receipt_date IS NOT NULL`.execute(db)
  await sql`UPDATE receipts SET vendor_confidence = 0.8 WHERE vendor_name IS NOT NULL`.execute(db)
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
