import type { Clock } from '../kernel/clock.js'
import { limits } from '../kernel/limits.js'
import { ApiKeyQuota, quotaBatchSize } from '../modules/access/api-key-quota.js'
import { PostgresQuotaTally } from '../modules/access/api-key-quota-store.js'

/**
 * The hourly quota of API keys (spec part 8). On SQLite one process counts in memory; with
 * DATABASE_URL every server process counts in memory and adds its counts to a shared row per key
 * in batches (ADR 0026).
 */
export function createRateLimiter(options: {
  perHour: number
  databaseUrl: string | undefined
  clock: Clock
}): ApiKeyQuota {
  return new ApiKeyQuota({
    perHour: options.perHour,
    windowSeconds: limits.rateLimitWindowSeconds,
    clock: options.clock,
    tally: options.databaseUrl
      ? new PostgresQuotaTally(options.databaseUrl, limits.rateLimitPoolConnectionsMax)
      : undefined,
    sendEveryMs: limits.quotaSendEveryMs,
    batchSize: quotaBatchSize(options.perHour, limits.quotaBatchMax),
  })
}

export function rateLimitMessage(perHour: number): string {
  return `Rate Limit Exceeded. ${perHour.toLocaleString('en-US')} Requests/Hour.`
}
