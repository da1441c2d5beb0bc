import { extractReceipt } from './extraction/extract-receipt.js'
import { createOcr, type Ocr } from './extraction/ocr.js'
import type { ReceiptReader } from './receipt-service.js'

/**
 * Reads stored receipt documents offline. The OCR engine is started on the first image and kept
 * for the life of the process, because starting one costs far more than reading a receipt.
 */
export function createReceiptReader(options: {
  cacheDir: string
}): ReceiptReader & { close(): Promise<void> } {
  let ocr: Promise<Ocr> | undefined
  const lazyOcr = () => {
    ocr ??= Promise.resolve(createOcr({ cacheDir: options.cacheDir }))
    return ocr
  }
  return {
    async read(input) {
      return extractReceipt(input, lazyOcr)
    },
    async close() {
      if (ocr) await (await ocr).close()
    },
  }
}
