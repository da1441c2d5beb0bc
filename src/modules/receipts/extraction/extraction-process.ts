import { type ChildProcess, fork } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import type { Socket } from 'node:net'
import { setPriority } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { fail, type Result } from '../../../kernel/result.js'
import type { FieldConfidence, ReadingContext } from './extract-fields.js'
import type { ExtractionReply, ExtractionRequest } from './extraction-child.js'

/** What one document may cost the process that reads it. */
export interface ExtractionCaps {
  /** Resident memory of the reading process, OCR engine included. */
  memoryMb: number
  /** Wall-clock time for one document, from the moment the process takes it. */
  timeoutMs: number
}

export interface ExtractedFigures {
  vendorName: string | null
  amountMinor: bigint | null
  currency: string
  receiptDate: string | null
  taxMinor: bigint | null
  supplierBusinessNumber: string | null
  confidence: FieldConfidence
}

export interface ExtractionInput {
  bytes: Uint8Array
  contentType: string
  /** Evidence for the receipt's currency and date order (see extract-fields.ts). */
  context?: ReadingContext
}

// How often the memory of the reading process is looked at while it works on a document.
const memoryCheckMs = 50
const closeWaitMs = 2_000
// A new process loads its code and the OCR engine before it takes a document; that time is not
// the document's, but a process that never gets going is stopped all the same.
const startupMs = 30_000
// Reading documents is background work: the scheduler gives the serving process the CPU first.
const readerNiceness = 10
// The end of what the reading process wrote to stderr, kept to say why it stopped.
const stderrTailChars = 2_000

/**
 * Reads documents in a child process, one at a time, never on the thread that serves requests.
 * A child process rather than a worker thread because a decoder's buffers live outside the
 * JavaScript heap that a worker's resourceLimits bound: only a process of its own keeps a
 * hostile document's memory out of the server's. A document over a cap (memory, time) ends the
 * process and is a failure value; the next document gets a fresh process. A process that stops
 * by itself is an error to retry: the job queue counts it and gives up after its last attempt.
 */
export class ExtractionProcess {
  private child: ChildProcess | undefined
  private queue: Promise<unknown> = Promise.resolve()
  private lastId = 0
  private closed = false
  private stderrTail = { text: '' }

  constructor(private readonly options: { cacheDir: string; caps: ExtractionCaps }) {}

  read(input: ExtractionInput): Promise<Result<ExtractedFigures>> {
    const turn = this.queue.then(() => this.readNow(input))
    this.queue = turn.catch(() => undefined)
    return turn
  }

  async close(): Promise<void> {
    this.closed = true
    await this.queue
    const child = this.child
    this.child = undefined
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.disconnect()
    const timer = setTimeout(() => child.kill('SIGKILL'), closeWaitMs)
    await exited
    clearTimeout(timer)
  }

  private readNow(input: ExtractionInput): Promise<Result<ExtractedFigures>> {
    if (this.closed) return Promise.reject(new Error('the document reader is closed'))
    const child = this.running()
    const id = ++this.lastId
    const stderrTail = this.stderrTail
    const { memoryMb, timeoutMs } = this.options.caps
    return new Promise<Result<ExtractedFigures>>((resolve, reject) => {
      let overCap: string | undefined
      const stop = (reason: string) => {
        overCap ??= reason
        child.kill('SIGKILL')
      }
      const tooLong = () =>
        stop(`Reading the document took longer than ${timeoutMs / 1000} s, the most one document may take.`)
      let timer = setTimeout(tooLong, startupMs + timeoutMs)
      const memoryWatch = setInterval(async () => {
        const residentMb = await residentMemoryMb(child.pid)
        if (residentMb === undefined) clearInterval(memoryWatch)
        else if (residentMb > memoryMb) {
          stop(
            `Reading the document needed more than ${memoryMb} MiB of memory, the most one document may use.`,
          )
        }
      }, memoryCheckMs)
      const done = () => {
        clearTimeout(timer)
        clearInterval(memoryWatch)
        child.off('message', onMessage)
        child.off('close', onExit)
      }
      const onMessage = (reply: ExtractionReply) => {
        if (reply.id !== id) return
        if ('started' in reply) {
          clearTimeout(timer)
          timer = setTimeout(tooLong, timeoutMs)
          return
        }
        done()
        if ('thrown' in reply) reject(new Error(reply.thrown))
        else resolve(reply.read)
      }
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        done()
        if (this.child === child) this.child = undefined
        if (overCap) resolve(fail('DOCUMENT_OVER_LIMIT', overCap))
        else
          reject(
            new Error(
              `The document reader stopped while reading this document (${signal ?? `exit code ${code}`})${lastLine(stderrTail.text)}.`,
            ),
          )
      }
      child.on('message', onMessage)
      // 'close' rather than 'exit': by then stderr has been read to its end.
      child.once('close', onExit)
      const request: ExtractionRequest = {
        id,
        bytes: input.bytes,
        contentType: input.contentType,
        context: input.context ?? {},
      }
      child.send(request, (error) => {
        if (error) stop(`The document could not be handed to its reader: ${error.message}`)
      })
    })
  }

  private running(): ChildProcess {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return this.child
    // The same kind of file as this module: compiled JavaScript in production, TypeScript when
    // the sources run directly (tests), which Node loads through tsx.
    const here = fileURLToPath(import.meta.url)
    const extension = path.extname(here)
    const script = path.join(path.dirname(here), `extraction-child${extension}`)
    const child = fork(script, [this.options.cacheDir, String(this.options.caps.timeoutMs)], {
      execArgv: [
        ...(extension === '.ts' ? ['--import', 'tsx'] : []),
        `--max-old-space-size=${this.options.caps.memoryMb}`,
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    const stderrTail = { text: '' }
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      stderrTail.text = (stderrTail.text + chunk).slice(-stderrTailChars)
    })
    // Like the process itself, its stderr pipe never keeps the server alive.
    ;(child.stderr as Socket | null)?.unref()
    this.stderrTail = stderrTail
    try {
      if (child.pid !== undefined) setPriority(child.pid, readerNiceness)
    } catch {
      // Where the priority cannot be lowered the reader simply runs at the server's.
    }
    // A reading process never keeps the server alive by itself; close() ends it.
    child.unref()
    child.channel?.unref()
    child.on('error', () => {
      // A failed spawn or send ends in 'close', which answers the document in hand.
    })
    this.child = child
    return child
  }
}

/** ": <the last line>" of what a process wrote to stderr, or nothing. */
function lastLine(text: string): string {
  const line = text.trimEnd().split('\n').pop()?.trim()
  return line ? `: ${line}` : ''
}

/** The resident memory of a process, from /proc; undefined where there is no /proc (not Linux). */
async function residentMemoryMb(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    return match ? Number(match[1]) / 1024 : undefined
  } catch {
    return undefined
  }
}
