// QIF records read into rows: date orders, grouped amounts, splits, and what is not a statement.

import { describe, expect, it } from 'vitest'
import { accepted, bankFile, refusalOf } from '../../../test/support/bank-files.js'
import { readQif } from './qif-reader.js'

const fixture = bankFile('actual_payee-memo_US-dates.qif').toString('utf8')

const rows = (text: string, order?: 'MDY' | 'DMY' | 'YMD') =>
  accepted(readQif(text, order)).rows.map((r) => [
    r.transactionDate,
    r.amount,
    r.description,
    r.memo,
    r.reference,
  ])

const refusal = (text: string) => refusalOf(readQif(text))

describe('readQif', () => {
  it('reads payee and memo, either alone, or neither', () => {
    expect(rows(fixture)).toEqual([
      ['2019-01-23', '-10.00', 'Payee Name', 'Note Text', null],
      ['2019-01-23', '-20.00', 'Payee Name Only', '', null],
      ['2019-01-23', '-30.00', 'Note Only Text', '', null],
      ['2019-01-23', '-40.00', '', '', null],
    ])
  })

  it('reads day-first dates when told or when only they make sense, and Quicken years', () => {
    const text = "!Type:CCard\nD03/04/2024\nT-5\nPA\n^\nD1/2'20\nT6\nPB\nN101\n^\n"
    expect(rows(text)).toEqual([
      ['2024-03-04', '-5', 'A', '', null],
      ['2020-01-02', '6', 'B', '', '101'],
    ])
    expect(rows(text, 'DMY').map((r) => r[0])).toEqual(['2024-04-03', '2020-02-01'])
    expect(rows('!Type:Bank\nD25.12.2024\nT1\nPC\n^\n').map((r) => r[0])).toEqual(['2024-12-25'])
  })

  it('takes the total of a split record, and amounts grouped in thousands either way', () => {
    const text =
      '!Type:Bank\nD01/02/2024\nT-1,234.56\nPShop\nSFood\n$-1,000.00\nSGas\n$-234.56\n^\nD01/03/2024\nT1.234,50\nPPay\n^\n'
    expect(rows(text).map((r) => r[1])).toEqual(['-1234.56', '1234.50'])
  })

  it('refuses investment accounts, a second section, a missing date or amount and impossible days', () => {
    expect(refusal('!Type:Invst\nD01/02/2024\n^')).toMatch(/only Bank, CCard and Cash/)
    expect(refusal('!Type:Bank\nD01/02/2024\nT1\n^\n!Account\nNX\n^')).toMatch(
      /^Line 5: the file holds a second section/,
    )
    expect(refusal('!Type:Bank\nT1\n^')).toBe('Line 2: the record has no D (date) line.')
    expect(refusal('!Type:Bank\nD01/02/2024\n^')).toBe('Line 2: the record has no T (amount) line.')
    expect(refusal('!Type:Bank\nD02/30/2025\nT1\n^')).toBe('Line 2: 2025-02-30 is not a date.')
    expect(refusal('Date,Amount')).toBe('The QIF file does not open with !Type:.')
  })
})
