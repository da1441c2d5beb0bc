// A statement file's format is told from its content, and each real file reads end to end.

import { describe, expect, it } from 'vitest'
import { bankFile } from '../../../test/support/bank-files.js'
import { readStatementFile } from './read-statement-file.js'

const bytes = bankFile

const outcome = (file: Uint8Array, options: Parameters<typeof readStatementFile>[1] = {}) => {
  const read = readStatementFile(file, options)
  return read.ok
    ? `${read.value.format} ${read.value.encoding} ${read.value.statement.rows.length} rows`
    : read.error.message
}

describe('readStatementFile', () => {
  it('tells each real file by its content and reads it', () => {
    expect(outcome(bytes('ofxparse_bank_medium_CAD.ofx'))).toBe('OFX UTF-8 3 rows')
    expect(outcome(bytes('actual_8859-1_CAD_fr.qfx'))).toBe('OFX ISO-8859-1 1 rows')
    expect(outcome(bytes('ofxstatement-iso20022_camt053_v02_EUR_simple.xml'))).toBe('CAMT053 UTF-8 4 rows')
    expect(outcome(bytes('ofxstatement-iso20022_camt053_v08_CHF.xml'))).toBe('CAMT053 UTF-8 1 rows')
    expect(outcome(bytes('actual_mt940_EUR.sta'))).toBe('MT940 UTF-8 6 rows')
    expect(outcome(bytes('actual_payee-memo_US-dates.qif'))).toBe('QIF UTF-8 4 rows')
    expect(outcome(bytes('bigcapital_demo_bank-transactions.csv'))).toBe(
      'The file is not OFX, camt.053, MT940 or QIF; a CSV file is read with a profile.',
    )
  })

  it('does not go by the name a caller gives the format when the content says otherwise', () => {
    expect(outcome(bytes('actual_mt940_EUR.sta'), { format: 'OFX' })).toBe(
      'The file was sent as OFX but reads as MT940.',
    )
    expect(outcome(bytes('actual_mt940_EUR.sta'), { format: 'MT940' })).toBe('MT940 UTF-8 6 rows')
  })

  it('refuses an empty statement, binary junk and the OFX input that stalls other parsers', () => {
    const empty =
      'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CAD<BANKTRANLIST></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>'
    expect(outcome(Buffer.from(empty))).toBe('The statement holds no transactions.')
    expect(outcome(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]))).toMatch(/not a text file/)
    expect(outcome(Buffer.from(`OFXHEADER:100\n<OFX><${'A'.repeat(40)}!`))).toMatch(/a tag is not closed/)
  })

  it('refuses a file of more rows than one import takes', () => {
    const records = (n: number) =>
      Array.from({ length: n }, (_, i) => `D01/02/2024\nT-1\nPShop ${i}\n^`).join('\n')
    expect(outcome(Buffer.from(`!Type:Bank\n${records(10_000)}\n`))).toBe('QIF UTF-8 10000 rows')
    expect(outcome(Buffer.from(`!Type:Bank\n${records(10_001)}\n`))).toBe(
      'A statement file may hold at most 10,000 rows; this one has more. Split it.',
    )
  })
})
