import { type Kysely, sql } from 'kysely'

// A return for a quarter must cost what the quarter's days cost, not what its lines do (DESIGN
// 8.3): the tagged lines summed per day, by what they are to a return, their tax code, account
// and (for a tax line) the account of the net line it was paid on, kept by every posting as the
// account's day totals are. '' stands for no code and no base account, so the key holds no null.
// The books posted before are summed in once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tax_day_totals')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('txn_date', 'text', (c) => c.notNull())
    .addColumn('tax_kind', 'text', (c) => c.notNull())
    .addColumn('tax_code', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('base_account_id', 'text', (c) => c.notNull())
    .addColumn('debit_minor', 'bigint', (c) => c.notNull())
    .addColumn('credit_minor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tax_day_totals_pkey', [
      'organization_id',
      'txn_date',
      'tax_kind',
      'tax_code',
      'account_id',
      'base_account_id',
    ])
    .execute()
  await sql`
    insert into tax_day_totals
      (organization_id, txn_date, tax_kind, tax_code, account_id, base_account_id, debit_minor, credit_minor)
    select l.organization_id, l.txn_date, l.tax_kind, coalesce(l.tax_code, ''), l.account_id,
      coalesce(b.account_id, ''), sum(l.debit_minor), sum(l.credit_minor)
    from journal_lines l
    left join journal_lines b
      on b.organization_id = l.organization_id and b.entry_id = l.entry_id and b.line_no = l.tax_base_line_no
    where l.tax_kind is not null
    group by l.organization_id, l.txn_date, l.tax_kind, coalesce(l.tax_code, ''), l.account_id,
      coalesce(b.account_id, '')
  `.execute(db)
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
