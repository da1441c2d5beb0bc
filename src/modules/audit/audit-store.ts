import { type Selectable, sql } from 'kysely'
import { preparedRowsQuery, type SlotFor } from '../../db/prepared.js'
import type { AuditRecordsTable, Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { ActorType, AuditRecord } from './audit-record.js'

// The only SQL of the audit module: records appended unsealed, then sealed into the chain in order.

const toRecord = (row: Selectable<AuditRecordsTable>): AuditRecord => ({
  id: row.id,
  seq: row.seq === null ? null : Number(row.seq),
  at: row.at,
  actorType: row.actor_type as ActorType,
  actorId: row.actor_id,
  operation: row.operation,
  entityType: row.entity_type,
  entityId: row.entity_id,
  before: row.before,
  after: row.after,
  hash: row.hash,
})

export interface ChainHead {
  seq: number
  hash: string
  /** The event feed's last number. */
  feedSeq: number
  /** The head's own seal; null only before the first seal. */
  mac: string | null
}

const toHead = (row: { seq: unknown; hash: string; feed_seq: unknown; mac: string | null }): ChainHead => ({
  seq: Number(row.seq),
  hash: row.hash,
  feedSeq: Number(row.feed_seq),
  mac: row.mac,
})

export interface StoredLine {
  entryId: string
  lineNo: number
  accountId: string
  contactId: string | null
  debitMinor: bigint
  creditMinor: bigint
  txnDate: string
  originalMinor: bigint | null
}

export class AuditStore {
  async append(ex: Executor, scope: OrgScope, records: AuditRecord[]): Promise<void> {
    await insertRecordRows(
      ex,
      records.map((record) => ({
        organization_id: scope.organizationId,
        id: record.id,
        seq: null,
        at: record.at,
        actor_type: record.actorType,
        actor_id: record.actorId,
        operation: record.operation,
        entity_type: record.entityType,
        entity_id: record.entityId,
        before: record.before,
        after: record.after,
        hash: record.hash,
        feed_seq: null,
      })),
    )
  }

  /**
   * The chain's head, made at its start. Undefined while the organization itself is not yet
   * committed: a seal scheduled by the transaction that creates it may run before that commit,
   * and then has nothing it could see to seal.
   */
  async lockHead(ex: Executor, scope: OrgScope, lock: boolean): Promise<ChainHead | undefined> {
    await ex
      .insertInto('audit_heads')
      .columns(['organization_id', 'seq', 'hash', 'feed_seq'])
      .expression((eb) =>
        eb
          .selectFrom('organizations')
          .select([
            'id as organization_id',
            sql<number>`0`.as('seq'),
            sql<string>`''`.as('hash'),
            sql<number>`0`.as('feed_seq'),
          ])
          .where('id', '=', scope.organizationId),
      )
      .onConflict((oc) => oc.column('organization_id').doNothing())
      .execute()
    const query = ex
      .selectFrom('audit_heads')
      .select(['seq', 'hash', 'feed_seq', 'mac'])
      .where('organization_id', '=', scope.organizationId)
    const row = await (lock ? query.forUpdate() : query).executeTakeFirst()
    return row && toHead(row)
  }

  async head(ex: Executor, scope: OrgScope): Promise<ChainHead | undefined> {
    const row = await ex
      .selectFrom('audit_heads')
      .select(['seq', 'hash', 'feed_seq', 'mac'])
      .where('organization_id', '=', scope.organizationId)
      .executeTakeFirst()
    return row && toHead(row)
  }

  /** Unsealed records in id order after `afterId` (all when null). */
  async unsealed(
    ex: Executor,
    scope: OrgScope,
    afterId: string | null,
    limit: number,
  ): Promise<AuditRecord[]> {
    let query = ex
      .selectFrom('audit_records')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where('seq', 'is', null)
    if (afterId !== null) query = query.where('id', '>', afterId)
    const rows = await query.orderBy('id').limit(limit).execute()
    return rows.map(toRecord)
  }

  async seal(
    ex: Executor,
    scope: OrgScope,
    sealed: ReadonlyArray<{ id: string; seq: number; hash: string; feedSeq: number | null }>,
    head: ChainHead & { mac: string },
  ): Promise<void> {
    if (sealed.length > 0) {
      // One statement for the batch: both engines update from a list of values.
      const values = sql.join(
        sealed.map((record) => sql`(${record.id}, ${record.seq}, ${record.hash}, ${record.feedSeq})`),
      )
      await sql`with sealed (id, seq, hash, feed_seq) as (values ${values})
        update audit_records set seq = cast(sealed.seq as bigint), hash = sealed.hash,
          feed_seq = cast(sealed.feed_seq as bigint)
        from sealed
        where audit_records.organization_id = ${scope.organizationId} and audit_records.id = sealed.id`.execute(
        ex,
      )
    }
    await ex
      .updateTable('audit_heads')
      .set({ seq: head.seq, hash: head.hash, feed_seq: head.feedSeq, mac: head.mac })
      .where('organization_id', '=', scope.organizationId)
      .execute()
  }

  /** Sets hashes of records already in the chain: the one-time sealing of a chain under its key. */
  async rehash(
    ex: Executor,
    scope: OrgScope,
    records: ReadonlyArray<{ id: string; hash: string }>,
  ): Promise<void> {
    if (records.length === 0) return
    const values = sql.join(records.map((record) => sql`(${record.id}, ${record.hash})`))
    await sql`with rehashed (id, hash) as (values ${values})
      update audit_records set hash = rehashed.hash
      from rehashed
      where audit_records.organization_id = ${scope.organizationId} and audit_records.id = rehashed.id`.execute(
      ex,
    )
  }

  /** The organizations whose chain head has never been sealed under a key. */
  async unkeyedHeads(ex: Executor): Promise<string[]> {
    const rows = await ex
      .selectFrom('audit_heads')
      .select('organization_id')
      .where('mac', 'is', null)
      .execute()
    return rows.map((row) => row.organization_id)
  }

  /** A setting of the installation, inserted with `value` when there is none yet. */
  async settingOrInsert(ex: Executor, name: string, value: string): Promise<string> {
    // Read first: every CLI command loads the secret, and an insert would take SQLite's write lock.
    const found = await ex.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst()
    if (found) return found.value
    await ex
      .insertInto('settings')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    const row = await ex
      .selectFrom('settings')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
    return row.value
  }

  /** The journal lines of these entries as the books hold them, by entry and line number. */
  async journalLines(ex: Executor, scope: OrgScope, entryIds: readonly string[]): Promise<StoredLine[]> {
    if (entryIds.length === 0) return []
    const rows = await ex
      .selectFrom('journal_lines')
      .select([
        'entry_id',
        'line_no',
        'account_id',
        'contact_id',
        'debit_minor',
        'credit_minor',
        'txn_date',
        'original_minor',
      ])
      .where('organization_id', '=', scope.organizationId)
      .where('entry_id', 'in', [...entryIds])
      .orderBy('entry_id')
      .orderBy('line_no')
      .execute()
    return rows.map((row) => ({
      entryId: row.entry_id,
      lineNo: Number(row.line_no),
      accountId: row.account_id,
      contactId: row.contact_id,
      debitMinor: BigInt(row.debit_minor),
      creditMinor: BigInt(row.credit_minor),
      txnDate: row.txn_date,
      originalMinor: row.original_minor === null ? null : BigInt(row.original_minor),
    }))
  }

  /** The feed's events in (afterSeq, upToSeq], oldest first, of the given types (all when null). */
  async feedAfter(
    ex: Executor,
    scope: OrgScope,
    afterSeq: number,
    upToSeq: number,
    types: readonly string[] | null,
    limit: number,
  ): Promise<Array<AuditRecord & { feedSeq: number }>> {
    let query = ex
      .selectFrom('audit_records')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where('feed_seq', '>', afterSeq)
      .where('feed_seq', '<=', upToSeq)
    if (types) query = query.where('operation', 'in', [...types])
    const rows = await query.orderBy('feed_seq').limit(limit).execute()
    return rows.map((row) => ({ ...toRecord(row), feedSeq: Number(row.feed_seq) }))
  }

  /** Sealed records in chain order from `afterSeq`, for verification. */
  async chainAfter(
    ex: Executor,
    scope: OrgScope,
    afterSeq: number,
    limit: number,
  ): Promise<Array<AuditRecord & { feedSeq: number | null }>> {
    const rows = await ex
      .selectFrom('audit_records')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute()
    return rows.map((row) => ({
      ...toRecord(row),
      feedSeq: row.feed_seq === null ? null : Number(row.feed_seq),
    }))
  }

  async countUnsealed(ex: Executor, scope: OrgScope): Promise<number> {
    const row = await ex
      .selectFrom('audit_records')
      .select(sql<number | bigint>`count(*)`.as('count'))
      .where('organization_id', '=', scope.organizationId)
      .where('seq', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  /** Newest first; sealed records only, so every one shown has its place in the chain. */
  async page(
    ex: Executor,
    scope: OrgScope,
    filter: { entityId?: string | null; entityType?: string | null },
    page: { limit: number; offset: number },
  ): Promise<{ items: AuditRecord[]; totalCount: number }> {
    let base = ex
      .selectFrom('audit_records')
      .where('organization_id', '=', scope.organizationId)
      .where('seq', 'is not', null)
    if (filter.entityId) base = base.where('entity_id', '=', filter.entityId)
    if (filter.entityType) base = base.where('entity_type', '=', filter.entityType)
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('seq', 'desc').limit(page.limit).offset(page.offset).execute(),
      base.select(sql<number | bigint>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    ])
    return { items: rows.map(toRecord), totalCount: Number(count.count) }
  }
}

// Most writes append a record or two; building and compiling the insert each time cost more
// than running it.
const insertRecordRows = preparedRowsQuery((ex, rows: Array<SlotFor<AuditRecordsTable>>) =>
  ex.insertInto('audit_records').values(
    rows.map((slot) => ({
      organization_id: slot('organization_id'),
      id: slot('id'),
      seq: slot('seq'),
      at: slot('at'),
      actor_type: slot('actor_type'),
      actor_id: slot('actor_id'),
      operation: slot('operation'),
      entity_type: slot('entity_type'),
      entity_id: slot('entity_id'),
      before: slot('before'),
      after: slot('after'),
      hash: slot('hash'),
      feed_seq: slot('feed_seq'),
    })),
  ),
)
