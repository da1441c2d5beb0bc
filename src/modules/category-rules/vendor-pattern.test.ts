// Vendor patterns match like ILIKE over the whole name, and no pattern can make matching slow.
import { describe, expect, it } from 'vitest'
import { compilePattern, matchesTokens } from './vendor-pattern.js'

function matches(pattern: string, name: string): boolean {
  const compiled = compilePattern(pattern)
  if (!compiled.ok) throw new Error(compiled.error.message)
  return matchesTokens(compiled.value.tokens, Array.from(name.toLowerCase()))
}

describe('matchesTokens', () => {
  it.each([
    ['staples', 'STAPLES', true],
    ['staples', 'staples inc', false],
    ['staples%', 'staples inc', true],
    ['%staples%', 'the staples store', true],
    ['st_ples', 'staples', true],
    ['st_ples', 'stples', false],
    ['%', '', true],
    ['a%b%c', 'axxbyyc', true],
    ['a%b%c', 'axxbyy', false],
    ['50\\% off%', '50% off sale', true],
    ['50\\% off%', '500 off sale', false],
    ['\\_x', '_x', true],
    ['\\_x', 'ax', false],
    ['caf_', 'CAFÉ', true],
    ['%é', 'cafÉ', true],
    ['petro-canada%', 'PETRO-CANADA #1', true],
    ['%(a+)+$', 'x(a+)+$', true],
  ])('%j on %j is %s', (pattern, name, expected) => {
    expect(matches(pattern, name)).toBe(expected)
  })

  it('stays linear on patterns that make backtracking engines explode', () => {
    const pattern = `${'%a'.repeat(40)}%b`
    const name = `${'a'.repeat(5_000)}c`
    // With a backtracking engine this call would not return before the test's timeout.
    expect(matches(pattern, name)).toBe(false)
  })
})
