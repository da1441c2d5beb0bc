import { preparedQuery, type SlotFor } from '../../db/prepared.js'
import type { Executor } from '../../db/schema.js'
import { toFlag } from '../../db/schema.js'
import { likeEscaped, pageWithCount, unindexed } from '../../db/sql-helpers.js'
import { likeContains, type PageRequest } from '../../kernel/page.js'
import { assert } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { EventSource, EventType, Status } from './ledger-event.js'

export interface LedgerEventRecord {
  id: string
  eventType: EventType
  merchantName: string
  memo: string
  amountMinor: bigint
  currency: string
  transactionDate: string
  status: Status
  categoryId: string | null
  paymentAccountId: string | null
  contactId: string | null
  taxAmountMinor: bigint | null
  taxFromCode: boolean
  taxAccountId: string | null
  salesTaxCode: string | null
  categoryRuleId: string | null
  reference: string | null
  source: EventSource
  backfillId: string | null
  batchId: string | null
  hasDocument: boolean
  journalEntryId: string | null
  reversalEntryId: string | null
  createdAt: string
  updatedAt: string
}

/** The fields a statement row is compared on. */
export type DuplicateCandidate = Pick<
  LedgerEventRecord,
  'id' | 'transactionDate' | 'amountMinor' | 'eventType' | 'merchantName' | 'reference'
>

export type NewLedgerEvent = Omit<
  LedgerEventRecord,
  'hasDocument' | 'journalEntryId' | 'reversalEntryId' | 'updatedAt'
>

/** The columns a lifecycle step may change; the rest of an event is fixed at creation. */
export interface EventChanges {
  eventType?: EventType
  memo?: string
  amountMinor?: bigint
  transactionDate?: string
  status?: Status
  categoryId?: string | null
  categoryRuleId?: string | null
  paymentAccountId?: string | null
  contactId?: string | null
  taxAmountMinor?: bigint | null
  taxFromCode?: boolean
  taxAccountId?: string | null
  salesTaxCode?: string | null
  hasDocument?: boolean
  journalEntryId?: string | null
  reversalEntryId?: string | null
}

export interface EventFilters {
  statuses?: Status[]
  hasDocument?: boolean
  dateFrom?: string
  dateTo?: string
  amountMinMinor?: bigint
  amountMaxMinor?: bigint
  accountIds?: string[]
  categoryIds?: string[]
  search?: string
}

export type EventSort = 'transactionDate' | 'functionalAmount' | 'merchantName' | 'status'

const sortColumns = {
  transactionDate: 'transaction_date',
  functionalAmount: 'amount_minor',
  merchantName: 'merchant_key',
  status: 'status',
} as const

type Row = {
  id: string
  event_type: string
  merchant_name: string
  memo: string
  amount_minor: number | bigint
  currency: string
  transaction_date: string
  status: string
  category_id: string | null
  payment_account_id: string | null
  contact_id: string | null
  tax_amount_minor: number | bigint | null
  tax_from_code: number | bigint
  tax_account_id: string | null
  sales_tax_code: string | null
  category_rule_id: string | null
  reference: string | null
  source: string
  backfill_id: string | null
  batch_id: string | null
  has_document: number | bigint
  journal_entry_id: string | null
  reversal_entry_id: string | null
  created_at: string
  updated_at: string
}

/** The columns an event is read from (the bench's bare baseline selects the same). */
export const ledgerEventColumns = [
  'id',
  'event_type',
  'merchant_name',
  'memo',
  'amount_minor',
  'currency',
  'transaction_date',
  'status',
  'category_id',
  'payment_account_id',
  'contact_id',
  'tax_amount_minor',
  'tax_from_code',
  'tax_account_id',
  'sales_tax_code',
  'category_rule_id',
  'reference',
  'source',
  'backfill_id',
  'batch_id',
  'has_document',
  'journal_entry_id',
  'reversal_entry_id',
  'created_at',
  'updated_at',
] as const

const toRecord = (row: Row): LedgerEventRecord => ({
  id: row.id,
  eventType: row.event_type as EventType,
  merchantName: row.merchant_name,
  memo: row.memo,
  amountMinor: BigInt(row.amount_minor),
  currency: row.currency,
  transactionDate: row.transaction_date,
  status: row.status as Status,
  categoryId: row.category_id,
  paymentAccountId: row.payment_account_id,
  contactId: row.contact_id,
  taxAmountMinor: row.tax_amount_minor === null ? null : BigInt(row.tax_amount_minor),
  taxFromCode: toFlag(row.tax_from_code),
  taxAccountId: row.tax_account_id,
  salesTaxCode: row.sales_tax_code,
  categoryRuleId: row.category_rule_id,
  reference: row.reference,
  source: row.source as EventSource,
  backfillId: row.backfill_id,
  batchId: row.batch_id,
  hasDocument: toFlag(row.has_document),
  journalEntryId: row.journal_entry_id,
  reversalEntryId: row.reversal_entry_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

// Rows per INSERT statement: well under SQLite's 32,766 bound parameters at 27 columns.
const insertChunkRows = 500

/** One row shape for every insert; only an event posted in the same transaction names its entry. */
async function insertInChunks<E extends NewLedgerEvent>(
  ex: Executor,
  scope: OrgScope,
  events: E[],
  journalEntryIdOf: (event: E) => string | null,
): Promise<void> {
  for (let start = 0; start < events.length; start += insertChunkRows) {
    await ex
      .insertInto('ledger_events')
      .values(
        events.slice(start, start + insertChunkRows).map((e) => ({
          id: e.id,
          organization_id: scope.organizationId,
          event_type: e.eventType,
          merchant_name: e.merchantName,
          merchant_key: e.merchantName.toLowerCase(),
          memo: e.memo,
          memo_key: e.memo.toLowerCase(),
          amount_minor: e.amountMinor,
          currency: e.currency,
          transaction_date: e.transactionDate,
          status: e.status,
          category_id: e.categoryId,
          payment_account_id: e.paymentAccountId,
          contact_id: e.contactId,
          tax_amount_minor: e.taxAmountMinor,
          tax_from_code: e.taxFromCode ? 1 : 0,
          tax_account_id: e.taxAccountId,
          sales_tax_code: e.salesTaxCode,
          category_rule_id: e.categoryRuleId,
          reference: e.reference,
          source: e.source,
          backfill_id: e.backfillId,
          batch_id: e.batchId,
          has_document: 0,
          journal_entry_id: journalEntryIdOf(e),
          reversal_entry_id: null,
          created_at: e.createdAt,
          updated_at: e.createdAt,
        })),
      )
      .execute()
  }
}

export class LedgerEventStore {
  async insertMany(ex: Executor, scope: OrgScope, events: NewLedgerEvent[]): Promise<void> {
    await insertInChunks(ex, scope, events, () => null)
  }

  async findById(ex: Executor, scope: OrgScope, id: string): Promise<LedgerEventRecord | undefined> {
    const row = await ex
      .selectFrom('ledger_events')
      .select(ledgerEventColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row && toRecord(row)
  }

  async findByIds(ex: Executor, scope: OrgScope, ids: string[]): Promise<LedgerEventRecord[]> {
    if (ids.length === 0) return []
    const rows = await ex
      .selectFrom('ledger_events')
      .select(ledgerEventColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', 'in', ids)
      .execute()
    return rows.map(toRecord)
  }

  /**
   * Applies changes only while the event is still in one of `fromStatuses`: the guard that lets
   * exactly one of several concurrent confirms (or rejects) win. Returns whether it applied.
   */
  async update(
    ex: Executor,
    scope: OrgScope,
    id: string,
    fromStatuses: readonly Status[],
    changes: EventChanges,
    updatedAt: string,
  ): Promise<boolean> {
    const set: Record<string, unknown> = { updated_at: updatedAt }
    if (changes.eventType !== undefined) set.event_type = changes.eventType
    if (changes.memo !== undefined) {
      set.memo = changes.memo
      set.memo_key = changes.memo.toLowerCase()
    }
    if (changes.amountMinor !== undefined) set.amount_minor = changes.amountMinor
    if (changes.transactionDate !== undefined) set.transaction_date = changes.transactionDate
    if (changes.status !== undefined) set.status = changes.status
    if (changes.categoryId !== undefined) set.category_id = changes.categoryId
    if (changes.categoryRuleId !== undefined) set.category_rule_id = changes.categoryRuleId
    if (changes.paymentAccountId !== undefined) set.payment_account_id = changes.paymentAccountId
    if (changes.contactId !== undefined) set.contact_id = changes.contactId
    if (changes.taxAmountMinor !== undefined) set.tax_amount_minor = changes.taxAmountMinor
    if (changes.taxFromCode !== undefined) set.tax_from_code = changes.taxFromCode ? 1 : 0
    if (changes.taxAccountId !== undefined) set.tax_account_id = changes.taxAccountId
    if (changes.salesTaxCode !== undefined) set.sales_tax_code = changes.salesTaxCode
    if (changes.hasDocument !== undefined) set.has_document = changes.hasDocument ? 1 : 0
    if (changes.journalEntryId !== undefined) set.journal_entry_id = changes.journalEntryId
    if (changes.reversalEntryId !== undefined) set.reversal_entry_id = changes.reversalEntryId
    const result = await ex
      .updateTable('ledger_events')
      .set(set)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .where(unindexed('status'), 'in', [...fromStatuses])
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  /** update() that returns the changed row, read in the same statement. */
  async claim(
    ex: Executor,
    scope: OrgScope,
    id: string,
    fromStatuses: readonly Status[],
    changes: { status: Status; journalEntryId: string },
    updatedAt: string,
  ): Promise<LedgerEventRecord | undefined> {
    const from = fromStatuses[0]
    assert(from !== undefined && fromStatuses.length <= 2, 'an event is claimed from one or two statuses')
    const alsoFrom = fromStatuses[1] ?? from
    const { rows } = await claimEvent(ex, {
      organizationId: scope.organizationId,
      id,
      from,
      alsoFrom,
      status: changes.status,
      journalEntryId: changes.journalEntryId,
      updatedAt,
    })
    return rows[0] && toRecord(rows[0])
  }

  async page(
    ex: Executor,
    scope: OrgScope,
    filters: EventFilters,
    page: PageRequest<EventSort>,
  ): Promise<{ items: LedgerEventRecord[]; totalCount: number }> {
    let query = ex.selectFrom('ledger_events').where('organization_id', '=', scope.organizationId)
    if (filters.statuses && filters.statuses.length > 0) query = query.where('status', 'in', filters.statuses)
    if (filters.hasDocument !== undefined)
      query = query.where('has_document', '=', filters.hasDocument ? 1 : 0)
    if (filters.dateFrom !== undefined) query = query.where('transaction_date', '>=', filters.dateFrom)
    if (filters.dateTo !== undefined) query = query.where('transaction_date', '<=', filters.dateTo)
    if (filters.amountMinMinor !== undefined)
      query = query.where('amount_minor', '>=', filters.amountMinMinor)
    if (filters.amountMaxMinor !== undefined)
      query = query.where('amount_minor', '<=', filters.amountMaxMinor)
    const categoryIds = filters.categoryIds
    if (categoryIds) query = query.where('category_id', 'in', categoryIds.length > 0 ? categoryIds : [''])
    const accountIds = filters.accountIds
    if (accountIds) {
      const ids = accountIds.length > 0 ? accountIds : ['']
      query = query.where((eb) => eb.or([eb('category_id', 'in', ids), eb('payment_account_id', 'in', ids)]))
    }
    if (filters.search) {
      const pattern = likeContains(filters.search)
      query = query.where((eb) =>
        eb.or([likeEscaped('merchant_key', pattern), likeEscaped('memo_key', pattern)]),
      )
    }
    const { rows, totalCount } = await pageWithCount(
      query,
      query.select(ledgerEventColumns).orderBy(sortColumns[page.sortBy], page.sortDir),
      page,
    )
    return { items: rows.map(toRecord), totalCount }
  }

  /**
   * What a statement is checked against (every status included): the account's events dated in
   * the window, and those carrying one of the references, whatever their date. Two indexed reads,
   * each row once, in the order the events were created.
   */
  async duplicateCandidates(
    ex: Executor,
    scope: OrgScope,
    paymentAccountId: string,
    window: { from: string; to: string },
    references: string[],
  ): Promise<DuplicateCandidate[]> {
    const columns = [
      'id',
      'transaction_date',
      'amount_minor',
      'event_type',
      'merchant_name',
      'reference',
      'created_at',
    ] as const
    const onAccount = ex
      .selectFrom('ledger_events')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('payment_account_id', '=', paymentAccountId)
    const rows = await onAccount
      .where('transaction_date', '>=', window.from)
      .where('transaction_date', '<=', window.to)
      .execute()
    const seen = new Set(rows.map((row) => row.id))
    for (let start = 0; start < references.length; start += idsPerQuery) {
      const referenced = await onAccount
        .where('reference', 'in', references.slice(start, start + idsPerQuery))
        .execute()
      for (const row of referenced) {
        if (seen.has(row.id)) continue
        seen.add(row.id)
        rows.push(row)
      }
    }
    rows.sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
    )
    return rows.map((row) => ({
      id: row.id,
      transactionDate: row.transaction_date,
      amountMinor: BigInt(row.amount_minor),
      eventType: row.event_type as EventType,
      merchantName: row.merchant_name,
      reference: row.reference,
    }))
  }

  async countInStatus(
    ex: Executor,
    scope: OrgScope,
    status: Status,
    range: { from: string; to: string },
  ): Promise<number> {
    const row = await ex
      .selectFrom('ledger_events')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('organization_id', '=', scope.organizationId)
      .where('status', '=', status)
      .where('transaction_date', '>=', range.from)
      .where('transaction_date', '<=', range.to)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  async setHasDocument(
    ex: Executor,
    scope: OrgScope,
    id: string,
    hasDocument: boolean,
    at: string,
  ): Promise<void> {
    await ex
      .updateTable('ledger_events')
      .set({ has_document: hasDocument ? 1 : 0, updated_at: at })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
  }

  /** Events a receipt could belong to (DESIGN 5.9): not ignored, no document yet, same amount, in the window. */
  async receiptCandidates(
    ex: Executor,
    scope: OrgScope,
    amountMinor: bigint,
    window: { from: string; to: string },
    limit: number,
  ): Promise<string[]> {
    const rows = await ex
      .selectFrom('ledger_events')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('has_document', '=', 0)
      .where('status', '!=', 'ignored')
      .where('amount_minor', '=', amountMinor)
      .where('transaction_date', '>=', window.from)
      .where('transaction_date', '<=', window.to)
      .limit(limit)
      .execute()
    return rows.map((row) => row.id)
  }

  /**
   * Events still waiting for review with no category whose merchant matches a vendor pattern:
   * what a new or changed rule may fill. Vendor patterns are LIKE patterns over the lower-cased
   * name, so the database does the narrowing.
   */
  async waitingWithoutCategory(
    ex: Executor,
    scope: OrgScope,
    vendorPattern: string,
  ): Promise<LedgerEventRecord[]> {
    const rows = await ex
      .selectFrom('ledger_events')
      .select(ledgerEventColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('status', 'in', ['needs_review', 'pending'])
      .where('category_id', 'is', null)
      .where(likeEscaped('merchant_key', vendorPattern.toLowerCase()))
      .execute()
    return rows.map(toRecord)
  }

  // ---- bulk work of imports that post as they import (the payment-processor import) ----------

  /** Inserts events that are posted in the same transaction, each naming its entry. */
  async insertManyPosted(
    ex: Executor,
    scope: OrgScope,
    events: Array<NewLedgerEvent & { journalEntryId: string }>,
  ): Promise<void> {
    await insertInChunks(ex, scope, events, (e) => e.journalEntryId)
  }

  /** Which of these backfill ids the organization already holds. */
  async existingBackfillIds(ex: Executor, scope: OrgScope, backfillIds: string[]): Promise<Set<string>> {
    const found = new Set<string>()
    for (let start = 0; start < backfillIds.length; start += idsPerQuery) {
      const rows = await ex
        .selectFrom('ledger_events')
        .select('backfill_id')
        .where('organization_id', '=', scope.organizationId)
        .where('backfill_id', 'in', backfillIds.slice(start, start + idsPerQuery))
        .execute()
      for (const row of rows) if (row.backfill_id !== null) found.add(row.backfill_id)
    }
    return found
  }

  async batchExists(ex: Executor, scope: OrgScope, batchId: string): Promise<boolean> {
    const row = await ex
      .selectFrom('ledger_events')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('batch_id', '=', batchId)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * The events one import source wrote: one batch of it, or all of them. With `lock` (PostgreSQL)
   * their rows stay locked until the transaction ends, so a confirm cannot post one unseen.
   */
  async importedEvents(
    ex: Executor,
    scope: OrgScope,
    source: EventSource,
    batchId: string | undefined,
    lock: boolean,
  ): Promise<
    Array<Pick<LedgerEventRecord, 'id' | 'status' | 'journalEntryId' | 'reversalEntryId' | 'batchId'>>
  > {
    let query = ex
      .selectFrom('ledger_events')
      .select(['id', 'status', 'journal_entry_id', 'reversal_entry_id', 'batch_id'])
      .where('organization_id', '=', scope.organizationId)
      .where('source', '=', source)
    if (batchId !== undefined) query = query.where('batch_id', '=', batchId)
    if (lock) query = query.forUpdate()
    const rows = await query.orderBy('id').execute()
    return rows.map((row) => ({
      id: row.id,
      status: row.status as Status,
      journalEntryId: row.journal_entry_id,
      reversalEntryId: row.reversal_entry_id,
      batchId: row.batch_id,
    }))
  }

  /**
   * Deletes the events of these batches of one import source; events of any other source are
   * left alone. By batch rather than by id: the batch index finds them directly on both engines.
   */
  async deleteImported(
    ex: Executor,
    scope: OrgScope,
    source: EventSource,
    batchIds: string[],
  ): Promise<number> {
    let deleted = 0
    for (let start = 0; start < batchIds.length; start += idsPerQuery) {
      const result = await ex
        .deleteFrom('ledger_events')
        .where('organization_id', '=', scope.organizationId)
        .where('batch_id', 'in', batchIds.slice(start, start + idsPerQuery))
        .where('source', '=', source)
        .executeTakeFirst()
      deleted += Number(result.numDeletedRows)
    }
    return deleted
  }
}

// Ids bound per IN list: far below either engine's parameter limit.
const idsPerQuery = 1_000

// Every confirm runs this; see preparedQuery.
const claimEvent = preparedQuery(
  (
    ex,
    slot: SlotFor<{
      organizationId: string
      id: string
      from: Status
      alsoFrom: Status
      status: Status
      journalEntryId: string
      updatedAt: string
    }>,
  ) =>
    ex
      .updateTable('ledger_events')
      .set({
        status: slot('status'),
        journal_entry_id: slot('journalEntryId'),
        updated_at: slot('updatedAt'),
      })
      .where('organization_id', '=', slot('organizationId'))
      .where('id', '=', slot('id'))
      .where(unindexed('status'), 'in', [slot('from'), slot('alsoFrom')])
      .returning(ledgerEventColumns),
)
