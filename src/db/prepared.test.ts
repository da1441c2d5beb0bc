// Prepared statements bind fresh values on each run, on the engine of the run and inside transactions.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './engine.js'
import { migrateToLatest } from './migrate.js'
import { preparedQuery, preparedRowsQuery, type SlotFor } from './prepared.js'
import type { OrganizationsTable } from './schema.js'
import { inTransaction } from './transaction.js'

let database: DatabaseHandle

beforeAll(async () => {
  const databaseUrl = inject('databaseUrl')
  database = openDatabase({
    dataDir: mkdtempSync(path.join(tmpdir(), 'daybook-prepared-')),
    ...(databaseUrl ? { databaseUrl } : {}),
  })
  await migrateToLatest(database.db)
})

afterAll(() => database.close())

const insertOrganizations = preparedRowsQuery(
  (ex, rows: Array<SlotFor<Pick<OrganizationsTable, 'id' | 'name' | 'name_key' | 'created_at'>>>) =>
    ex
      .insertInto('organizations')
      .values(
        rows.map((slot) => ({
          id: slot('id'),
          name: slot('name'),
          name_key: slot('name_key'),
          functional_currency: 'CAD',
          created_at: slot('created_at'),
        })),
      )
      .returning(['id', 'name']),
)

const organizationNamed = preparedQuery((ex, slot: SlotFor<{ nameKey: string; prefix: string }>) =>
  ex
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('name_key', '=', slot('nameKey'))
    .where('id', 'like', slot('prefix')),
)

const organization = (n: number) => ({
  id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  name: `Prepared ${n}`,
  name_key: `prepared ${n}`,
  created_at: '2026-01-01T00:00:00.000Z',
})

describe('integers', () => {
  it('read back exactly on either side of 2^53', async () => {
    const { rows } = await sql<Record<string, bigint>>`select
      cast(999999999999999 as bigint) as a, cast(-99999999999999 as bigint) as b,
      cast(-999999999999999 as bigint) as c, cast(9007199254740993 as bigint) as d,
      cast(-9223372036854775807 as bigint) as e`.execute(database.db)
    expect(rows).toEqual([
      {
        a: 999999999999999n,
        b: -99999999999999n,
        c: -999999999999999n,
        d: 9007199254740993n,
        e: -9223372036854775807n,
      },
    ])
  })
})

describe('prepared statements', () => {
  it('insert one row, then three, then one again, each with its own values', async () => {
    const first = await insertOrganizations(database.db, [organization(1)])
    const three = await insertOrganizations(database.db, [organization(2), organization(3), organization(4)])
    const again = await insertOrganizations(database.db, [organization(5)])
    expect(first.rows).toEqual([{ id: organization(1).id, name: 'Prepared 1' }])
    expect(three.rows.map((row) => row.name).sort()).toEqual(['Prepared 2', 'Prepared 3', 'Prepared 4'])
    expect(again.rows).toEqual([{ id: organization(5).id, name: 'Prepared 5' }])
  })

  it('run a long list in several statements and return the rows of all', async () => {
    const many = Array.from({ length: 2_500 }, (_, i) => organization(10_000 + i))
    const inserted = await insertOrganizations(database.db, many)
    expect(inserted.rows).toHaveLength(2_500)
    expect(new Set(inserted.rows.map((row) => row.id))).toEqual(new Set(many.map((row) => row.id)))
  })

  it('bind each run its own parameters, also inside a transaction', async () => {
    const found = await organizationNamed(database.db, { nameKey: 'prepared 3', prefix: '00000000-%' })
    expect(found.rows).toEqual([{ id: organization(3).id, name: 'Prepared 3' }])
    const none = await organizationNamed(database.db, { nameKey: 'prepared 3', prefix: 'ffffffff-%' })
    expect(none.rows).toEqual([])
    const inside = await inTransaction(database.db, database.engine, (tx) =>
      organizationNamed(tx, { nameKey: 'prepared 4', prefix: '%' }),
    )
    expect(inside.rows).toEqual([{ id: organization(4).id, name: 'Prepared 4' }])
  })

  it('on PostgreSQL, are kept by the server under a name, so a connection parses each once', async () => {
    if (database.engine !== 'postgres') return
    const names = await inTransaction(database.db, database.engine, async (tx) => {
      await organizationNamed(tx, { nameKey: 'prepared 2', prefix: '%' })
      await organizationNamed(tx, { nameKey: 'prepared 3', prefix: '%' })
      const kept = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(tx)
      return kept.rows
    })
    const named = names.filter((row) => row.statement.includes('"name_key" = $1'))
    expect(named).toHaveLength(1)
    expect(named[0]?.name).toMatch(/^daybook_\d+$/)
  })

  it('run outside a transaction never inside another one', async () => {
    // SQLite's one connection is held by the transaction while its work awaits: a statement run
    // meanwhile would read the rows it has not committed, and rolls back below.
    let read: Promise<unknown> | undefined
    const key = { nameKey: 'prepared 40', prefix: '%' }
    await expect(
      inTransaction(database.db, database.engine, async (tx) => {
        await insertOrganizations(tx, [organization(40)])
        read = organizationNamed(database.db, key)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await read).toEqual({ rows: [] })
    expect((await organizationNamed(database.db, key)).rows).toEqual([])
  })

  it('refuse a run that leaves a parameter out, and an empty list of rows', async () => {
    await expect(organizationNamed(database.db, { nameKey: 'prepared 1' } as never)).rejects.toThrow(
      'prepared statement parameter prefix is missing',
    )
    await expect(insertOrganizations(database.db, [])).rejects.toThrow('at least one row')
  })
})
