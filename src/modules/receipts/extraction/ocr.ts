import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import Tesseract from 'tesseract.js'
import { limits } from '../../../kernel/limits.js'
import { imageSize, sniffDocument } from './sniff-document.js'

export interface Ocr {
  /** The text of a PNG, JPEG or WebP image; rejects with OcrImageError when the image cannot be read. */
  recognize(image: Uint8Array): Promise<string>
  close(): Promise<void>
}

export interface OcrOptions {
  /** Where tesseract may keep files; a directory under the data dir in production. */
  cacheDir?: string
  /** Per image; a stuck or crashed engine is replaced by a fresh one on the next call. */
  timeoutMs?: number
}

/** The image itself is the problem (not an image, damaged, too large, too slow to read). */
export class OcrImageError extends Error {
  override name = 'OcrImageError'
}

const require = createRequire(import.meta.url)

/**
 * Every file tesseract.js would otherwise download, as installed paths. Left to its defaults it
 * fetches eng.traineddata from cdn.jsdelivr.net; with a local langPath it reads the file instead.
 * The LSTM-only integer model (4.0.0_best_int) is the one tesseract.js itself uses for OEM
 * LSTM_ONLY; the 4.0.0 folder adds the legacy engine's data, which this engine does not load. In
 * Node the worker script and the wasm core are loaded with require() from node_modules
 * (tesseract.js/src/worker-script/node, tesseract.js-core), so corePath plays no part.
 */
export function ocrPaths(cacheDir = path.join(os.tmpdir(), 'daybook-ocr')) {
  const languageRoot = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'))
  return {
    langPath: path.join(languageRoot, '4.0.0_best_int'),
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
    cachePath: cacheDir,
  }
}

export function createOcr(options: OcrOptions = {}): Ocr {
  const paths = ocrPaths(options.cacheDir)
  const timeoutMs = options.timeoutMs ?? limits.ocrImageTimeoutMs
  // Fail at wiring time, not on the first receipt, when the language data is missing.
  const trainedData = path.join(paths.langPath, 'eng.traineddata.gz')
  if (!existsSync(trainedData)) throw new Error(`OCR language data is missing: ${trainedData}`)

  let engine: Promise<Engine> | null = null
  let queue: Promise<unknown> = Promise.resolve()
  let closed = false

  const currentEngine = (): Promise<Engine> => {
    if (!engine) {
      const starting = startEngine(paths)
      engine = starting
      starting.catch(() => {
        if (engine === starting) engine = null
      })
    }
    return engine
  }

  const discard = async (stale: Engine) => {
    if (engine && (await engine.catch(() => null)) === stale) engine = null
    await stale.worker.terminate().catch(() => undefined)
  }

  const read = async (image: Uint8Array): Promise<string> => {
    checkImage(image)
    const current = await currentEngine()
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new OcrImageError(`OCR did not finish within ${timeoutMs / 1000} s.`)),
        timeoutMs,
      )
    })
    try {
      const result = await Promise.race([current.worker.recognize(image), timedOut, current.died])
      return result.data.text
    } catch (error) {
      if (error instanceof OcrImageError || current.isDead()) {
        await discard(current)
        throw error instanceof OcrImageError ? error : new OcrImageError(describe(error))
      }
      // tesseract.js rejects a job with a bare string such as "Error: Error attempting to read image."
      throw new OcrImageError(`The image could not be read: ${describe(error)}`)
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    recognize(image) {
      if (closed) return Promise.reject(new Error('The OCR engine is closed.'))
      // One image at a time: the engine is single-threaded, and a timeout must only stop its own image.
      const job = queue.then(() => read(image))
      queue = job.catch(() => undefined)
      return job
    },
    async close() {
      closed = true
      await queue
      const current = engine
      engine = null
      if (current) await (await current.catch(() => null))?.worker.terminate()
    },
  }
}

interface Engine {
  worker: Tesseract.Worker
  /** Rejects when the worker thread dies (a wasm abort, out of memory). */
  died: Promise<never>
  isDead(): boolean
}

async function startEngine(paths: ReturnType<typeof ocrPaths>): Promise<Engine> {
  let failStart: (reason: Error) => void = () => undefined
  const startFailed = new Promise<never>((_, reject) => {
    failStart = reject
  })
  startFailed.catch(() => undefined)
  const timer = setTimeout(
    () => failStart(new Error(`OCR engine did not start within ${limits.ocrStartTimeoutMs / 1000} s.`)),
    limits.ocrStartTimeoutMs,
  )
  try {
    const worker = await Promise.race([
      Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
        ...paths,
        // The shipped file is eng.traineddata.gz. It is read from node_modules on every start:
        // unzipping 3 MB costs less than nothing measurable, and no cache file can go stale or be
        // half-written by two processes starting at once.
        gzip: true,
        cacheMethod: 'none',
        logger: () => undefined,
        // Without a handler tesseract.js throws job failures from an event listener, which would
        // crash the process; a failure while starting only reaches us through here.
        errorHandler: (reason: unknown) =>
          failStart(new Error(`OCR engine failed to start: ${describe(reason)}`)),
      }),
      startFailed,
    ])
    // Tesseract prints resolution estimates and image warnings to stdout; they belong nowhere.
    await worker.setParameters({ debug_file: '/dev/null' })
    return watch(worker)
  } finally {
    clearTimeout(timer)
  }
}

function watch(worker: Tesseract.Worker): Engine {
  let dead = false
  const thread = (worker as Tesseract.Worker & { worker?: NodeJS.EventEmitter }).worker
  const died = new Promise<never>((_, reject) => {
    thread?.once('error', (error: unknown) => {
      dead = true
      reject(new OcrImageError(`The OCR engine failed on this image: ${describe(error)}`))
    })
    thread?.once('exit', () => {
      dead = true
      reject(new OcrImageError('The OCR engine stopped while reading this image.'))
    })
  })
  died.catch(() => undefined)
  return { worker, died, isDead: () => dead }
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
