// OFX 1 and 2 and QFX files read into statement rows, and broken or hostile files refused by line.

import { describe, expect, it } from 'vitest'
import { accepted, bankFile, refusalOf } from '../../../test/support/bank-files.js'
import { readOfx } from './ofx-reader.js'
import { statementText } from './statement-text.js'

const fixture = (name: string) => accepted(statementText(bankFile(name))).text
const read = (text: string) => accepted(readOfx(text))
const refusal = (text: string) => refusalOf(readOfx(text))

const sgml = (transactions: string) =>
  `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CAD<BANKACCTFROM><BANKID>1<ACCTID>2</BANKACCTFROM><BANKTRANLIST>\n${transactions}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`

describe('readOfx', () => {
  it('reads a one-line SGML statement: signed amounts, posting days, FITIDs, the closing balance', () => {
    const statement = read(fixture('ofxparse_bank_medium_CAD.ofx'))
    expect(statement.currency).toBe('CAD')
    expect(statement.accountId).toBe('160000100:12300 000012345678')
    expect(statement.closingBalance).toBe('382.34')
    expect(statement.closingDate).toBe('2009-05-23')
    expect(statement.openingBalance).toBeUndefined()
    expect(statement.rows.map((r) => [r.transactionDate, r.amount, r.description, r.reference])).toEqual([
      ['2009-04-01', '-6.60', "MCDONALD'S #112", '0000123456782009040100001'],
      ['2009-04-02', '-316.67', "Joe's Bald Hairstyles", '0000123456782009040200004'],
      ['2009-04-03', '-22.00', "CONNIE'S HAIR D", '0000123456782009040300005'],
    ])
  })

  it('reads an indented statement with credits and the memo beside the name', () => {
    const statement = read(fixture('ofxparse_checking_USD.ofx'))
    expect(statement.currency).toBe('USD')
    expect(statement.rows.map((r) => r.amount)).toEqual(['0.01', '-34.51', '-25.00'])
    expect(statement.rows[2]?.memo).toBe('RETURNED CHECK FEE, CHECK # 319 FOR $45.33 ON 04/07/11')
  })

  it('decodes entities, double-escaped ones included, and keeps accented names', () => {
    const entities = read(fixture('actual_html-entities_CAD.qfx'))
    expect(entities.rows.map((r) => r.description)).toEqual(['000000000000000', 'TPAY <DEFTPYMT>'])
    expect(entities.rows[0]?.memo).toContain('B.C. HYDRO & POWER AUTHORITY')
    expect(read(fixture('actual_8859-1_CAD_fr.qfx')).rows[0]?.description).toBe(
      'Paiement facture/Carte prépayée',
    )
  })

  it('reads OFX 2 as XML, empty leaves and a card statement included', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?>
<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4111</ACCTID></CCACCTFROM>
<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240131</DTPOSTED><TRNAMT>-12.5</TRNAMT><FITID>A1</FITID><NAME>Caf&#233;</NAME><MEMO></MEMO></STMTTRN></BANKTRANLIST>
</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`
    const statement = read(xml)
    expect(statement.accountId).toBe('4111')
    expect(statement.rows).toEqual([
      {
        position: 'Line 3',
        transactionDate: '2024-01-31',
        amount: '-12.5',
        description: 'Café',
        memo: '',
        reference: 'A1',
      },
    ])
    const emptyMemo = read(sgml('<STMTTRN><DTPOSTED>20240101<TRNAMT>5<MEMO><NAME>Shop<FITID>X</STMTTRN>'))
    expect(emptyMemo.rows[0]).toMatchObject({ description: 'Shop', memo: '', reference: 'X' })
  })

  it('refuses days that do not exist, amounts that are not numbers and missing fields, by line', () => {
    expect(refusal(sgml('<STMTTRN><DTPOSTED>20250230<TRNAMT>-1.00<FITID>1</STMTTRN>'))).toBe(
      'Line 5, STMTTRN: 2025-02-30 is not a date.',
    )
    expect(refusal(sgml('<STMTTRN><DTPOSTED>20250201<TRNAMT>1,000.00<FITID>1</STMTTRN>'))).toBe(
      'Line 5, STMTTRN: "1,000.00" is not an amount.',
    )
    expect(refusal(sgml('<STMTTRN><DTPOSTED>20250201<FITID>1</STMTTRN>'))).toBe(
      'Line 5, STMTTRN: TRNAMT is missing.',
    )
  })

  it('refuses files cut short, files without a statement and text that is not OFX', () => {
    const whole = fixture('ofxparse_checking_USD.ofx')
    expect(refusal(whole.slice(0, whole.indexOf('<TRNAMT>') + 12))).toMatch(/^The file ends inside <TRNAMT>/)
    expect(refusal(whole.slice(0, whole.indexOf('<TRNAMT>') + 3))).toMatch(/a tag is not closed/)
    expect(refusal('OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>')).toMatch(
      /no bank or card statement/,
    )
    expect(refusal('Date,Amount\n2024-01-01,5')).toBe('The file has no <OFX> element.')
    expect(refusal(`<OFX>${'<A>'.repeat(100)}`)).toMatch(/nest deeper than 32/)
  })

  it('reads the input that stalls the popular OFX parsers at once', () => {
    const started = performance.now()
    expect(refusal(`OFXHEADER:100\n<OFX><${'A'.repeat(40)}!`)).toMatch(/a tag is not closed/)
    expect(refusal(`OFXHEADER:100\n<OFX><${'A'.repeat(40)}!>`)).toMatch(/is not an OFX tag/)
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})
