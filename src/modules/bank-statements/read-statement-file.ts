import { limits } from '../../kernel/limits.js'
import { ok, type Result } from '../../kernel/result.js'
import { tooManyRows } from '../../kernel/too-many-rows.js'
import { readCamt053 } from './camt-reader.js'
import { type CsvProfile, readCsv } from './csv-reader.js'
import { readMt940 } from './mt940-reader.js'
import { readOfx } from './ofx-reader.js'
import { type DateOrder, readQif } from './qif-reader.js'
import { fileFail, type StatementFile } from './statement-file.js'
import { type StatementEncoding, statementText } from './statement-text.js'

// A statement file's bytes to rows: decoded, its format told from its content (never its name),
// and read by that format's reader; a CSV file through the profile the caller gives.

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

/** A statement file decoded, and its format known. */
export interface OpenedStatement {
  text: string
  encoding: string
  format: StatementFormat
}

export function openStatementFile(
  bytes: Uint8Array,
  options: { format?: StatementFormat | undefined; csvEncoding?: StatementEncoding | null | undefined } = {},
): Result<OpenedStatement> {
  const decoded = statementText(bytes)
  if (!decoded.ok) return decoded
  const detected = detectFormat(decoded.value.text)
  const format = options.format ?? detected
  if (options.format && detected !== options.format && detected !== 'CSV') {
    return fileFail(`The file was sent as ${options.format} but reads as ${detected}.`)
  }
  // A CSV export says nothing of its encoding, so a profile's word beats the guess.
  if (format === 'CSV' && options.csvEncoding) {
    const named = statementText(bytes, options.csvEncoding)
    if (!named.ok) return named
    return ok({ ...named.value, format })
  }
  return ok({ ...decoded.value, format })
}

export function readOpenedStatement(
  opened: OpenedStatement,
  options: { dateOrder?: DateOrder | undefined; csvProfile?: CsvProfile | undefined } = {},
): Result<ReadStatement> {
  const { text, format, encoding } = opened
  const statement =
    format === 'OFX'
      ? readOfx(text)
      : format === 'CAMT053'
        ? readCamt053(text)
        : format === 'MT940'
          ? readMt940(text)
          : format === 'QIF'
            ? readQif(text, options.dateOrder)
            : options.csvProfile
              ? readCsv(text, options.csvProfile)
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

/** What POST /uploads stores a statement file as, by format. */
const statementKinds: Record<StatementFormat, { contentType: string; extension: string }> = {
  OFX: { contentType: 'application/x-ofx', extension: 'ofx' },
  CAMT053: { contentType: 'application/xml', extension: 'xml' },
  MT940: { contentType: 'text/plain', extension: 'sta' },
  QIF: { contentType: 'application/qif', extension: 'qif' },
  CSV: { contentType: 'text/csv', extension: 'csv' },
}

/** Enough of a file's start to tell a statement: every format shows itself in its first lines. */
const sniffWindowBytes = 64 * 1024
const csvSniffLines = 10

/**
 * Whether an upload is a statement file, from its first bytes: text in an encoding Daybook reads,
 * in one of the formats, or else with one of its first lines split by a CSV delimiter. Reading it in full
 * waits for the import, which names any problem by line.
 */
export function sniffStatementFile(
  bytes: Uint8Array,
): { contentType: string; extension: string } | undefined {
  let head = bytes.subarray(0, sniffWindowBytes)
  if (bytes.length > sniffWindowBytes) {
    // Cut at a line end, so a character split by the window cannot fail the decoding.
    const lastLineEnd = head.lastIndexOf(0x0a)
    if (lastLineEnd > 0) head = head.subarray(0, lastLineEnd + 1)
  }
  const decoded = statementText(head)
  if (!decoded.ok) return undefined
  const format = detectFormat(decoded.value.text)
  if (format === 'CSV') {
    // A bank may put a title and the account above the header, so the first lines all count.
    const firstLines = decoded.value.text.split(/\r\n|\n|\r/, csvSniffLines)
    const delimited = (line: string) => [',', ';', '\t', '|'].some((delimiter) => line.includes(delimiter))
    if (!firstLines.some(delimited)) return undefined
  }
  return statementKinds[format]
}

export function readStatementFile(
  bytes: Uint8Array,
  options: {
    format?: StatementFormat | undefined
    dateOrder?: DateOrder | undefined
    csvProfile?: CsvProfile | undefined
  } = {},
): Result<ReadStatement> {
  const opened = openStatementFile(bytes, options)
  if (!opened.ok) return opened
  return readOpenedStatement(opened.value, options)
}
