// A report's CSV export holds every name as text a spreadsheet shows, never as a formula it runs, and every amount exactly.
import { describe, expect, it } from 'vitest'
import { csvText, toCsv } from '../../web/src/reports/report-csv.js'

describe('the CSV export of a report', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    [' =1+1', "' =1+1"],
    ['   @cmd', "'   @cmd"],
    ['\n=1+1', `"'\n=1+1"`],
    ['\r\n=1+1', `"'\r\n=1+1"`],
    ['\t=1+1', "'\t=1+1"],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    ['\u200b=1+1', "'\u200b=1+1"],
    ['\ufeff=1+1', "'\ufeff=1+1"],
    ['\u0000=1+1', "'\u0000=1+1"],
    ['\uff1d1+1', "'\uff1d1+1"],
    ['\tTabbed', "'\tTabbed"],
    ['\rReturn', `"'\rReturn"`],
    ['\u0007Bell', "'\u0007Bell"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('keeps %j as text: %j', (cell, written) => {
    expect(csvText(cell)).toBe(written)
  })

  it.each([
    ['Office Expenses', 'Office Expenses'],
    ['Meals & Entertainment', 'Meals & Entertainment'],
    ['Rent, office', '"Rent, office"'],
    ['a = b', 'a = b'],
    ['Café', 'Café'],
    ['', ''],
  ])('writes an ordinary name %j as it is: %j', (cell, written) => {
    expect(csvText(cell)).toBe(written)
  })

  it('writes amounts as plain decimals, a negative one with its minus sign', () => {
    const csv = toCsv({
      title: 'Trial balance',
      head: ['Account', 'Debit'],
      amountsFrom: 1,
      body: [
        [' =1+1', { amount: '-12.50' }],
        ['Chequing', { amount: '1000.00' }],
      ],
      foot: [['Total', { amount: '987.50' }]],
    })
    expect(csv).toBe("Account,Debit\r\n' =1+1,-12.50\r\nChequing,1000.00\r\nTotal,987.50\r\n")
  })
})
