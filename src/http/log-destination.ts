import { limits } from '../kernel/limits.js'

// Where pino's lines go: standard output, in batches. Every GraphQL request writes a line, and a
// write per line (or sonic-boom's own buffering, which measures slower than writing each line at
// once) costs more than the rest of a small query. Lines are encoded straight into one buffer, so a
// batch is neither joined nor copied again, and wait at most `delayMs`; the owner flushes them at
// exit, and after `close` every line is written at once.

// UTF-8 takes at most three bytes for each UTF-16 code unit.
const bytesPerCodeUnitMax = 3

export class BatchedLogDestination {
  private batch = Buffer.allocUnsafe(limits.logBatchBytes)
  private used = 0
  private timer: NodeJS.Timeout | undefined
  private writeThrough = false

  constructor(
    private readonly output: { write(data: Uint8Array | string): unknown } = process.stdout,
    private readonly delayMs: number = limits.logBatchDelayMs,
  ) {}

  write(line: string): void {
    const bytesMax = line.length * bytesPerCodeUnitMax
    if (this.used + bytesMax > limits.logBatchBytes) this.flush()
    if (this.writeThrough || bytesMax > limits.logBatchBytes) {
      this.output.write(line)
      return
    }
    this.used += this.batch.write(line, this.used)
    if (this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), this.delayMs)
      this.timer.unref()
    }
  }

  flush(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer)
      this.timer = undefined
    }
    if (this.used === 0) return
    // A fresh buffer for the next batch: the stream may still hold this one.
    const full = this.batch.subarray(0, this.used)
    this.batch = Buffer.allocUnsafe(limits.logBatchBytes)
    this.used = 0
    this.output.write(full)
  }

  /** Writes what is waiting; later lines (a shutdown's last words) are written one by one. */
  close(): void {
    this.writeThrough = true
    this.flush()
  }
}
