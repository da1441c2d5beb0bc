// Exchange rates parse strictly and convert exactly, rounding half to even once.
import { describe, expect, it } from 'vitest'
import { convertMinor, parseExchangeRate } from './exchange-rate.js'

const rate = (text: string) => {
  const parsed = parseExchangeRate(text)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return parsed.value
}

describe('parseExchangeRate', () => {
  it('keeps a rate without its trailing zeros', () => {
    expect(rate('1.35000').text).toBe('1.35')
    expect(rate('2').text).toBe('2')
    expect(rate('0.0075').text).toBe('0.0075')
  })

  it.each(['0', '0.000', '-1.2', '1e3', '.5', '1.', ' 1.2', '01.2', '1.1234567890123', 'abc', ''])(
    'refuses %j',
    (text) => {
      const parsed = parseExchangeRate(text)
      expect(parsed.ok).toBe(false)
      if (!parsed.ok) expect(parsed.error.code).toBe('INVALID_EXCHANGE_RATE')
    },
  )
})

describe('convertMinor', () => {
  it('converts USD cents to CAD cents', () => {
    expect(convertMinor(100_000n, 2, rate('1.3542'), 2)).toBe(135_420n)
    expect(convertMinor(9_999n, 2, rate('1.3542'), 2)).toBe(13_541n)
  })

  it('rounds ties to even', () => {
    expect(convertMinor(1n, 2, rate('0.5'), 2)).toBe(0n)
    expect(convertMinor(3n, 2, rate('0.5'), 2)).toBe(2n)
    expect(convertMinor(5n, 2, rate('0.5'), 2)).toBe(2n)
  })

  it('moves between currencies with different minor units', () => {
    expect(convertMinor(1_000n, 0, rate('0.0091'), 2)).toBe(910n)
    expect(convertMinor(12_345n, 2, rate('110.5'), 0)).toBe(13_641n)
    expect(convertMinor(1_000n, 3, rate('3.6'), 2)).toBe(360n)
  })
})
