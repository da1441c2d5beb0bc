import type { Kysely } from 'kysely'

// The hourly intake quotas count an address's and an organization's receipts of the last hour
// on every message; this index keeps that count to the hour's rows, however many receipts the
// organization has kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('receipts_received')
    .on('receipts')
    .columns(['organization_id', 'intake_address_id', 'created_at'])
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
