// Currency codes enter only through parseCurrency, which knows ISO 4217's codes and minor units.
import { describe, expect, it } from 'vitest'
import { currencyDecimals, defaultCurrency, parseCurrency } from './currency.js'

describe('parseCurrency', () => {
  it.each(['CAD', 'USD', 'EUR', 'JPY', 'BHD', 'XOF', 'XCG', 'ZWG', 'HRK'])('accepts %s', (code) => {
    expect(parseCurrency(code)).toEqual({ ok: true, value: code })
  })

  it.each([
    'XXX',
    'XTS',
    'XAU',
    'XAG',
    'XPD',
    'XPT',
    'XBA',
    'XDR',
    'XSU',
    'XUA',
    'CLF',
    'ZZZ',
    'BTC',
    'usd',
    'Usd',
    'US$',
    'USDX',
    ' USD',
    '',
    '__proto__',
    'constructor',
  ])('refuses %j with INVALID_CURRENCY on the currency field', (code) => {
    const parsed = parseCurrency(code)
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.error.code).toBe('INVALID_CURRENCY')
    expect(parsed.error.field).toBe('currency')
    expect(parsed.error.message).toContain('ISO 4217')
  })

  it('names the field it was given and shortens a long value', () => {
    const parsed = parseCurrency('Q'.repeat(500), 'originalCurrency')
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.error.field).toBe('originalCurrency')
    expect(parsed.error.message.length).toBeLessThan(150)
  })

  it('accepts the default currency', () => {
    expect(parseCurrency(defaultCurrency).ok).toBe(true)
  })
})

describe('currencyDecimals', () => {
  it.each([
    ['CAD', 2],
    ['USD', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['XAF', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['IQD', 3],
    ['TND', 3],
  ])('%s has %i decimals', (code, decimals) => {
    expect(currencyDecimals(code)).toBe(decimals)
  })
})
