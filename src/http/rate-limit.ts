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
  let pool: pg.Pool | undefined
  let limiter: RateLimiterMemory | RateLimiterPostgres
  if (options.databaseUrl) {
    // Every API-key request writes its count. Waiting for each of those commits to reach the disk
    // would cost a WAL flush per request; a count lost in a database crash only gives a key back a
    // few requests of its hour, so these commits are not waited for.
    const ownPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: '-c synchronous_commit=off',
    })
    ownPool.on('error', () => {})
    pool = ownPool
    limiter = await new Promise<RateLimiterPostgres>((resolve, reject) => {
      const created: RateLimiterPostgres = new RateLimiterPostgres(
        {
          ...base,
          storeClient: ownPool,
          storeType: 'pool',
          tableName: 'daybook_rate_limits',
          clearExpiredByTimeout: true,
        },
        (error?: unknown) => (error ? reject(error) : resolve(created)),
      )
    })
  } else {
    limiter = new RateLimiterMemory(base)
  }
  return {
    async consume(apiKeyId) {
      try {
        const res = await limiter.consume(apiKeyId)
        return decision(true, options.perHour, res)
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(false, options.perHour, rejection)
        throw rejection
      }
    },
    async close() {
      await pool?.end()
    },
  }
}

function decision(allowed: boolean, limit: number, res: RateLimiterRes): RateDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  }
}

export function rateLimitMessage(perHour: number): string {
  return `Rate Limit Exceeded. ${perHour.toLocaleString('en-US')} Requests/Hour.`
}
