import pg from 'pg'
import { assert } from '../../kernel/result.js'
import type { QuotaKey, QuotaTally, TallyReply } from './api-key-quota.js'

// Adds under the row's lock, so every process's points land and each reply is the true total. A
// window that has ended starts again with the points added.
const addPoints = `insert into "api_key_quota_windows" ("organization_id", "api_key_id", "points", "ends_at_ms")
values ($1, $2, $3, $4)
on conflict ("organization_id", "api_key_id") do update set
  "points" = case when "api_key_quota_windows"."ends_at_ms" <= $5 then excluded."points"
    else "api_key_quota_windows"."points" + excluded."points" end,
  "ends_at_ms" = case when "api_key_quota_windows"."ends_at_ms" <= $5 then excluded."ends_at_ms"
    else "api_key_quota_windows"."ends_at_ms" end
returning "points", "ends_at_ms"`

/**
 * The quota's shared count in PostgreSQL: the only SQL of the quota. It has a pool of its own
 * whose commits are not waited for: a count is not worth a WAL flush, and a database crash can at
 * most hand a key back the requests of its last moments (every other connection commits durably).
 * Its one statement is sent by name, prepared once per connection: every batch of every key runs
 * it.
 */
export class PostgresQuotaTally implements QuotaTally {
  private readonly pool: pg.Pool

  constructor(databaseUrl: string, connectionsMax: number) {
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max: connectionsMax,
      options: '-c synchronous_commit=off',
    })
    this.pool.on('error', () => {})
  }

  async add(key: QuotaKey, points: number, nowMs: number, windowMs: number): Promise<TallyReply> {
    const { rows } = await this.pool.query<{ points: string; ends_at_ms: string }>({
      name: 'daybook_quota_add',
      text: addPoints,
      values: [key.organizationId, key.apiKeyId, points, nowMs + windowMs, nowMs],
    })
    const row = rows[0]
    assert(row !== undefined, 'an upsert returns its row')
    return { total: Number(row.points), endsAtMs: Number(row.ends_at_ms) }
  }

  close(): Promise<void> {
    return this.pool.end()
  }
}
