import { type Kysely, sql } from 'kysely'

// Account totals move out of the accounts row into rows of their own, several per account
// ("shards"), because on PostgreSQL every posting to an account updated that one row and held its
// lock until commit: confirms that share a bank account ran one at a time. An account's totals are
// the sum of its shards; today's totals become shard 0.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_totals')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('debit_minor', 'bigint', (c) => c.notNull())
    .addColumn('credit_minor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_totals_pk', ['account_id', 'shard'])
    .execute()
  await sql`insert into account_totals (organization_id, account_id, shard, debit_minor, credit_minor)
    select organization_id, id, 0, debit_total_minor, credit_total_minor from accounts
    where debit_total_minor <> 0 or credit_total_minor <> 0`.execute(db)
  await db.schema.alterTable('accounts').dropColumn('debit_total_minor').execute()
  await db.schema.alterTable('accounts').dropColumn('credit_total_minor').execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
