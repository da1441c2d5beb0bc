// A server's SQLite WAL is copied back into the database by a worker thread, long before a commit would.
import { existsSync, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './engine.js'
import { inTransaction } from './transaction.js'

const rows = 500
const rowBytes = 4_096

async function writeRows(dataDir: string, onError?: (message: string) => void) {
  const database = openDatabase({ dataDir, ...(onError ? { onBackgroundCheckpointError: onError } : {}) })
  await sql`create table if not exists filler (id integer primary key, body blob not null)`.execute(
    database.db,
  )
  const file = path.join(dataDir, 'daybook.sqlite')
  const sizeBefore = statSync(file).size
  // About 2 MiB of WAL: far below the 10,000 pages at which a commit would checkpoint by itself.
  await inTransaction(database.db, 'sqlite', async (tx) => {
    for (let i = 0; i < rows; i++)
      await sql`insert into filler (body) values (randomblob(${rowBytes}))`.execute(tx)
  })
  return { database, file, sizeBefore }
}

async function databaseGrows(file: string, sizeAtLeast: number): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (statSync(file).size >= sizeAtLeast) return true
    await sleep(100)
  }
  return false
}

describe('background checkpoints', () => {
  it('copy committed pages into the database file while the server runs, and lose none', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-checkpoints-'))
    const errors: string[] = []
    const { database, file, sizeBefore } = await writeRows(dataDir, (message) => errors.push(message))
    try {
      expect(await databaseGrows(file, sizeBefore + rows * rowBytes)).toBe(true)
      expect(errors).toEqual([])
    } finally {
      await database.close()
    }
    // Closed in order (the worker's connection first), the last connection takes the WAL away.
    expect(existsSync(`${file}-wal`)).toBe(false)
    const reopened = new SQLite(file, { readonly: true })
    const { count } = reopened.prepare('select count(*) as count from filler').get() as { count: number }
    reopened.close()
    expect(count).toBe(rows)
  })

  it('are left to SQLite when no one asks for them (the CLI)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-checkpoints-'))
    const { database, file, sizeBefore } = await writeRows(dataDir)
    try {
      await sleep(1_000)
      expect(statSync(file).size).toBe(sizeBefore)
    } finally {
      await database.close()
    }
  })
})
