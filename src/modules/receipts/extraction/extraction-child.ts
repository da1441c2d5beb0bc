import type { Failure } from '../../../kernel/result.js'
import type { FieldConfidence, ReadingContext } from './extract-fields.js'
import { extractReceipt } from './extract-receipt.js'
import type { Ocr } from './ocr.js'
import { createPaddleOcr } from './paddle-ocr.js'

// The process that reads documents for the server (see extraction-process.ts). It answers one
// request at a time over IPC; whatever a document does to it (memory, time, a crash) ends here.
// It is also the only process that loads the OCR engine, whose native libraries install
// process-wide handlers of their own (docs/decisions/0041-receipt-ocr-engine.md).

export interface ExtractionRequest {
  id: number
  bytes: Uint8Array
  contentType: string
  context: ReadingContext
}

export type ExtractionReply =
  | {
      id: number
      read:
        | {
            ok: true
            value: {
              vendorName: string | null
              amountMinor: bigint | null
              currency: string
              receiptDate: string | null
              taxMinor: bigint | null
              supplierBusinessNumber: string | null
              confidence: FieldConfidence
            }
          }
        | { ok: false; error: Failure }
    }
  | { id: number; thrown: string }
  | { id: number; started: true }

const [, ocrTimeoutMs] = process.argv.slice(2)
let ocr: Ocr | undefined
const lazyOcr = () => {
  ocr ??= createPaddleOcr(ocrTimeoutMs ? { timeoutMs: Number(ocrTimeoutMs) } : {})
  return ocr
}

process.on('message', async (request: ExtractionRequest) => {
  // The document's time starts now, not while this process was still loading its code.
  process.send?.({ id: request.id, started: true } satisfies ExtractionReply)
  let reply: ExtractionReply
  try {
    const read = await extractReceipt(
      { bytes: request.bytes, contentType: request.contentType },
      lazyOcr,
      request.context,
    )
    reply = read.ok
      ? {
          id: request.id,
          read: {
            ok: true,
            value: {
              vendorName: read.value.vendorName,
              amountMinor: read.value.amountMinor,
              currency: read.value.currency,
              receiptDate: read.value.receiptDate,
              taxMinor: read.value.taxMinor,
              supplierBusinessNumber: read.value.supplierBusinessNumber,
              confidence: read.value.confidence,
            },
          },
        }
      : { id: request.id, read: { ok: false, error: { code: read.error.code, message: read.error.message } } }
  } catch (error) {
    reply = { id: request.id, thrown: error instanceof Error ? error.message : String(error) }
  }
  process.send?.(reply)
})

// The server closing its end (or dying) ends this process too.
process.on('disconnect', () => {
  void (ocr ? ocr.close() : Promise.resolve()).finally(() => process.exit(0))
})
