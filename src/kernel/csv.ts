import { CsvError, parse } from 'csv-parse/sync'
import { limits } from './limits.js'
import { type Failure, fail, ok, type Result } from './result.js'
import { tooManyRows } from './too-many-rows.js'

// The one CSV reader of Daybook: RFC 4180 on csv-parse, strict about quotes, bounded in memory,
// naming the line each record starts on so every refusal can point at it. Pure: text in, records out.

export interface CsvRecord {
  /** The physical line the record starts on; the first line is 1. */
  line: number
  fields: string[]
}

export interface CsvReadOptions {
  /** Records after the first (the header); a file with more is refused whole. */
  rowsMax?: number
  /** What the file is called in that refusal. */
  name?: string
  /** Bytes of one record; a longer one is refused, naming its line. */
  recordBytesMax?: number
  /** What separates fields: a comma unless a bank's export says otherwise (`;`, a tab). */
  delimiter?: string
  /**
   * Stop at the first row past `rowsMax` rather than count them all: for a file read on a
   * server, where the rest of a file already refused is work for nothing. The refusal then says
   * "more than" instead of the count.
   */
  stopAfterRowsMax?: boolean
  /** Fields of one record; a wider one is refused, naming its line. */
  columnsMax?: number
}

/** Thrown from inside the parser to stop it; never leaves this module. */
class StopReading {
  constructor(readonly failure: { ok: false; error: Failure }) {}
}

const stoppedFailures = new WeakSet<Failure>()

/** Whether a refusal came from a limit met part way (rows, columns), the rest of the text unread. */
export const stoppedAtLimit = (failure: Failure) => stoppedFailures.has(failure)

const lineFeed = 0x0a
const carriageReturn = 0x0d

/**
 * Reads UTF-8 CSV: commas, double quotes ("" inside quotes), LF, CRLF or CR line ends (mixed too),
 * line breaks inside quoted fields, an optional byte-order mark. Rows may differ in width; the
 * caller knows what its columns mean. Blank lines are left out. A stray or unclosed quote is an
 * INVALID_CSV failure, never a guess; so is a record over the size cap. More rows than `rowsMax`
 * is TOO_MANY_ROWS, with the count of all of them.
 */
export function readCsvRecords(
  input: string | Uint8Array,
  options: CsvReadOptions = {},
): Result<CsvRecord[]> {
  const rowsMax = options.rowsMax ?? limits.csvRowsMax
  const recordBytesMax = options.recordBytesMax ?? limits.csvRecordBytesMax
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input
  const records: CsvRecord[] = []
  let recordCount = 0
  // csv-parse counts a CRLF inside quotes as two lines, so lines are counted here from the byte
  // offset where each record ends: `cursor` is that offset for the last record, `line` its line.
  let cursor = 0
  let line = 1
  /** Steps over the blank lines after the cursor: where the next record starts, and its line. */
  const nextRecordStart = () => {
    let position = cursor
    let startLine = line
    while (position < bytes.length) {
      const byte = bytes[position]
      if (byte === carriageReturn) position += bytes[position + 1] === lineFeed ? 2 : 1
      else if (byte === lineFeed) position += 1
      else break
      startLine += 1
    }
    return { position, startLine }
  }
  const advanceTo = (end: number) => {
    const { position, startLine } = nextRecordStart()
    let endLine = startLine
    for (let i = position; i < end; i++) {
      const byte = bytes[i]
      if (byte === lineFeed || (byte === carriageReturn && bytes[i + 1] !== lineFeed)) endLine += 1
    }
    cursor = end
    line = endLine
    return startLine
  }
  try {
    parse(bytes, {
      bom: true,
      delimiter: options.delimiter ?? ',',
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      max_record_size: recordBytesMax,
      on_record: (fields: string[], context) => {
        const startLine = advanceTo(context.bytes)
        // A line holding only "" is as blank as an empty one.
        if (fields.length === 1 && fields[0] === '') return null
        if (options.columnsMax !== undefined && fields.length > options.columnsMax) {
          const most = options.columnsMax.toLocaleString('en-US')
          throw new StopReading(
            fail('INVALID_CSV', `Line ${startLine}: the record has more than ${most} fields.`),
          )
        }
        recordCount += 1
        if (recordCount <= rowsMax + 1) records.push({ line: startLine, fields })
        else if (options.stopAfterRowsMax) {
          const most = rowsMax.toLocaleString('en-US')
          throw new StopReading(
            fail(
              'TOO_MANY_ROWS',
              `A ${options.name ?? 'CSV'} may hold at most ${most} rows; this one has more. Split it.`,
            ),
          )
        }
        return null
      },
    })
  } catch (error) {
    if (error instanceof StopReading) {
      stoppedFailures.add(error.failure.error)
      return error.failure
    }
    if (!(error instanceof CsvError)) throw error
    return csvProblem(nextRecordStart().startLine, error, recordBytesMax)
  }
  const rowCount = recordCount - 1
  if (rowCount > rowsMax) {
    return tooManyRows(`A ${options.name ?? 'CSV'}`, rowsMax, rowCount)
  }
  return ok(records)
}

function csvProblem(line: number, error: CsvError, recordBytesMax: number) {
  const problem = (message: string) => fail('INVALID_CSV', `Line ${line}: ${message}`)
  switch (error.code) {
    case 'INVALID_OPENING_QUOTE':
      return problem('a double quote appears inside an unquoted field.')
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return problem('a quoted field is followed by more text before the next comma.')
    case 'CSV_QUOTE_NOT_CLOSED':
      return problem('a quoted field is never closed.')
    case 'CSV_MAX_RECORD_SIZE':
      return problem(`the record is longer than ${recordBytesMax.toLocaleString('en-US')} bytes.`)
    default:
      return problem('the line is not delimiter-separated values.')
  }
}
