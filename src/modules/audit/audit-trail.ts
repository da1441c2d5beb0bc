import type { EngineName } from '../../db/engine.js'
import { auditChainKeyedMigration } from '../../db/migrate.js'
import type { Executor } from '../../db/schema.js'
import { acrossOrganizations } from '../../db/tenant-scope.js'
import { inTransaction, writeAtEnd } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { monotonicId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { type Page, pageOf, parsePageRequest } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { AuditKeys } from './audit-keys.js'
import type { AuditFeed, AuditRecorder, FeedArgs, FeedPage } from './audit-port.js'
import {
  type AuditChange,
  type AuditRecord,
  actorOf,
  chainHash,
  fieldsText,
  genesisHash,
  headSeal,
  recordSeal,
  sameHash,
  unkeyedChainHash,
} from './audit-record.js'
import type { AuditStore, ChainHead, StoredLine } from './audit-store.js'
import { feedEventOf, feedTypes, isFedRecord, isFeedType } from './event-feed.js'

// Who changed what and when (DESIGN 7.4). Services append their changes in their own database
// transaction; the records are sealed into the organization's hash chain shortly after, one sealer
// at a time per organization, so writers never wait on the chain. Reading the log seals first, so
// an answer never leaves out what was acknowledged. Every hash is keyed (ADR 0051): a record is
// written with a seal of its own, taken into the chain only if that seal holds, and verifying only
// reads, so it cannot take a row written behind Daybook's back into the chain.

/** Who mints the scope of Daybook's own work in an organization: the access service. */
export interface InternalScopes {
  internalScope(organizationId: string): OrgScope
}

export interface ChainCheck {
  organizationId: string
  records: number
  ok: boolean
  /** The first seq whose record does not hold, and why. */
  brokenSeq?: number
  reason?: string
}

export class AuditTrail implements AuditRecorder, AuditFeed {
  private readonly pending = new Map<string, { scope: OrgScope; timers: NodeJS.Timeout[] }>()
  /** Foreign rows already reported, so a pass that meets one again does not say so again. */
  private readonly reported = new Set<string>()
  private readonly sealing = new Map<string, Promise<number>>()
  private stopped = false

  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      /** False only where a benchmark measures the trail's cost (DAYBOOK_AUDIT_TRAIL=off). */
      enabled: boolean
      store: AuditStore
      keys: AuditKeys
    },
  ) {}

  /**
   * Loads the chain secret; after the migration that keys the chains has just run, seals every
   * existing chain again under its key. Runs before the process takes any request.
   */
  async prepare(migrationsRun: readonly string[], scopes: InternalScopes): Promise<void> {
    await this.deps.keys.load((name, value) => this.deps.store.settingOrInsert(this.deps.db, name, value))
    if (migrationsRun.includes(auditChainKeyedMigration)) await this.keyExistingChains(scopes)
  }

  /** Appends the changes inside the caller's transaction, in one insert at its end. */
  async record(tx: Executor, scope: OrgScope, changes: readonly AuditChange[]): Promise<void> {
    if (changes.length === 0 || !this.deps.enabled) return
    const at = this.deps.clock.now().toISOString()
    const actor = actorOf(scope)
    // Sealed in id order: ids that increase keep a transaction's changes in the order they were made.
    const key = this.deps.keys.keyFor(scope.organizationId)
    const records = changes.map((change): AuditRecord => {
      const record = {
        id: monotonicId(),
        at,
        ...actor,
        operation: change.operation,
        entityType: change.entityType,
        entityId: change.entityId,
        before: fieldsText(change.before),
        after: fieldsText(change.after),
      }
      return { ...record, seq: null, hash: recordSeal(key, record) }
    })
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

  /** The organization's log, newest first unless asked otherwise; sealed before it is read. */
  async log(
    scope: OrgScope,
    args: {
      entityId?: string | null
      entityType?: string | null
      limit?: number | null
      offset?: number | null
    },
  ): Promise<Result<Page<AuditRecord>>> {
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
  async feed(scope: OrgScope, args: FeedArgs): Promise<Result<FeedPage>> {
    const after = args.after ?? 0
    if (!Number.isInteger(after) || after < 0) {
      return fail('INVALID_OFFSET', 'after must be a feed seq, 0 or more.', 'after')
    }
    const asked = args.limit ?? limits.feedPageDefault
    if (asked < 1) return fail('INVALID_LIMIT', 'limit must be at least 1.', 'limit')
    // More than the largest page is served as the largest, as on every list (decision 0072).
    const limit = Math.min(asked, limits.feedPageMax)
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
    await this.seal(scope)
    const head = await this.deps.store.head(this.deps.db, scope)
    const upTo = head?.feedSeq ?? 0
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
    return ok({
      items: records.map(feedEventOf),
      lastSeq,
      auditHead: { seq: head?.seq ?? 0, hash: head?.hash ?? genesisHash },
    })
  }

  /** The feed's last number once everything committed is sealed: where a new subscriber starts. */
  async feedHead(scope: OrgScope): Promise<number> {
    await this.seal(scope)
    return (await this.deps.store.head(this.deps.db, scope))?.feedSeq ?? 0
  }

  /**
   * The CLI's `audit verify`: walks the chain from its start, checks each record's link, the
   * journal lines each entry's record wrote, the head row and every unsealed row. It only reads:
   * a record still waiting for the sealer is not part of the chain yet, and one whose own seal
   * does not hold was not written by Daybook and is named.
   */
  async verify(scope: OrgScope): Promise<ChainCheck> {
    const { organizationId } = scope
    const key = this.deps.keys.keyFor(organizationId)
    const head = await this.deps.store.head(this.deps.db, scope)
    const broken = (seq: number, reason: string): ChainCheck => ({
      organizationId,
      records: seq - 1,
      ok: false,
      brokenSeq: seq,
      reason,
    })
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
      const linesBroken = await this.entriesWhoseLinesDiffer(scope, records)
      for (const record of records) {
        if (record.seq !== expectedSeq) return broken(expectedSeq, `record ${expectedSeq} is missing`)
        const link = chainHash(key, previousHash, { ...record, seq: expectedSeq })
        if (!sameHash(record.hash, link))
          return broken(expectedSeq, `record ${expectedSeq} does not match its hash`)
        if (linesBroken.has(record.id)) {
          return broken(expectedSeq, `the journal lines of record ${expectedSeq} are not the ones it wrote`)
        }
        previousHash = link
        expectedSeq++
      }
    }
    const sealedCount = expectedSeq - 1
    if ((head?.seq ?? 0) !== sealedCount || (head?.hash ?? genesisHash) !== previousHash) {
      return broken(sealedCount + 1, `the chain ends at ${sealedCount} but its head says ${head?.seq ?? 0}`)
    }
    if (head && !this.headHolds(key, head)) {
      return broken(sealedCount + 1, `the chain's head at ${sealedCount} does not match its seal`)
    }
    let afterId: string | null = null
    for (;;) {
      const waiting = await this.deps.store.unsealed(this.deps.db, scope, afterId, limits.auditSealBatchMax)
      const foreign = waiting.find((record) => !sameHash(record.hash, recordSeal(key, record)))
      if (foreign) {
        return broken(sealedCount + 1, `the unsealed record ${foreign.id} was not written by Daybook`)
      }
      if (waiting.length < limits.auditSealBatchMax) break
      afterId = waiting.at(-1)?.id ?? null
    }
    return { organizationId, records: sealedCount, ok: true }
  }

  /**
   * The journal entries among these records whose lines in the books differ from the lines their
   * record wrote down: the record is in the chain, so an edit of journal_lines shows here.
   */
  private async entriesWhoseLinesDiffer(
    scope: OrgScope,
    records: readonly AuditRecord[],
  ): Promise<Set<string>> {
    const written = new Map<string, { recordId: string; lines: StoredLine[] }>()
    for (const record of records) {
      if (record.operation !== 'journal_entry.created' || record.after === null) continue
      const lines = linesWritten(record.entityId, record.after)
      if (lines) written.set(record.entityId, { recordId: record.id, lines })
    }
    const differ = new Set<string>()
    if (written.size === 0) return differ
    const stored = new Map<string, StoredLine[]>()
    for (const line of await this.deps.store.journalLines(this.deps.db, scope, [...written.keys()])) {
      const lines = stored.get(line.entryId) ?? []
      lines.push(line)
      stored.set(line.entryId, lines)
    }
    for (const [entryId, { recordId, lines }] of written) {
      const inBooks = stored.get(entryId) ?? []
      const same =
        inBooks.length === lines.length &&
        lines.every((line, index) => {
          const found = inBooks[index] as StoredLine
          return (
            found.lineNo === line.lineNo &&
            found.accountId === line.accountId &&
            found.contactId === line.contactId &&
            found.debitMinor === line.debitMinor &&
            found.creditMinor === line.creditMinor &&
            found.txnDate === line.txnDate &&
            found.originalMinor === line.originalMinor
          )
        })
      if (!same) differ.add(recordId)
    }
    return differ
  }

  /** A head that never sealed a record has no seal yet; any other holds only under the key. */
  private headHolds(key: Buffer, head: ChainHead): boolean {
    if (head.mac === null) return head.seq === 0 && head.hash === genesisHash && head.feedSeq === 0
    return sameHash(head.mac, headSeal(key, head))
  }

  /**
   * Chains written before their hashes were keyed: each is walked with the unkeyed links it was
   * written with and, where it holds, every link is written again under the organization's key and
   * the head sealed. A chain that does not hold is left unsealed, and verifying it says so.
   */
  private async keyExistingChains(scopes: InternalScopes): Promise<void> {
    for (const organizationId of await this.deps.store.unkeyedHeads(acrossOrganizations(this.deps.db))) {
      const scope = scopes.internalScope(organizationId)
      const key = this.deps.keys.keyFor(organizationId)
      await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
        const head = await this.deps.store.lockHead(tx, scope, this.deps.engine === 'postgres')
        if (!head || head.mac !== null) return
        let unkeyed = genesisHash
        let keyed = genesisHash
        let seq = 0
        for (;;) {
          const records = await this.deps.store.chainAfter(tx, scope, seq, limits.auditSealBatchMax)
          if (records.length === 0) break
          const rehashed: Array<{ id: string; hash: string }> = []
          for (const record of records) {
            if (
              record.seq !== seq + 1 ||
              record.hash !== unkeyedChainHash(unkeyed, { ...record, seq: seq + 1 })
            ) {
              console.error(
                JSON.stringify({
                  level: 'error',
                  msg: 'audit chain does not hold; left unkeyed',
                  organizationId,
                }),
              )
              return
            }
            seq++
            unkeyed = record.hash
            keyed = chainHash(key, keyed, { ...record, seq })
            rehashed.push({ id: record.id, hash: keyed })
          }
          await this.deps.store.rehash(tx, scope, rehashed)
        }
        if (head.seq !== seq || head.hash !== unkeyed) return
        let afterId: string | null = null
        for (;;) {
          const waiting = await this.deps.store.unsealed(tx, scope, afterId, limits.auditSealBatchMax)
          await this.deps.store.rehash(
            tx,
            scope,
            waiting.map((record) => ({ id: record.id, hash: recordSeal(key, record) })),
          )
          if (waiting.length < limits.auditSealBatchMax) break
          afterId = waiting.at(-1)?.id ?? null
        }
        const anchored = { seq, hash: keyed, feedSeq: head.feedSeq }
        await this.deps.store.seal(tx, scope, [], { ...anchored, mac: headSeal(key, anchored) })
      })
    }
  }

  /** Stops the timers; a record left unsealed is sealed by the next write, read or verification. */
  async stop(): Promise<void> {
    this.stopped = true
    const waiting = [...this.pending.values()]
    for (const { timers } of waiting) for (const timer of timers) clearTimeout(timer)
    this.pending.clear()
    // What was written is sealed before the process goes, since verifying never seals.
    await Promise.allSettled([...this.sealing.values(), ...waiting.map(({ scope }) => this.seal(scope))])
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
    this.pending.set(scope.organizationId, { scope, timers: [first, second] })
  }

  private async sealNow(scope: OrgScope): Promise<number> {
    const key = this.deps.keys.keyFor(scope.organizationId)
    let total = 0
    let afterId: string | null = null
    for (;;) {
      const pass: { read: number; lastId: string | null } = await inTransaction(
        this.deps.db,
        this.deps.engine,
        async (tx) => {
          const head = await this.deps.store.lockHead(tx, scope, this.deps.engine === 'postgres')
          if (!head) return { read: 0, lastId: null }
          const records = await this.deps.store.unsealed(tx, scope, afterId, limits.auditSealBatchMax)
          if (records.length === 0) return { read: 0, lastId: null }
          // A head that does not hold was moved by hand: extending it would seal that over.
          if (!this.headHolds(key, head)) {
            this.reportOnce(
              `head:${scope.organizationId}`,
              'audit chain head does not match its seal; not sealing',
              scope,
            )
            return { read: 0, lastId: null }
          }
          let { seq, hash, feedSeq } = head
          const chained: Array<{ id: string; seq: number; hash: string; feedSeq: number | null }> = []
          for (const record of records) {
            if (!sameHash(record.hash, recordSeal(key, record))) {
              this.reportOnce(record.id, 'audit record not written by Daybook; not sealing it', scope)
              continue
            }
            seq++
            // Numbered in the order the chain takes them, which is the order they committed in
            // as far as any reader could see: a feed reader never finds a number below one it read.
            const feed = isFedRecord(record) ? ++feedSeq : null
            hash = chainHash(key, hash, { ...record, seq, feedSeq: feed })
            chained.push({ id: record.id, seq, hash, feedSeq: feed })
          }
          const anchored = { seq, hash, feedSeq }
          if (chained.length > 0) {
            await this.deps.store.seal(tx, scope, chained, { ...anchored, mac: headSeal(key, anchored) })
          }
          total += chained.length
          return { read: records.length, lastId: records.at(-1)?.id ?? null }
        },
      )
      if (pass.read < limits.auditSealBatchMax) return total
      afterId = pass.lastId
    }
  }

  private reportOnce(what: string, msg: string, scope: OrgScope): void {
    if (this.reported.has(what)) return
    this.reported.add(what)
    console.error(JSON.stringify({ level: 'error', msg, organizationId: scope.organizationId, record: what }))
  }
}

/** The lines an entry's record wrote down, as journal_lines holds them; undefined if it wrote none. */
function linesWritten(entryId: string, after: string): StoredLine[] | undefined {
  const entry = JSON.parse(after) as {
    txnDate?: unknown
    lines?: Array<{
      accountId: string
      side: string
      amountMinor: string
      contactId?: string | null
      originalMinor?: string
    }>
  }
  if (!Array.isArray(entry.lines) || typeof entry.txnDate !== 'string') return undefined
  const txnDate = entry.txnDate
  return entry.lines.map((line, index) => ({
    entryId,
    lineNo: index + 1,
    accountId: line.accountId,
    contactId: line.contactId ?? null,
    debitMinor: line.side === 'debit' ? BigInt(line.amountMinor) : 0n,
    creditMinor: line.side === 'credit' ? BigInt(line.amountMinor) : 0n,
    txnDate,
    originalMinor: line.originalMinor === undefined ? null : BigInt(line.originalMinor),
  }))
}
