import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { buildCore } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { assertAuditChainsIntact } from './audit-chains.js'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | undefined
  }
}

// With DATABASE_URL set, the run gets a database of its own on that server, dropped afterwards.
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    project.provide('databaseUrl', undefined)
    return
  }
  const name = `daybook_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  project.provide('databaseUrl', url.toString())
  return async () => {
    // Every write of the run, on every server, left each organization's audit chain whole.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-audit-check-'))
    const core = await buildCore(
      loadConfig({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    )
    try {
      await assertAuditChainsIntact(core)
    } finally {
      await core.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
    const cleanup = new pg.Client({ connectionString: serverUrl })
    await cleanup.connect()
    await cleanup.query(`drop database if exists ${name} with (force)`)
    await cleanup.end()
  }
}
