// A fresh database gets the GIFI chart migration 0002 was released with, byte for byte, and the shipped list still agrees with it.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../../../test/support/scratch-database.js'
import { nameBasedId } from '../../kernel/ids.js'
import { loadGifiCodes } from '../../modules/tax-codes/gifi.js'
import type { DatabaseHandle } from '../engine.js'
import { migrateToLatest } from '../migrate.js'
import { acrossOrganizations } from '../tenant-scope.js'

// The SHA-256 of the 719 rows 0002 wrote when it was released, as `chartText` below spells them.
// Nothing may change it: a change to the GIFI list is a new migration.
const releasedChartSha256 = '8d1e9aedc7b4cc07ddc4880acc22a583062bf1f1f2a286839372b42200b24d95'

const databaseUrl = inject('databaseUrl')
let scratch: ScratchDatabase
let database: DatabaseHandle

beforeAll(async () => {
  scratch = await createScratchDatabase(databaseUrl, 'chart')
  database = scratch.open()
  await migrateToLatest(acrossOrganizations(database.db))
})

afterAll(async () => {
  await database?.close()
  await scratch?.drop()
})

interface ChartRow {
  id: string
  code: string
  name: string
  name_key: string
  classification: string
  account_type: string
  is_total_line: number
}

async function chartOfFreshDatabase(): Promise<ChartRow[]> {
  const rows = await acrossOrganizations(database.db)
    .selectFrom('tax_codes')
    .select(['id', 'code', 'name', 'name_key', 'classification', 'account_type', 'is_total_line'])
    .orderBy('code')
    .execute()
  return rows.map((row) => ({ ...row, is_total_line: Number(row.is_total_line) }))
}

function chartText(rows: readonly ChartRow[]): string {
  return rows
    .map((row) =>
      [
        row.id,
        row.code,
        row.name,
        row.name_key,
        row.classification,
        row.account_type,
        row.is_total_line,
      ].join('\t'),
    )
    .join('\n')
}

it('writes the GIFI chart it was released with', async () => {
  const rows = await chartOfFreshDatabase()
  expect(rows).toHaveLength(719)
  expect(rows[0]).toEqual({
    id: nameBasedId('gifi', '1000'),
    code: '1000',
    name: 'Cash & Deposits',
    name_key: 'cash & deposits',
    classification: 'asset',
    account_type: 'bank',
    is_total_line: 0,
  })
  expect(createHash('sha256').update(chartText(rows)).digest('hex')).toBe(releasedChartSha256)
})

it('holds the same codes as the shipped list, so an edit of the list comes with its migration', async () => {
  const rows = await chartOfFreshDatabase()
  const shipped = loadGifiCodes().map((code) => ({
    id: nameBasedId('gifi', code.code),
    code: code.code,
    name: code.name,
    name_key: code.name.toLowerCase(),
    classification: code.classification,
    account_type: code.accountType,
    is_total_line: code.isTotalLine ? 1 : 0,
  }))
  expect(rows).toEqual(shipped)
})
