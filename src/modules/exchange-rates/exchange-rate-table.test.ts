// A day's rate is the one on that day, else the latest before it, else none.
import { describe, expect, it } from 'vitest'
import { ExchangeRateTable } from './exchange-rate-table.js'

describe('ExchangeRateTable', () => {
  const table = new ExchangeRateTable([
    { date: '2024-01-02', rate: '1.3316' },
    { date: '2024-01-03', rate: '1.3347' },
    { date: '2024-01-05', rate: '1.3360' },
  ])

  it('takes the rate of the day, or the latest before it', () => {
    expect(table.rateOn('2024-01-03')?.text).toBe('1.3347')
    expect(table.rateOn('2024-01-04')?.text).toBe('1.3347')
    expect(table.rateOn('2024-02-01')?.text).toBe('1.336')
  })

  it('has none before its first day', () => {
    expect(table.rateOn('2024-01-01')).toBeUndefined()
    expect(new ExchangeRateTable([]).rateOn('2024-01-01')).toBeUndefined()
  })
})
