import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction, writeAtEnd } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { monotonicId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { type Page, pageOf, parsePageRequest } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { OrgScope, Principal, Requirement } from '../access/principal.js'
import {
  type AuditChange,
  type AuditRecord,
  actorOf,
  chainHash,
  fieldsText,
  genesisHash,
} from './audit-record.js'
import type { AuditStore } from './audit-store.js'
import { type FeedEvent, feedEventOf, feedTypes, isFeedType } from './event-feed.js'

// Who changed what and when (DESIGN 7.4). Services append their changes in their own database
// transaction; the records are sealed into the organization's hash chain shortly after, one sealer
// at a time per organization, so writers never wait on the chain. Reading the log or verifying it
// seals first, so an answer never leaves out what was acknowledged.

export interface ChainCheck {
  organizationId: string
  records: number
  ok: boolean
  /** The first seq whose record does not hold, and why. */
  brokenSeq?: number
  reason?: string
}

export class AuditTrail {
  private readonly pending = new Map<string, { timers: NodeJS.Timeout[] }>()
  private readonly sealing = new Map<string, Promise<number>>()
  private stopped = false

  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      /** False only where a benchmark measures the trail's cost (DAYBOOK_AUDIT_TRAIL=off). */
      enabled: boolean
      /** Lazy, and only what the trail asks of it: the access service records its own changes here. */
      access: () => {
        authorize(principal: Principal, organizationId: string, requirement: Requirement): Promise<OrgScope>
        authorizeOperator(organizationId: string): Promise<OrgScope>
      }
      store: AuditStore
    },
  ) {}

  /** Appends the changes inside the caller's transaction, in one insert at its end. */
  async record(tx: Executor, scope: OrgScope, changes: readonly AuditChange[]): Promise<void> {
    if (changes.length === 0 || !this.deps.enabled) return
    const at = this.deps.clock.now().toISOString()
    const actor = actorOf(scope)
    // Sealed in id order: ids that increase keep a transaction's changes in the order they were made.
    const records = changes.map((change) => ({
      id: monotonicId(),
      seq: null,
      at,
      ...actor,
      operation: change.operation,
      entityType: change.entityType,
      entityId: change.entityId,
      before: fieldsText(change.before),
      after: fieldsText(change.after),
      hash: null,
    }))
    const append = (ex: Executor, rows: AuditRecord[]) => this.deps.store.append(ex, scope, rows)
    if (!writeAtEnd(tx, `audit_records:${scope.organizationId}`, records, append)) await append(tx, records)
    this.sealSoon(scope)
  }

  /** Seals every record appended so far into the chain; returns how many it sealed. */
  seal(scope: OrgScope): Promise<number> {
    const running = this.sealing.get(scope.organizationId)
    // A seal already running may have read before the caller's records committed: run once more.
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(() => this.sealNow(scope))
    this.sealing.set(scope.organizationId, next)
    return next.finally(() => {
      if (this.sealing.get(scope.organizationId) === next) this.sealing.delete(scope.organizationId)
    })
  }

  async auditLog(
    principal: Principal,
    organizationId: string,
    args: {
      entityId?: string | null
      entityType?: string | null
      limit?: number | null
      offset?: number | null
    },
  ): Promise<Result<Page<AuditRecord>>> {
    const scope = await this.deps.access().authorize(principal, organizationId, 'admin')
    const page = parsePageRequest(args, ['seq'], { sortBy: 'seq', sortDir: 'desc' })
    if (!page.ok) return page
    await this.seal(scope)
    const found = await this.deps.store.page(this.deps.db, scope, args, page.value)
    return ok(pageOf(found.items, found.totalCount, page.value))
  }

  /**
   * The event feed (DESIGN 7.5): the organization's business facts after `after`, in order and
   * without gaps, and the feed's last number. Sealing first means every change acknowledged to
   * anyone is in the answer.
   */
  async events(
    principal: Principal,
    organizationId: string,
    args: { after?: number | null; types?: readonly string[] | null; limit?: number | null },
  ): Promise<Result<{ items: FeedEvent[]; lastSeq: number }>> {
    const scope = await this.deps.access().authorize(principal, organizationId, 'member')
    return this.feed(scope, args)
  }

  /** The feed as the operator CLI tails it. */
  async eventsAsOperator(
    organizationId: string,
    args: { after?: number | null; types?: readonly string[] | null; limit?: number | null },
  ): Promise<Result<{ items: FeedEvent[]; lastSeq: number }>> {
    return this.feed(await this.deps.access().authorizeOperator(organizationId), args)
  }

  private async feed(
    scope: OrgScope,
    args: { after?: number | null; types?: readonly string[] | null; limit?: number | null },
  ): Promise<Result<{ items: FeedEvent[]; lastSeq: number }>> {
    const after = args.after ?? 0
    if (!Number.isInteger(after) || after < 0) {
      return fail('INVALID_OFFSET', 'after must be a feed seq, 0 or more.', 'after')
    }
    const limit = args.limit ?? limits.feedPageDefault
    if (limit < 1 || limit > limits.feedPageMax) {
      return fail('INVALID_LIMIT', `limit must be from 1 to ${limits.feedPageMax}.`, 'limit')
    }
    const unknown = args.types?.find((type) => !isFeedType(type))
    if (unknown !== undefined) {
      return fail(
        'INVALID_FILTER',
        `types must be among: ${feedTypes.join(', ')}; got ${JSON.stringify(unknown)}.`,
        'types',
      )
    }
    // The head is read first and bounds the page, so a number sealed in between is never passed
    // over: lastSeq is where the next call starts, the last event of a full page, else the head.
    const upTo = await this.feedHead(scope)
    const records = await this.deps.store.feedAfter(
      this.deps.db,
      scope,
      after,
      upTo,
      args.types ?? null,
      limit,
    )
    const last = records.at(-1)
    const lastSeq = records.length === limit && last ? last.feedSeq : Math.max(upTo, after)
    return ok({ items: records.map(feedEventOf), lastSeq })
  }

  /** The feed's last number once everything committed is sealed: where a new subscriber starts. */
  async feedHead(scope: OrgScope): Promise<number> {
    await this.seal(scope)
    return (await this.deps.store.head(this.deps.db, scope))?.feedSeq ?? 0
  }

  /** The CLI's `audit verify`: seals what is waiting, then walks the chain from its start. */
  async verifyAsOperator(organizationId: string): Promise<ChainCheck> {
    const scope = await this.deps.access().authorizeOperator(organizationId)
    await this.seal(scope)
    let previousHash = genesisHash
    let expectedSeq = 1
    for (;;) {
      const records = await this.deps.store.chainAfter(
        this.deps.db,
        scope,
        expectedSeq - 1,
        limits.auditSealBatchMax,
      )
      if (records.length === 0) break
      for (const record of records) {
        const broken = (reason: string): ChainCheck => ({
          organizationId,
          records: expectedSeq - 1,
          ok: false,
          brokenSeq: expectedSeq,
          reason,
        })
        if (record.seq !== expectedSeq) return broken(`record ${expectedSeq} is missing`)
        if (record.hash !== chainHash(previousHash, { ...record, seq: expectedSeq })) {
          return broken(`record ${expectedSeq} does not match its hash`)
        }
        previousHash = record.hash
        expectedSeq++
      }
    }
    const head = await this.deps.store.head(this.deps.db, scope)
    const sealedCount = expectedSeq - 1
    if ((head?.seq ?? 0) !== sealedCount || (head?.hash ?? genesisHash) !== previousHash) {
      return {
        organizationId,
        records: sealedCount,
        ok: false,
        brokenSeq: sealedCount + 1,
        reason: `the chain ends at ${sealedCount} but its head says ${head?.seq ?? 0}`,
      }
    }
    return { organizationId, records: sealedCount, ok: true }
  }

  /** Stops the timers; a record left unsealed is sealed by the next write, read or verification. */
  async stop(): Promise<void> {
    this.stopped = true
    for (const { timers } of this.pending.values()) for (const timer of timers) clearTimeout(timer)
    this.pending.clear()
    await Promise.allSettled(this.sealing.values())
  }

  /**
   * Seals twice after a write: at once, and again a little later for records whose transaction
   * was still open at the first pass (a long import). Writes meanwhile ride on the same passes.
   */
  private sealSoon(scope: OrgScope): void {
    if (this.stopped || this.pending.has(scope.organizationId)) return
    const pass = () =>
      this.seal(scope).catch((error: unknown) => {
        console.error(JSON.stringify({ level: 'error', msg: 'audit seal failed', err: String(error) }))
      })
    const first = setTimeout(pass, limits.auditSealDelayMs)
    const second = setTimeout(() => {
      this.pending.delete(scope.organizationId)
      void pass()
    }, limits.auditSealFollowUpMs)
    first.unref()
    second.unref()
    this.pending.set(scope.organizationId, { timers: [first, second] })
  }

  private async sealNow(scope: OrgScope): Promise<number> {
    let total = 0
    for (;;) {
      const sealed = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
        const head = await this.deps.store.lockHead(tx, scope, this.deps.engine === 'postgres')
        if (!head) return 0
        const records = await this.deps.store.unsealed(tx, scope, limits.auditSealBatchMax)
        if (records.length === 0) return 0
        let { seq, hash, feedSeq } = head
        const chained = records.map((record) => {
          seq++
          hash = chainHash(hash, { ...record, seq })
          // Numbered in the order the chain takes them, which is the order they committed in
          // as far as any reader could see: a feed reader never finds a number below one it read.
          const feed = isFeedType(record.operation) ? ++feedSeq : null
          return { id: record.id, seq, hash, feedSeq: feed }
        })
        await this.deps.store.seal(tx, scope, chained, { seq, hash, feedSeq })
        return records.length
      })
      total += sealed
      if (sealed < limits.auditSealBatchMax) return total
    }
  }
}
