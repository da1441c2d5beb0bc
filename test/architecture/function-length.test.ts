// Functions stay short enough to read: none over 120 lines outside tests and generated code, and the composition root under 200.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const projectRoot = path.resolve(import.meta.dirname, '../..')
const functionLinesMax = 120
// The composition root builds every part once; it is allowed more, but not without bound.
const compositionRootLinesMax = 200

/** The source files of the server and the web app, tests and generated code left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter(
      (file) =>
        /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('generated'),
    )
    .map((file) => path.join(folder, file))
}

interface LongFunction {
  where: string
  name: string
  lines: number
}

function longFunctions(file: string, text: string, linesMax: number): LongFunction[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const found: LongFunction[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)'
      if (last - first + 1 > linesMax)
        found.push({ where: `${file}:${first + 1}`, name, lines: last - first + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('function lengths', () => {
  it(`finds none over ${functionLinesMax} lines but buildCore, which stays under ${compositionRootLinesMax}`, () => {
    const files = [...sourceFiles('src'), ...sourceFiles('web/src')]
    // A scan that read nothing would pass.
    expect(files.length).toBeGreaterThan(200)
    const long = files.flatMap((file) =>
      longFunctions(file, readFileSync(path.join(projectRoot, file), 'utf8'), functionLinesMax),
    )
    const root = long.filter((found) => found.name === 'buildCore' && found.where.startsWith('src/app.ts:'))
    expect(long.filter((found) => !root.includes(found))).toEqual([])
    for (const found of root) expect(found.lines).toBeLessThan(compositionRootLinesMax)
  })

  it('counts a function from its first line to its last', () => {
    const text = [
      'function short() {',
      '  return 1',
      '}',
      `function long() {`,
      ...Array(119).fill('  work()'),
      '}',
    ].join('\n')
    expect(longFunctions('made-up.ts', text, functionLinesMax)).toEqual([
      { where: 'made-up.ts:4', name: 'long', lines: 121 },
    ])
  })
})
