import { type Kysely, sql } from 'kysely'

// Sales tax returns are read from the books (DESIGN 8.3), so a posted line says what it is to
// them: a sale or a purchase (its net, with the tax code of the event's line), or a tax collected
// or an input tax credit (with the one tax it holds, and the line_no of the net line it was paid
// on). Lines without a tag are nothing to a return. Entries posted before carry no tags: books are
// never edited. The partial index keeps a quarter's return to the quarter's tagged lines however
// many years the books hold.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('journal_lines').addColumn('tax_kind', 'text').execute()
  await db.schema.alterTable('journal_lines').addColumn('tax_code', 'text').execute()
  await db.schema.alterTable('journal_lines').addColumn('tax_base_line_no', 'integer').execute()
  await db.schema
    .createIndex('journal_lines_tax')
    .on('journal_lines')
    .columns(['organization_id', 'txn_date'])
    .where(sql.ref('tax_kind'), 'is not', null)
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
