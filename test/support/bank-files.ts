import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Result } from '../../src/kernel/result.js'
import { fixtureDataDir } from './csv.js'

/** A real bank statement file kept as a fixture (origins: test/fixtures/data/SOURCES.md). */
export function bankFile(name: string): Buffer {
  return readFileSync(path.join(fixtureDataDir, 'bank', name))
}

/** What a reader returned, or the test fails with the reader's own message. */
export function accepted<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

/** The message a reader refused with, or the word "accepted". */
export function refusalOf(result: Result<unknown>): string {
  return result.ok ? 'accepted' : result.error.message
}
