import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readCsvRecords } from '../../kernel/csv.js'
import { assert } from '../../kernel/result.js'

// The data files stay in src/ (compiled code in dist/modules/tax-codes reads them from there too),
// so the three levels up reach the project root from either tree.
const dataDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../src/modules/tax-codes/data',
)

/**
 * Reads one of the module's shipped data files into records keyed by the header. The header must
 * be exactly the one the caller expects, so a column edit cannot be silently misread.
 */
export function readShippedCsv(fileName: string, header: readonly string[]): Record<string, string>[] {
  const records = readCsvRecords(readFileSync(path.join(dataDir, fileName)))
  if (!records.ok) assert(false, `${fileName} is not valid CSV: ${records.error.message}`)
  const [first, ...rest] = records.value
  assert(
    first !== undefined && first.fields.join(',') === header.join(','),
    `${fileName} has an unexpected header`,
  )
  return rest.map(({ line, fields }) => {
    assert(fields.length === header.length, `${fileName} line ${line} has ${fields.length} fields`)
    return Object.fromEntries(header.map((name, column) => [name, fields[column] ?? '']))
  })
}
