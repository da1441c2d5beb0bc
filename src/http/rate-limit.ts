import pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { limits } from '../kernel/limits.js'

export interface RateDecision {
  allowed: boolean
  limit: number
  remaining: number
  retryAfterSeconds: number
}

export interface ApiKeyRateLimiter {
  consume(apiKeyId: string): Promise<RateDecision>
  close(): Promise<void>
}

/**
 * A fixed window per API key that opens at the key's first request and lasts an hour (spec
 * part 8). In memory on SQLite (one server process); in PostgreSQL when DATABASE_URL is set, so
 * every server process draws on the same quota.
 */
export async function createRateLimiter(options: {
  perHour: number
  databaseUrl: string | undefined
}): Promise<ApiKeyRateLimiter> {
  const base = { points: options.perHour, duration: limits.rateLimitWindowSeconds, keyPrefix: 'api_key' }
  if (!options.databaseUrl) {
    const limiter = new RateLimiterMemory(base)
    // In memory a draw costs no round trip: each request takes its own.
    return {
      async consume(apiKeyId) {
        try {
          const res = await limiter.consume(apiKeyId)
          return decisionAt(res.consumedPoints, options.perHour, res)
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes)
            return decisionAt(rejection.consumedPoints, options.perHour, rejection)
          throw rejection
        }
      },
      async close() {},
    }
  }

  // Every API-key request writes its count. Waiting for each of those commits to reach the disk
  // would cost a WAL flush per request; a count lost in a database crash only gives a key back a
  // few requests of its hour, so these commits are not waited for.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: limits.rateLimitPoolConnectionsMax,
    options: '-c synchronous_commit=off',
  })
  pool.on('error', () => {})
  const limiter = await new Promise<RateLimiterPostgres>((resolve, reject) => {
    const created: RateLimiterPostgres = new RateLimiterPostgres(
      {
        ...base,
        storeClient: pool,
        storeType: 'pool',
        tableName: 'daybook_rate_limits',
        clearExpiredByTimeout: true,
      },
      (error?: unknown) => (error ? reject(error) : resolve(created)),
    )
  })
  // One draw on the table per key at a time: requests for a key that arrive while its draw is
  // out wait, then take their points together in the next one. That turns a round trip per
  // request into one per batch, and the count stays exact across processes: the table adds a
  // draw's points under a row lock and returns the total, from which every request in the draw
  // learns its own place. (Letting two draws overlap was measured slower: smaller batches.)
  const waitingFor = new Map<string, Waiter[]>()
  const draw = (apiKeyId: string, waiters: Waiter[]): void => {
    limiter
      .consume(apiKeyId, waiters.length)
      .then(
        (res) => settle(waiters, options.perHour, res),
        (rejection: unknown) => {
          if (rejection instanceof RateLimiterRes) settle(waiters, options.perHour, rejection)
          else for (const waiter of waiters) waiter.reject(rejection)
        },
      )
      .finally(() => {
        const next = waitingFor.get(apiKeyId) ?? []
        if (next.length === 0) {
          waitingFor.delete(apiKeyId)
          return
        }
        waitingFor.set(apiKeyId, [])
        draw(apiKeyId, next)
      })
  }
  return {
    consume(apiKeyId) {
      return new Promise<RateDecision>((resolve, reject) => {
        const waiting = waitingFor.get(apiKeyId)
        if (waiting) {
          waiting.push({ resolve, reject })
          return
        }
        waitingFor.set(apiKeyId, [])
        draw(apiKeyId, [{ resolve, reject }])
      })
    },
    async close() {
      await pool.end()
    },
  }
}

interface Waiter {
  resolve(decision: RateDecision): void
  reject(error: unknown): void
}

/** The draw's total counts every waiter's point; the n-th waiter holds place total - size + n. */
function settle(waiters: Waiter[], limit: number, res: RateLimiterRes): void {
  const before = res.consumedPoints - waiters.length
  for (let index = 0; index < waiters.length; index++) {
    waiters[index]?.resolve(decisionAt(before + index + 1, limit, res))
  }
}

/** The decision for the request that holds `place` in its key's window. */
function decisionAt(place: number, limit: number, res: RateLimiterRes): RateDecision {
  return {
    allowed: place <= limit,
    limit,
    remaining: Math.max(0, limit - place),
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  }
}

export function rateLimitMessage(perHour: number): string {
  return `Rate Limit Exceeded. ${perHour.toLocaleString('en-US')} Requests/Hour.`
}
