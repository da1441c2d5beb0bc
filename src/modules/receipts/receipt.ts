import { addDays, type CalendarDate } from '../../kernel/calendar-date.js'
import { limits } from '../../kernel/limits.js'
import type { AuditChange } from '../audit/audit-port.js'
import type { FileKind } from '../files/files-port.js'

// The pure rules of receipts: what files are accepted, and which event a receipt belongs to.

export const receiptStatuses = ['draft', 'processed', 'reviewed', 'rejected'] as const
export type ReceiptStatus = (typeof receiptStatuses)[number]

/**
 * Where reading a receipt's document stands, apart from its review status: pending (waiting for
 * or being read), done (at least one field found), nothing_found (read, but no total, date or
 * merchant in it), failed (the document could not be read, or reading gave up after retries).
 */
export const extractionStatuses = ['pending', 'done', 'nothing_found', 'failed'] as const
export type ExtractionStatus = (typeof extractionStatuses)[number]

export const receiptSources = ['web_upload', 'email', 'sms', 'mailbox_scan', 'cloud_drive'] as const
export type ReceiptSource = (typeof receiptSources)[number]

/**
 * The file's type from its first bytes, never from what the client claims: JPEG, PNG, WebP,
 * HEIC and PDF are receipts; anything else is refused.
 */
export function sniffFileKind(bytes: Uint8Array): FileKind | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' }
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return { contentType: 'image/png', extension: 'png' }
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
    return { contentType: 'image/webp', extension: 'webp' }
  if (
    ascii(4, 8) === 'ftyp' &&
    ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(ascii(8, 12))
  ) {
    return { contentType: 'image/heic', extension: 'heic' }
  }
  if (ascii(0, 5) === '%PDF-') return { contentType: 'application/pdf', extension: 'pdf' }
  return undefined
}

const receiptContentTypes = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
])

/** Uploads hold bank statement files too; only these can become receipts. */
export const isReceiptContentType = (contentType: string): boolean => receiptContentTypes.has(contentType)

/** Whether a field read with this confidence may take part in matching (below it, a person confirms it). */
export const confidentEnough = (confidence: number | null): boolean =>
  confidence !== null && confidence >= limits.receiptFieldConfidenceMatchMin

/** DESIGN 5.9: an event dated from 3 days before to 7 days after the receipt can be its match. */
export function matchWindow(receiptDate: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  return { from: addDays(receiptDate, -3), to: addDays(receiptDate, 7) }
}

export const extractReceiptJob = 'extract_receipt'

/** A receipt's step as the audit trail and the event feed tell it: `receipt.<verb>`. */
export const receiptChange = (
  verb: string,
  receiptId: string,
  before: unknown,
  after: unknown,
): AuditChange => ({
  operation: `receipt.${verb}`,
  entityType: 'receipt',
  entityId: receiptId,
  before,
  after,
})
