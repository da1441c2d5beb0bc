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
/** How long a thread that has read a file waits for the next before it ends. */
const idleThreadMs = 30_000

/**
 * Drops this module's listeners. Not `removeAllListeners()`: the Worker's own listeners keep its
 * message port referenced while someone listens, and a port left without them stops delivering.
 */
function forget(worker: Worker): void {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event)
}

interface ReaderThread {
  worker: Worker
  idleTimer?: NodeJS.Timeout
}

/**
 * Reads statement files in worker threads, never on the thread that serves requests: a file of
 * 20 MB read there would hold every tenant's requests for as long as it takes. Each thread has a
 * bounded heap and reads one file at a time under a time cap; a file over either cap ends its
 * thread (a refusal, remembered like one for size). A thread that answered waits a while for the
 * next file, so a run of imports does not pay for loading the readers each time. Unlike
 * documents, statement files are read by JavaScript alone, whose memory the thread's
 * resourceLimits do bound.
 */
export class StatementReader {
  private running = 0
  private readonly waiting: Array<() => void> = []
  private readonly idle: ReaderThread[] = []
  private closed = false
  private started = 0

  constructor(private readonly caps: StatementReaderCaps = defaultCaps) {}

  /** Threads started so far: a thread that answered takes the next file rather than a new one. */
  get threadsStarted(): number {
    return this.started
  }

  async read(job: ReadStatementJob): Promise<StatementReading> {
    await this.turn()
    try {
      return await this.readInThread(job)
    } finally {
      this.running -= 1
      this.waiting.shift()?.()
    }
  }

  /** Ends the threads waiting for a file; readings under way finish on their own. */
  async close(): Promise<void> {
    this.closed = true
    const threads = this.idle.splice(0)
    await Promise.all(threads.map((thread) => this.end(thread)))
  }

  private turn(): Promise<void> {
    if (this.running < this.caps.concurrent) {
      this.running += 1
      return Promise.resolve()
    }
    // The slot is handed over by the reader that frees it, so `running` never drops in between.
    return new Promise((resolve) => this.waiting.push(() => resolve()))
  }

  private thread(): ReaderThread {
    const warm = this.idle.pop()
    if (warm) {
      clearTimeout(warm.idleTimer)
      forget(warm.worker)
      return warm
    }
    // The same kind of file as this module: compiled JavaScript in production, TypeScript when
    // the sources run directly (tests).
    const here = fileURLToPath(import.meta.url)
    const extension = path.extname(here)
    const script = path.join(path.dirname(here), `statement-reader-thread${extension}`)
    const worker = new Worker(extension === '.ts' ? typeScriptEntry(script) : script, {
      eval: extension === '.ts',
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: this.caps.memoryMb,
        maxYoungGenerationSizeMb: youngGenerationMb,
      },
      stdout: false,
      stderr: false,
    })
    // Like the document reader, a reading thread never keeps the server alive by itself.
    worker.unref()
    this.started += 1
    return { worker }
  }

  /** A thread that answered waits for the next file, unless enough already wait. */
  private keep(thread: ReaderThread): void {
    if (this.closed || this.idle.length >= this.caps.concurrent) {
      void this.end(thread)
      return
    }
    const leave = (): void => {
      const at = this.idle.indexOf(thread)
      if (at >= 0) this.idle.splice(at, 1)
    }
    // A waiting thread that fails is dropped; the next file gets a new one.
    thread.worker.on('error', leave)
    thread.worker.on('exit', leave)
    thread.idleTimer = setTimeout(() => {
      leave()
      void this.end(thread)
    }, idleThreadMs)
    thread.idleTimer.unref()
    this.idle.push(thread)
  }

  private async end(thread: ReaderThread): Promise<void> {
    clearTimeout(thread.idleTimer)
    forget(thread.worker)
    // An error after the end is of no one's concern: the thread is gone either way.
    thread.worker.on('error', () => {})
    await thread.worker.terminate()
  }

  private readInThread(job: ReadStatementJob): Promise<StatementReading> {
    const { memoryMb, timeoutMs } = this.caps
    const thread = this.thread()
    const { worker } = thread
    return new Promise<StatementReading>((resolve, reject) => {
      let settled = false
      const settle = (outcome: () => void, reusable: boolean) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        forget(worker)
        outcome()
        if (reusable) this.keep(thread)
        else void this.end(thread)
      }
      const refuse = (message: string): StatementReading => ({
        result: sizeRefusal(fileFail(message)),
        sizeRefusal: true,
      })
      const tooLong = () => {
        const refusal = refuse(
          `Reading the file took longer than ${timeoutMs / 1000} s, the most one statement file may take.`,
        )
        settle(() => resolve(refusal), false)
      }
      let timer = setTimeout(tooLong, startupMs + timeoutMs)
      worker.on('message', (reply: StatementReaderReply) => {
        if ('started' in reply) {
          clearTimeout(timer)
          timer = setTimeout(tooLong, timeoutMs)
          return
        }
        settle(() => resolve(reply), true)
      })
      worker.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          const refusal = refuse(
            `Reading the file needed more than ${memoryMb} MiB of memory, the most one statement file may use.`,
          )
          settle(() => resolve(refusal), false)
        } else settle(() => reject(error), false)
      })
      worker.on('exit', (code) => {
        settle(
          () => reject(new Error(`The statement reader stopped before it answered (exit code ${code}).`)),
          false,
        )
      })
      worker.postMessage(job)
    })
  }
}
