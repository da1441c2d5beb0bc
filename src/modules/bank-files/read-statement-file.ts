import { limits } from '../../kernel/limits.js'
import { ok, type Result } from '../../kernel/result.js'
import { tooManyRows } from '../../kernel/too-many-rows.js'
import { readCamt053 } from './camt-reader.js'
import { readMt940 } from './mt940-reader.js'
import { readOfx } from './ofx-reader.js'
import { type DateOrder, readQif } from './qif-reader.js'
import { fileFail, type StatementFile } from './statement-file.js'
import { statementText } from './statement-text.js'

// A statement file's bytes to rows: decoded, its format told from its content (never its name),
// and read by that format's reader. CSV, which needs a profile, is read elsewhere.

export type StatementFormat = 'OFX' | 'CAMT053' | 'MT940' | 'QIF' | 'CSV'

export interface ReadStatement {
  format: StatementFormat
  encoding: string
  statement: StatementFile
}

/** Where a format shows itself: every marker sits in a file's first few kilobytes. */
const sniffWindowChars = 8 * 1024

export function detectFormat(text: string): StatementFormat {
  const head = text.slice(0, sniffWindowChars)
  const trimmed = head.trimStart()
  if (/^OFXHEADER:/i.test(trimmed) || /<OFX[\s>]/i.test(head) || /<\?OFX\s/i.test(head)) return 'OFX'
  if (head.includes('urn:iso:std:iso:20022:tech:xsd:camt.053.')) return 'CAMT053'
  if (/^!Type:/i.test(trimmed)) return 'QIF'
  if (/^:20:/m.test(head) && /^:6[01][FM]?:/m.test(head)) return 'MT940'
  return 'CSV'
}

export function readStatementFile(
  bytes: Uint8Array,
  options: { format?: Exclude<StatementFormat, 'CSV'> | undefined; dateOrder?: DateOrder | undefined } = {},
): Result<ReadStatement> {
  const decoded = statementText(bytes)
  if (!decoded.ok) return decoded
  const { text, encoding } = decoded.value
  const detected = detectFormat(text)
  const format = options.format ?? detected
  if (options.format && detected !== options.format && detected !== 'CSV') {
    return fileFail(`The file was sent as ${options.format} but reads as ${detected}.`)
  }
  const statement =
    format === 'OFX'
      ? readOfx(text)
      : format === 'CAMT053'
        ? readCamt053(text)
        : format === 'MT940'
          ? readMt940(text)
          : format === 'QIF'
            ? readQif(text, options.dateOrder)
            : fileFail('The file is not OFX, camt.053, MT940 or QIF; a CSV file is read with a profile.')
  if (!statement.ok) return statement
  const rowCount = statement.value.rows.length
  if (rowCount === 0) return fileFail('The statement holds no transactions.')
  // The rows path's cap: a file is one import, however its rows arrive.
  if (rowCount > limits.rowsPerImportMax) {
    return tooManyRows('A statement file', limits.rowsPerImportMax, rowCount, { field: 'file' })
  }
  return ok({ format, encoding, statement: statement.value })
}
