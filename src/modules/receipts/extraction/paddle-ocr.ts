import { availableParallelism } from 'node:os'
import { limits } from '../../../kernel/limits.js'
import { type Ocr, OcrImageError } from './ocr.js'
import { imageSize, sniffDocument } from './sniff-document.js'

// PaddleOCR's PP-OCRv4 detection and recognition models, run on onnxruntime-node through
// @gutenye/ocr-node (docs/decisions/0041-receipt-ocr-engine.md). The models ship inside the npm
// packages, so nothing is fetched at run time. The package's opencv.js build installs
// process-wide handlers for uncaught errors when it loads, which is why only the process that
// reads documents may import this module, and why it is imported lazily there.

export interface PaddleOcrOptions {
  /** Per image; an engine that ran out of time is replaced by a fresh one on the next call. */
  timeoutMs?: number
}

interface PaddleEngine {
  detect(image: Buffer): Promise<Array<{ text: string; mean: number }>>
}

export function createPaddleOcr(options: PaddleOcrOptions = {}): Ocr {
  const timeoutMs = options.timeoutMs ?? limits.ocrImageTimeoutMs
  let engine: Promise<PaddleEngine> | null = null
  let queue: Promise<unknown> = Promise.resolve()
  let closed = false

  const currentEngine = (): Promise<PaddleEngine> => {
    if (!engine) {
      const starting = startEngine()
      engine = starting
      starting.catch(() => {
        if (engine === starting) engine = null
      })
    }
    return engine
  }

  const read = async (image: Uint8Array): Promise<string> => {
    checkImage(image)
    const prepared = await prepareImage(image)
    const current = await currentEngine()
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new OcrImageError(`OCR did not finish within ${timeoutMs / 1000} s.`)),
        timeoutMs,
      )
    })
    try {
      const lines = await Promise.race([current.detect(prepared), timedOut])
      return lines.map((line) => line.text).join('\n')
    } catch (error) {
      // The inference itself cannot be interrupted; the process that reads documents is ended by
      // its own caps when it overruns, so a fresh engine is all that is left to arrange here.
      if (error instanceof OcrImageError) {
        engine = null
        throw error
      }
      throw new OcrImageError(`The image could not be read: ${describe(error)}`)
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    recognize(image) {
      if (closed) return Promise.reject(new Error('The OCR engine is closed.'))
      // One image at a time: the sessions run on one thread, and a timeout must only stop its own image.
      const job = queue.then(() => read(image))
      queue = job.catch(() => undefined)
      return job
    },
    async close() {
      closed = true
      await queue
      engine = null
    },
  }
}

async function startEngine(): Promise<PaddleEngine> {
  const { default: Ocr } = await import('@gutenye/ocr-node')
  // The reading process runs niced beside the server, so its threads take only cores the server
  // leaves idle; without spinning, a thread that finds no core free waits instead of burning one.
  const onnxOptions = {
    intraOpNumThreads: Math.max(1, Math.min(limits.ocrThreadsMax, availableParallelism())),
    interOpNumThreads: 1,
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  }
  const ocr = await Ocr.create({ onnxOptions } as Parameters<typeof Ocr.create>[0])
  return {
    detect: (image) =>
      ocr.detect(image as unknown as string, { onnxOptions } as Parameters<typeof ocr.detect>[1]),
  }
}

/**
 * What the models read best, measured on real scans: the paper without the table or scanner bed
 * around it, grey levels stretched over the whole range, and a width of about 800 pixels, where
 * a till slip's characters are the height the recognition model was trained on. A larger image
 * costs more time and memory and reads no better; a smaller one loses small print.
 */
async function prepareImage(image: Uint8Array): Promise<Buffer> {
  const { default: sharp } = await import('sharp')
  const open = () => sharp(image, { limitInputPixels: limits.ocrImagePixelsMax }).rotate()
  try {
    const upright = await open().flatten({ background: '#ffffff' }).toBuffer({ resolveWithObject: true })
    const crop = await paperRegion(upright.data, upright.info)
    const paper = crop ? sharp(upright.data).extract(crop) : sharp(upright.data)
    return await paper
      .grayscale()
      .normalize()
      .resize({ width: limits.ocrImageWidthPixels })
      // Three channels again: the engine reads the image as RGBA.
      .toColourspace('srgb')
      .png({ compressionLevel: 1 })
      .toBuffer()
  } catch (error) {
    throw new OcrImageError(`The image could not be read: ${describe(error)}`)
  }
}

// The paper is found on a small copy of the scan, where a median filter has wiped out the specks
// of dust and noise that would otherwise stretch the box to the edges of the scanner bed.
const probeWidthPixels = 600
const probeMarginPixels = 12
// A crop that keeps most of the image gains nothing and risks cutting faint print at its edges.
const cropAreaShareMax = 0.7

async function paperRegion(
  image: Buffer,
  size: { width: number; height: number },
): Promise<{ left: number; top: number; width: number; height: number } | null> {
  const { default: sharp } = await import('sharp')
  const small = await sharp(image)
    .greyscale()
    .resize({ width: probeWidthPixels })
    .median(5)
    .threshold(200)
    .toBuffer({ resolveWithObject: true })
  const trimmed = await sharp(small.data)
    .trim({ threshold: 50 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => null)
  if (!trimmed) return null
  const { trimOffsetLeft = 0, trimOffsetTop = 0 } = trimmed.info
  const share = (trimmed.info.width * trimmed.info.height) / (small.info.width * small.info.height)
  if (share > cropAreaShareMax || trimmed.info.width < probeMarginPixels) return null
  const scale = size.width / small.info.width
  const left = Math.min(
    size.width - 1,
    Math.max(0, Math.round((-trimOffsetLeft - probeMarginPixels) * scale)),
  )
  const top = Math.min(size.height - 1, Math.max(0, Math.round((-trimOffsetTop - probeMarginPixels) * scale)))
  const width = Math.round((trimmed.info.width + 2 * probeMarginPixels) * scale)
  const height = Math.round((trimmed.info.height + 2 * probeMarginPixels) * scale)
  return {
    left,
    top,
    width: Math.max(1, Math.min(size.width - left, width)),
    height: Math.max(1, Math.min(size.height - top, height)),
  }
}

function checkImage(image: Uint8Array): void {
  const kind = sniffDocument(image)
  if (kind === null || kind === 'pdf') throw new OcrImageError('The file is not a PNG, JPEG or WebP image.')
  const size = imageSize(image, kind)
  if (!size) throw new OcrImageError(`The ${kind.toUpperCase()} image is damaged.`)
  if (size.width * size.height > limits.ocrImagePixelsMax) {
    throw new OcrImageError(
      `The image is too large to read (${size.width}x${size.height} pixels, at most ${limits.ocrImagePixelsMax / 1_000_000} megapixels).`,
    )
  }
}

function describe(reason: unknown): string {
  const text = reason instanceof Error ? reason.message : String(reason)
  return text.replace(/^(?:Error: )+/, '')
}
