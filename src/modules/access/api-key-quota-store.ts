import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import type { Database } from '../../db/schema.js'
import type { QuotaKey, QuotaTally, TallyReply } from './api-key-quota.js'

/**
 * The quota's shared count in PostgreSQL: the only SQL of the quota. It has a pool of its own
 * whose commits are not waited for: a count is not worth a WAL flush, and a database crash can at
 * most hand a key back the requests of its last moments (every other connection commits durably).
 */
export class PostgresQuotaTally implements QuotaTally {
  private readonly db: Kysely<Database>

  constructor(databaseUrl: string, connectionsMax: number) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: connectionsMax,
      options: '-c synchronous_commit=off',
    })
    pool.on('error', () => {})
    this.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }

  /** Adds under the row's lock, so every process's points land and each reply is the true total. */
  async add(key: QuotaKey, points: number, nowMs: number, windowMs: number): Promise<TallyReply> {
    const ended = sql<boolean>`api_key_quota_windows.ends_at_ms <= ${nowMs}`
    const row = await this.db
      .insertInto('api_key_quota_windows')
      .values({
        organization_id: key.organizationId,
        api_key_id: key.apiKeyId,
        points,
        ends_at_ms: nowMs + windowMs,
      })
      .onConflict((oc) =>
        oc.columns(['organization_id', 'api_key_id']).doUpdateSet({
          points: sql`case when ${ended} then excluded.points else api_key_quota_windows.points + excluded.points end`,
          ends_at_ms: sql`case when ${ended} then excluded.ends_at_ms else api_key_quota_windows.ends_at_ms end`,
        }),
      )
      .returning(['points', 'ends_at_ms'])
      .executeTakeFirstOrThrow()
    return { total: Number(row.points), endsAtMs: Number(row.ends_at_ms) }
  }

  close(): Promise<void> {
    return this.db.destroy()
  }
}
