import { type Kysely, SqliteAdapter, sql } from 'kysely'

// Keys a tenant-sharded PostgreSQL (Citus) can keep (ADR 0026). Every table of an organization's
// data is distributed by organization_id, so its primary key, its unique keys and its foreign keys
// to other such tables lead with organization_id: a shard can then check them alone. The two look-ups
// that start without an organization (an API key by its hash, an intake address by itself) move
// to directories, small tables copied to every node, which name the organization to ask next.
//
// SQLite keeps its tables as they are (rebuilding each for keys that one file does not need would
// copy every row): it gets the directories, and the unique index the store's upsert of account
// totals now names.

/** Tables whose primary key was the id alone. */
const keyedById = [
  'api_keys',
  'accounts',
  'contacts',
  'ledger_events',
  'journal_entries',
  'journal_lines',
  'category_rules',
  'receipts',
  'uploads',
  'intake_addresses',
  'jobs',
] as const

/** [table, column, referenced tenant table]: foreign keys that become (organization_id, column). */
const tenantForeignKeys = [
  ['accounts', 'parent_id', 'accounts'],
  ['account_totals', 'account_id', 'accounts'],
  ['ledger_events', 'category_id', 'accounts'],
  ['ledger_events', 'payment_account_id', 'accounts'],
  ['ledger_events', 'tax_account_id', 'accounts'],
  ['ledger_events', 'contact_id', 'contacts'],
  ['journal_entries', 'reverses_entry_id', 'journal_entries'],
  ['journal_lines', 'entry_id', 'journal_entries'],
  ['journal_lines', 'account_id', 'accounts'],
  ['journal_lines', 'contact_id', 'contacts'],
  ['account_day_totals', 'account_id', 'accounts'],
  ['category_rules', 'account_id', 'accounts'],
  ['receipts', 'event_id', 'ledger_events'],
] as const

/** Tables without organization_id: copied to every node (reference) or kept on the coordinator (local). */
const referenceTables = [
  'organizations',
  'users',
  'memberships',
  'settings',
  'tax_codes',
  'api_key_directory',
  'intake_address_directory',
] as const
const localTables = ['idempotency_keys', 'daybook_migrations', 'daybook_migrations_lock'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key_directory')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('api_key_id', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into api_key_directory (key_hash, organization_id, api_key_id)
    select key_hash, organization_id, id from api_keys`.execute(db)

  await db.schema
    .createTable('intake_address_directory')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('intake_address_id', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into intake_address_directory (address, organization_id, intake_address_id)
    select address, organization_id, id from intake_addresses`.execute(db)

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema
      .createIndex('account_totals_organization')
      .on('account_totals')
      .columns(['organization_id', 'account_id', 'shard'])
      .unique()
      .execute()
    return
  }

  // Foreign keys go first: each depends on the primary key it points at.
  for (const [table, column] of tenantForeignKeys) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_${column}_fkey`)}`.execute(
      db,
    )
  }
  for (const table of keyedById) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_pkey`)}`.execute(db)
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_pkey`)}
      primary key (organization_id, id)`.execute(db)
  }
  await sql`alter table account_totals drop constraint account_totals_pk`.execute(db)
  await sql`alter table account_totals add constraint account_totals_pk
    primary key (organization_id, account_id, shard)`.execute(db)

  for (const [table, column, target] of tenantForeignKeys) {
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_${column}_fkey`)}
      foreign key (organization_id, ${sql.ref(column)}) references ${sql.table(target)} (organization_id, id)`.execute(
      db,
    )
  }

  // Unique across every organization, which a shard cannot check: the directories hold that now.
  await sql`alter table api_keys drop constraint api_keys_key_hash_key`.execute(db)
  await sql`alter table intake_addresses drop constraint intake_addresses_address_key`.execute(db)
  await sql`create unique index intake_addresses_address on intake_addresses (organization_id, address)`.execute(
    db,
  )
  // Upload keys are found within their organization only.
  await sql`alter table uploads drop constraint uploads_s3_key_key`.execute(db)
  await sql`create unique index uploads_s3_key on uploads (organization_id, s3_key)`.execute(db)

  for (const table of referenceTables) {
    await sql`comment on table ${sql.table(table)} is 'daybook: reference'`.execute(db)
  }
  for (const table of localTables) {
    await sql`comment on table ${sql.table(table)} is 'daybook: local'`.execute(db)
  }
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
