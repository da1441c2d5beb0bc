import { type Kysely, sql } from 'kysely'

// Category rules with conditions, a priority, an account scope and more actions (DESIGN 8.9). The
// conditions and the percentage lines are JSON text: they are only ever read whole, to compile an
// organization's rules once, never searched by SQL. A rule without a vendor pattern keeps an empty
// vendor_pattern and pattern_key (the columns stay NOT NULL, which SQLite could only drop by
// rebuilding the table). The uniqueness of patterns now holds among pattern-only rules alone: a
// rule with other conditions or an account scope may share its pattern (Amazon% above 100 and
// Amazon% up to 100), and a rule without a pattern collides with none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('category_rules')
    .addColumn('conditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema
    .alterTable('category_rules')
    .addColumn('condition_match', 'text', (c) => c.notNull().defaultTo('all'))
    .execute()
  await db.schema
    .alterTable('category_rules')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('category_rules')
    .addColumn('payment_account_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema.alterTable('category_rules').addColumn('tax_code', 'text').execute()
  await db.schema.alterTable('category_rules').addColumn('contact_id', 'text').execute()
  await db.schema.alterTable('category_rules').addColumn('lines', 'text').execute()
  await db.schema.dropIndex('category_rules_pattern').execute()
  await db.schema
    .createIndex('category_rules_pattern')
    .on('category_rules')
    .columns(['organization_id', 'pattern_key'])
    .unique()
    .where(sql<boolean>`conditions = '[]' and payment_account_ids = '[]' and pattern_key <> ''`)
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
