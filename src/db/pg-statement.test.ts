// Statements with parameters run as StatementQuery answer what pg's own Query would, and fail cleanly.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './engine.js'
import type { TypeParsers } from './pg-rows.js'
import { StatementQuery } from './pg-statement.js'

const databaseUrl = inject('databaseUrl')

describe.runIf(databaseUrl)('StatementQuery on PostgreSQL', () => {
  let database: DatabaseHandle
  let client: pg.Client

  beforeAll(async () => {
    database = openDatabase({
      dataDir: mkdtempSync(path.join(tmpdir(), 'daybook-statement-')),
      databaseUrl: databaseUrl as string,
    })
    client = new pg.Client({ connectionString: databaseUrl as string })
    await client.connect()
    await client.query('create temporary table statement_rows (id int primary key, label text)')
  })

  afterAll(async () => {
    await client.end()
    await database.close()
  })

  const run = (text: string, values: unknown[], types: TypeParsers = pg.types, name?: string) => {
    const statement = new StatementQuery(text, values, name, types)
    client.query(statement as unknown as pg.QueryConfig)
    return statement.promise
  }

  it('reads each column by its type, nulls as null, int8 as bigint on Daybook pool', async () => {
    const { rows } = await sql<Record<string, unknown>>`select ${'text'}::text as t, ${41}::int + 1 as i,
      ${'9007199254740993'}::bigint as big, null::text as nothing, ${true}::boolean as yes,
      ${'12.50'}::numeric as amount, ${JSON.stringify({ a: [1] })}::jsonb as doc`.execute(database.db)
    expect(rows).toEqual([
      {
        t: 'text',
        i: 42,
        big: 9007199254740993n,
        nothing: null,
        yes: true,
        amount: '12.50',
        doc: { a: [1] },
      },
    ])
  })

  it('keeps the last value of a repeated column name, and __proto__ as a column', async () => {
    const { rows } = await sql<Record<string, unknown>>`select ${1}::int as id, ${2}::int as id,
      ${'x'}::text as "__proto__"`.execute(database.db)
    expect(rows).toHaveLength(1)
    const row = rows[0] as Record<string, unknown>
    expect(row.id).toBe(2)
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('x')
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype)
  })

  it('counts the rows a write changed, and reads its command', async () => {
    await run('insert into statement_rows values ($1, $2), ($3, $4)', [1, 'one', 2, 'two'])
    const updated = await run('update statement_rows set label = $1 where id >= $2', ['many', 1])
    expect(updated.command).toBe('UPDATE')
    expect(updated.rowCount).toBe(2)
    const read = await run('select id, label from statement_rows where id > $1 order by id', [0])
    expect(read).toEqual({
      command: 'SELECT',
      rowCount: 2,
      rows: [
        { id: 1, label: 'many' },
        { id: 2, label: 'many' },
      ],
    })
  })

  it('parses a named statement once per connection and binds fresh values at each run', async () => {
    const text = 'select label from statement_rows where id = $1'
    const first = await run(text, [1], pg.types, 'statement_test_by_id')
    const second = await run(text, [2], pg.types, 'statement_test_by_id')
    expect(first.rows).toEqual([{ label: 'many' }])
    expect(second.rows).toEqual([{ label: 'many' }])
    const prepared = await client.query(
      'select count(*)::int as n from pg_prepared_statements where name = $1',
      ['statement_test_by_id'],
    )
    expect(prepared.rows).toEqual([{ n: 1 }])
    await expect(run('select 1 where $1::int > 0', [1], pg.types, 'statement_test_by_id')).rejects.toThrow(
      /was used for a different statement/,
    )
  })

  it('follows a statement whose columns changed between two runs', async () => {
    const text = 'select * from statement_rows where id = $1'
    expect((await run(text, [1])).rows).toEqual([{ id: 1, label: 'many' }])
    await client.query('alter table statement_rows add column note text')
    await client.query("update statement_rows set note = 'new'")
    expect((await run(text, [1])).rows).toEqual([{ id: 1, label: 'many', note: 'new' }])
    await client.query('alter table statement_rows alter column note type int using 7')
    expect((await run(text, [1])).rows).toEqual([{ id: 1, label: 'many', note: 7 }])
  })

  it('rejects with PostgreSQL error and leaves the connection usable', async () => {
    const failed = run('insert into statement_rows (id, label) values ($1, $2)', [1, 'again'])
    await expect(failed).rejects.toMatchObject({ code: '23505' })
    expect((await run('select $1::int as n', [5])).rows).toEqual([{ n: 5 }])
  })

  it('rejects a value pg cannot send without sending the statement', async () => {
    const circular: Record<string, unknown> = {}
    circular.self = circular
    await expect(run('select $1::jsonb as doc', [circular])).rejects.toThrow(/circular/i)
    expect((await run('select $1::int as n', [6])).rows).toEqual([{ n: 6 }])
  })

  it('rejects with the error of a row it could not read, after the statement ends', async () => {
    const refusing = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === 25
          ? (text: string) => {
              if (text === 'bad') throw new Error('unreadable label')
              return text
            }
          : pg.types.getTypeParser(oid, format),
    }
    const failed = run(
      "select v as label from unnest(array['good', 'bad', 'good']) as v where $1",
      [true],
      refusing,
    )
    await expect(failed).rejects.toThrow('unreadable label')
    expect((await run('select $1::text as label', ['fine'], refusing)).rows).toEqual([{ label: 'fine' }])
  })
})
