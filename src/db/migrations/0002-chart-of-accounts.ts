import type { Kysely } from 'kysely'
import { gifiCodesAsReleased } from './0002-gifi-codes.js'

// The chart of accounts, the CRA GIFI codes it is keyed to, and contacts. GIFI codes are
// reference data shared by every organization, seeded from the migration's own copy of them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tax_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('classification', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull())
    .addColumn('is_total_line', 'integer', (c) => c.notNull())
    .execute()

  const codes = gifiCodesAsReleased.map(([id, code, name, classification, accountType, isTotalLine]) => ({
    id,
    code,
    name,
    name_key: name.toLowerCase(),
    classification,
    account_type: accountType,
    is_total_line: isTotalLine,
  }))
  for (let start = 0; start < codes.length; start += 200) {
    await db
      .insertInto('tax_codes' as never)
      .values(codes.slice(start, start + 200) as never)
      .execute()
  }

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull())
    .addColumn('classification', 'text', (c) => c.notNull())
    .addColumn('sub_type', 'text', (c) => c.notNull())
    .addColumn('tax_code_id', 'text', (c) => c.references('tax_codes.id'))
    .addColumn('last_four', 'text')
    .addColumn('parent_id', 'text', (c) => c.references('accounts.id'))
    .addColumn('system_role', 'text')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('debit_total_minor', 'bigint', (c) => c.notNull())
    .addColumn('credit_total_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('accounts_name')
    .on('accounts')
    .columns(['organization_id', 'name_key'])
    .unique()
    .execute()
  await db.schema
    .createIndex('accounts_system_role')
    .on('accounts')
    .columns(['organization_id', 'system_role'])
    .unique()
    .execute()

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('contact_type', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('balance_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('contacts_name')
    .on('contacts')
    .columns(['organization_id', 'contact_type', 'name_key'])
    .unique()
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
