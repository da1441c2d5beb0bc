import { brotliDecompressSync, inflateRawSync, constants as zlibConstants } from 'node:zlib'
import { limits } from '../../../kernel/limits.js'

// The PDF pre-check: before pdf.js sees a file, every stream pdf.js could decode for text is
// decoded here under a cap. It reads stream dictionaries the way pdf.js's parser does, because
// every difference between the two is a stream pdf.js inflates and this check never saw: the
// line after `stream` may carry spaces, `/Filter` (or `/F`) may be an indirect object, a filter
// array may start with any filter, names may be written with `#xx` escapes, and a filter pdf.js
// does not know passes the data on to the next one unchanged.

/** The document is over one of the caps of extraction; reading it again would not help. */
export class DocumentOverLimit extends Error {
  override name = 'DocumentOverLimit'
}

type PdfValue =
  | { kind: 'name'; name: string }
  | { kind: 'number'; value: number }
  | { kind: 'ref'; num: number; gen: number }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'dict'; entries: Map<string, PdfValue> }
  | { kind: 'other' }

// PDF whitespace and delimiters (ISO 32000-1, 7.2.2), as pdf.js's lexer classes them.
const whitespace = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20])
const delimiters = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25])
const isRegular = (byte: number | undefined) =>
  byte !== undefined && !whitespace.has(byte) && !delimiters.has(byte)

// Past this a dictionary is no stream's: the parse gives up and the stream counts as unknown.
const nestingMax = 64
const itemsMax = 10_000
// Indirect objects followed from one filter value: a chain of references never ends a filter.
const referencesFollowedMax = 8
// A filter array longer than this is no real file's; its filters are taken as they come.
const filtersPerStreamMax = 16

class Parser {
  position = 0
  private depth = 0

  constructor(private readonly bytes: Buffer) {}

  skipSpace(): void {
    const { bytes } = this
    while (this.position < bytes.length) {
      const byte = bytes[this.position] as number
      if (whitespace.has(byte)) this.position++
      else if (byte === 0x25) {
        // A comment runs to the end of its line.
        while (this.position < bytes.length && bytes[this.position] !== 0x0a && bytes[this.position] !== 0x0d)
          this.position++
      } else return
    }
  }

  /** The value at the position, or undefined where the bytes are no value this check follows. */
  value(): PdfValue | undefined {
    this.skipSpace()
    const { bytes } = this
    const byte = bytes[this.position]
    if (byte === undefined) return undefined
    if (byte === 0x2f) return this.name()
    if (byte === 0x3c && bytes[this.position + 1] === 0x3c) return this.nested(() => this.dict())
    if (byte === 0x5b) return this.nested(() => this.array())
    if (byte === 0x3c) return this.skipUntil(0x3e)
    if (byte === 0x28) return this.literalString()
    if (byte === 0x2b || byte === 0x2d || byte === 0x2e || (byte >= 0x30 && byte <= 0x39))
      return this.number()
    if (isRegular(byte)) {
      const start = this.position
      while (isRegular(bytes[this.position])) this.position++
      const word = bytes.toString('latin1', start, this.position)
      return word === 'true' || word === 'false' || word === 'null' ? { kind: 'other' } : undefined
    }
    return undefined
  }

  private nested(read: () => PdfValue | undefined): PdfValue | undefined {
    if (this.depth >= nestingMax) return undefined
    this.depth++
    try {
      return read()
    } finally {
      this.depth--
    }
  }

  /** A name with its `#xx` escapes decoded, as pdf.js's lexer reads it. */
  private name(): PdfValue {
    const { bytes } = this
    this.position++
    let name = ''
    while (isRegular(bytes[this.position])) {
      const byte = bytes[this.position] as number
      if (byte === 0x23) {
        const high = hexDigit(bytes[this.position + 1])
        const low = hexDigit(bytes[this.position + 2])
        if (high !== -1 && low !== -1) {
          name += String.fromCharCode((high << 4) | low)
          this.position += 3
          continue
        }
      }
      name += String.fromCharCode(byte)
      this.position++
    }
    return { kind: 'name', name }
  }

  private number(): PdfValue | undefined {
    const { bytes } = this
    const start = this.position
    while (isRegular(bytes[this.position])) this.position++
    const value = Number(bytes.toString('latin1', start, this.position))
    if (!Number.isFinite(value)) return { kind: 'other' }
    // `12 0 R` is a reference: look ahead for the generation and the R, and step back otherwise.
    if (Number.isInteger(value) && value >= 0) {
      const after = this.position
      this.skipSpace()
      const genStart = this.position
      while (bytes[this.position] !== undefined && isDigit(bytes[this.position])) this.position++
      if (this.position > genStart && !isRegular(bytes[this.position])) {
        const gen = Number(bytes.toString('latin1', genStart, this.position))
        this.skipSpace()
        if (bytes[this.position] === 0x52 && !isRegular(bytes[this.position + 1])) {
          this.position++
          return { kind: 'ref', num: value, gen }
        }
      }
      this.position = after
    }
    return { kind: 'number', value }
  }

  private dict(): PdfValue | undefined {
    this.position += 2
    const entries = new Map<string, PdfValue>()
    for (let count = 0; count < itemsMax; count++) {
      this.skipSpace()
      if (this.bytes[this.position] === 0x3e && this.bytes[this.position + 1] === 0x3e) {
        this.position += 2
        return { kind: 'dict', entries }
      }
      if (this.bytes[this.position] !== 0x2f) return undefined
      const key = this.name() as { kind: 'name'; name: string }
      const value = this.value()
      if (value === undefined) return undefined
      // As in pdf.js, a key given twice keeps its last value.
      entries.set(key.name, value)
    }
    return undefined
  }

  private array(): PdfValue | undefined {
    this.position++
    const items: PdfValue[] = []
    for (let count = 0; count < itemsMax; count++) {
      this.skipSpace()
      if (this.bytes[this.position] === 0x5d) {
        this.position++
        return { kind: 'array', items }
      }
      const item = this.value()
      if (item === undefined) return undefined
      items.push(item)
    }
    return undefined
  }

  private literalString(): PdfValue | undefined {
    const { bytes } = this
    let depth = 0
    while (this.position < bytes.length) {
      const byte = bytes[this.position++]
      if (byte === 0x5c) this.position++
      else if (byte === 0x28) depth++
      else if (byte === 0x29 && --depth === 0) return { kind: 'other' }
    }
    return undefined
  }

  private skipUntil(end: number): PdfValue | undefined {
    const found = this.bytes.indexOf(end, this.position)
    if (found === -1) return undefined
    this.position = found + 1
    return { kind: 'other' }
  }
}

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39

function hexDigit(byte: number | undefined): number {
  if (byte === undefined) return -1
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57
  return -1
}

/** Where each indirect object's value starts, the last definition of a number winning (an update's). */
function objectStarts(text: string): { byNumber: Map<string, number>; sorted: number[] } {
  const byNumber = new Map<string, number>()
  const sorted: number[] = []
  for (const match of text.matchAll(
    /(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj(?![^\0\t\n\f\r ()<>[\]{}/%])/g,
  )) {
    const start = match.index + match[0].length
    byNumber.set(`${match[1]} ${match[2]}`, start)
    sorted.push(start)
  }
  return { byNumber, sorted }
}

/** The last value in `sorted` at or below `at`, by bisection. */
function lastAtOrBelow(sorted: number[], at: number): number | undefined {
  let low = 0
  let high = sorted.length - 1
  let found: number | undefined
  while (low <= high) {
    const middle = (low + high) >> 1
    const value = sorted[middle] as number
    if (value <= at) {
      found = value
      low = middle + 1
    } else high = middle - 1
  }
  return found
}

type Decoded = { data: Buffer; over: boolean }

/**
 * Inflates every stream of the file that pdf.js may decode for text (content, fonts, object
 * streams, forms: all but images), through each filter of its chain, counting the bytes, and
 * throws DocumentOverLimit as soon as they pass `decodedBytesMax`. Each decoder stops at the cap,
 * so the check costs at most the cap in memory; pdf.js, which would decode a stream whole, never
 * sees a bomb. What this cannot decode (image codecs, damaged data) is left to pdf.js, whose own
 * decoding is capped per stream as well (extract-text.ts).
 */
export function checkPdfStreams(
  bytes: Uint8Array,
  decodedBytesMax: number = limits.pdfDecodedBytesMax,
): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const text = buffer.toString('latin1')
  const objects = objectStarts(text)
  const parser = new Parser(buffer)
  const valueAt = (start: number): PdfValue | undefined => {
    parser.position = start
    return parser.value()
  }
  const resolve = (value: PdfValue | undefined): PdfValue | undefined => {
    for (let hops = 0; value?.kind === 'ref' && hops < referencesFollowedMax; hops++) {
      const start = objects.byNumber.get(`${value.num} ${value.gen}`)
      value = start === undefined ? undefined : valueAt(start)
    }
    return value?.kind === 'ref' ? undefined : value
  }
  let decodedBytes = 0
  const remaining = () => decodedBytesMax - decodedBytes
  let at = 0
  for (;;) {
    const keyword = text.indexOf('stream', at)
    if (keyword === -1) return
    at = keyword + 6
    if (isRegular(buffer[keyword - 1]) || isRegular(buffer[at])) continue
    const dictionary = dictionaryBefore(keyword)
    // A word that merely ends in "stream" starts no data; the scan goes on right after it.
    if (dictionary === undefined) continue
    // pdf.js skips the rest of the keyword's line, whatever it holds, and the line break.
    let dataStart = at
    while (dataStart < buffer.length && buffer[dataStart] !== 0x0a && buffer[dataStart] !== 0x0d) dataStart++
    if (buffer[dataStart] === 0x0d && buffer[dataStart + 1] === 0x0a) dataStart += 2
    else dataStart++
    const dataEnd = streamEnd(dataStart, dictionary)
    at = Math.max(at, dataEnd)
    const subtype = resolve(dictionary.get('Subtype'))
    if (subtype?.kind === 'name' && subtype.name === 'Image') continue
    const filters = filtersOf(dictionary)
    let data = buffer.subarray(dataStart, dataEnd)
    for (const filter of filters) {
      if (data.byteLength === 0) break
      const decoded = decode(filter.name, data, filter.params, remaining())
      if (decoded === 'not-decoded') break
      if (decoded === 'passed-on') continue
      decodedBytes += decoded.data.byteLength
      if (decoded.over || decodedBytes > decodedBytesMax) throw decodedTooLarge(decodedBytesMax)
      data = decoded.data
    }
  }

  /** The stream's dictionary as pdf.js parses it, or undefined where this check cannot. */
  function dictionaryBefore(keyword: number): Map<string, PdfValue> | undefined {
    const start = lastAtOrBelow(objects.sorted, keyword)
    if (start === undefined) return undefined
    const value = valueAt(start)
    if (value?.kind !== 'dict') return undefined
    parser.skipSpace()
    return parser.position === keyword ? value.entries : undefined
  }

  /** Where pdf.js ends the data: at /Length when `endstream` follows it, else at the first `endstream`. */
  function streamEnd(dataStart: number, dictionary: Map<string, PdfValue> | undefined): number {
    const length = dictionary && resolve(dictionary.get('Length'))
    if (length?.kind === 'number' && Number.isInteger(length.value) && length.value >= 0) {
      const end = dataStart + length.value
      if (end <= buffer.length) {
        parser.position = end
        parser.skipSpace()
        if (text.startsWith('endstream', parser.position)) return end
      }
    }
    const found = /end(?:stream|steam|strea)/g
    found.lastIndex = dataStart
    return found.exec(text)?.index ?? buffer.length
  }

  /** The filter chain of /F or /Filter with its parameters, each name and array item resolved as pdf.js does. */
  function filtersOf(
    dictionary: Map<string, PdfValue>,
  ): Array<{ name: string; params: PdfValue | undefined }> {
    const filter = resolve(dictionary.get('F') ?? dictionary.get('Filter'))
    const params = resolve(dictionary.get('DP') ?? dictionary.get('DecodeParms'))
    if (filter?.kind === 'name') return [{ name: filter.name, params: resolve(params) }]
    if (filter?.kind !== 'array') return []
    const chain: Array<{ name: string; params: PdfValue | undefined }> = []
    for (const [index, item] of filter.items.slice(0, filtersPerStreamMax).entries()) {
      const name = resolve(item)
      // pdf.js gives up on the stream at a filter that is no name.
      if (name?.kind !== 'name') break
      chain.push({
        name: name.name,
        params: params?.kind === 'array' ? resolve(params.items[index]) : undefined,
      })
    }
    return chain
  }
}

/**
 * One filter of a chain applied within `budget` bytes of output: 'passed-on' for a filter pdf.js
 * does not know (it hands the data on unchanged), 'not-decoded' for one this check cannot follow.
 */
function decode(
  name: string,
  data: Buffer,
  params: PdfValue | undefined,
  budget: number,
): Decoded | 'passed-on' | 'not-decoded' {
  switch (name) {
    case 'Fl':
    case 'FlateDecode':
      return inflate(data, budget)
    case 'LZW':
    case 'LZWDecode': {
      const early = params?.kind === 'dict' ? params.entries.get('EarlyChange') : undefined
      return lzwDecode(data, early?.kind === 'number' ? early.value : 1, budget)
    }
    case 'A85':
    case 'ASCII85Decode':
      return ascii85Decode(data, budget)
    case 'AHx':
    case 'ASCIIHexDecode':
      return asciiHexDecode(data, budget)
    case 'RL':
    case 'RunLengthDecode':
      return runLengthDecode(data, budget)
    case 'BrotliDecode':
      return bounded(budget, () => brotliDecompressSync(data, { maxOutputLength: budget + 1 }))
    case 'DCT':
    case 'DCTDecode':
    case 'JPX':
    case 'JPXDecode':
    case 'CCF':
    case 'CCITTFaxDecode':
    case 'JBIG2Decode':
      return 'not-decoded'
    default:
      return 'passed-on'
  }
}

/** Like pdf.js: the zlib header is checked, the trailing checksum is not. */
function inflate(data: Buffer, budget: number): Decoded | 'not-decoded' {
  const cmf = data[0] ?? 0
  const flg = data[1] ?? 0
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) + flg) % 31 !== 0 || flg & 0x20) return 'not-decoded'
  return bounded(budget, () =>
    inflateRawSync(data.subarray(2), {
      maxOutputLength: budget + 1,
      finishFlush: zlibConstants.Z_SYNC_FLUSH,
    }),
  )
}

function bounded(budget: number, run: () => Buffer): Decoded | 'not-decoded' {
  try {
    const data = run()
    return { data, over: data.byteLength > budget }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      return { data: Buffer.alloc(0), over: true }
    return 'not-decoded'
  }
}

/** Collects output up to the budget; `over` once more was asked. */
class Output {
  private readonly chunks: Buffer[] = []
  private current: Buffer
  private used = 0
  length = 0
  over = false

  constructor(private readonly budget: number) {
    this.current = Buffer.alloc(Math.min(64 * 1024, budget + 1))
  }

  push(byte: number): boolean {
    if (this.length >= this.budget) {
      this.over = true
      return false
    }
    if (this.used === this.current.length) {
      this.chunks.push(this.current)
      this.current = Buffer.alloc(Math.min(this.current.length * 2, 16 * 1024 * 1024))
      this.used = 0
    }
    this.current[this.used++] = byte
    this.length++
    return true
  }

  result(): Decoded {
    return { data: Buffer.concat([...this.chunks, this.current.subarray(0, this.used)]), over: this.over }
  }
}

function asciiHexDecode(data: Buffer, budget: number): Decoded {
  const out = new Output(budget)
  let high = -1
  for (const byte of data) {
    if (byte === 0x3e) break
    const digit = hexDigit(byte)
    if (digit === -1) continue
    if (high === -1) high = digit
    else {
      if (!out.push((high << 4) | digit)) break
      high = -1
    }
  }
  if (high !== -1) out.push(high << 4)
  return out.result()
}

function ascii85Decode(data: Buffer, budget: number): Decoded {
  const out = new Output(budget)
  const group: number[] = []
  const flush = (count: number) => {
    let value = 0
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84)
    for (let i = 0; i < count - 1; i++) if (!out.push((value >>> (24 - 8 * i)) & 0xff)) return false
    return true
  }
  for (let i = 0; i < data.length; i++) {
    const byte = data[i] as number
    if (byte === 0x7e) break
    if (whitespace.has(byte)) continue
    if (byte === 0x7a && group.length === 0) {
      let zeros = true
      for (let k = 0; k < 4 && zeros; k++) zeros = out.push(0)
      if (!zeros) break
      continue
    }
    if (byte < 0x21 || byte > 0x75) continue
    group.push(byte - 0x21)
    if (group.length === 5) {
      if (!flush(5)) break
      group.length = 0
    }
  }
  if (group.length > 1 && !out.over) flush(group.length)
  return out.result()
}

function runLengthDecode(data: Buffer, budget: number): Decoded {
  const out = new Output(budget)
  let i = 0
  while (i < data.length) {
    const length = data[i++] as number
    if (length === 128) break
    if (length < 128) {
      for (let k = 0; k <= length && i < data.length; k++)
        if (!out.push(data[i++] as number)) return out.result()
    } else {
      const byte = data[i++]
      if (byte === undefined) break
      for (let k = 0; k < 257 - length; k++) if (!out.push(byte)) return out.result()
    }
  }
  return out.result()
}

/** LZW as PDF uses it (ISO 32000-1, 7.4.4), with its EarlyChange parameter. */
function lzwDecode(data: Buffer, earlyChange: number, budget: number): Decoded {
  const out = new Output(budget)
  const prefix = new Int32Array(4096)
  const suffix = new Uint8Array(4096)
  for (let code = 0; code < 256; code++) {
    suffix[code] = code
    prefix[code] = -1
  }
  let next = 258
  let width = 9
  let previous = -1
  let bitBuffer = 0
  let bitCount = 0
  const stack = new Uint8Array(4096)
  const emit = (code: number): number => {
    let depth = 0
    let walk = code
    while (walk >= 0 && depth < stack.length) {
      stack[depth++] = suffix[walk] as number
      walk = prefix[walk] as number
    }
    for (let k = depth - 1; k >= 0; k--) if (!out.push(stack[k] as number)) return -1
    return stack[depth - 1] as number
  }
  for (const byte of data) {
    bitBuffer = ((bitBuffer << 8) | byte) >>> 0
    bitCount += 8
    while (bitCount >= width) {
      const code = (bitBuffer >>> (bitCount - width)) & ((1 << width) - 1)
      bitCount -= width
      if (code === 256) {
        next = 258
        width = 9
        previous = -1
        continue
      }
      if (code === 257) return out.result()
      let first: number
      if (code < next) {
        first = emit(code)
        if (first === -1) return out.result()
        if (previous !== -1 && next < 4096) {
          prefix[next] = previous
          suffix[next] = first
          next++
        }
      } else if (code === next && previous !== -1) {
        const head = emit(previous)
        if (head === -1 || !out.push(head)) return out.result()
        if (next < 4096) {
          prefix[next] = previous
          suffix[next] = head
          next++
        }
      } else return out.result()
      previous = code
      if (next + earlyChange >= 1 << width && width < 12) width++
    }
    bitBuffer &= (1 << bitCount) - 1
  }
  return out.result()
}

export const decodedTooLarge = (decodedBytesMax: number) =>
  new DocumentOverLimit(
    `The PDF's content decodes to more than ${decodedBytesMax / (1024 * 1024)} MiB; receipts are far smaller.`,
  )
