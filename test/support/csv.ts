import { readFileSync } from 'node:fs'
import path from 'node:path'
import { readCsvRecords } from '../../src/kernel/csv.js'

/** Real-world exports kept as test fixtures (their origins: test/fixtures/data/SOURCES.md). */
export const fixtureDataDir = path.resolve(import.meta.dirname, '../fixtures/data')

/** A fixture's rows keyed by its header, read by the service's own CSV reader. */
export function readCsv(relativePath: string): Record<string, string>[] {
  const records = readCsvRecords(readFileSync(path.join(fixtureDataDir, relativePath)))
  if (!records.ok) throw new Error(`${relativePath}: ${records.error.message}`)
  const [header, ...rows] = records.value
  if (!header) return []
  return rows.map(({ fields }) => Object.fromEntries(header.fields.map((name, i) => [name, fields[i] ?? ''])))
}
