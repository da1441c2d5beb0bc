// Migration 0011 re-keys the tables of a database that already holds books: every row must come
// through as it was, and the directories must know every API key and intake address before it.
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../../../test/support/scratch-database.js'
import { AccessStore } from '../../modules/access/access-store.js'
import type { OrgScope } from '../../modules/access/principal.js'
import { IntakeAddressStore } from '../../modules/intake/intake-address-store.js'
import type { DatabaseHandle } from '../engine.js'
import { migrateTo, migrateToLatest } from '../migrate.js'
import type { Database } from '../schema.js'

const databaseUrl = inject('databaseUrl')
let scratch: ScratchDatabase
let database: DatabaseHandle

beforeAll(async () => {
  scratch = await createScratchDatabase(databaseUrl, 'rekey')
  database = scratch.open()
})

afterAll(async () => {
  await database?.close()
  await scratch?.drop()
})

const at = '2026-01-02T03:04:05.000Z'

/** Books of two organizations, touching every table 0011 changes, as 0001 to 0009 stored them. */
async function fillBooks(db: Kysely<Database>): Promise<void> {
  const insert = async (table: string, rows: Array<Record<string, unknown>>) => {
    await db
      .insertInto(table as never)
      .values(rows as never)
      .execute()
  }
  for (const org of ['a', 'b']) {
    const o = (id: string) => `${org}-${id}`
    await insert('organizations', [
      { id: o('org'), name: `Org ${org}`, name_key: `org ${org}`, created_at: at },
    ])
    await insert('users', [
      {
        id: o('user'),
        email: `${org}@x.test`,
        email_key: `${org}@x.test`,
        name: org,
        password_hash: 'h',
        created_at: at,
      },
    ])
    await insert('memberships', [
      { organization_id: o('org'), user_id: o('user'), role: 'owner', created_at: at },
    ])
    await insert('api_keys', [
      {
        id: o('key'),
        organization_id: o('org'),
        name: 'key',
        prefix: 'dbk_1234',
        key_hash: o('hash'),
        created_at: at,
        last_used_at: null,
        revoked_at: null,
      },
    ])
    const account = (id: string, parent: string | null) => ({
      id: o(id),
      organization_id: o('org'),
      name: id,
      name_key: id,
      account_type: 'expense',
      classification: 'expense',
      sub_type: 'other',
      tax_code_id: null,
      last_four: null,
      parent_id: parent && o(parent),
      system_role: null,
      active: 1,
      created_at: at,
    })
    await insert('accounts', [account('bank', null), account('meals', null), account('coffee', 'meals')])
    await insert('account_totals', [
      { organization_id: o('org'), account_id: o('bank'), shard: 0, debit_minor: 0, credit_minor: 1250 },
      { organization_id: o('org'), account_id: o('coffee'), shard: 3, debit_minor: 1250, credit_minor: 0 },
    ])
    await insert('contacts', [
      {
        id: o('cafe'),
        organization_id: o('org'),
        contact_type: 'vendor',
        display_name: 'Cafe',
        name_key: 'cafe',
        email: '',
        phone: '',
        active: 1,
        balance_minor: 0,
        created_at: at,
      },
    ])
    await insert('ledger_events', [
      {
        id: o('event'),
        organization_id: o('org'),
        event_type: 'expense',
        merchant_name: 'Cafe',
        merchant_key: 'cafe',
        memo: '',
        memo_key: '',
        amount_minor: 1250,
        currency: 'CAD',
        transaction_date: '2026-01-02',
        status: 'confirmed',
        category_id: o('coffee'),
        payment_account_id: o('bank'),
        contact_id: o('cafe'),
        tax_amount_minor: null,
        tax_from_code: 0,
        tax_account_id: null,
        sales_tax_code: null,
        category_rule_id: null,
        reference: 'FIT1',
        source: 'manual',
        backfill_id: null,
        batch_id: null,
        has_document: 1,
        journal_entry_id: o('entry'),
        reversal_entry_id: null,
        created_at: at,
        updated_at: at,
      },
    ])
    const entry = (id: string, reverses: string | null) => ({
      id: o(id),
      organization_id: o('org'),
      event_id: o('event'),
      kind: reverses ? 'reversal' : 'posting',
      reverses_entry_id: reverses && o(reverses),
      txn_date: '2026-01-02',
      total_minor: 1250,
      currency: 'CAD',
      created_at: at,
    })
    await insert('journal_entries', [entry('entry', null), entry('reversal', 'entry')])
    await insert('journal_lines', [
      {
        id: o('line1'),
        entry_id: o('entry'),
        organization_id: o('org'),
        line_no: 1,
        account_id: o('coffee'),
        contact_id: o('cafe'),
        debit_minor: 1250,
        credit_minor: 0,
        txn_date: '2026-01-02',
      },
      {
        id: o('line2'),
        entry_id: o('entry'),
        organization_id: o('org'),
        line_no: 2,
        account_id: o('bank'),
        contact_id: null,
        debit_minor: 0,
        credit_minor: 1250,
        txn_date: '2026-01-02',
      },
    ])
    await insert('account_day_totals', [
      {
        organization_id: o('org'),
        account_id: o('coffee'),
        txn_date: '2026-01-02',
        debit_minor: 1250,
        credit_minor: 0,
      },
    ])
    await insert('category_rules', [
      {
        id: o('rule'),
        organization_id: o('org'),
        vendor_pattern: 'Cafe',
        pattern_key: 'cafe',
        account_id: o('coffee'),
        match_count: 1,
        created_at: at,
      },
    ])
    await insert('uploads', [
      {
        id: o('upload'),
        organization_id: o('org'),
        s3_key: `${o('org')}/receipt.pdf`,
        filename: 'receipt.pdf',
        content_type: 'application/pdf',
        size_bytes: 10,
        sha256: 'abc',
        created_at: at,
      },
    ])
    await insert('intake_addresses', [
      {
        id: o('intake'),
        organization_id: o('org'),
        address_type: 'email',
        address: `${org}@in.test`,
        label: null,
        active: 1,
        created_at: at,
      },
    ])
    await insert('receipts', [
      {
        id: o('receipt'),
        organization_id: o('org'),
        event_id: o('event'),
        source: 'email',
        status: 'extracted',
        vendor_name: 'Cafe',
        vendor_key: 'cafe',
        amount_minor: 1250,
        currency: 'CAD',
        receipt_date: '2026-01-02',
        filename: 'receipt.pdf',
        s3_key: `${o('org')}/receipt.pdf`,
        content_type: 'application/pdf',
        size_bytes: 10,
        sha256: 'abc',
        dedup_key: 'abc',
        intake_address_id: o('intake'),
        extraction_error: null,
        created_at: at,
        updated_at: at,
      },
    ])
    await insert('jobs', [
      {
        id: o('job'),
        organization_id: o('org'),
        kind: 'extract_receipt',
        subject_id: o('receipt'),
        status: 'queued',
        attempts: 0,
        run_after: at,
        locked_until: null,
        last_error: null,
        created_at: at,
        updated_at: at,
      },
    ])
    await insert('idempotency_keys', [
      {
        scope_key: o('scope'),
        idempotency_key: 'k',
        request_hash: 'r',
        status: 'done',
        response_status: 200,
        response_body: '{}',
        locked_until: at,
        expires_at: at,
      },
    ])
  }
}

const tables = [
  'organizations',
  'users',
  'memberships',
  'api_keys',
  'accounts',
  'account_totals',
  'contacts',
  'ledger_events',
  'journal_entries',
  'journal_lines',
  'account_day_totals',
  'category_rules',
  'uploads',
  'intake_addresses',
  'receipts',
  'jobs',
  'idempotency_keys',
  'tax_codes',
] as const

/** Every row of every table, in a stable order, as text. */
async function snapshot(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {}
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)
    all[table] = rows.rows
      .map((row) => JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? Number(value) : value)))
      .sort()
  }
  return all
}

it('keeps every row of books kept before it, and files every key and address in the directories', async () => {
  const db = database.db
  await migrateTo(db, '0009-event-references')
  await fillBooks(db)
  const before = await snapshot(db)
  expect(before.journal_lines).toHaveLength(4)

  expect(await migrateTo(db, '0011-tenant-keys')).toContain('0011-tenant-keys')
  expect(await snapshot(db)).toEqual(before)

  // Today's stores read today's columns: the rest of the migrations run before they are asked.
  await migrateToLatest(db)
  const access = new AccessStore()
  const key = await access.findApiKeyByHash(db, 'b-hash')
  expect(key).toMatchObject({ id: 'b-key', organizationId: 'b-org', hash: 'b-hash' })
  const intake = new IntakeAddressStore()
  expect(await intake.findActive(db, 'email', 'a@in.test')).toMatchObject({
    id: 'a-intake',
    organizationId: 'a-org',
  })
  // The directory keeps an address to one organization, across them all.
  const scopeB = { organizationId: 'b-org' } as OrgScope
  const taken = {
    id: 'b-intake2',
    addressType: 'email' as const,
    address: 'a@in.test',
    label: null,
    active: true,
    createdAt: at,
  }
  expect(await intake.insert(db, scopeB, taken)).toBe(false)
})
