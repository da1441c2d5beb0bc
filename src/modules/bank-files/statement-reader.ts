import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { limits } from '../../kernel/limits.js'
import type { Result } from '../../kernel/result.js'
import type { ReadStatementJob, ReadStatementOutcome } from './read-statement-job.js'
import { fileFail, sizeRefusal } from './statement-file.js'

/** What reading one statement file may cost, and how many are read at once. */
export interface StatementReaderCaps {
  /** Heap of the thread that reads one file. */
  memoryMb: number
  /** Wall-clock time for one file, from the moment its thread takes it. */
  timeoutMs: number
  concurrent: number
}

export interface StatementReading {
  result: Result<ReadStatementOutcome>
  /** The refusal is for the file's size, whatever it is read with: the upload is remembered refused. */
  sizeRefusal: boolean
}

export type StatementReaderReply = { started: true } | StatementReading

const defaultCaps: StatementReaderCaps = {
  memoryMb: limits.statementReaderMemoryMb,
  timeoutMs: limits.statementReadTimeoutMs,
  concurrent: limits.statementReadersMax,
}

/**
 * A thread's entry that registers tsx before it loads the TypeScript one: a worker's execArgv
 * does not apply `--import` to the thread's own entry.
 */
function typeScriptEntry(script: string): string {
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs')
  const entry = JSON.stringify(pathToFileURL(script).href)
  return `import(${JSON.stringify(pathToFileURL(api).href)}).then((tsx) => { tsx.register(); return import(${entry}) })`
}

// A new thread loads the readers before it takes the file; that time is not the file's, but a
// thread that never gets going is stopped all the same.
const startupMs = 10_000
const youngGenerationMb = 32

/**
 * Reads statement files in worker threads, never on the thread that serves requests: a file of
 * 20 MB read there would hold every tenant's requests for as long as it takes. A thread of its
 * own per file, with a bounded heap and a time cap, ended when the file is read or when it goes
 * over a cap (a refusal, remembered like one for size). Unlike documents, statement files are
 * read by JavaScript alone, whose memory the thread's resourceLimits do bound.
 */
export class StatementReader {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(private readonly caps: StatementReaderCaps = defaultCaps) {}

  async read(job: ReadStatementJob): Promise<StatementReading> {
    await this.turn()
    try {
      return await this.readInThread(job)
    } finally {
      this.running -= 1
      this.waiting.shift()?.()
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.caps.concurrent) {
      this.running += 1
      return Promise.resolve()
    }
    // The slot is handed over by the reader that frees it, so `running` never drops in between.
    return new Promise((resolve) => this.waiting.push(() => resolve()))
  }

  private readInThread(job: ReadStatementJob): Promise<StatementReading> {
    const { memoryMb, timeoutMs } = this.caps
    // The same kind of file as this module: compiled JavaScript in production, TypeScript when
    // the sources run directly (tests).
    const here = fileURLToPath(import.meta.url)
    const extension = path.extname(here)
    const script = path.join(path.dirname(here), `statement-reader-thread${extension}`)
    const worker = new Worker(extension === '.ts' ? typeScriptEntry(script) : script, {
      eval: extension === '.ts',
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: youngGenerationMb },
      stdout: false,
      stderr: false,
    })
    // Like the document reader, a reading thread never keeps the server alive by itself.
    worker.unref()
    return new Promise<StatementReading>((resolve, reject) => {
      let settled = false
      let overCap: StatementReading | undefined
      const settle = (outcome: () => void) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        outcome()
        void worker.terminate()
      }
      const refuse = (message: string): StatementReading => ({
        result: sizeRefusal(fileFail(message)),
        sizeRefusal: true,
      })
      const tooLong = () => {
        overCap = refuse(
          `Reading the file took longer than ${timeoutMs / 1000} s, the most one statement file may take.`,
        )
        settle(() => resolve(overCap as StatementReading))
      }
      let timer = setTimeout(tooLong, startupMs + timeoutMs)
      worker.on('message', (reply: StatementReaderReply) => {
        if ('started' in reply) {
          clearTimeout(timer)
          timer = setTimeout(tooLong, timeoutMs)
          return
        }
        settle(() => resolve(reply))
      })
      worker.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          const refusal = refuse(
            `Reading the file needed more than ${memoryMb} MiB of memory, the most one statement file may use.`,
          )
          settle(() => resolve(refusal))
        } else settle(() => reject(error))
      })
      worker.on('exit', (code) => {
        settle(() =>
          reject(new Error(`The statement reader stopped before it answered (exit code ${code}).`)),
        )
      })
      worker.postMessage(job)
    })
  }
}
