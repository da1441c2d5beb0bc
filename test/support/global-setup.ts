import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { buildCore } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { assertAuditChainsIntact } from './audit-chains.js'
import { codesNeverAnswered } from './error-code-log.js'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | undefined
    errorCodeLog: string
  }
}

export default async function setup(project: TestProject) {
  const errorCodeLog = mkdtempSync(path.join(tmpdir(), 'daybook-error-codes-'))
  project.provide('errorCodeLog', errorCodeLog)
  const teardownDatabase = await setUpDatabase(project)
  return async () => {
    try {
      await teardownDatabase?.()
    } finally {
      try {
        await checkEveryCodeAnswered(project, errorCodeLog)
      } finally {
        rmSync(errorCodeLog, { recursive: true, force: true })
      }
    }
  }
}

/**
 * After a run of the whole suite (every test file, the doc's own test among them, no name filter),
 * each documented error code must have been answered over HTTP at least once
 * (test/support/error-code-log.ts). Partial runs and the crash suite are not asked.
 */
async function checkEveryCodeAnswered(project: TestProject, errorCodeLog: string): Promise<void> {
  const ran = new Set(project.vitest.state.getFiles().map((file) => file.filepath))
  const { testFiles } = await project.globTestFiles()
  const wholeSuite =
    !project.vitest.config.testNamePattern &&
    testFiles.some((file) => file.endsWith('test/docs/error-codes.test.ts')) &&
    testFiles.every((file) => ran.has(file))
  if (!wholeSuite) return
  const missing = codesNeverAnswered(errorCodeLog)
  if (missing.length > 0) {
    throw new Error(
      `docs/error-codes.md lists codes that no test provoked over HTTP: ${missing.join(', ')}. ` +
        'Add a black-box test that gets each from the server.',
    )
  }
}

// With DATABASE_URL set, the run gets a database of its own on that server, dropped afterwards.
async function setUpDatabase(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    project.provide('databaseUrl', undefined)
    return undefined
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
