// Every statement reader stops at the first row, column or element past its limit, never reading the whole file.

import { describe, expect, it } from 'vitest'
import {
  csvOfShortRows,
  csvOfWideRows,
  ofxOfManyElements,
  qifOfManyRecords,
} from '../../../test/support/bank-files.js'
import { type CsvProfile, readCsv } from './csv-reader.js'
import { readStatementFile } from './read-statement-file.js'
import { readStatementJob } from './read-statement-job.js'
import { isSizeRefusal } from './statement-file.js'

const profile: CsvProfile = {
  delimiter: ',',
  hasHeader: true,
  skipLines: 0,
  dateColumn: 'Date',
  dateFormat: 'YYYY-MM-DD',
  amountColumn: 'Amount',
  inflowColumn: null,
  outflowColumn: null,
  descriptionColumn: 'Description',
  payeeColumn: null,
  memoColumn: null,
  referenceColumn: null,
  decimalMark: '.',
  flipSign: false,
}

/** The refusal, and whether it is one for size (remembered for the upload). */
function refusal(result: ReturnType<typeof readStatementFile>) {
  if (result.ok) return 'accepted'
  return `${result.error.code}${isSizeRefusal(result.error) ? ' (size)' : ''}: ${result.error.message}`
}

const guessedCsv = (bytes: Uint8Array) =>
  readStatementJob({ bytes, csv: { profiles: [], chosen: false, suggest: true } })

describe('reading limits', () => {
  it('stops a CSV of 1.2 million short rows at the first row past the limit', () => {
    const moreRows =
      'TOO_MANY_ROWS (size): A bank CSV may hold at most 10,000 rows; this one has more. Split it.'
    expect(refusal(readStatementFile(csvOfShortRows(), { csvProfile: profile }))).toBe(moreRows)
    // The dry run's guessed profile reads no more of it.
    expect(refusal(guessedCsv(csvOfShortRows()) as ReturnType<typeof readStatementFile>)).toBe(moreRows)
  })

  it('counts a CSV near the limit exactly, and does not remember a refusal another profile might not give', () => {
    const rows = (n: number) => `Date,Amount,Description\n${'2025-01-01,1,X\n'.repeat(n)}`
    expect(refusal(readStatementFile(Buffer.from(rows(10_000)), { csvProfile: profile }))).toBe('accepted')
    // Skipping lines above the header could bring it within the limit, so this one is not for size.
    expect(refusal(readStatementFile(Buffer.from(rows(10_050)), { csvProfile: profile }))).toBe(
      'TOO_MANY_ROWS: A bank CSV may hold at most 10,000 rows; this one has 10,050. Split it.',
    )
    expect(refusal(readStatementFile(Buffer.from(rows(10_200)), { csvProfile: profile }))).toMatch(
      /^TOO_MANY_ROWS \(size\): .* this one has more\./,
    )
  })

  it('stops a CSV of 250,000 columns at its first record', () => {
    expect(refusal(readStatementFile(csvOfWideRows(), { csvProfile: profile }))).toBe(
      'INVALID_CSV (size): Line 1: the record has more than 500 fields.',
    )
    expect(refusal(guessedCsv(csvOfWideRows()) as ReturnType<typeof readStatementFile>)).toBe(
      'INVALID_CSV (size): Line 1: the record has more than 500 fields.',
    )
  })

  it('stops a QIF file of 1.36 million records at the first record past the limit', () => {
    expect(refusal(readStatementFile(qifOfManyRecords()))).toBe(
      'TOO_MANY_ROWS (size): A statement file may hold at most 10,000 rows; this one has more. Split it.',
    )
    const lines = Buffer.from(`!Type:Bank\nD1/2/24\n${'MA memo line\n'.repeat(600_000)}T-1\n^\n`)
    expect(refusal(readStatementFile(lines))).toBe(
      'INVALID_BANK_FILE (size): The file holds more than 500,000 lines; no statement of 10,000 rows needs that many.',
    )
  })

  it('stops an OFX file of 2.8 million elements at the first element past the limit', () => {
    expect(refusal(readStatementFile(ofxOfManyElements()))).toBe(
      'INVALID_BANK_FILE (size): The file holds more than 500,000 elements; no statement of 10,000 rows needs that many.',
    )
    const transaction = '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250101<TRNAMT>-1<FITID>1<NAME>X</STMTTRN>'
    const many = `OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CAD<BANKTRANLIST>${transaction.repeat(10_001)}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`
    expect(refusal(readStatementFile(Buffer.from(many)))).toBe(
      'TOO_MANY_ROWS (size): A statement file may hold at most 10,000 rows; this one has more. Split it.',
    )
  })

  it('counts the elements and entries of a camt.053 file before any parser builds its tree', () => {
    const document = (body: string) =>
      Buffer.from(
        `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>${body}</Stmt></BkToCstmrStmt></Document>`,
      )
    expect(refusal(readStatementFile(document('<A/>'.repeat(500_001))))).toBe(
      'INVALID_BANK_FILE (size): The file holds more than 500,000 XML elements; no statement of 10,000 rows needs that many.',
    )
    expect(refusal(readStatementFile(document('<Ntry></Ntry>'.repeat(10_001))))).toBe(
      'TOO_MANY_ROWS (size): A statement file may hold at most 10,000 rows; this one has more. Split it.',
    )
  })

  it('stops an MT940 file at the first statement line past the limit, and at the line limit', () => {
    const head = ':20:STMT\n:25:DE89370400440532013000\n:60F:C250101EUR100,00\n'
    const line = ':61:2501010101D1,00NTRFNONREF\n:86:Shop\n'
    expect(
      refusal(readStatementFile(Buffer.from(`${head}${line.repeat(10_001)}:62F:C250101EUR0,00\n`))),
    ).toBe(
      'TOO_MANY_ROWS (size): A statement file may hold at most 10,000 rows; this one has more. Split it.',
    )
    const endless = `${head}:86:${'more details\n'.repeat(500_001)}`
    expect(refusal(readStatementFile(Buffer.from(endless)))).toBe(
      'INVALID_BANK_FILE (size): The file holds more than 500,000 lines; no statement of 10,000 rows needs that many.',
    )
  })

  it('reads a skipped title above the header as before, without splitting the file', () => {
    const text = 'Bank of Somewhere\r\nAccount 123\r\nDate,Amount,Description\r\n2025-01-02,-4.50,Coffee\r\n'
    const read = readCsv(text, { ...profile, skipLines: 2 })
    expect(read.ok && read.value.rows.map((row) => [row.position, row.amount])).toEqual([['Line 4', '-4.50']])
  })
})
