import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../../src/db/engine.js'

// A database of a test's own, for tests that build one as an older Daybook left it: a SQLite
// file in a fresh directory, or on PostgreSQL a fresh database beside the suite's, dropped after.

export interface ScratchDatabase {
  dataDir: string
  /** The scratch database's URL on PostgreSQL; undefined on SQLite. */
  databaseUrl: string | undefined
  /** A new handle on the scratch database; the caller closes it. */
  open(): DatabaseHandle
  /** Drops the PostgreSQL database (its handles must be closed); nothing to do on SQLite. */
  drop(): Promise<void>
}

export async function createScratchDatabase(
  suiteDatabaseUrl: string | undefined,
  label: string,
): Promise<ScratchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `daybook-${label}-`))
  if (!suiteDatabaseUrl)
    return { dataDir, databaseUrl: undefined, open: () => openDatabase({ dataDir }), drop: async () => {} }
  const name = `daybook_${label.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`
  await asAdmin(suiteDatabaseUrl, `create database ${name}`)
  const url = new URL(suiteDatabaseUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  return {
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, dataDir }),
    drop: () => asAdmin(suiteDatabaseUrl, `drop database if exists ${name} with (force)`),
  }
}

async function asAdmin(connectionString: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}
