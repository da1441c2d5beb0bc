import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { detectLayout, readBalanceCsv, utcDateOf } from './balance-csv.js'

const stripeDir = path.resolve(import.meta.dirname, '../../../test/fixtures/data/stripe')
const shared = (name: string) => readFileSync(path.join(stripeDir, name), 'utf8')

const legacy14 =
  'id,Type,Source,Amount,Fee,Net,Currency,Created (UTC),Available On (UTC),Description,Customer Facing Amount,Customer Facing Currency,Transfer,Transfer Date (UTC)'
const legacy17 =
  'id,Type,Source,Amount,Fee,Destination Platform Fee,Destination Platform Fee Currency,Net,Currency,Created (UTC),Available On (UTC),Description,Customer Facing Amount,Customer Facing Currency,Transfer,Transfer Date (UTC),Transfer Group'
const itemized =
  '"balance_transaction_id","created_utc","available_on_utc","currency","gross","fee","net","reporting_category","description"'

function rowsOf(text: string) {
  const rows = readBalanceCsv(text)
  if (!rows.ok) throw new Error(rows.error.message)
  return rows.value
}

function problemOf(text: string) {
  const rows = readBalanceCsv(text)
  if (rows.ok) throw new Error('expected the CSV to be refused')
  return rows.error
}

describe('detectLayout', () => {
  it('knows both families by column name, whatever the order, case or extra columns', () => {
    expect(detectLayout(legacy14.split(','))).toMatchObject({
      ok: true,
      value: { spec: { family: 'legacy' } },
    })
    expect(detectLayout(legacy17.split(','))).toMatchObject({
      ok: true,
      value: { spec: { family: 'legacy' } },
    })
    const shuffled = ['Net', 'FEE', 'amount', 'Status', 'id', 'Type', 'Currency', 'Source', 'Created (UTC)']
    expect(detectLayout([...shuffled, 'Description', 'order_id (metadata)'])).toMatchObject({ ok: true })
    expect(
      detectLayout([
        'balance_transaction_id',
        'created_utc',
        'currency',
        'gross',
        'fee',
        'net',
        'reporting_category',
      ]),
    ).toMatchObject({ ok: true, value: { spec: { family: 'itemized' } } })
  })

  it('refuses an unknown layout naming the missing columns', () => {
    const legacyish = detectLayout([
      'id',
      'Type',
      'Source',
      'Amount',
      'Currency',
      'Created (UTC)',
      'Description',
    ])
    expect(legacyish).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CSV_LAYOUT' } })
    if (!legacyish.ok)
      expect(legacyish.error.message).toContain('"Fee", "Net" of a Stripe balance history export')
    const itemizedish = detectLayout(['balance_transaction_id', 'created_utc', 'currency', 'gross', 'net'])
    if (itemizedish.ok) throw new Error('expected a refusal')
    expect(itemizedish.error.message).toContain(
      '"reporting_category", "fee" of a Stripe itemized balance report',
    )
    const bank = detectLayout(['Date', 'Description', 'Amount'])
    expect(bank).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CSV_LAYOUT' } })
  })
})

describe('readBalanceCsv', () => {
  it('reads the 14-column legacy export: signed minor units, upper-cased currency, UTC dates, line numbers', () => {
    const rows = rowsOf(shared('reunion_stripe_balance_history_2016-2017_14col.csv'))
    expect(rows).toHaveLength(6)
    expect(rows[1]).toEqual({
      line: 3,
      family: 'legacy',
      id: 'txn_18bB5g2kdGSXuqwcVm1fYE09',
      type: 'refund',
      sourceId: 'ch_18BnYG2kdGSXuqwcGJj4i9MG',
      amountMinor: -24900n,
      feeMinor: -752n,
      netMinor: -24148n,
      currency: 'USD',
      date: '2016-07-25',
      description: 'REFUND FOR CHARGE (Spree Order ID: R023318196-BGR5XETC)',
    })
  })

  it('reads the 20-field 2021 row under the 14-column header of the VERBATIM file', () => {
    const rows = rowsOf(shared('reunion_stripe_balance_history_rows_VERBATIM.csv'))
    expect(rows).toHaveLength(7)
    expect(rows[6]).toMatchObject({
      line: 8,
      id: 'txn_1Jtgz02kdGSXuqwcKLYFb21q',
      type: 'payout',
      sourceId: 'po_1Jtgz02kdGSXuqwc69O4GIEp',
      amountMinor: -500000n,
      feeMinor: 5000n,
      netMinor: -505000n,
      currency: 'USD',
      date: '2021-11-08',
      description: '',
    })
  })

  it('reads the itemized report with its quoted fields and an empty description', () => {
    const rows = rowsOf(shared('hledger_stripe_balance_change_itemized.csv'))
    expect(rows).toEqual([
      expect.objectContaining({ family: 'itemized', type: 'charge', amountMinor: 1200n, description: '' }),
      expect.objectContaining({ type: 'refund', amountMinor: -77n, netMinor: -77n, date: '2020-01-23' }),
    ])
  })

  it('reads the 17-column layout with metadata columns, US dates and bare or quoted empty fields', () => {
    const text = [
      `${legacy17},order_id (metadata)`,
      'txn_1,charge,ch_1,10.00,0.59,,,9.41,cad,3/7/2022 9:05,3/9/2022 0:00,"",10.00,cad,,,,A-1',
      'txn_2,stripe_fee,,-2.00,0.00,"","",-2.00,CAD,2022-03-08 10:00,2022-03-08 10:00,Radar,,,,,,',
    ].join('\n')
    expect(rowsOf(text)).toEqual([
      expect.objectContaining({
        line: 2,
        amountMinor: 1000n,
        feeMinor: 59n,
        currency: 'CAD',
        date: '2022-03-07',
      }),
      expect.objectContaining({ line: 3, type: 'stripe_fee', sourceId: '', netMinor: -200n }),
    ])
  })

  it('uses the currency decimals: a yen amount has none', () => {
    const text = `${legacy14}\ntxn_y,charge,ch_y,1200,36,1164,jpy,2022-01-01 00:00,,Order,,,,`
    expect(rowsOf(text)[0]).toMatchObject({ amountMinor: 1200n, feeMinor: 36n, currency: 'JPY' })
    expect(
      problemOf(`${legacy14}\ntxn_y,charge,ch_y,1200.00,36,1164,jpy,2022-01-01 00:00,,Order,,,,`),
    ).toMatchObject({
      code: 'INVALID_CSV_ROW',
    })
  })

  it('parses money strictly and names the line', () => {
    for (const amount of ['12,00', '1e3', ' 12.00', '12.001', '', '$12.00', '-0.00']) {
      const problem = problemOf(
        `${legacy14}\ntxn_a,charge,ch_a,10.00,0.00,10.00,usd,2020-01-01 00:00,,x,,,,\ntxn_b,charge,ch_b,"${amount}",0.00,10.00,usd,2020-01-01 00:00,,x,,,,`,
      )
      expect(problem.code).toBe('INVALID_CSV_ROW')
      expect(problem.message).toMatch(/^Line 3: Amount /)
    }
  })

  it('stops when Net is not Amount - Fee', () => {
    const problem = problemOf(
      `${legacy14}\ntxn_a,charge,ch_a,849.00,24.92,824.09,usd,2016-07-14 07:45,,x,,,,`,
    )
    expect(problem).toEqual({
      code: 'NET_MISMATCH',
      message: 'Line 2: Net 824.09 is not Amount - Fee (849.00 - 24.92 = 824.08). Nothing was imported.',
    })
  })

  it('refuses rows of the wrong width, bad currencies, dates and empty ids', () => {
    const row = (fields: string) => problemOf(`${legacy14}\n${fields}`)
    expect(row('txn_a,charge,ch_a,1.00,0.00,1.00,usd,2020-01-01 00:00').message).toMatch(
      /^Line 2: the row has 8 fields but the header has 14/,
    )
    expect(row('txn_a,charge,ch_a,1.00,0.00,1.00,usd,2020-01-01 00:00,,x,,,,,').message).toMatch(
      /the row has 15 fields/,
    )
    expect(row('txn_a,charge,ch_a,1.00,0.00,1.00,us dollars,2020-01-01 00:00,,x,,,,').message).toMatch(
      /Currency/,
    )
    expect(row('txn_a,charge,ch_a,1.00,0.00,1.00,usd,2020-02-30 00:00,,x,,,,').message).toMatch(
      /Created \(UTC\)/,
    )
    expect(row(',charge,ch_a,1.00,0.00,1.00,usd,2020-01-01 00:00,,x,,,,').message).toMatch(/id is empty/)
    expect(row('txn_a,,ch_a,1.00,0.00,1.00,usd,2020-01-01 00:00,,x,,,,').message).toMatch(/Type is empty/)
  })

  it('refuses stray and unclosed quotes, naming the line the record starts on', () => {
    const first = 'txn_a,charge,ch_a,1.00,0.00,1.00,usd,2020-01-01 00:00,,x,,,,'
    expect(
      problemOf(`${legacy14}\n${first}\ntxn_b,charge,ch_"b,1.00,0.00,1.00,usd,2020-01-01 00:00,,x,,,,`),
    ).toEqual({
      code: 'INVALID_CSV',
      message: 'Line 3: a double quote appears inside an unquoted field.',
    })
    expect(problemOf(`${legacy14}\r\n\r\n${first}\r\n"txn_b,charge,ch_b,1.00`)).toEqual({
      code: 'INVALID_CSV',
      message: 'Line 4: a quoted field is never closed.',
    })
  })

  it('names the line a row starts on when a quoted description spans lines', () => {
    const text = `${legacy14}\ntxn_a,charge,ch_a,1.00,0.00,1.00,usd,2020-01-01 00:00,,"two\r\nlines",,,,\ntxn_b,charge,ch_b,1.00,0.00,1.01,usd,2020-01-01 00:00,,x,,,,`
    expect(problemOf(text)).toMatchObject({ code: 'NET_MISMATCH', message: /^Line 4: / })
  })

  it('refuses an empty file and a file with nothing but an unknown header', () => {
    expect(problemOf('')).toMatchObject({ code: 'INVALID_CSV' })
    expect(problemOf('Date,Amount\n2020-01-01,1.00\n')).toMatchObject({ code: 'UNKNOWN_CSV_LAYOUT' })
  })

  it('accepts a header alone (no rows) and caps the row count', () => {
    expect(rowsOf(itemized)).toEqual([])
    const text = `${legacy14}\ntxn_a,charge,ch_a,1.00,0.00,1.00,usd,2020-01-01 00:00,,x,,,,\ntxn_b,charge,ch_b,1.00,0.00,1.00,usd,2020-01-01 00:00,,x,,,,`
    expect(readBalanceCsv(text, 1)).toEqual({
      ok: false,
      error: {
        code: 'TOO_MANY_ROWS',
        message: 'A balance CSV may hold at most 1 rows; this one has 2. Split it.',
      },
    })
  })
})

describe('utcDateOf', () => {
  it('takes the date of the time shapes Stripe exports use', () => {
    expect(utcDateOf('2016-07-14 07:45')).toBe('2016-07-14')
    expect(utcDateOf('2020-01-23 08:26:29')).toBe('2020-01-23')
    expect(utcDateOf('2020-01-23T08:26:29Z')).toBe('2020-01-23')
    expect(utcDateOf('2020-01-23')).toBe('2020-01-23')
    expect(utcDateOf('7/4/2016 7:45')).toBe('2016-07-04')
    expect(utcDateOf('12/31/2016 23:59:59')).toBe('2016-12-31')
  })

  it('refuses what is not a real time', () => {
    for (const text of [
      '2016-02-30 00:00',
      '2016-07-14 24:00',
      '2016-07-14 7:60',
      '13/1/2016 0:00',
      '14.07.2016',
      '',
    ])
      expect(utcDateOf(text)).toBeUndefined()
  })
})
