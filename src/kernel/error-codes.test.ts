// Every errorCode the code can produce is listed in docs/error-codes.md, so clients can rely on them.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : sourceFiles(full)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : []
  })
}

/** Codes passed to fail(...) or errorBody(...), or written as `code: '...'` (access denials, extensions). */
function producedCodes(): Set<string> {
  const codes = new Set<string>()
  const patterns = [
    /fail\(\s*'([A-Z][A-Z0-9_]+)'/g,
    /code: '([A-Z][A-Z0-9_]+)'/g,
    /\? '([A-Z][A-Z0-9_]+)' : '([A-Z][A-Z0-9_]+)'/g,
    /errorBody\(\s*(?:'[^']*'|`[^`]*`|"[^"]*")\s*,\s*'([A-Z][A-Z0-9_]+)'/g,
  ]
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const text = readFileSync(file, 'utf8')
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) for (const code of match.slice(1)) if (code) codes.add(code)
    }
  }
  return codes
}

describe('error codes', () => {
  it('are all documented', () => {
    const documented = readFileSync(path.join(root, 'docs/error-codes.md'), 'utf8')
    const missing = [...producedCodes()].filter((code) => !documented.includes(`\`${code}\``))
    expect(missing).toEqual([])
  })
})
