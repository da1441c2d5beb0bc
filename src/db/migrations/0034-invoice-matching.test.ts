// Migration 0034 keeps what is due on every document written before it, and the open documents a bank line may pay are found through its indexes, not by reading them all.
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { queryPlans } from '../../../test/support/query-plans.js'
import { createScratchDatabase, type ScratchDatabase } from '../../../test/support/scratch-database.js'
import { InvoiceStore } from '../../modules/invoices/invoice-store.js'
import type { DatabaseHandle } from '../engine.js'
import { migrateTo, migrateToLatest } from '../migrate.js'

const databaseUrl = inject('databaseUrl')
let scratch: ScratchDatabase
let database: DatabaseHandle

beforeAll(async () => {
  scratch = await createScratchDatabase(databaseUrl, 'invoice_matching')
  database = scratch.open()
})

afterAll(async () => {
  await database?.close()
  await scratch?.drop()
})

const at = '2026-01-02T03:04:05.000Z'
const org = 'org-matching'

it('fills the amount due of documents written before it', async () => {
  const { db } = database
  await migrateTo(db, '0033-invoices')
  await db
    .insertInto('organizations')
    .values({
      id: org,
      name: org,
      name_key: org,
      created_at: at,
      lock_date: null,
      functional_currency: 'CAD',
    })
    .execute()
  await db
    .insertInto('contacts')
    .values({
      id: 'customer',
      organization_id: org,
      contact_type: 'customer',
      display_name: 'Customer',
      name_key: 'customer',
      email: '',
      phone: '',
      active: 1,
      balance_minor: 0,
      created_at: at,
      business_number: null,
    })
    .execute()
  await sql`insert into invoices (organization_id, id, kind, number, number_key, contact_id, issue_date,
    due_date, currency, status, memo, subtotal_minor, tax_total_minor, total_minor, amount_paid_minor,
    journal_entry_id, void_entry_id, created_at, updated_at)
    values (${org}, 'inv-1', 'invoice', 'INV-0001', 'inv-0001', 'customer', '2026-01-02', '2026-01-02',
    'CAD', 'partially_paid', '', 10000, 0, 10000, 3000, null, null, ${at}, ${at})`.execute(db)
  await migrateToLatest(db)
  const row = await db
    .selectFrom('invoices')
    .select(['amount_due_minor', 'exchange_rate'])
    .where('organization_id', '=', org)
    .executeTakeFirstOrThrow()
  expect(BigInt(row.amount_due_minor)).toBe(7000n)
  expect(row.exchange_rate).toBeNull()
})

// SQLite's planner is asked directly; PostgreSQL's choice on a nearly empty table says nothing.
it.skipIf(databaseUrl !== undefined)(
  'reads open documents by amount due and by number through their indexes',
  async () => {
    const { capturing, plans } = queryPlans(database.db)
    const store = new InvoiceStore('sqlite')
    const scope = { organizationId: org } as Parameters<InvoiceStore['openByAmountDue']>[1]
    await store.openByAmountDue(
      capturing,
      scope,
      { kinds: ['invoice'], currency: 'CAD', amountDueMinor: 7000n },
      20,
    )
    const [byAmount] = await plans()
    expect(byAmount).toMatch(
      /USING INDEX invoices_open_amount_due \(organization_id=\? AND currency=\? AND amount_due_minor=\?\)/,
    )
    expect(byAmount).not.toMatch(/TEMP B-TREE/)
    await store.openByNumbers(capturing, scope, { kinds: ['invoice'], numberKeys: ['inv-0001', '42'] }, 20)
    const [byNumber] = await plans()
    expect(byNumber).toMatch(/USING INDEX invoices_open_number \(organization_id=\? AND number_key=\?\)/)
  },
)
