// Migration 0024 moves reconciliations stored at two decimals to their organization's currency's scale, and leaves two-decimal books as they were.
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../../../test/support/scratch-database.js'
import type { DatabaseHandle } from '../engine.js'
import { migrateTo, migrateToLatest } from '../migrate.js'

const databaseUrl = inject('databaseUrl')
let scratch: ScratchDatabase
let database: DatabaseHandle

beforeAll(async () => {
  scratch = await createScratchDatabase(databaseUrl, 'recon_scale')
  database = scratch.open()
})

afterAll(async () => {
  await database?.close()
  await scratch?.drop()
})

const at = '2026-01-02T03:04:05.000Z'

it('rescales each organization by its currency and adds the cancel columns', async () => {
  const { db } = database
  await migrateTo(db, '0020-receipt-extraction-status')
  // As the two-decimal parse stored them: "1000" yen as 100000, "1.5" dinars as 150.
  const stored = { JPY: [100000n, -2500n], BHD: [150n, -25n], CAD: [123456n, -789n] }
  for (const [currency, [statement, opening]] of Object.entries(stored)) {
    const org = `org-${currency}`
    await db
      .insertInto('organizations')
      .values({
        id: org,
        name: org,
        name_key: org,
        created_at: at,
        lock_date: null,
        functional_currency: currency,
      })
      .execute()
    await db
      .insertInto('accounts')
      .values({
        id: `chequing-${currency}`,
        organization_id: org,
        name: 'Chequing',
        name_key: 'chequing',
        account_type: 'bank',
        classification: 'asset',
        sub_type: 'chequing',
        active: 1,
        created_at: at,
      })
      .execute()
    await db
      .insertInto('reconciliations' as never)
      .values({
        organization_id: org,
        id: `r-${currency}`,
        payment_account_id: `chequing-${currency}`,
        statement_date: '2025-01-31',
        statement_balance_minor: statement,
        opening_balance_minor: opening,
        status: 'finished',
        adjustment_entry_id: null,
        created_at: at,
        finished_at: at,
        undone_at: null,
        undo_reason: null,
      } as never)
      .execute()
  }

  await migrateToLatest(db)

  const rows = await db
    .selectFrom('reconciliations')
    .select(['id', 'statement_balance_minor', 'opening_balance_minor', 'cancelled_at', 'cancel_reason'])
    .orderBy('id')
    .execute()
  expect(
    rows.map((row) => ({
      ...row,
      statement_balance_minor: BigInt(row.statement_balance_minor),
      opening_balance_minor: BigInt(row.opening_balance_minor),
    })),
  ).toEqual([
    {
      id: 'r-BHD',
      statement_balance_minor: 1500n,
      opening_balance_minor: -250n,
      cancelled_at: null,
      cancel_reason: null,
    },
    {
      id: 'r-CAD',
      statement_balance_minor: 123456n,
      opening_balance_minor: -789n,
      cancelled_at: null,
      cancel_reason: null,
    },
    {
      id: 'r-JPY',
      statement_balance_minor: 1000n,
      opening_balance_minor: -25n,
      cancelled_at: null,
      cancel_reason: null,
    },
  ])
})
