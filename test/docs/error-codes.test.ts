// docs/error-codes.md is generated from the code and documents every error code a client may receive.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failCallSites, renderErrorCodesDoc } from '../../scripts/error-codes-doc.js'
import { errorCodeDocs } from '../../src/kernel/error-code-docs.js'
import { type ErrorCode, errorCodes } from '../../src/kernel/error-codes.js'
import { fail } from '../../src/kernel/result.js'

const docPath = path.resolve(import.meta.dirname, '../../docs/error-codes.md')

/** The codes in the first column of the doc's tables, in the order they appear. */
function documentedCodes(text = readFileSync(docPath, 'utf8')): string[] {
  return [...text.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1] ?? '')
}

const duplicatesOf = (codes: readonly string[]) =>
  codes.filter((code, index) => codes.indexOf(code) !== index)

describe('error codes', () => {
  // Reading every source file takes a while, so the tests share one reading.
  const callSites = failCallSites()

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

  it('are each raised through fail() somewhere or described by hand, so none goes unexplained', () => {
    const raised = new Set(callSites.map((site) => site.code))
    expect(errorCodes.filter((code) => !raised.has(code) && !errorCodeDocs[code].description)).toEqual([])
  })

  it('have a committed doc that is exactly what the generator writes', () => {
    const generated = renderErrorCodesDoc(callSites)
    expect(duplicatesOf(documentedCodes(generated))).toEqual([])
    expect(documentedCodes(generated)).toEqual(expect.arrayContaining([...errorCodes]))
    expect(
      readFileSync(docPath, 'utf8'),
      'docs/error-codes.md is out of date: run npm run docs:error-codes',
    ).toBe(generated)
  })
})

describe('the error codes doc generator', () => {
  let root = ''
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'error-codes-doc-'))
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }

  it('reads each fail() call as written, by module area, and skips tests and passed-on codes', () => {
    write(
      'modules/widgets/widget-service.ts',
      `fail('INVALID_NAME', \`\${field} must not be empty.\`, field)
      fail('INVALID_NAME', \`\${field} must not be empty.\`)
      fail(ignored ? 'EVENT_IGNORED' : 'EVENT_ALREADY_CONFIRMED', 'Not now.')
      fail('NO_TEXT_FOUND', image ? 'No text in the image.' : 'No text.')
      fail(failure.code, failure.message)
      fail('INVALID_BANK_FILE', message)
      store.fail('INVALID_LIMIT', 'a method of the same name')`,
    )
    write('kernel/text.ts', "fail('INVALID_NAME', 'name is too long: ' + 'and split')")
    write('app.ts', "fail('INVALID_LIMIT', 'limit must be at least 1.')")
    write('modules/widgets/widget-service.test.ts', "fail('INVALID_NAME', 'only a test')")

    expect(failCallSites(root)).toEqual([
      { code: 'EVENT_ALREADY_CONFIRMED', area: 'widgets', message: 'Not now.' },
      { code: 'EVENT_IGNORED', area: 'widgets', message: 'Not now.' },
      { code: 'INVALID_BANK_FILE', area: 'widgets', message: `\${message}` },
      { code: 'INVALID_LIMIT', area: 'app', message: 'limit must be at least 1.' },
      { code: 'INVALID_NAME', area: 'kernel', message: `\${'name is too long: ' + 'and split'}` },
      { code: 'INVALID_NAME', area: 'widgets', message: `\${field} must not be empty.` },
      { code: 'NO_TEXT_FOUND', area: 'widgets', message: 'No text in the image.' },
      { code: 'NO_TEXT_FOUND', area: 'widgets', message: 'No text.' },
    ])
  })

  it('refuses a literal code that is no ErrorCode', () => {
    write('modules/strays/stray.ts', "fail('NOT_A_DAYBOOK_CODE', 'never documented')")
    expect(() => failCallSites(root)).toThrow(/NOT_A_DAYBOOK_CODE/)
    rmSync(path.join(root, 'modules/strays'), { recursive: true })
  })

  it('keeps a message with pipes or backticks inside its table cell', () => {
    const doc = renderErrorCodesDoc([
      { code: 'INVALID_CSV', area: 'kernel', message: 'a | b' },
      { code: 'INVALID_CSV', area: 'kernel', message: 'use `quotes`' },
    ])
    expect(doc).toContain('| `INVALID_CSV` | kernel | `a \\| b` |')
    expect(doc).toContain('| | kernel | `` use `quotes` `` |')
  })
})
