import { sql } from 'kysely'
import pg from 'pg'
import type { Executor } from './schema.js'

/** What one process changed that other processes may hold in a cache. */
export type ChangeNotice =
  | { kind: 'api_key_revoked'; apiKeyId: string }
  | { kind: 'membership_changed'; organizationId: string; userId: string }
  | { kind: 'organization_changed'; organizationId: string }

/** A notice, or word that notices may have been lost (the listening connection dropped). */
export type NoticeHandler = (notice: ChangeNotice | 'missed') => void

/**
 * Tells every server process on one database what another has changed, so that caches can keep
 * entries long and still drop them within moments of a change. On PostgreSQL a notice rides on
 * LISTEN/NOTIFY and is sent inside the database transaction that makes the change, so it arrives
 * only if the change commits. On SQLite there is one server process, and other processes (the
 * CLI) cannot reach it: `live` stays false and caches keep their short lives.
 */
export interface ChangeNotices {
  /** Whether notices from other processes are arriving now. */
  readonly live: boolean
  publish(ex: Executor, notice: ChangeNotice): Promise<void>
  subscribe(handler: NoticeHandler): void
  /** Starts listening (a server does; the CLI only publishes). */
  listen(): Promise<void>
  close(): Promise<void>
}

const channel = 'daybook_changes'

export function openChangeNotices(databaseUrl: string | undefined): ChangeNotices {
  return databaseUrl ? new PostgresChangeNotices(databaseUrl) : new LocalChangeNotices()
}

class LocalChangeNotices implements ChangeNotices {
  readonly live = false
  private readonly handlers: NoticeHandler[] = []
  async publish(_ex: Executor, notice: ChangeNotice): Promise<void> {
    for (const handler of this.handlers) handler(notice)
  }
  subscribe(handler: NoticeHandler): void {
    this.handlers.push(handler)
  }
  async listen(): Promise<void> {}
  async close(): Promise<void> {}
}

const reconnectDelaysMs = [100, 500, 1_000, 5_000]

class PostgresChangeNotices implements ChangeNotices {
  private readonly handlers: NoticeHandler[] = []
  private client: pg.Client | undefined
  private closed = false
  private failures = 0
  private retry: NodeJS.Timeout | undefined
  live = false

  constructor(private readonly databaseUrl: string) {}

  async publish(ex: Executor, notice: ChangeNotice): Promise<void> {
    await sql`select pg_notify(${channel}, ${JSON.stringify(notice)})`.execute(ex)
  }

  subscribe(handler: NoticeHandler): void {
    this.handlers.push(handler)
  }

  /** Fails if the first connection fails, so a server does not start deaf; later drops reconnect. */
  async listen(): Promise<void> {
    await this.connect()
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl })
    client.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return
      let notice: ChangeNotice
      try {
        notice = JSON.parse(message.payload) as ChangeNotice
      } catch {
        return
      }
      this.emit(notice)
    })
    client.on('error', () => this.lost(client))
    client.on('end', () => this.lost(client))
    await client.connect()
    await client.query(`listen ${channel}`)
    if (this.closed) {
      await client.end()
      return
    }
    this.client = client
    this.failures = 0
    this.live = true
    // Whatever was cached while no notice could arrive may be stale.
    this.emit('missed')
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return
    this.client = undefined
    this.live = false
    this.emit('missed')
    client.end().catch(() => {})
    this.reconnectLater()
  }

  private reconnectLater(): void {
    if (this.closed) return
    const delayMs = reconnectDelaysMs[Math.min(this.failures, reconnectDelaysMs.length - 1)] ?? 5_000
    this.failures++
    this.retry = setTimeout(() => {
      this.connect().catch(() => this.reconnectLater())
    }, delayMs)
    this.retry.unref()
  }

  private emit(notice: ChangeNotice | 'missed'): void {
    for (const handler of this.handlers) handler(notice)
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.retry)
    const client = this.client
    this.client = undefined
    this.live = false
    await client?.end()
  }
}
