// Money parsing accepts exactly DESIGN 5.1's decimal strings and formats them back to the cent.
import { describe, expect, it } from 'vitest'
import { divideHalfEven, formatMoney, parseMoney, parsePositiveMoney } from './money.js'

describe('parseMoney', () => {
  it.each([
    ['0', 0n],
    ['12', 1200n],
    ['12.5', 1250n],
    ['12.50', 1250n],
    ['-3.07', -307n],
    ['0.01', 1n],
    ['9999999999999.99', 999999999999999n],
  ])('parses %s', (input, minor) => {
    expect(parseMoney(input, 2)).toEqual({ ok: true, value: minor })
  })

  it.each([
    '1e3',
    '12.345',
    '-0',
    '-0.00',
    '00.10',
    '01',
    '',
    ' 1',
    '1 ',
    '1.',
    '.5',
    '+1',
    '1,000.00',
    '0x10',
    'NaN',
    'Infinity',
    '١٢',
    '1_000',
    '--1',
    '10000000000000.00',
    '12.5\n',
  ])('refuses %j', (input) => {
    const parsed = parseMoney(input, 2)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.error.code).toBe('INVALID_AMOUNT')
  })

  it('honours the currency decimals', () => {
    expect(parseMoney('1500', 0)).toEqual({ ok: true, value: 1500n })
    expect(parseMoney('15.1', 0).ok).toBe(false)
    expect(parseMoney('1.234', 3)).toEqual({ ok: true, value: 1234n })
  })

  it('requires positive amounts where asked', () => {
    expect(parsePositiveMoney('0', 2).ok).toBe(false)
    expect(parsePositiveMoney('0.00', 2).ok).toBe(false)
    expect(parsePositiveMoney('-1', 2).ok).toBe(false)
    expect(parsePositiveMoney('0.01', 2)).toEqual({ ok: true, value: 1n })
  })
})

describe('formatMoney', () => {
  it.each([
    [0n, 2, '0.00'],
    [5n, 2, '0.05'],
    [1250n, 2, '12.50'],
    [-307n, 2, '-3.07'],
    [-5n, 2, '-0.05'],
    [1500n, 0, '1500'],
    [1234n, 3, '1.234'],
  ])('formats %s with %i decimals as %s', (minor, decimals, text) => {
    expect(formatMoney(minor, decimals)).toBe(text)
  })

  it('round-trips every parsed amount', () => {
    for (const text of ['0.00', '0.99', '1.00', '-12.34', '123456789.01']) {
      const parsed = parseMoney(text, 2)
      expect(parsed.ok && formatMoney(parsed.value, 2)).toBe(text)
    }
  })
})

describe('divideHalfEven', () => {
  it.each([
    [5n, 2n, 2n],
    [7n, 2n, 4n],
    [-5n, 2n, -2n],
    [-7n, 2n, -4n],
    [10n, 3n, 3n],
    [11n, 3n, 4n],
    [-11n, 3n, -4n],
    [1n, -2n, 0n],
  ])('%s / %s rounds to %s', (n, d, q) => {
    expect(divideHalfEven(n, d)).toBe(q)
  })
})
