import { type ExtractionCaps, ExtractionProcess } from './extraction/extraction-process.js'
import type { ReceiptReader } from './receipt-service.js'

/**
 * Reads stored receipt documents offline, in a process of their own (extraction-process.ts), so
 * that no document, however hostile, costs the server its memory or its event loop. The OCR
 * engine in that process is started on the first image and kept while the process lives,
 * because starting one costs far more than reading a receipt.
 */
export function createReceiptReader(options: {
  cacheDir: string
  caps: ExtractionCaps
}): ReceiptReader & { close(): Promise<void> } {
  const process = new ExtractionProcess(options)
  return {
    read: (input) => process.read(input),
    close: () => process.close(),
  }
}
