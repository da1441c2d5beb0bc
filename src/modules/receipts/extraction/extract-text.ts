import { createRequire } from 'node:module'
import path from 'node:path'
import { inflateSync, constants as zlibConstants } from 'node:zlib'
import { limits } from '../../../kernel/limits.js'

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

const { pdfPagesAllowedMax, pdfDecodedBytesMax } = limits

/** The document is over one of the caps of extraction; reading it again would not help. */
export class DocumentOverLimit extends Error {
  override name = 'DocumentOverLimit'
}

/**
 * Inflates every FlateDecode stream of the file that is not an image (what pdf.js may decode for
 * text: content, fonts, object streams), counting the bytes, and
 * throws DocumentOverLimit as soon as they pass `decodedBytesMax`. zlib stops at the cap, so the
 * check costs at most the cap in memory; pdf.js, which would inflate a stream whole, never sees
 * a bomb. Streams this cannot parse are left to pdf.js.
 */
export function checkPdfStreams(bytes: Uint8Array, decodedBytesMax = pdfDecodedBytesMax): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const text = buffer.toString('latin1')
  let decodedBytes = 0
  let at = 0
  for (;;) {
    const keyword = text.indexOf('stream', at)
    if (keyword === -1) return
    at = keyword + 6
    if (text.startsWith('end', keyword - 3)) continue
    const eol = text.startsWith('\r\n', at) ? 2 : text[at] === '\n' || text[at] === '\r' ? 1 : -1
    if (eol === -1) continue
    const dataStart = at + eol
    const endstream = text.indexOf('endstream', dataStart)
    const dataEnd = endstream === -1 ? text.length : endstream
    const dictionary = text.slice(Math.max(0, keyword - 4_096, text.lastIndexOf(' obj', keyword)), keyword)
    at = dataEnd
    if (/\/Subtype\s*\/Image\b/.test(dictionary)) continue
    const filters = [...dictionary.matchAll(/\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/g)].at(-1)?.[1]
    if (!filters) continue
    let data: Buffer = buffer.subarray(dataStart, dataEnd)
    for (const filter of filters.match(/\/[A-Za-z0-9]+/g) ?? []) {
      if (filter !== '/FlateDecode' && filter !== '/Fl') break
      try {
        data = inflateSync(data, {
          maxOutputLength: decodedBytesMax - decodedBytes + 1,
          finishFlush: zlibConstants.Z_SYNC_FLUSH,
        })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw decodedTooLarge()
        break
      }
      decodedBytes += data.byteLength
      if (decodedBytes > decodedBytesMax) throw decodedTooLarge()
    }
  }
}

const decodedTooLarge = () =>
  new DocumentOverLimit(
    `The PDF's content decodes to more than ${pdfDecodedBytesMax / (1024 * 1024)} MiB; receipts are far smaller.`,
  )

const require = createRequire(import.meta.url)
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'))

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')
let pdfjs: Promise<PdfJs> | undefined

// Loaded on first use: most callers never read a PDF, and the module is large.
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs')
  return pdfjs
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
    return pages.filter((page) => page !== '').join('\n\n')
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
