import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { assert } from '../../kernel/result.js'

// The data files stay in src/ (compiled code in dist/modules/tax-codes reads them from there too),
// so the three levels up reach the project root from either tree.
const dataDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../src/modules/tax-codes/data',
)

/** RFC 4180: comma-separated, optional double quotes, "" inside quotes, LF or CRLF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let i = 0
  while (i < text.length) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i += 2
        continue
      }
      if (char === '"') quoted = false
      else field += char
      i += 1
      continue
    }
    if (char === '"') {
      assert(field === '', `CSV quote inside an unquoted field on line ${rows.length + 1}`)
      quoted = true
    } else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      if (char === '\r' && text[i + 1] === '\n') i += 1
    } else {
      field += char
    }
    i += 1
  }
  assert(!quoted, 'CSV ends inside a quoted field')
  // A final line without a line break still counts; a trailing line break adds no empty row.
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/**
 * Reads one of the module's shipped data files into records keyed by the header. The header must
 * be exactly the one the caller expects, so a column edit cannot be silently misread.
 */
export function readShippedCsv(fileName: string, header: readonly string[]): Record<string, string>[] {
  const [first, ...rest] = parseCsv(readFileSync(path.join(dataDir, fileName), 'utf8'))
  assert(first !== undefined && first.join(',') === header.join(','), `${fileName} has an unexpected header`)
  return rest.map((values, index) => {
    assert(values.length === header.length, `${fileName} line ${index + 2} has ${values.length} fields`)
    return Object.fromEntries(header.map((name, column) => [name, values[column] ?? '']))
  })
}
