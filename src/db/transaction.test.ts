// SQLite writes that wait together share one commit, each still succeeds or fails on its own, and rows held to a write's end go with it.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fail } from '../kernel/result.js'
import { type DatabaseHandle, openDatabase } from './engine.js'
import { migrateToLatest } from './migrate.js'
import type { Executor } from './schema.js'
import { inTransaction, inTransactionResult, writeAtEnd } from './transaction.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-batches-'))
let database: DatabaseHandle
let observer: SQLite.Database

beforeAll(async () => {
  database = openDatabase({ dataDir })
  await migrateToLatest(database.db)
  // A second connection sees only what has been committed.
  observer = new SQLite(path.join(dataDir, 'daybook.sqlite'), { readonly: true })
})

afterAll(async () => {
  observer.close()
  await database.close()
})

const committedNames = (prefix: string): string[] =>
  (
    observer
      .prepare('select name from organizations where name like ? order by name')
      .all(`${prefix}%`) as Array<{
      name: string
    }>
  ).map((row) => row.name)

const addOrganization = (tx: Executor, name: string) =>
  tx
    .insertInto('organizations')
    .values({
      id: `org-${name}`,
      name,
      name_key: name.toLowerCase(),
      functional_currency: 'CAD',
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute()

const write = (work: (tx: Executor) => Promise<unknown>) => inTransaction(database.db, 'sqlite', work)

describe('writes that wait together', () => {
  it('share one transaction: none is visible to another connection before the last has run', async () => {
    const seenByOthers: string[][] = []
    const names = ['Batch A1', 'Batch A2', 'Batch A3']
    await Promise.all(
      names.map((name) =>
        write(async (tx) => {
          await addOrganization(tx, name)
          seenByOthers.push(committedNames('Batch A'))
        }),
      ),
    )
    expect(seenByOthers).toEqual([[], [], []])
    expect(committedNames('Batch A')).toEqual(names)
  })

  it('keep the others when one fails, and undo only what the failed one wrote', async () => {
    const outcomes = await Promise.allSettled([
      write((tx) => addOrganization(tx, 'Batch B1')),
      write(async (tx) => {
        await addOrganization(tx, 'Batch B2')
        throw new Error('this write fails after writing')
      }),
      inTransactionResult(database.db, 'sqlite', async (tx) => {
        await addOrganization(tx, 'Batch B3')
        return fail('INVALID_NAME', 'an expected failure')
      }),
      write((tx) => addOrganization(tx, 'Batch B4')),
    ])
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    expect(outcomes[2]).toMatchObject({ value: { ok: false } })
    expect(committedNames('Batch B')).toEqual(['Batch B1', 'Batch B4'])
  })

  it('fail all together, with nothing kept, when the transaction itself is lost', async () => {
    const outcomes = await Promise.allSettled([
      write((tx) => addOrganization(tx, 'Batch C1')),
      write(async (tx) => {
        await addOrganization(tx, 'Batch C2')
        // Ends the shared transaction from inside, as SQLite does after some errors.
        await sql`rollback`.execute(tx)
      }),
      write((tx) => addOrganization(tx, 'Batch C3')),
    ])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(committedNames('Batch C')).toEqual([])
    // The connection is usable again afterwards.
    await write((tx) => addOrganization(tx, 'Batch C4'))
    expect(committedNames('Batch C')).toEqual(['Batch C4'])
  })

  it('run a write alone in a transaction of its own', async () => {
    await expect(
      write(async (tx) => {
        await addOrganization(tx, 'Batch D1')
        throw new Error('alone and failing')
      }),
    ).rejects.toThrow('alone and failing')
    await write((tx) => addOrganization(tx, 'Batch D2'))
    expect(committedNames('Batch D')).toEqual(['Batch D2'])
  })
})

describe('rows held to the end of a write', () => {
  /** Holds each name back; every call of the writer is noted with the names it got. */
  const calls: string[][] = []
  const hold = (tx: Executor, names: string[]) =>
    writeAtEnd(tx, 'organizations', names, async (ex, held) => {
      calls.push([...held])
      for (const name of held) await addOrganization(ex, name)
    })

  it('are written together when the work is done, inside its transaction, one write apart from the next', async () => {
    calls.length = 0
    await Promise.all([
      write(async (tx) => {
        expect(hold(tx, ['Held A1'])).toBe(true)
        expect(hold(tx, ['Held A2', 'Held A3'])).toBe(true)
        expect(committedNames('Held A')).toEqual([])
      }),
      write(async (tx) => {
        hold(tx, ['Held A4'])
      }),
    ])
    expect(calls).toEqual([['Held A1', 'Held A2', 'Held A3'], ['Held A4']])
    expect(committedNames('Held A')).toEqual(['Held A1', 'Held A2', 'Held A3', 'Held A4'])
  })

  it('are never written when the work fails, and are not held for the next write', async () => {
    calls.length = 0
    const outcomes = await Promise.allSettled([
      write(async (tx) => {
        hold(tx, ['Held B1'])
        throw new Error('failing after holding')
      }),
      inTransactionResult(database.db, 'sqlite', async (tx) => {
        hold(tx, ['Held B2'])
        return fail('INVALID_DATE', 'refused after holding', 'date')
      }),
      write(async (tx) => {
        hold(tx, ['Held B3'])
      }),
    ])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled'])
    expect(calls).toEqual([['Held B3']])
    expect(committedNames('Held B')).toEqual(['Held B3'])
  })

  it('are not held outside a transaction: the caller writes them at once', () => {
    expect(hold(database.db, ['Held C1'])).toBe(false)
    expect(calls.flat()).not.toContain('Held C1')
  })
})
