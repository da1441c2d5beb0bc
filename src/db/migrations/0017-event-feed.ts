import { type Kysely, sql } from 'kysely'

// The event feed (DESIGN 7.5) is the audit trail's public part: each sealed record whose operation
// is a business fact clients are told of also gets the next number of the organization's feed, in
// the same pass that seals it into the chain. The change and its record share their transaction,
// so the feed is a transactional outbox that costs no write of its own. Records sealed before
// this migration are numbered here, in chain order, so the feed starts with the books.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_records').addColumn('feed_seq', 'bigint').execute()
  await db.schema
    .alterTable('audit_heads')
    .addColumn('feed_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`create unique index audit_records_feed on audit_records (organization_id, feed_seq)
    where feed_seq is not null`.execute(db)
  const operations = sql.join(feedOperationsAtMigration.map((operation) => sql`${operation}`))
  await sql`with numbered as (
      select organization_id, id, row_number() over (partition by organization_id order by seq) as n
      from audit_records
      where seq is not null and operation in (${operations})
    )
    update audit_records set feed_seq = numbered.n
    from numbered
    where audit_records.organization_id = numbered.organization_id and audit_records.id = numbered.id`.execute(
    db,
  )
  await sql`update audit_heads set feed_seq = coalesce(
      (select max(feed_seq) from audit_records where audit_records.organization_id = audit_heads.organization_id),
      0)`.execute(db)
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}

// The feed's operations as they stood when this migration was written; a migration never reads
// code that may change after it.
const feedOperationsAtMigration = [
  'ledger_event.created',
  'ledger_event.updated',
  'ledger_event.classified',
  'ledger_event.confirmed',
  'ledger_event.rejected',
  'ledger_event.synced',
  'ledger_event.reconciled',
  'account.created',
  'account.updated',
  'contact.created',
  'contact.updated',
  'reconciliation.finished',
  'reconciliation.undone',
  'organization.lock_date_changed',
]
