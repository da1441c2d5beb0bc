import { fail, ok, type Result } from '../../kernel/result.js'

// A bank statement file's bytes as text, decoded the way banks send them: strict UTF-8 first (a
// byte-order mark says UTF-8 or UTF-16 outright); when the bytes are not UTF-8, the charset the
// file declares (OFX `CHARSET`, the XML declaration); else windows-1252, the encoding of most
// older bank exports. UTF decoding is strict, so a broken file fails rather than holding U+FFFD.

export interface StatementText {
  text: string
  /** The encoding the text was read in, as reported to the caller. */
  encoding: string
}

const byteOrderMarks: ReadonlyArray<{ bytes: number[]; label: string; name: string }> = [
  { bytes: [0xef, 0xbb, 0xbf], label: 'utf-8', name: 'UTF-8' },
  { bytes: [0xff, 0xfe], label: 'utf-16le', name: 'UTF-16LE' },
  { bytes: [0xfe, 0xff], label: 'utf-16be', name: 'UTF-16BE' },
]

/**
 * Charsets a file may declare, by the spellings OFX headers and XML declarations use. ISO-8859-1
 * is read as windows-1252, as browsers do: files that declare it use the € and quotes of 0x80-0x9F.
 */
const declaredCharsets: ReadonlyMap<string, string> = new Map([
  ['1252', 'windows-1252'],
  ['windows-1252', 'windows-1252'],
  ['cp1252', 'windows-1252'],
  ['8859-1', 'ISO-8859-1'],
  ['iso-8859-1', 'ISO-8859-1'],
  ['latin1', 'ISO-8859-1'],
  ['utf-8', 'UTF-8'],
  ['utf8', 'UTF-8'],
])

/**
 * windows-1252's 0x80-0x9F (the rest is Latin-1). Written out because Node's TextDecoder reads
 * the label as plain Latin-1 and would turn € into a control character.
 */
const windows1252High = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
]

function windows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length)
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number
    units[i] = byte >= 0x80 && byte < 0xa0 ? (windows1252High[byte - 0x80] as number) : byte
  }
  let text = ''
  // fromCharCode takes its units as arguments; chunks keep the argument count small.
  for (let start = 0; start < units.length; start += 8192) {
    text += String.fromCharCode(...units.subarray(start, start + 8192))
  }
  return text
}

/** Where a declaration may sit: the OFX header or an XML declaration, both at the very start. */
const declarationWindowBytes = 1024

const textFail = (message: string) => fail('INVALID_BANK_FILE', message, 'file')

function decode(bytes: Uint8Array, label: string): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return undefined
  }
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte)
}

/** The charset the file's own header declares, read as ASCII from its first bytes. */
function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, declarationWindowBytes)).toString('latin1')
  const ofx = /^\s*CHARSET:\s*([A-Za-z0-9_-]{1,32})\s*$/im.exec(head)
  if (ofx?.[1] && ofx[1].toUpperCase() !== 'NONE') return ofx[1]
  const xml = /<\?xml[^>]{0,200}?encoding\s*=\s*["']([A-Za-z0-9_-]{1,32})["']/i.exec(head)
  return xml?.[1]
}

/** The encodings a CSV import profile may name instead of letting the file's bytes decide. */
export const statementEncodings = ['UTF-8', 'UTF-16LE', 'UTF-16BE', 'windows-1252', 'ISO-8859-1'] as const
export type StatementEncoding = (typeof statementEncodings)[number]

export function statementText(bytes: Uint8Array, encoding?: StatementEncoding | null): Result<StatementText> {
  if (bytes.length === 0) return textFail('The file is empty.')
  if (encoding) return namedText(bytes, encoding)
  for (const mark of byteOrderMarks) {
    if (!startsWith(bytes, mark.bytes)) continue
    const text = decode(bytes, mark.label)
    if (text === undefined) return textFail(`The file starts as ${mark.name} but is not valid ${mark.name}.`)
    return textOf(text, mark.name)
  }
  const utf8 = decode(bytes, 'utf-8')
  if (utf8 !== undefined) return textOf(utf8, 'UTF-8')
  const declared = declaredCharset(bytes)
  if (declared !== undefined) {
    const charset = declaredCharsets.get(declared.toLowerCase())
    if (!charset) return textFail(`The file declares the charset ${declared}, which Daybook does not read.`)
    if (charset === 'UTF-8') return textFail('The file declares UTF-8 but is not valid UTF-8.')
    return textOf(windows1252(bytes), charset)
  }
  return textOf(windows1252(bytes), 'windows-1252')
}

/** The bytes read in the encoding the caller names; a byte-order mark of that encoding is skipped. */
function namedText(bytes: Uint8Array, encoding: StatementEncoding): Result<StatementText> {
  if (encoding === 'windows-1252' || encoding === 'ISO-8859-1') return textOf(windows1252(bytes), encoding)
  const text = decode(bytes, encoding.toLowerCase())
  if (text === undefined) return textFail(`The file is not valid ${encoding}.`)
  return textOf(text, encoding)
}

/**
 * Binary files decode "successfully" in single-byte charsets; control characters give them away.
 * Old DOS exports end with Ctrl-Z, which is dropped.
 */
function textOf(decoded: string, encoding: string): Result<StatementText> {
  let end = decoded.length
  while (end > 0 && decoded.charCodeAt(end - 1) === 0x1a) end--
  const text = decoded.slice(0, end)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point
  const control = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/.exec(text)
  if (control) {
    const line = text.slice(0, control.index).split('\n').length
    return textFail(`The file is not a text file: it holds a control character on line ${line}.`)
  }
  return ok({ text, encoding })
}
