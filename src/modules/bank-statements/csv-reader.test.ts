// Bank CSV exports read through a profile, and a profile guessed from the file for the dry run.

import { describe, expect, it } from 'vitest'
import { accepted, bankFile, refusalOf } from '../../../test/support/bank-files.js'
import { type CsvProfile, readCsv, suggestCsvProfile } from './csv-reader.js'

const bigcapital = bankFile('bigcapital_demo_bank-transactions.csv').toString('utf8')

const base: CsvProfile = {
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

const rows = (text: string, profile: CsvProfile) =>
  accepted(readCsv(text, profile)).rows.map((r) => [
    r.transactionDate,
    r.amount,
    r.description,
    r.memo,
    r.reference,
  ])

const refusal = (text: string, profile: CsvProfile) => refusalOf(readCsv(text, profile))

describe('suggestCsvProfile', () => {
  it('guesses the real export: comma, header, ISO dates, a signed amount', () => {
    expect(suggestCsvProfile(bigcapital)).toEqual({ ...base, payeeColumn: 'Payee' })
    expect(rows(bigcapital, suggestCsvProfile(bigcapital))).toHaveLength(122)
  })

  it('guesses semicolons, day-first dates and decimal commas, and a file without a header', () => {
    const german = 'Buchungstag;Verwendungszweck;Betrag\n31.01.2024;Miete;-1.234,56\n'
    expect(suggestCsvProfile(german)).toMatchObject({
      delimiter: ';',
      dateColumn: 'Buchungstag',
      dateFormat: 'DD.MM.YYYY',
      amountColumn: 'Betrag',
      descriptionColumn: 'Verwendungszweck',
      decimalMark: ',',
    })
    expect(rows(german, suggestCsvProfile(german))).toEqual([['2024-01-31', '-1234.56', 'Miete', '', null]])
    const headerless = '13/01/2024,Shop,-3.00\n14/01/2024,Cafe,-2.00\n'
    expect(suggestCsvProfile(headerless)).toMatchObject({
      hasHeader: false,
      dateColumn: '1',
      dateFormat: 'DD/MM/YYYY',
      amountColumn: '3',
      descriptionColumn: '2',
    })
  })
})

describe('readCsv', () => {
  it('reads inflow and outflow columns, payee and memo, references, and flips a bank that signs the other way', () => {
    const text =
      'Title line of the bank\n\nPosted,Who,What,Note,In,Out,Ref\n01/31/2024,Cafe,Card,tip,,4.50,R1\n02/01/2024,Acme,Salary,,"1,000.00",,R2\n'
    const profile: CsvProfile = {
      ...base,
      skipLines: 2,
      dateColumn: 'Posted',
      dateFormat: 'MM/DD/YYYY',
      amountColumn: null,
      inflowColumn: 'In',
      outflowColumn: 'Out',
      descriptionColumn: 'What',
      payeeColumn: 'Who',
      memoColumn: 'Note',
      referenceColumn: 'Ref',
    }
    expect(rows(text, profile)).toEqual([
      ['2024-01-31', '-4.50', 'Cafe', 'Card tip', 'R1'],
      ['2024-02-01', '1000.00', 'Acme', 'Salary', 'R2'],
    ])
    const card = 'Date,Amount,Description\n2024-01-05,12.00,Shop\n2024-01-06,(3.00),Refund\n'
    expect(rows(card, { ...base, flipSign: true }).map((r) => r[1])).toEqual(['-12.00', '3.00'])
  })

  it('refuses missing columns, impossible days, amounts it cannot read and rows with both flows, by line', () => {
    expect(refusal(bigcapital, { ...base, memoColumn: 'Notes' })).toBe('The CSV file has no column "Notes".')
    expect(refusal('Date,Amount,Description\n2025-02-30,1,X\n', base)).toBe(
      'Line 2: 2025-02-30 is not a date.',
    )
    expect(refusal('Date,Amount,Description\n2025-02-01,1.2.3,X\n', base)).toBe(
      'Line 2: "1.2.3" is not an amount.',
    )
    expect(refusal('Date,Amount,Description\n01/02/2025,1,X\n', base)).toBe(
      'Line 2: "01/02/2025" is not a date in the form YYYY-MM-DD.',
    )
    const flows = { ...base, amountColumn: null, inflowColumn: 'In', outflowColumn: 'Out' }
    expect(refusal('Date,In,Out,Description\n2025-02-01,1,2,X\n', flows)).toBe(
      'Line 2: exactly one of the inflow and outflow columns must hold an amount.',
    )
    expect(refusal('Date,Amount,Description\n2025-02-01,"1,X\n', base)).toMatch(
      /^Line 2: a quoted field is never closed/,
    )
    const many = `Date,Amount,Description\n${'2025-02-01,1,X\n'.repeat(10_001)}`
    expect(refusal(many, base)).toBe(
      'A bank CSV may hold at most 10,000 rows; this one has 10,001. Split it.',
    )
  })
})
