import type { Kysely } from 'kysely'

// A receipt whose document could not be read keeps the failure's code beside its message, so a
// client can tell a scan with no text from a damaged file or an unsupported type without parsing
// words. Null for a receipt that was read, not yet read, or whose reading gave up after retries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('receipts').addColumn('extraction_error_code', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
