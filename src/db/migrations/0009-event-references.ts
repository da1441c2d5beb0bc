import type { Kysely } from 'kysely'

// A bank's reference (FITID) identifies a row whatever its date: an import finds the payment
// account's events with a row's reference through this index, without reading the account's history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ledger_events_reference')
    .on('ledger_events')
    .columns(['organization_id', 'payment_account_id', 'reference'])
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
