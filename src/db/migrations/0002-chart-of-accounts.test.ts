// A fresh database gets the GIFI chart migration 0002 was released with, byte for byte, and the shipped list still agrees with it.
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { nameBasedId } from '../../kernel/ids.js'
import { loadGifiCodes } from '../../modules/tax-codes/gifi.js'
import { type DatabaseHandle, openDatabase } from '../engine.js'
import { migrateToLatest } from '../migrate.js'
import { acrossOrganizations } from '../tenant-scope.js'

// The SHA-256 of the 719 rows 0002 wrote when it was released, as `chartText` below spells them.
// Nothing may change it: a change to the GIFI list is a new migration.
const releasedChartSha256 = '8d1e9aedc7b4cc07ddc4880acc22a583062bf1f1f2a286839372b42200b24d95'

const databaseUrl = inject('databaseUrl')
const scratchName = `daybook_chart_${randomBytes(6).toString('hex')}`
let database: DatabaseHandle

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-chart-'))
  if (!databaseUrl) {
    database = openDatabase({ dataDir })
  } else {
    await withAdmin((admin) => admin.query(`create database ${scratchName}`))
    const url = new URL(databaseUrl)
    url.pathname = `/${scratchName}`
    database = openDatabase({ databaseUrl: url.toString(), dataDir })
  }
  await migrateToLatest(acrossOrganizations(database.db))
})

afterAll(async () => {
  await database?.close()
  if (databaseUrl)
    await withAdmin((admin) => admin.query(`drop database if exists ${scratchName} with (force)`))
})

async function withAdmin(work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await work(admin)
  } finally {
    await admin.end()
  }
}

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
