import type { Kysely } from 'kysely'

// Ledger events, the journal they post to, per-account daily totals for reports, and the
// category rules that classify events on arrival.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createLedgerEvents(db)
  await createJournal(db)
  await createAccountDayTotals(db)
  await createCategoryRules(db)
}

async function createLedgerEvents(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('merchant_name', 'text', (c) => c.notNull())
    .addColumn('merchant_key', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('memo_key', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('transaction_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.references('accounts.id'))
    .addColumn('payment_account_id', 'text', (c) => c.references('accounts.id'))
    .addColumn('contact_id', 'text', (c) => c.references('contacts.id'))
    .addColumn('tax_amount_minor', 'bigint')
    .addColumn('tax_from_code', 'integer', (c) => c.notNull())
    .addColumn('tax_account_id', 'text', (c) => c.references('accounts.id'))
    .addColumn('sales_tax_code', 'text')
    .addColumn('category_rule_id', 'text')
    .addColumn('reference', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('backfill_id', 'text')
    .addColumn('batch_id', 'text')
    .addColumn('has_document', 'integer', (c) => c.notNull())
    .addColumn('journal_entry_id', 'text')
    .addColumn('reversal_entry_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('ledger_events_date')
    .on('ledger_events')
    .columns(['organization_id', 'transaction_date', 'id'])
    .execute()
  await db.schema
    .createIndex('ledger_events_status')
    .on('ledger_events')
    // amount_minor lets the review queue's count with an amount filter read the index alone.
    .columns(['organization_id', 'status', 'transaction_date', 'amount_minor'])
    .execute()
  await db.schema
    .createIndex('ledger_events_payment')
    .on('ledger_events')
    .columns(['organization_id', 'payment_account_id', 'transaction_date', 'amount_minor'])
    .execute()
  await db.schema
    .createIndex('ledger_events_category')
    .on('ledger_events')
    .columns(['organization_id', 'category_id'])
    .execute()
  await db.schema
    .createIndex('ledger_events_backfill')
    .on('ledger_events')
    .columns(['organization_id', 'backfill_id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('ledger_events_batch')
    .on('ledger_events')
    .columns(['organization_id', 'batch_id'])
    .execute()
}

async function createJournal(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    // No foreign key: an entry outlives its event when a processor import is deleted; the
    // reversing entry keeps the books whole and the id keeps the trail.
    .addColumn('event_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reverses_entry_id', 'text', (c) => c.references('journal_entries.id'))
    .addColumn('txn_date', 'text', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // The constraint behind "exactly one entry per event, even under concurrent confirms".
  await db.schema
    .createIndex('journal_entries_event_kind')
    .on('journal_entries')
    .columns(['organization_id', 'event_id', 'kind'])
    .unique()
    .execute()
  await db.schema
    .createIndex('journal_entries_date')
    .on('journal_entries')
    .columns(['organization_id', 'txn_date'])
    .execute()
  await db.schema
    .createTable('journal_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entry_id', 'text', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('contact_id', 'text', (c) => c.references('contacts.id'))
    .addColumn('debit_minor', 'bigint', (c) => c.notNull())
    .addColumn('credit_minor', 'bigint', (c) => c.notNull())
    .addColumn('txn_date', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('journal_lines_entry').on('journal_lines').column('entry_id').execute()
  await db.schema
    .createIndex('journal_lines_account')
    .on('journal_lines')
    .columns(['organization_id', 'account_id', 'txn_date'])
    .execute()
}

async function createAccountDayTotals(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_day_totals')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('txn_date', 'text', (c) => c.notNull())
    .addColumn('debit_minor', 'bigint', (c) => c.notNull())
    .addColumn('credit_minor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_day_totals_pk', ['organization_id', 'account_id', 'txn_date'])
    .execute()
  await db.schema
    .createIndex('account_day_totals_date')
    .on('account_day_totals')
    .columns(['organization_id', 'txn_date'])
    .execute()
}

async function createCategoryRules(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('category_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('vendor_pattern', 'text', (c) => c.notNull())
    .addColumn('pattern_key', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('match_count', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('category_rules_pattern')
    .on('category_rules')
    .columns(['organization_id', 'pattern_key'])
    .unique()
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}
