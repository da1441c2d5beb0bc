import { readFileSync } from 'node:fs'
import path from 'node:path'

/** Real-world exports kept as test fixtures (their origins: test/fixtures/data/SOURCES.md). */
export const fixtureDataDir = path.resolve(import.meta.dirname, '../fixtures/data')

/** A small RFC 4180 reader for test fixtures: quoted fields, doubled quotes, CRLF or LF. */
export function readCsv(relativePath: string): Record<string, string>[] {
  const text = readFileSync(path.join(fixtureDataDir, relativePath), 'utf8').replace(/^\uFEFF/, '')
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      record.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      record.push(field)
      records.push(record)
      record = []
      field = ''
    } else field += char
  }
  if (field !== '' || record.length > 0) {
    record.push(field)
    records.push(record)
  }
  const [header, ...rows] = records.filter((r) => r.length > 1 || r[0] !== '')
  if (!header) return []
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])))
}
