/**
 * Counts per key in fixed windows that open at a key's first count, on the injected clock so that
 * tests can step past a window. Expired keys are swept once a window, which bounds the memory to
 * the keys counted within the last two windows.
 */
export class WindowCounter {
  private readonly entries = new Map<string, { count: number; endsAtMs: number }>()
  private sweepAtMs = 0

  constructor(private readonly windowMs: number) {}

  count(key: string, nowMs: number): number {
    const entry = this.entries.get(key)
    return entry && entry.endsAtMs > nowMs ? entry.count : 0
  }

  add(key: string, nowMs: number): number {
    this.sweep(nowMs)
    const entry = this.entries.get(key)
    if (entry && entry.endsAtMs > nowMs) return ++entry.count
    this.entries.set(key, { count: 1, endsAtMs: nowMs + this.windowMs })
    return 1
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  private sweep(nowMs: number): void {
    if (nowMs < this.sweepAtMs) return
    this.sweepAtMs = nowMs + this.windowMs
    for (const [key, entry] of this.entries) if (entry.endsAtMs <= nowMs) this.entries.delete(key)
  }
}
