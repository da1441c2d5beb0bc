// Migration 0036: aging reads its sums from invoices_open_aging alone, and finds foreign documents and later payments by their own indexes.
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { queryPlans } from '../../../test/support/query-plans.js'
import { createScratchDatabase, type ScratchDatabase } from '../../../test/support/scratch-database.js'
import { InvoiceStore } from '../../modules/invoices/invoice-store.js'
import type { DatabaseHandle } from '../engine.js'
import { migrateToLatest } from '../migrate.js'

const databaseUrl = inject('databaseUrl')
let scratch: ScratchDatabase
let database: DatabaseHandle

beforeAll(async () => {
  scratch = await createScratchDatabase(databaseUrl, 'open_document_aging')
  database = scratch.open()
  await migrateToLatest(database.db)
})

afterAll(async () => {
  await database?.close()
  await scratch?.drop()
})

// SQLite's planner is asked directly; PostgreSQL's choice on a nearly empty table says nothing.
it.skipIf(databaseUrl !== undefined)(
  'sums the buckets from the index in customer order, and reads foreign documents and later payments by index',
  async () => {
    const { capturing, plans } = queryPlans(database.db)
    const store = new InvoiceStore('sqlite')
    const scope = { organizationId: 'org-aging' } as Parameters<InvoiceStore['agedSums']>[1]
    await store.agedSums(capturing, scope, {
      kinds: ['invoice', 'credit_note'],
      asOf: '2026-06-30',
      lateSince: ['2026-06-30', '2026-05-31', '2026-05-01', '2026-04-01'],
    })
    const [open, later] = await plans()
    expect(open).toMatch(/USING COVERING INDEX invoices_open_aging \(organization_id=\?\)/)
    expect(open).not.toMatch(/TEMP B-TREE/)
    expect(later).toMatch(/USING INDEX invoice_payments_date \(organization_id=\? AND payment_date>\?\)/)
    await store.postedAsOf(capturing, scope, {
      kinds: ['invoice', 'credit_note'],
      asOf: '2026-06-30',
      foreignOnly: true,
    })
    const [foreign] = await plans()
    expect(foreign).toMatch(/invoices_foreign \(organization_id=\? AND issue_date<\?\)/)
  },
)
