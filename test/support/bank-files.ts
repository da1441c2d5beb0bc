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

// The hostile files of a red team's round, at the size an upload may reach (20 MB), each past a
// limit of the readers in a different way.

/** A 19 MB CSV of 1.2 million short rows. */
export const csvOfShortRows = () =>
  Buffer.from(`Date,Amount,Description\n${'2025-01-01,1,X\n'.repeat(1_200_000)}`)

/** A CSV of 60 rows of 250,000 columns each. */
export const csvOfWideRows = () => Buffer.from(`${','.repeat(249_999)}\n`.repeat(60))

/** A QIF file of 1.36 million records. */
export const qifOfManyRecords = () => Buffer.from(`!Type:Bank\n${'D1/2/24\nT-1\n^\n'.repeat(1_360_000)}`)

/** An OFX file of 2.8 million elements. */
export const ofxOfManyElements = () =>
  Buffer.from(`OFXHEADER:100\n\n<OFX><BANKMSGSRSV1>${'<A>1'.repeat(2_800_000)}</BANKMSGSRSV1></OFX>\n`)
