import { type Kysely, sql } from 'kysely'

// Webhooks (DESIGN 7.5, ADR 0037): endpoints an organization subscribes, one delivery per feed
// event and endpoint, and every attempt to send it. A delivery carries the body it sends, so a
// retry or a redelivery sends the same bytes under the same webhook-id. The endpoint keeps its
// place in the feed (cursor_seq), advanced in the transaction that writes the deliveries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('event_types', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('cursor_seq', 'bigint', (c) => c.notNull())
    .addColumn('failing_since', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_endpoints_pkey', ['organization_id', 'id'])
    .execute()
  await sql`create index webhook_endpoints_enabled on webhook_endpoints (enabled, organization_id)`.execute(
    db,
  )

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_seq', 'bigint', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    // 'first' for the delivery fan-out made, the delivery's own id for a redelivery: the unique
    // key then lets two fan-outs racing on one event make only one first delivery.
    .addColumn('delivery_key', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_deliveries_pkey', ['organization_id', 'id'])
    .execute()
  await sql`create unique index webhook_deliveries_once
    on webhook_deliveries (organization_id, endpoint_id, event_id, delivery_key)`.execute(db)
  await sql`create index webhook_deliveries_pending
    on webhook_deliveries (status, next_attempt_at) where status = 'pending'`.execute(db)
  await sql`create index webhook_deliveries_endpoint
    on webhook_deliveries (organization_id, endpoint_id, event_seq)`.execute(db)

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('webhook_attempts_pkey', ['organization_id', 'delivery_id', 'attempt'])
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
