import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { limits } from '../../kernel/limits.js'

// Runs in each worker thread. scryptSync computes on the worker's own thread: the asynchronous
// scrypt would hand the work to libuv's shared threadpool, the one file reads wait on.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads')
const { scryptSync } = require('node:crypto')
if (workerData.niceness) require('node:os').setPriority(workerData.niceness)
parentPort.on('message', (job) => {
  try {
    const key = scryptSync(job.password, job.salt, job.keyLength, job.options)
    parentPort.postMessage({ key })
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) })
  }
})
`

// On Linux a nice value belongs to the thread that sets it, so the password threads can yield the
// CPU to the event loop and to libuv's threads whenever those have work: a flood of sign-ins then
// only spends CPU nothing else wants. Elsewhere setPriority would lower the whole process.
const threadNiceness = process.platform === 'linux' ? 19 : 0

export interface ScryptJob {
  password: string
  salt: Uint8Array
  keyLength: number
  options: { N: number; r: number; p: number; maxmem: number }
}

interface Pending {
  job: ScryptJob
  resolve(key: Buffer): void
  reject(error: Error): void
}

interface Slot {
  worker: Worker
  current: Pending | undefined
}

/**
 * A few worker threads that derive scrypt keys one at a time each, with a bounded queue in front.
 * Password hashing is the costliest thing an anonymous caller can ask for; kept here it can use
 * at most these threads, never libuv's pool that file and DNS work share.
 */
export class ScryptPool {
  private readonly slots: Slot[] = []
  private readonly queue: Pending[] = []
  private closed = false

  constructor(
    private readonly options: {
      /** Worker threads; each derives one key at a time. */
      workers: number
      /** Jobs that may wait for a thread in tryDerive; beyond this they are refused. */
      queueMax: number
    },
  ) {}

  /** For sign-in: undefined, at once, when the queue is full. */
  tryDerive(job: ScryptJob): Promise<Buffer> | undefined {
    // Jobs leave the queue the moment a thread is free, so its length is the number waiting.
    if (this.queue.length >= this.options.queueMax) return undefined
    return this.derive(job)
  }

  /** For operators creating users: waits its turn however long the queue. */
  derive(job: ScryptJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the password pool is closed'))
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ job, resolve, reject })
      this.dispatch()
    })
  }

  async close(): Promise<void> {
    this.closed = true
    const stopping = new Error('the password pool is closed')
    for (const pending of this.queue.splice(0)) pending.reject(stopping)
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        slot.current?.reject(stopping)
        await slot.worker.terminate()
      }),
    )
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => !candidate.current) ?? this.startSlot()
      if (!slot) return
      const next = this.queue.shift() as Pending
      slot.current = next
      // A busy worker holds the process open (an operator's command waits for its hash); an idle
      // one does not.
      slot.worker.ref()
      slot.worker.postMessage(next.job)
    }
  }

  /** Threads start on first use, so commands that never hash start none. */
  private startSlot(): Slot | undefined {
    if (this.slots.length >= this.options.workers) return undefined
    const worker = new Worker(workerSource, { eval: true, workerData: { niceness: threadNiceness } })
    const slot: Slot = { worker, current: undefined }
    worker.on('message', (message: { key?: Uint8Array; error?: string }) => {
      const pending = slot.current
      slot.current = undefined
      worker.unref()
      if (message.key)
        pending?.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.length))
      else pending?.reject(new Error(message.error ?? 'scrypt failed'))
      this.dispatch()
    })
    // A thread that dies takes only its own job with it; the next job starts a fresh one.
    const retire = (error: Error) => {
      const index = this.slots.indexOf(slot)
      if (index === -1) return
      this.slots.splice(index, 1)
      slot.current?.reject(error)
      slot.current = undefined
      if (!this.closed) this.dispatch()
    }
    worker.on('error', retire)
    worker.on('exit', (code) => retire(new Error(`a password worker stopped (exit code ${code})`)))
    worker.unref()
    this.slots.push(slot)
    return slot
  }
}

/** One thread on a small machine, two beside the event loop on larger ones. */
export function passwordWorkersDefault(): number {
  return Math.max(1, Math.min(limits.passwordThreadsMax, availableParallelism() - 1))
}
