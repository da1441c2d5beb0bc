import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import { tooManyElements, tooManyFileRows } from './statement-file.js'

// OFX as a tree of elements. OFX 1 is SGML whose leaf elements are never closed (`<TRNAMT>-6.60`),
// OFX 2 is XML; one scanner reads both: a leaf's value runs to the next tag, and a closing tag
// closes every element still open inside it. It walks the text once with indexOf, so no input can
// make it backtrack (the SGML step of the popular OFX packages takes seconds on 40 bytes).

export interface OfxElement {
  name: string
  /** A leaf's text, entities decoded; undefined for an aggregate. */
  value: string | undefined
  children: OfxElement[]
  /** 1-based line where the element opens, for error messages. */
  line: number
}

/**
 * Leaves a bank may send empty (`<MEMO>` and nothing): without a value, the next tag alone cannot
 * tell such a leaf from an aggregate, so these are known by name.
 */
const leafNames = new Set([
  'TRNTYPE',
  'DTPOSTED',
  'DTUSER',
  'DTAVAIL',
  'TRNAMT',
  'FITID',
  'CORRECTFITID',
  'CORRECTACTION',
  'SRVRTID',
  'CHECKNUM',
  'REFNUM',
  'SIC',
  'PAYEEID',
  'NAME',
  'EXTDNAME',
  'MEMO',
  'INV401KSOURCE',
  'CURDEF',
  'BANKID',
  'BRANCHID',
  'ACCTID',
  'ACCTTYPE',
  'ACCTKEY',
  'DTSTART',
  'DTEND',
  'BALAMT',
  'DTASOF',
  'CODE',
  'SEVERITY',
  'MESSAGE',
  'DTSERVER',
  'LANGUAGE',
  'DTPROFUP',
  'DTACCTUP',
  'ORG',
  'FID',
  'TRNUID',
  'CURSYM',
  'CURRATE',
])

/** Deeper than any OFX aggregate nests (about 8); a file nesting further is not a statement. */
const depthMax = 32

const ofxFail = (message: string) => fail('INVALID_BANK_FILE', message, 'file')

export function readOfxTree(text: string): Result<OfxElement> {
  const start = ofxStart(text)
  if (start < 0) return ofxFail('The file has no <OFX> element.')
  const root: OfxElement = { name: '', value: undefined, children: [], line: 0 }
  const open: OfxElement[] = [root]
  let line = lineAt(text, start)
  let at = start
  // Counted as the tree grows, so a file past a limit is refused before the rest is built.
  let elementCount = 0
  let transactionCount = 0
  while (at < text.length) {
    const tagStart = text.indexOf('<', at)
    const textEnd = tagStart < 0 ? text.length : tagStart
    const between = text.slice(at, textEnd)
    line += countNewlines(between)
    const value = between.trim()
    if (value !== '') {
      const current = open[open.length - 1] as OfxElement
      if (current === root || current.children.length > 0 || current.value !== undefined) {
        return ofxFail(`Line ${line}: text "${clip(value)}" outside any element.`)
      }
      current.value = decodeEntities(value)
    }
    if (tagStart < 0) break
    const tagEnd = text.indexOf('>', tagStart)
    if (tagEnd < 0) return ofxFail(`Line ${line}: a tag is not closed (the file may be cut short).`)
    const tag = text.slice(tagStart + 1, tagEnd)
    at = tagEnd + 1
    // Processing instructions, comments and declarations carry nothing a statement needs.
    if (tag.startsWith('?') || tag.startsWith('!')) {
      line += countNewlines(tag)
      continue
    }
    const closing = tag.startsWith('/')
    const name = (closing ? tag.slice(1) : tag).trim()
    if (!/^[A-Za-z][A-Za-z0-9._]{0,63}$/.test(name))
      return ofxFail(`Line ${line}: <${clip(tag)}> is not an OFX tag.`)
    const upper = name.toUpperCase()
    // An open leaf (it has a value, or is a leaf by name) is closed by whatever tag comes next.
    const top = open[open.length - 1] as OfxElement
    const isLeaf = top.value !== undefined || (top.children.length === 0 && leafNames.has(top.name))
    if (top !== root && isLeaf && !(closing && top.name === upper)) open.pop()
    if (closing) {
      const index = findOpen(open, upper)
      if (index < 0) return ofxFail(`Line ${line}: </${name}> closes an element that is not open.`)
      open.length = index
      if (open.length === 1) break
      continue
    }
    if (open.length > depthMax) return ofxFail(`Line ${line}: elements nest deeper than ${depthMax}.`)
    elementCount += 1
    if (elementCount > limits.statementElementsMax) return tooManyElements('elements')
    if (upper === 'STMTTRN' && ++transactionCount > limits.rowsPerImportMax) return tooManyFileRows()
    const element: OfxElement = { name: upper, value: undefined, children: [], line }
    ;(open[open.length - 1] as OfxElement).children.push(element)
    open.push(element)
  }
  const ofx = root.children[0]
  if (ofx?.name !== 'OFX') return ofxFail('The file has no <OFX> element.')
  if (open.length > 1 && !(open.length === 2 && open[1] === ofx)) {
    return ofxFail(
      `The file ends inside <${(open[open.length - 1] as OfxElement).name}>: it may be cut short.`,
    )
  }
  return ok(ofx)
}

/** Where `<OFX>` opens, after the OFX 1 header or the XML prologue. */
function ofxStart(text: string): number {
  const upper = text.slice(0, 64 * 1024).toUpperCase()
  let from = 0
  for (;;) {
    const at = upper.indexOf('<OFX', from)
    if (at < 0) return -1
    const next = upper[at + 4]
    if (next === '>' || next === ' ' || next === '\t' || next === '\r' || next === '\n') return at
    from = at + 4
  }
}

function findOpen(open: OfxElement[], name: string): number {
  for (let i = open.length - 1; i > 0; i--) if ((open[i] as OfxElement).name === name) return i
  return -1
}

function countNewlines(text: string): number {
  let count = 0
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++
  return count
}

function lineAt(text: string, index: number): number {
  return countNewlines(text.slice(0, index)) + 1
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text)

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

/**
 * SGML and XML entities, twice: some banks escape an already escaped value (`&amp;lt;`), and a
 * statement never means the literal text "&lt;".
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return decodeOnce(decodeOnce(text))
}

function decodeOnce(text: string): string {
  let out = ''
  let at = 0
  for (let amp = text.indexOf('&'); amp >= 0; amp = text.indexOf('&', at)) {
    const semi = text.indexOf(';', amp)
    const name = semi > amp && semi - amp <= 10 ? text.slice(amp + 1, semi) : undefined
    const decoded = name === undefined ? undefined : entityValue(name)
    out += text.slice(at, amp)
    if (decoded === undefined) {
      out += '&'
      at = amp + 1
    } else {
      out += decoded
      at = (semi as number) + 1
    }
  }
  return out + text.slice(at)
}

function entityValue(name: string): string | undefined {
  const named = namedEntities[name.toLowerCase()]
  if (named !== undefined) return named
  const code = /^#x[0-9a-f]{1,6}$/i.test(name)
    ? Number.parseInt(name.slice(2), 16)
    : /^#[0-9]{1,7}$/.test(name)
      ? Number.parseInt(name.slice(1), 10)
      : undefined
  // No NUL, surrogates or values past Unicode: Daybook's strings must round-trip exactly.
  if (code === undefined || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
    return undefined
  return String.fromCodePoint(code)
}

/** The first element named `name` below `element`, depth first. */
export function findElement(element: OfxElement, name: string): OfxElement | undefined {
  const pending = [...element.children].reverse()
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.name === name) return next
    for (let i = next.children.length - 1; i >= 0; i--) pending.push(next.children[i] as OfxElement)
  }
  return undefined
}

/** Every element named `name` below `element`, in document order. */
export function findElements(element: OfxElement, name: string): OfxElement[] {
  const found: OfxElement[] = []
  const pending = [...element.children].reverse()
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.name === name) found.push(next)
    else for (let i = next.children.length - 1; i >= 0; i--) pending.push(next.children[i] as OfxElement)
  }
  return found
}

/** A child leaf's value, or undefined. */
export function leaf(element: OfxElement, name: string): string | undefined {
  return element.children.find((child) => child.name === name)?.value
}
