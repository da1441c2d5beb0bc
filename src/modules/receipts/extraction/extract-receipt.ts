import { limits } from '../../../kernel/limits.js'
import { fail, ok, type Result } from '../../../kernel/result.js'
import { type ExtractedFields, extractFields, type ReadingContext } from './extract-fields.js'
import { DocumentOverLimit, textFromHtml, textFromPdf } from './extract-text.js'
import { type Ocr, OcrImageError } from './ocr.js'
import { sniffDocument } from './sniff-document.js'

export type ReceiptSource = 'text' | 'html' | 'pdf' | 'image'

export interface ExtractedReceipt extends ExtractedFields {
  source: ReceiptSource
  /** The text the fields were read from (at most `limits.receiptTextLengthMax` characters), for review and search. */
  text: string
}

export type ReceiptInput = { bytes: Uint8Array; contentType: string } | { text: string } | { html: string }

/** The engine itself, or a function that starts it on first need (most receipts are not images). */
export type OcrSource =
  | Pick<Ocr, 'recognize'>
  | (() => Pick<Ocr, 'recognize'> | Promise<Pick<Ocr, 'recognize'>>)

const imageTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/webp',
  'image/x-png',
])
const pdfTypes = new Set(['application/pdf', 'application/x-pdf'])
const htmlTypes = new Set(['text/html', 'application/xhtml+xml'])
const plainTypes = new Set(['text/plain'])

/**
 * Reads vendor, total and date from a receipt. Bad input of any kind is a failure value:
 * `UNSUPPORTED_TYPE` (a kind of document this cannot read), `UNREADABLE_DOCUMENT` (damaged,
 * password-protected, not what its type says, or an image OCR could not get through),
 * `NO_TEXT_FOUND` (readable but without text, such as a scanned PDF) and `DOCUMENT_OVER_LIMIT`
 * (a PDF that decodes to too much or has too many pages). It throws only when the OCR
 * engine itself cannot start, which is a fault of the installation and worth a retry, not of the file.
 * Binary documents go by their bytes when those name a format (PNG, JPEG, WebP, PDF), because
 * attachments are often mislabelled; the declared type decides everything else.
 */
export async function extractReceipt(
  input: ReceiptInput,
  ocr: OcrSource,
  context: ReadingContext = {},
): Promise<Result<ExtractedReceipt>> {
  if ('text' in input) return fromText(input.text, 'text', context)
  if ('html' in input) return fromText(textFromHtml(input.html), 'html', context)
  const { bytes, contentType } = input
  const { type, charset } = parseContentType(contentType)
  const kind = sniffDocument(bytes)
  if (kind === 'pdf') return fromPdf(bytes, context)
  if (kind !== null) return fromImage(bytes, ocr, context)
  if (plainTypes.has(type)) return fromText(decode(bytes, charset), 'text', context)
  if (htmlTypes.has(type)) return fromText(textFromHtml(decode(bytes, charset)), 'html', context)
  if (imageTypes.has(type)) {
    return fail(
      'UNREADABLE_DOCUMENT',
      `The file is declared as ${type} but is not a PNG, JPEG or WebP image.`,
    )
  }
  if (pdfTypes.has(type)) return fail('UNREADABLE_DOCUMENT', 'The file is declared as a PDF but is not one.')
  return fail(
    'UNSUPPORTED_TYPE',
    `Receipts can be PNG, JPEG or WebP images, PDFs, plain text or HTML; this is ${type || 'of no stated type'}.`,
  )
}

function fromText(text: string, source: ReceiptSource, context: ReadingContext): Result<ExtractedReceipt> {
  if (!/[\p{L}\p{N}]/u.test(text)) {
    return fail(
      'NO_TEXT_FOUND',
      source === 'image' ? 'No text was recognized in the image.' : 'The document has no text.',
    )
  }
  return ok({
    ...extractFields(text, { ocr: source === 'image', context }),
    source,
    text: text.slice(0, limits.receiptTextLengthMax),
  })
}

async function fromPdf(bytes: Uint8Array, context: ReadingContext): Promise<Result<ExtractedReceipt>> {
  let text: string
  try {
    text = await textFromPdf(bytes)
  } catch (error) {
    if (error instanceof DocumentOverLimit) return fail('DOCUMENT_OVER_LIMIT', error.message)
    if (error instanceof Error && error.name === 'PasswordException') {
      return fail('UNREADABLE_DOCUMENT', 'The PDF is password-protected.')
    }
    return fail(
      'UNREADABLE_DOCUMENT',
      `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (!/[\p{L}\p{N}]/u.test(text)) {
    return fail(
      'NO_TEXT_FOUND',
      'The PDF has no text layer (it is probably a scan); send the pages as images instead.',
    )
  }
  return fromText(text, 'pdf', context)
}

async function fromImage(
  bytes: Uint8Array,
  source: OcrSource,
  context: ReadingContext,
): Promise<Result<ExtractedReceipt>> {
  const ocr = typeof source === 'function' ? await source() : source
  try {
    return fromText(await ocr.recognize(bytes), 'image', context)
  } catch (error) {
    if (error instanceof OcrImageError) return fail('UNREADABLE_DOCUMENT', error.message)
    throw error
  }
}

function parseContentType(contentType: string): { type: string; charset: string | null } {
  const [essence = '', ...parameters] = contentType.split(';')
  let charset: string | null = null
  for (const parameter of parameters) {
    const match = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(parameter)
    if (match?.[1]) charset = match[1]
  }
  return { type: essence.trim().toLowerCase(), charset }
}

/** Text in its declared charset; undeclared text that is not UTF-8 is taken as Windows-1252, the usual other. */
function decode(bytes: Uint8Array, charset: string | null): string {
  if (charset) {
    try {
      return new TextDecoder(charset).decode(bytes)
    } catch {
      // An unknown label is no reason to refuse the text.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}
