// The hourly quota counted in memory: exact in one process, within N × batch over it across N processes.
import { describe, expect, it } from 'vitest'
import {
  ApiKeyQuota,
  type QuotaKey,
  type QuotaTally,
  quotaBatchSize,
  type TallyReply,
} from './api-key-quota.js'

const hourSeconds = 3_600
const key: QuotaKey = { organizationId: 'org-1', apiKeyId: 'key-1' }

class SteppedClock {
  ms = Date.UTC(2026, 0, 1)
  now = () => new Date(this.ms)
}

/** The shared row of every process, answering after a random delay as a database would. */
class MemoryTally implements QuotaTally {
  readonly rows = new Map<string, TallyReply>()
  failing = false
  constructor(private readonly random: () => number = () => 0) {}
  async add(k: QuotaKey, points: number, nowMs: number, windowMs: number): Promise<TallyReply> {
    await delay(Math.floor(this.random() * 3))
    if (this.failing) throw new Error('database unavailable')
    const row = this.rows.get(k.apiKeyId)
    const next =
      row && row.endsAtMs > nowMs
        ? { total: row.total + points, endsAtMs: row.endsAtMs }
        : { total: points, endsAtMs: nowMs + windowMs }
    this.rows.set(k.apiKeyId, next)
    // The reply travels back after the row changed, so others may add in between.
    await delay(Math.floor(this.random() * 3))
    return { ...next }
  }
  async close() {}
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

function quota(clock: SteppedClock, perHour: number, tally?: QuotaTally, batchSize = 10) {
  return new ApiKeyQuota({
    perHour,
    windowSeconds: hourSeconds,
    clock,
    tally,
    sendEveryMs: 5,
    batchSize,
  })
}

/** What the server does for a request: the decision from memory when there is one, else the slow way. */
const request = (q: ApiKeyQuota) => q.consumeNow(key) ?? q.consume(key)

describe('one process', () => {
  it('lets exactly the quota through a burst, each with its own remaining count', async () => {
    const q = quota(new SteppedClock(), 5)
    const answers = await Promise.all(Array.from({ length: 12 }, () => q.consume(key)))
    expect(answers.filter((a) => a.allowed)).toHaveLength(5)
    expect(
      answers
        .filter((a) => a.allowed)
        .map((a) => a.remaining)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4])
    expect(answers.filter((a) => !a.allowed).every((a) => a.remaining === 0)).toBe(true)
    await q.close()
  })

  it('is exact with a shared tally too, whatever the batch', async () => {
    const tally = new MemoryTally(seeded(7))
    const q = quota(new SteppedClock(), 300, tally, 25)
    const answers = await Promise.all(Array.from({ length: 450 }, () => request(q)))
    expect(answers.filter((a) => a.allowed)).toHaveLength(300)
    await q.close()
    expect(tally.rows.get(key.apiKeyId)?.total).toBe(300)
  })

  it('opens a new hour once the window has passed, and says when in Retry-After', async () => {
    const clock = new SteppedClock()
    const q = quota(clock, 2)
    await q.consume(key)
    clock.ms += 600_000
    await q.consume(key)
    const refused = await q.consume(key)
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBe(3_000)
    clock.ms += 3_000_000
    const fresh = await q.consume(key)
    expect(fresh).toMatchObject({ allowed: true, remaining: 1 })
    await q.close()
  })
})

describe('a decision from memory', () => {
  it('comes only once the window is known, while the batch has room, and counts as consume does', async () => {
    const tally = new MemoryTally()
    const q = quota(new SteppedClock(), 100, tally, 5)
    expect(q.consumeNow(key)).toBeUndefined()
    expect(await q.consume(key)).toMatchObject({ allowed: true, remaining: 99 })
    const fromMemory = Array.from({ length: 5 }, () => q.consumeNow(key))
    expect(fromMemory.map((d) => d?.remaining)).toEqual([98, 97, 96, 95, 94])
    // The fifth filled the batch and sent it: until the tally answers, a request must wait.
    expect(q.consumeNow(key)).toBeUndefined()
    expect(await q.consume(key)).toMatchObject({ allowed: true, remaining: 93 })
    await q.close()
    expect(tally.rows.get(key.apiKeyId)?.total).toBe(7)
  })

  it('refuses past the quota, and leaves a window that has ended to consume', async () => {
    const clock = new SteppedClock()
    const q = quota(clock, 2)
    await q.consume(key)
    expect(q.consumeNow(key)).toMatchObject({ allowed: true, remaining: 0 })
    expect(q.consumeNow(key)).toMatchObject({ allowed: false, remaining: 0 })
    clock.ms += hourSeconds * 1000
    expect(q.consumeNow(key)).toBeUndefined()
    expect(await q.consume(key)).toMatchObject({ allowed: true, remaining: 1 })
    await q.close()
  })
})

describe('several processes on one tally', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`let through the quota and at most processes × batch more (schedule ${seed})`, async () => {
      const random = seeded(seed)
      const tally = new MemoryTally(random)
      const clock = new SteppedClock()
      const processes = [quota(clock, 1_000, tally), quota(clock, 1_000, tally), quota(clock, 1_000, tally)]
      let allowed = 0
      // Waves of simultaneous requests spread unevenly over the processes.
      for (let wave = 0; wave < 40; wave++) {
        const answers = await Promise.all(
          Array.from({ length: 60 }, () => request(processes[Math.floor(random() * 3)] as ApiKeyQuota)),
        )
        allowed += answers.filter((a) => a?.allowed).length
      }
      await Promise.all(processes.map((p) => p.close()))
      expect(allowed).toBeGreaterThanOrEqual(1_000)
      expect(allowed).toBeLessThanOrEqual(1_000 + 3 * 10)
      expect(tally.rows.get(key.apiKeyId)?.total).toBe(allowed)
    })
  }

  it('send their counts below a batch on a timer, so an idle process does not hold them', async () => {
    const tally = new MemoryTally()
    const q = quota(new SteppedClock(), 1_000, tally, 50)
    for (let i = 0; i < 4; i++) await q.consume(key)
    await delay(30)
    expect(tally.rows.get(key.apiKeyId)?.total).toBe(4)
    await q.close()
  })
})

describe('when the tally cannot be reached', () => {
  it('fails the requests it cannot judge, and recovers', async () => {
    const tally = new MemoryTally()
    const q = quota(new SteppedClock(), 10, tally)
    tally.failing = true
    await expect(q.consume(key)).rejects.toThrow('database unavailable')
    tally.failing = false
    expect(await q.consume(key)).toMatchObject({ allowed: true, remaining: 9 })
    await q.close()
  })
})

describe('batch size', () => {
  it('is a hundredth of the quota, between 1 and the maximum', () => {
    expect(quotaBatchSize(5_000, 50)).toBe(50)
    expect(quotaBatchSize(1_000_000, 50)).toBe(50)
    expect(quotaBatchSize(1_000, 50)).toBe(10)
    expect(quotaBatchSize(5, 50)).toBe(1)
  })
})
