import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { type ErrorCodeDoc, errorCodeDocs, errorCodeSections } from '../src/kernel/error-code-docs.js'
import { type ErrorCode, errorCodes } from '../src/kernel/error-codes.js'

// docs/error-codes.md is written from the code, so it cannot disagree with it: the codes come from
// the ErrorCode union, their messages from the fail() calls themselves, and only what a call cannot
// say (section, where a client meets the code, codes raised some other way) from error-code-docs.ts.

export const errorCodesDocPath = new URL('../docs/error-codes.md', import.meta.url)
export const sourceRoot = fileURLToPath(new URL('../src', import.meta.url))

/** One way a code is raised: `fail('CODE', message)` in a module area, the message as its source writes it. */
export interface FailCallSite {
  code: ErrorCode
  area: string
  message: string
}

const knownCodes: ReadonlySet<string> = new Set(errorCodes)

/** Every `fail('CODE', message)` in the non-test TypeScript under `root`, each distinct one once. */
export function failCallSites(root: string = sourceRoot): FailCallSite[] {
  const found = new Map<string, FailCallSite>()
  for (const file of sourceFiles(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const area = areaOf(path.relative(root, file))
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'fail') {
        const [codeArgument, messageArgument] = node.arguments
        const messages = messageArgument ? messagesOf(messageArgument, source) : ['']
        for (const code of codeArgument ? codesOf(codeArgument) : []) {
          if (!knownCodes.has(code))
            throw new Error(`${where(node, source)}: fail('${code}') is no ErrorCode`)
          for (const message of messages) {
            const site: FailCallSite = { code: code as ErrorCode, area, message }
            found.set(JSON.stringify([code, area, message]), site)
          }
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return [...found.values()].sort(
    (a, b) => compareText(a.code, b.code) || compareText(a.area, b.area) || compareText(a.message, b.message),
  )
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .sort((a, b) => compareText(a.name, b.name))
    .flatMap((entry) => {
      const full = path.join(directory, entry.name)
      if (entry.isDirectory()) return sourceFiles(full)
      const isSource = /\.[cm]?tsx?$/.test(entry.name) && !/\.(d|test)\.[cm]?tsx?$/.test(entry.name)
      return isSource ? [full] : []
    })
}

/** The module under src/modules/, or the top folder (kernel, http, ...) for everything else. */
function areaOf(relativePath: string): string {
  const parts = relativePath.split(path.sep)
  if (parts[0] === 'modules' && parts.length > 2) return parts[1] ?? ''
  if (parts.length > 1) return parts[0] ?? ''
  return path.basename(relativePath, path.extname(relativePath))
}

/**
 * The codes a first argument names. A conditional between two literals raises both; any other
 * expression passes on a code raised elsewhere, so it is no call site of its own.
 */
function codesOf(expression: ts.Expression): string[] {
  const inner = withoutParentheses(expression)
  if (ts.isStringLiteralLike(inner)) return [inner.text]
  if (ts.isConditionalExpression(inner)) return [...codesOf(inner.whenTrue), ...codesOf(inner.whenFalse)]
  return []
}

/**
 * The messages a second argument gives, as written: literals as the client reads them, `${...}` for
 * what is filled in; a conditional gives each branch; any other expression is all `${...}`.
 */
function messagesOf(expression: ts.Expression, source: ts.SourceFile): string[] {
  const inner = withoutParentheses(expression)
  if (ts.isStringLiteralLike(inner)) return [inner.text]
  if (ts.isTemplateExpression(inner)) {
    const spans = inner.templateSpans.map(
      (span) => `\${${sourceText(span.expression, source)}}${span.literal.text}`,
    )
    return [inner.head.text + spans.join('')]
  }
  if (ts.isConditionalExpression(inner)) {
    return [...messagesOf(inner.whenTrue, source), ...messagesOf(inner.whenFalse, source)]
  }
  return [`\${${sourceText(inner, source)}}`]
}

function withoutParentheses(expression: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(expression) ? withoutParentheses(expression.expression) : expression
}

/** An expression's source on one line, as a table cell needs it. */
const sourceText = (node: ts.Node, source: ts.SourceFile) => node.getText(source).replace(/\s*\n\s*/g, ' ')

function where(node: ts.Node, source: ts.SourceFile): string {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
  return `${source.fileName}:${line + 1}`
}

/** Code-unit order, the same on every machine whatever its locale. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

// ---- the document ---------------------------------------------------------------------------

const header = `<!-- Generated by scripts/error-codes-doc.ts; do not edit. Run npm run docs:error-codes. -->

# Error codes

Every failure carries a stable machine-readable code beside its human message: \`errorCode\` in a
mutation payload (\`success: false\`), \`extensions.code\` on a GraphQL error. Codes never change meaning;
messages may be reworded.

The codes are one TypeScript union, \`ErrorCode\` in \`src/kernel/error-codes.ts\`. \`fail()\`, \`Failure.code\`,
the access denials and the HTTP error bodies take only an \`ErrorCode\`, so the compiler refuses a code
that is not there.

This file is generated, so it always shows what the code does: \`npm run docs:error-codes\` writes it
from that union, from what \`src/kernel/error-code-docs.ts\` says of each code, and from every
\`fail('CODE', message)\` call under \`src/\` outside the tests. \`test/docs/error-codes.test.ts\` fails while
the committed file differs from what the generator writes.

## Reading the tables

Each code starts a row; a row with an empty first cell goes on with the code above it. Plain text, where a
code has it, says what the code means or where a client meets it, when its messages alone do not say it.
Then come the code's messages, each in code font exactly as the service gives it, with its area: the
module under \`src/modules/\` that raises it, or the top folder under \`src/\` (such as \`kernel\` or \`http\`).
Every message of a code's \`fail()\` calls is listed. \`\${...}\` stands for a value filled in when the
message is made, named as the source names it; a message that is all \`\${...}\` is made elsewhere, and
the plain text beside the code says what it holds.

## How to add a code

1. Add the code, in upper case with underscores, to \`errorCodes\` in \`src/kernel/error-codes.ts\`, under
   the comment of its section.
2. Add its entry to \`errorCodeDocs\` in \`src/kernel/error-code-docs.ts\`: its section and, where it helps,
   where a client meets it. A code raised other than through \`fail()\` needs a \`description\` with its
   message, since the generator cannot find it.
3. Use it: \`fail('NEW_CODE', message)\`, with the message as a string or template literal, so that the
   generator can read it.
4. Run \`npm run docs:error-codes\` and commit the regenerated \`docs/error-codes.md\`. \`npm run typecheck\`
   fails until steps 1 and 2 are done, and \`npx vitest run test/docs/error-codes.test.ts\` fails until
   step 4 is.

A code is never renamed or given a new meaning: clients branch on it. Retire a code only with the
feature that produced it, from the union and from \`errorCodeDocs\` at once.
`

/** One table row; a code's later rows leave `code` empty. */
interface Row {
  code: string
  where: string
  area: string
  text: string
}

/** The whole of docs/error-codes.md for these call sites. */
export function renderErrorCodesDoc(callSites: readonly FailCallSite[]): string {
  const sections = errorCodeSections.map((section) => {
    const rows = errorCodes
      .filter((code) => errorCodeDocs[code].section === section.id)
      .flatMap((code) => rowsOf(code, errorCodeDocs[code], callSites))
    // A column no row of the section fills would only widen the table.
    const columns: Array<{ heading: string; cell: (row: Row) => string }> = [
      { heading: 'code', cell: (row) => row.code },
      ...(rows.some((row) => row.where) ? [{ heading: 'where', cell: (row: Row) => row.where }] : []),
      ...(rows.some((row) => row.area) ? [{ heading: 'area', cell: (row: Row) => row.area }] : []),
      { heading: section.textHeading, cell: (row) => row.text },
    ]
    const table = [
      tableLine(columns.map((column) => column.heading)),
      `|${columns.map(() => '---').join('|')}|`,
      ...rows.map((row) => tableLine(columns.map((column) => column.cell(row)))),
    ]
    const intro = section.intro ? `${section.intro}\n\n` : ''
    return `## ${section.heading}\n\n${intro}${table.join('\n')}\n`
  })
  return [header, ...sections].join('\n')
}

const tableLine = (cells: readonly string[]) =>
  `|${cells.map((cell) => (cell ? ` ${cell} ` : ' ')).join('|')}|`

/** A code's rows: its plain-text description first, then each message of its fail() calls by area. */
function rowsOf(code: ErrorCode, doc: ErrorCodeDoc, callSites: readonly FailCallSite[]): Row[] {
  const described = doc.description ? [{ area: doc.area ?? '', text: tableCell(doc.description) }] : []
  const raised = callSites
    .filter((site) => site.code === code)
    .map((site) => ({ area: site.area, text: codeSpan(site.message) }))
  // A code with neither still gets its row, so the doc lists every code; the test names it.
  const [first = { area: doc.area ?? '', text: '' }, ...rest] = [...described, ...raised]
  return [
    { code: `\`${code}\``, where: tableCell(doc.where ?? ''), ...first },
    ...rest.map((row) => ({ code: '', where: '', ...row })),
  ]
}

/** Markdown for one table cell: on one line, its pipes escaped. */
const tableCell = (markdown: string) => markdown.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|')

/** A message in code font, shown exactly: a fence longer than any backtick run inside it. */
function codeSpan(text: string): string {
  const oneLine = text.replace(/\r?\n/g, '\\n')
  const longestRun = Math.max(0, ...(oneLine.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longestRun + 1)
  const padding = oneLine.startsWith('`') || oneLine.endsWith('`') ? ' ' : ''
  return tableCell(`${fence}${padding}${oneLine}${padding}${fence}`)
}

/** The document as the sources under `root` make it; the script below only writes it. */
export function errorCodesDoc(root: string = sourceRoot): string {
  return renderErrorCodesDoc(failCallSites(root))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(errorCodesDocPath, errorCodesDoc())
  console.log('wrote docs/error-codes.md')
}
