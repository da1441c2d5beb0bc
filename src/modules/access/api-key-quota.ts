import type { Clock } from '../../kernel/clock.js'

export interface QuotaDecision {
  allowed: boolean
  limit: number
  remaining: number
  retryAfterSeconds: number
}

/** Whose hour a request draws on. */
export interface QuotaKey {
  organizationId: string
  apiKeyId: string
}

/** The window as the shared tally holds it after adding a process's points. */
export interface TallyReply {
  total: number
  endsAtMs: number
}

/**
 * Where the processes of one database add up their counts. `add` puts points on the key's
 * window, opening a new one of `windowMs` when the stored one has ended, and answers the total.
 */
export interface QuotaTally {
  add(key: QuotaKey, points: number, nowMs: number, windowMs: number): Promise<TallyReply>
  close(): Promise<void>
}

interface KeyWindow {
  key: QuotaKey
  /** 0 while the first request of this process waits to learn the shared window. */
  endsAtMs: number
  /** The shared total at the last reply: this process's sent points and everyone else's. */
  knownTotal: number
  /** Requests let through here and not yet sent to the tally. */
  pending: number
  /** Requests of the send in flight. */
  sending: number
  inFlight: Promise<void> | undefined
}

/**
 * The hourly quota of each API key (spec part 8): a fixed window that opens at the key's first
 * request. Requests are counted in the process; with a shared tally (PostgreSQL, several
 * processes) the counts go to it in batches, so most requests cost no database write.
 *
 * The bound: a process lets a request through only while fewer than `batchSize` of its own are
 * unknown to the tally, and judges it against the tally's total at its last reply plus those. A
 * process's view therefore never exceeds the true count, so nothing under the quota is refused,
 * and each process can let through at most `batchSize` requests on a view the others have
 * overtaken: N processes together admit at most N × batchSize over the quota. One process alone
 * sees every count there is and is exact.
 */
export class ApiKeyQuota {
  private readonly windows = new Map<string, KeyWindow>()
  private readonly windowMs: number
  private readonly sendTimer: NodeJS.Timeout

  constructor(
    private readonly options: {
      perHour: number
      windowSeconds: number
      clock: Clock
      /** Absent: this process is the only one counting (SQLite). */
      tally?: QuotaTally
      /** How often points waiting below a full batch are sent anyway. */
      sendEveryMs: number
      batchSize: number
    },
  ) {
    this.windowMs = options.windowSeconds * 1000
    // Also sweeps the windows that have ended, which bounds the memory to the keys of the hour.
    this.sendTimer = setInterval(() => this.sendAll(), options.sendEveryMs)
    this.sendTimer.unref()
  }

  get batchSize(): number {
    return this.options.tally ? this.options.batchSize : Number.POSITIVE_INFINITY
  }

  /**
   * The decision, when it needs no word from the tally: the key's window is known and open and its
   * batch has room, as for all but about one request in a batch. Undefined otherwise: consume().
   */
  consumeNow(key: QuotaKey): QuotaDecision | undefined {
    const window = this.windows.get(key.apiKeyId)
    if (window === undefined || window.endsAtMs === 0) return undefined
    const nowMs = this.options.clock.now().getTime()
    if (window.endsAtMs <= nowMs || window.pending + window.sending >= this.batchSize) return undefined
    return this.admit(window, nowMs)
  }

  async consume(key: QuotaKey): Promise<QuotaDecision> {
    for (;;) {
      const nowMs = this.options.clock.now().getTime()
      const mapKey = key.apiKeyId
      let window = this.windows.get(mapKey)
      if (window && window.endsAtMs !== 0 && window.endsAtMs <= nowMs) {
        // Points still waiting belonged to the hour that ended.
        window.pending = 0
        if (!window.inFlight) {
          this.windows.delete(mapKey)
          window = undefined
        }
      }
      if (!window) {
        window = { key, endsAtMs: 0, knownTotal: 0, pending: 0, sending: 0, inFlight: undefined }
        this.windows.set(mapKey, window)
        if (!this.options.tally) {
          window.endsAtMs = nowMs + this.windowMs
        } else {
          // The first request here learns the shared window: its point goes out alone and it is
          // judged by the reply.
          window.pending = 1
          try {
            await this.send(window)
          } catch (error) {
            if (this.windows.get(mapKey) === window && window.endsAtMs === 0) this.windows.delete(mapKey)
            throw error
          }
          return this.decision(window.knownTotal, window, this.options.clock.now().getTime())
        }
      }
      if (window.endsAtMs === 0 || window.pending + window.sending >= this.batchSize) {
        await (window.inFlight ?? this.send(window))
        continue
      }
      return this.admit(window, nowMs)
    }
  }

  /** Counts the request in a known, open window whose batch has room, unless it is over the quota. */
  private admit(window: KeyWindow, nowMs: number): QuotaDecision {
    const place = window.knownTotal + window.pending + window.sending + 1
    if (place > this.options.perHour) return this.decision(place, window, nowMs)
    window.pending++
    if (window.pending + window.sending >= this.batchSize && !window.inFlight) this.sendLater(window)
    return this.decision(place, window, nowMs)
  }

  /** Sends what is waiting, then stops counting. */
  async close(): Promise<void> {
    clearInterval(this.sendTimer)
    const windows = [...this.windows.values()]
    await Promise.allSettled(windows.map((w) => w.inFlight))
    if (this.options.tally)
      await Promise.allSettled(windows.filter((w) => w.pending > 0).map((w) => this.send(w)))
    await this.options.tally?.close()
  }

  private sendAll(): void {
    const nowMs = this.options.clock.now().getTime()
    for (const [mapKey, window] of this.windows) {
      if (window.inFlight) continue
      if (window.endsAtMs !== 0 && window.endsAtMs <= nowMs) this.windows.delete(mapKey)
      else if (window.pending > 0) this.sendLater(window)
    }
  }

  /** A send no request waits for: a failure keeps the points for the next one. */
  private sendLater(window: KeyWindow): void {
    if (this.options.tally) this.send(window).catch(() => {})
  }

  /**
   * One send per key at a time. A failed send puts its points back to go with the next, and fails
   * the requests that wait for it: without the tally they cannot be judged.
   */
  private send(window: KeyWindow): Promise<void> {
    const tally = this.options.tally
    if (!tally || window.inFlight) return window.inFlight ?? Promise.resolve()
    const points = window.pending
    window.pending = 0
    window.sending = points
    const sent = tally
      .add(window.key, points, this.options.clock.now().getTime(), this.windowMs)
      .then(
        (reply) => {
          window.knownTotal = reply.total
          window.endsAtMs = reply.endsAtMs
        },
        (error: unknown) => {
          window.pending += points
          throw error
        },
      )
      .finally(() => {
        window.sending = 0
        window.inFlight = undefined
      })
    window.inFlight = sent
    return sent
  }

  private decision(place: number, window: KeyWindow, nowMs: number): QuotaDecision {
    const limit = this.options.perHour
    return {
      allowed: place <= limit,
      limit,
      remaining: Math.max(0, limit - place),
      retryAfterSeconds: Math.max(1, Math.ceil((window.endsAtMs - nowMs) / 1000)),
    }
  }
}

/**
 * A batch small beside the quota, so that the overshoot bound stays a small share of it: 50 at
 * the default 5,000 an hour, and 1 for quotas under 200, where every request reports at once.
 */
export function quotaBatchSize(perHour: number, batchMax: number): number {
  return Math.max(1, Math.min(batchMax, Math.floor(perHour / 100)))
}
