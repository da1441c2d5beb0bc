// Migration 0032 sums the tagged lines of books posted before it into the day totals a return reads, as postings after it keep them.
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../../../test/support/scratch-database.js'
import type { DatabaseHandle } from '../engine.js'
import { migrateTo, migrateToLatest } from '../migrate.js'

const databaseUrl = inject('databaseUrl')
let scratch: ScratchDatabase
let database: DatabaseHandle

beforeAll(async () => {
  scratch = await createScratchDatabase(databaseUrl, 'tax_day_totals')
  database = scratch.open()
})

afterAll(async () => {
  await database?.close()
  await scratch?.drop()
})

const at = '2026-01-02T03:04:05.000Z'
const org = 'org-tax'

type Line = [
  account: string,
  debit: bigint,
  credit: bigint,
  kind: string | null,
  code: string | null,
  base: number | null,
]

it('sums every tagged line by day, kind, code, account and the account of its net line', async () => {
  const { db } = database
  await migrateTo(db, '0031-api-key-scopes')
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
  for (const [id, type, classification] of [
    ['office', 'expense', 'expense'],
    ['recoverable', 'other_current_asset', 'asset'],
    ['chequing', 'bank', 'asset'],
  ] as const) {
    await db
      .insertInto('accounts')
      .values({
        id,
        organization_id: org,
        name: id,
        name_key: id,
        account_type: type,
        classification,
        sub_type: type,
        active: 1,
        created_at: at,
      } as never)
      .execute()
  }
  const post = async (id: string, date: string, lines: Line[]) => {
    const total = lines.reduce((sum, line) => sum + line[1], 0n)
    await db
      .insertInto('journal_entries')
      .values({
        id,
        organization_id: org,
        event_id: null,
        kind: 'manual',
        reverses_entry_id: null,
        txn_date: date,
        total_minor: total,
        currency: 'CAD',
        original_currency: null,
        created_at: at,
        memo: null,
        reference: null,
      })
      .execute()
    await db
      .insertInto('journal_lines')
      .values(
        lines.map(([account, debit, credit, kind, code, base], index) => ({
          id: `${id}-${index + 1}`,
          entry_id: id,
          organization_id: org,
          line_no: index + 1,
          account_id: account,
          contact_id: null,
          debit_minor: debit,
          credit_minor: credit,
          txn_date: date,
          original_minor: null,
          tax_kind: kind,
          tax_code: code,
          tax_base_line_no: base,
          memo: null,
        })),
      )
      .execute()
  }
  const purchase = (net: bigint, tax: bigint): Line[] => [
    ['office', net, 0n, 'purchase', 'HST_ON', null],
    ['recoverable', tax, 0n, 'input_credit', 'HST_ON', 1],
    ['chequing', 0n, net + tax, null, null, null],
  ]
  await post('e1', '2026-03-02', purchase(10000n, 1300n))
  await post('e2', '2026-03-02', purchase(2000n, 260n))
  await post('e3', '2026-03-05', [
    ['recoverable', 500n, 0n, 'input_credit', null, null],
    ['chequing', 0n, 500n, null, null, null],
  ])

  await migrateToLatest(db)

  const rows = await db
    .selectFrom('tax_day_totals')
    .select([
      'txn_date',
      'tax_kind',
      'tax_code',
      'account_id',
      'base_account_id',
      'debit_minor',
      'credit_minor',
    ])
    .where('organization_id', '=', org)
    .orderBy(['txn_date', 'tax_kind', 'account_id'])
    .execute()
  expect(
    rows.map((row) => ({
      ...row,
      debit_minor: Number(row.debit_minor),
      credit_minor: Number(row.credit_minor),
    })),
  ).toEqual([
    {
      txn_date: '2026-03-02',
      tax_kind: 'input_credit',
      tax_code: 'HST_ON',
      account_id: 'recoverable',
      base_account_id: 'office',
      debit_minor: 1560,
      credit_minor: 0,
    },
    {
      txn_date: '2026-03-02',
      tax_kind: 'purchase',
      tax_code: 'HST_ON',
      account_id: 'office',
      base_account_id: '',
      debit_minor: 12000,
      credit_minor: 0,
    },
    {
      txn_date: '2026-03-05',
      tax_kind: 'input_credit',
      tax_code: '',
      account_id: 'recoverable',
      base_account_id: '',
      debit_minor: 500,
      credit_minor: 0,
    },
  ])
})
