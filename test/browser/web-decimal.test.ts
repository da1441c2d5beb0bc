// Money arithmetic in the web app is exact: decimal strings in, integer units, decimal strings out.
import { describe, expect, it } from 'vitest'
import { fromUnits, isDecimal, sumUnits, toUnits } from '../../web/src/format/decimal.js'

describe('exact decimal amounts', () => {
  it('adds what floating point cannot', () => {
    expect(fromUnits(sumUnits(['0.10', '0.20', '-0.30'].map(toUnits)))).toBe('0.00')
    expect(fromUnits(toUnits('1234567890123.45') + toUnits('0.05'))).toBe('1234567890123.50')
  })

  it('keeps signs, the minus glyph and extra decimals', () => {
    expect(fromUnits(toUnits('\u221212.5'))).toBe('-12.50')
    expect(fromUnits(toUnits('+3'))).toBe('3.00')
    expect(fromUnits(toUnits('0.125'))).toBe('0.125')
    expect(fromUnits(toUnits('-0.01') + toUnits('0.01'))).toBe('0.00')
  })

  it('refuses what is not a plain decimal', () => {
    expect(() => toUnits('1,000.00')).toThrow()
    expect(() => toUnits('1e3')).toThrow()
    expect(isDecimal('12.5')).toBe(true)
    expect(isDecimal('12.')).toBe(false)
    expect(isDecimal('abc')).toBe(false)
  })
})
