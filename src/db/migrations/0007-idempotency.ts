import type { Kysely } from 'kysely'

// Stored answers of mutations sent with an Idempotency-Key, so a retry gets the first answer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    // Credential (API key or user) and the organization it acted for, then the client's key.
    .addColumn('scope_key', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope_key', 'idempotency_key'])
    .execute()
  await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
