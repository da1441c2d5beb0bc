import type { Executor } from '../../db/schema.js'

export interface StoredKey {
  requestHash: string
  status: 'running' | 'done'
  responseStatus: number | null
  responseBody: string | null
  lockedUntil: string
  expiresAt: string
}

export class IdempotencyStore {
  /** Claims the key for this request; false when it is held already (by this request's twin). */
  async claim(
    ex: Executor,
    entry: { scopeKey: string; key: string; requestHash: string; lockedUntil: string; expiresAt: string },
  ): Promise<boolean> {
    const result = await ex
      .insertInto('idempotency_keys')
      .values({
        scope_key: entry.scopeKey,
        idempotency_key: entry.key,
        request_hash: entry.requestHash,
        status: 'running',
        response_status: null,
        response_body: null,
        locked_until: entry.lockedUntil,
        expires_at: entry.expiresAt,
      })
      .onConflict((oc) => oc.columns(['scope_key', 'idempotency_key']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  async find(ex: Executor, scopeKey: string, key: string): Promise<StoredKey | undefined> {
    const row = await ex
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status', 'response_status', 'response_body', 'locked_until', 'expires_at'])
      .where('scope_key', '=', scopeKey)
      .where('idempotency_key', '=', key)
      .executeTakeFirst()
    return (
      row && {
        requestHash: row.request_hash,
        status: row.status as 'running' | 'done',
        responseStatus: row.response_status === null ? null : Number(row.response_status),
        responseBody: row.response_body,
        lockedUntil: row.locked_until,
        expiresAt: row.expires_at,
      }
    )
  }

  async complete(ex: Executor, scopeKey: string, key: string, status: number, body: string): Promise<void> {
    await ex
      .updateTable('idempotency_keys')
      .set({ status: 'done', response_status: status, response_body: body })
      .where('scope_key', '=', scopeKey)
      .where('idempotency_key', '=', key)
      .execute()
  }

  /** Forgets a key whose request never finished (its process died) or whose 24 hours are over. */
  async release(ex: Executor, scopeKey: string, key: string, ifLockedBefore: string): Promise<void> {
    await ex
      .deleteFrom('idempotency_keys')
      .where('scope_key', '=', scopeKey)
      .where('idempotency_key', '=', key)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', ifLockedBefore)]),
          eb('expires_at', '<', ifLockedBefore),
        ]),
      )
      .execute()
  }

  async dropUnfinished(ex: Executor, scopeKey: string, key: string): Promise<void> {
    await ex
      .deleteFrom('idempotency_keys')
      .where('scope_key', '=', scopeKey)
      .where('idempotency_key', '=', key)
      .where('status', '=', 'running')
      .execute()
  }

  async deleteExpired(ex: Executor, now: string): Promise<void> {
    await ex.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute()
  }
}
