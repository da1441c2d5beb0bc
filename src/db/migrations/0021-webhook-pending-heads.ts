import { type Kysely, sql } from 'kysely'

// The dispatcher sends each endpoint's pending deliveries one at a time in feed order, so what it
// looks for is each endpoint's earliest pending delivery. Without an index of pending rows alone,
// finding it walked past every delivered one of the endpoint, and the old claim compared each
// pending row with every other (quadratic in a backlog). Partial, so a delivered row leaves it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index webhook_deliveries_pending_head
    on webhook_deliveries (organization_id, endpoint_id, event_seq, id) where status = 'pending'`.execute(db)
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
