// docs/error-codes.md documents exactly the codes of ErrorCode, so clients can rely on every code they receive.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type ErrorCode, errorCodes } from './error-codes.js'
import { fail } from './result.js'

const docPath = path.resolve(import.meta.dirname, '../../docs/error-codes.md')

/** The codes in the first column of the doc's tables, in the order they appear. */
function documentedCodes(): string[] {
  const text = readFileSync(docPath, 'utf8')
  return [...text.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1] ?? '')
}

const duplicatesOf = (codes: readonly string[]) =>
  codes.filter((code, index) => codes.indexOf(code) !== index)

describe('error codes', () => {
  it('are each documented, and the doc lists no code the union lacks', () => {
    const documented = new Set(documentedCodes())
    const union = new Set<string>(errorCodes)
    expect([...union].filter((code) => !documented.has(code))).toEqual([])
    expect([...documented].filter((code) => !union.has(code))).toEqual([])
  })

  it('appear once in the union and once in the doc', () => {
    expect(duplicatesOf(errorCodes)).toEqual([])
    expect(duplicatesOf(documentedCodes())).toEqual([])
  })

  it('are upper-case words joined by underscores', () => {
    expect(errorCodes.filter((code) => !/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(code))).toEqual([])
  })

  it('are checked by the compiler wherever a failure is made', () => {
    const known: ErrorCode = 'INVALID_CSV'
    expect(fail(known, 'Line 1: a quoted field is never closed.')).toEqual({
      ok: false,
      error: { code: 'INVALID_CSV', message: 'Line 1: a quoted field is never closed.' },
    })
    // @ts-expect-error: a code missing from ErrorCode does not compile (npm run typecheck).
    const unknown = fail('NOT_A_DAYBOOK_CODE', 'never documented')
    expect(unknown.ok).toBe(false)
  })
})
