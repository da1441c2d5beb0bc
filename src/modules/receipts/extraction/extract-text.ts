import { createHash } from 'node:crypto'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { limits } from '../../../kernel/limits.js'
import { checkPdfStreams, DocumentOverLimit, decodedTooLarge } from './pdf-streams.js'

// ---------------------------------------------------------------------------------------------
// HTML

// Elements whose boundaries end a line of text as a browser would show it.
// biome-ignore format: names read better packed
const blockElements = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog',
  'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5',
  'h6', 'header', 'hr', 'html', 'legend', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary',
  'table', 'tbody', 'tfoot', 'thead', 'tr', 'ul',
])
// Elements whose content is never shown as text.
// biome-ignore format: names read better packed
const hiddenElements = new Set([
  'script', 'style', 'head', 'title', 'template', 'noscript', 'svg', 'math', 'object', 'iframe', 'select',
])
const cellElements = new Set(['td', 'th'])

// biome-ignore format: names read better packed
const namedEntities: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ensp: ' ', emsp: ' ', thinsp: ' ',
  shy: '', zwnj: '', zwj: '', lrm: '', rlm: '', ndash: '–', mdash: '—', minus: '−', hellip: '…',
  lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»',
  bull: '•', middot: '·', times: '×', divide: '÷', deg: '°', percnt: '%', dollar: '$', num: '#',
  commat: '@', colon: ':', comma: ',', period: '.', sol: '/', lpar: '(', rpar: ')', plus: '+', equals: '=',
  euro: '€', pound: '£', yen: '¥', cent: '¢', curren: '¤', copy: '©', reg: '®', trade: '™', sect: '§',
  para: '¶', ordm: 'º', ordf: 'ª', frac12: '½', frac14: '¼', frac34: '¾', sup2: '²', sup3: '³',
  agrave: 'à', aacute: 'á', acirc: 'â', atilde: 'ã', auml: 'ä', aring: 'å', aelig: 'æ', ccedil: 'ç',
  egrave: 'è', eacute: 'é', ecirc: 'ê', euml: 'ë', igrave: 'ì', iacute: 'í', icirc: 'î', iuml: 'ï',
  ntilde: 'ñ', ograve: 'ò', oacute: 'ó', ocirc: 'ô', otilde: 'õ', ouml: 'ö', oslash: 'ø', oelig: 'œ',
  ugrave: 'ù', uacute: 'ú', ucirc: 'û', uuml: 'ü', yacute: 'ý', yuml: 'ÿ', szlig: 'ß',
  Agrave: 'À', Aacute: 'Á', Acirc: 'Â', Atilde: 'Ã', Auml: 'Ä', Aring: 'Å', AElig: 'Æ', Ccedil: 'Ç',
  Egrave: 'È', Eacute: 'É', Ecirc: 'Ê', Euml: 'Ë', Igrave: 'Ì', Iacute: 'Í', Icirc: 'Î', Iuml: 'Ï',
  Ntilde: 'Ñ', Ograve: 'Ò', Oacute: 'Ó', Ocirc: 'Ô', Otilde: 'Õ', Ouml: 'Ö', Oslash: 'Ø', OElig: 'Œ',
  Ugrave: 'Ù', Uacute: 'Ú', Ucirc: 'Û', Uuml: 'Ü', Yacute: 'Ý', Yuml: 'Ÿ',
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g,
    (whole, dec, hex, name) => {
      if (name !== undefined) return namedEntities[name] ?? whole
      const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex, 16)
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      return valid ? String.fromCodePoint(code) : '\ufffd'
    },
  )
}

interface Tag {
  name: string
  closing: boolean
  selfClosing: boolean
  /** Index just past the tag's `>`. */
  end: number
}

/**
 * Reads the tag that starts at `<`, honouring quoted attribute values that contain `>`. Null when
 * `<` starts no tag ("1 < 2"); 'unterminated' when the tag runs to the end of the input.
 */
function readTag(html: string, at: number): Tag | 'unterminated' | null {
  const nameMatch = /^<(\/?)([A-Za-z][A-Za-z0-9:-]*)/.exec(html.slice(at, at + limits.htmlTagNameLengthMax))
  if (!nameMatch) return null
  let index = at + nameMatch[0].length
  let quote: string | null = null
  while (index < html.length) {
    const char = html[index]
    if (quote) {
      if (char === quote) quote = null
    } else if (char === '"' || char === "'") {
      quote = char
    } else if (char === '>') {
      return {
        name: (nameMatch[2] ?? '').toLowerCase(),
        closing: nameMatch[1] === '/',
        selfClosing: html[index - 1] === '/',
        end: index + 1,
      }
    }
    index++
  }
  return 'unterminated'
}

/**
 * The visible text of an HTML document, one line per block element or `<br>`, table cells of a
 * row on one line. A linear scan rather than a DOM: mail bodies are often broken HTML, and the
 * only goal is text in reading order.
 */
export function textFromHtml(html: string): string {
  const parts: string[] = []
  let preformatted = 0
  let index = 0
  const pushText = (raw: string) => {
    if (raw === '') return
    const spaced = preformatted > 0 ? raw.replace(/\r\n?/g, '\n') : raw.replace(/[ \t\n\r\f]+/g, ' ')
    parts.push(decodeEntities(spaced))
  }
  while (index < html.length) {
    const open = html.indexOf('<', index)
    if (open === -1) {
      pushText(html.slice(index))
      break
    }
    pushText(html.slice(index, open))
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4)
      index = close === -1 ? html.length : close + 3
      continue
    }
    if (html[open + 1] === '!' || html[open + 1] === '?') {
      const close = html.indexOf('>', open)
      index = close === -1 ? html.length : close + 1
      continue
    }
    const tag = readTag(html, open)
    // A browser shows nothing after a tag that never closes; stopping here also keeps the scan linear.
    if (tag === 'unterminated') break
    if (!tag) {
      pushText('<')
      index = open + 1
      continue
    }
    index = tag.end
    if (!tag.closing && !tag.selfClosing && hiddenElements.has(tag.name)) {
      const closer = new RegExp(`</${tag.name}\\s*>`, 'gi')
      closer.lastIndex = index
      const found = closer.exec(html)
      index = found ? found.index + found[0].length : html.length
      continue
    }
    if (tag.name === 'br' || blockElements.has(tag.name)) parts.push('\n')
    else if (cellElements.has(tag.name)) parts.push(' \t ')
    if (tag.name === 'pre' && !tag.selfClosing)
      preformatted = Math.max(0, preformatted + (tag.closing ? -1 : 1))
  }
  return tidyLines(parts.join(''))
}

function tidyLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
}

// ---------------------------------------------------------------------------------------------
// PDF

const { pdfPagesAllowedMax } = limits

export { checkPdfStreams, DocumentOverLimit }

const require = createRequire(import.meta.url)
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'))

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')
let pdfjs: Promise<PdfJs> | undefined

// Loaded on first use: most callers never read a PDF, and the module is large.
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    // pdf.js runs its "worker" in this process when globalThis.pdfjsWorker holds one; this one
    // is pdf.js's own with a cap on what any stream may decode to (see capDecodedStreams).
    const source = await readFile(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'), 'utf8')
    ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(
      pathToFileURL(await cappedWorkerFile(capDecodedStreams(source))).href
    )
    return import('pdfjs-dist/legacy/build/pdf.mjs')
  })()
  return pdfjs
}

/**
 * The patched worker as a file named by its content, written once per machine and version: Node
 * compiles a module from a file many times faster than from a data: URL of the same text.
 */
async function cappedWorkerFile(source: string): Promise<string> {
  const digest = createHash('sha256').update(source).digest('hex').slice(0, 16)
  const file = path.join(tmpdir(), `daybook-pdf.worker-${digest}.mjs`)
  const existing = await readFile(file, 'utf8').catch(() => undefined)
  if (existing === source) return file
  // Written whole under another name first, so a process starting beside this one never imports half.
  const partial = `${file}.${process.pid}.${Date.now()}`
  await writeFile(partial, source)
  await rename(partial, file)
  return file
}

/** Shared with the patched worker: the cap on one stream, and whether a stream of this read hit it. */
interface StreamCap {
  bytesMax: number
  hit: boolean
}
const streamCapKey = 'daybookPdfStreamCap'
const streamCap: StreamCap = { bytesMax: limits.pdfDecodedBytesMax, hit: false }
;(globalThis as Record<string, unknown>)[streamCapKey] = streamCap

// Every decoder of pdf.js grows its output in one of two places: DecodeStream.ensureBuffer (Flate,
// LZW, run-length, the ASCII filters, decryption, predictors) and, for content streams, fonts and
// Brotli, the platform's DecompressionStream. A cap in both holds whatever the pre-check did not
// follow (an encrypted file, an object it could not parse): the stream stops at the cap, and the
// read is refused once pdf.js is done, since pdf.js itself carries on past a failed stream. Once
// one stream hit the cap every later growth stops at once: the document is refused anyway.
const overCap = (size: string) => `    const cap = globalThis.${streamCapKey};
    if (cap && (cap.hit || ${size} > cap.bytesMax)) {
      cap.hit = true;
      throw new Error("A stream decodes to more than the cap.");
    }
`
const decoderPatches = [
  {
    after: `  ensureBuffer(requested) {
    const buffer = this.buffer;
    if (requested <= buffer.byteLength) {
      return buffer;
    }
`,
    insert: overCap('requested'),
  },
  {
    after: `      for await (const chunk of readable) {
        chunks.push(chunk);
        totalLength += chunk.byteLength;
`,
    insert: overCap('totalLength'),
  },
]

function capDecodedStreams(source: string): string {
  let patched = source
  for (const { after, insert } of decoderPatches) {
    const at = patched.indexOf(after)
    if (at === -1 || patched.indexOf(after, at + 1) !== -1) {
      throw new Error('This pdf.js decodes streams where no cap was put; check the installed version.')
    }
    patched = patched.slice(0, at + after.length) + insert + patched.slice(at + after.length)
  }
  // The map sits beside the original, not the copy; without the comment nothing looks for it.
  return patched.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '\n')
}

interface PlacedText {
  text: string
  x: number
  y: number
  width: number
  size: number
}

/**
 * The text layer of every page (up to `limits.pdfPagesReadMax`), items joined into lines by their baseline.
 * Runs in this process: in Node pdf.js uses its in-process "fake" worker, and every resource it
 * could want (character maps, standard fonts, decoders) is read from the installed package, never
 * fetched. Throws pdf.js's own errors (InvalidPDFException, PasswordException) for bad files, and
 * DocumentOverLimit for one that decodes to too much or has too many pages.
 * An image-only (scanned) PDF yields ''.
 */
export async function textFromPdf(bytes: Uint8Array): Promise<string> {
  checkPdfStreams(bytes)
  const { getDocument, VerbosityLevel } = await loadPdfJs()
  // One document at a time per process (the reading process takes them in turn).
  streamCap.hit = false
  const task = getDocument({
    // pdf.js transfers the buffer it is given to its worker, which would empty the caller's array.
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    cMapUrl: resourceDirectory('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: resourceDirectory('standard_fonts'),
    wasmUrl: resourceDirectory('wasm'),
    iccUrl: resourceDirectory('iccs'),
  })
  try {
    const document = await task.promise
    if (document.numPages > pdfPagesAllowedMax) {
      throw new DocumentOverLimit(
        `The PDF has ${document.numPages.toLocaleString('en-US')} pages; receipts may have at most ${pdfPagesAllowedMax}.`,
      )
    }
    const pages: string[] = []
    for (let number = 1; number <= Math.min(document.numPages, limits.pdfPagesReadMax); number++) {
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      const placed: PlacedText[] = []
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue
        const [a = 0, b = 0, , , x = 0, y = 0] = item.transform as number[]
        placed.push({ text: item.str, x, y, width: item.width, size: Math.hypot(a, b) || item.height || 10 })
      }
      pages.push(joinLines(placed))
      page.cleanup()
    }
    if (streamCap.hit) throw decodedTooLarge(streamCap.bytesMax)
    return pages.filter((page) => page !== '').join('\n\n')
  } catch (error) {
    if (streamCap.hit && !(error instanceof DocumentOverLimit)) throw decodedTooLarge(streamCap.bytesMax)
    throw error
  } finally {
    await task.destroy()
  }
}

/** pdf.js reads these with fs in Node; a directory path with a trailing separator is all it needs. */
function resourceDirectory(name: string): string {
  return `${path.join(pdfjsRoot, name)}${path.sep}`
}

// pdf.js hands text out in content-stream order, which for receipts laid out in columns is often
// all labels, then all amounts. Sorting by baseline puts "Total" and "$12.47" back on one line.
function joinLines(items: PlacedText[]): string {
  const sorted = [...items].sort((p, q) => q.y - p.y || p.x - q.x)
  const lines: PlacedText[][] = []
  for (const item of sorted) {
    const line = lines.at(-1)
    const first = line?.[0]
    if (line && first && Math.abs(first.y - item.y) <= Math.max(1, Math.min(first.size, item.size) * 0.4)) {
      line.push(item)
    } else {
      lines.push([item])
    }
  }
  return lines
    .map((line) => {
      let text = ''
      let previousEnd: number | null = null
      for (const item of line.sort((p, q) => p.x - q.x)) {
        const gap = previousEnd === null ? 0 : item.x - previousEnd
        if (
          previousEnd !== null &&
          gap > item.size * 0.15 &&
          !text.endsWith(' ') &&
          !item.text.startsWith(' ')
        ) {
          text += ' '
        }
        text += item.text
        previousEnd = item.x + item.width
      }
      return text.replace(/\s+/g, ' ').trim()
    })
    .filter((line) => line !== '')
    .join('\n')
}
