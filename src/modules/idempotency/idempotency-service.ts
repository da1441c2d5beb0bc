import { createHash } from 'node:crypto'
import type { Executor } from '../../db/schema.js'
import type { Clock } from '../../kernel/clock.js'
import { limits } from '../../kernel/limits.js'
import type { Principal } from '../access/principal.js'
import type { IdempotencyStore } from './idempotency-store.js'

export type IdempotencyDecision =
  /** First time: run the mutation, then record its answer (or abandon the key if it never ran). */
  | { kind: 'run'; record(status: number, body: string): Promise<void>; abandon(): Promise<void> }
  /** Seen before with the same input: send the stored answer again. */
  | { kind: 'replay'; status: number; body: string }
  /** Seen before with other input. */
  | { kind: 'reused' }

export const idempotencyKeyPattern = new RegExp(`^[\\x21-\\x7e]{1,${limits.idempotencyKeyLengthMax}}$`)

/**
 * Idempotency-Key support: the first request with a key runs and its answer is kept for 24
 * hours under (credential, key) with a hash of the operation and variables; a retry gets the same
 * answer, a concurrent twin waits for it, and the same key with other input is refused.
 */
export class IdempotencyService {
  constructor(private readonly deps: { db: Executor; store: IdempotencyStore; clock: Clock }) {}

  /** Keys belong to a credential; a request without a valid one runs as if it had no key. */
  scopeOf(principal: Principal): string | undefined {
    if (principal.kind === 'api_key') return `org:${principal.organizationId}:key:${principal.apiKeyId}`
    if (principal.kind === 'user') return `user:${principal.userId}`
    return undefined
  }

  async begin(scopeKey: string, key: string, request: unknown): Promise<IdempotencyDecision> {
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex')
    for (;;) {
      const nowMs = this.deps.clock.now().getTime()
      const claimed = await this.deps.store.claim(this.deps.db, {
        scopeKey,
        key,
        requestHash,
        lockedUntil: new Date(nowMs + limits.idempotencyLeaseMs).toISOString(),
        expiresAt: new Date(nowMs + limits.idempotencyKeepMs).toISOString(),
      })
      if (claimed) {
        return {
          kind: 'run',
          record: (status, body) => this.deps.store.complete(this.deps.db, scopeKey, key, status, body),
          abandon: () => this.deps.store.dropUnfinished(this.deps.db, scopeKey, key),
        }
      }
      const stored = await this.deps.store.find(this.deps.db, scopeKey, key)
      const now = new Date(nowMs).toISOString()
      if (!stored || stored.expiresAt < now || (stored.status === 'running' && stored.lockedUntil < now)) {
        await this.deps.store.release(this.deps.db, scopeKey, key, now)
        continue
      }
      if (stored.requestHash !== requestHash) return { kind: 'reused' }
      if (stored.status === 'done' && stored.responseStatus !== null && stored.responseBody !== null) {
        return { kind: 'replay', status: stored.responseStatus, body: stored.responseBody }
      }
      await new Promise((resolve) => setTimeout(resolve, limits.idempotencyTwinPollMs))
    }
  }
}
