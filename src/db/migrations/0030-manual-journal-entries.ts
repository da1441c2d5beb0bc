import { type Kysely, sql } from 'kysely'

// Entries of no event (DESIGN 8.4): a manual entry carries its memo and reference, and each line
// its own memo; a line tagged for a sales tax return line (104, 107, 110, 111, 205, 405) keeps the
// tag as tax_kind 'return_line' with the line in tax_code, so the return reads it through the
// partial index journal_lines_tax like every other tagged line. An entry is reversed at most once,
// which the unique index holds however two reversals race.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('journal_entries').addColumn('memo', 'text').execute()
  await db.schema.alterTable('journal_entries').addColumn('reference', 'text').execute()
  await db.schema.alterTable('journal_lines').addColumn('memo', 'text').execute()
  await db.schema
    .createIndex('journal_entries_reversed_once')
    .unique()
    .on('journal_entries')
    .columns(['organization_id', 'reverses_entry_id'])
    .where(sql.ref('reverses_entry_id'), 'is not', null)
    .execute()
  // listJournalEntries pages the journal newest first, by source or all of them.
  await db.schema
    .createIndex('journal_entries_kind_date')
    .on('journal_entries')
    .columns(['organization_id', 'kind', 'txn_date'])
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
