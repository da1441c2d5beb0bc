import { sql } from 'kysely'
import { preparedQuery, type SlotFor, shapedQuery } from '../../db/prepared.js'
import type { Executor } from '../../db/schema.js'
import { likeEscaped, unindexed } from '../../db/sql-helpers.js'
import { likeContains, type PageRequest, type SortDirection } from '../../kernel/page.js'
import { assert } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { Status } from './ledger-event.js'
import { LedgerEventLineStore } from './ledger-event-line-store.js'
import {
  type EventChanges,
  insertInChunks,
  type LedgerEventRecord,
  ledgerEventColumns,
  type NewLedgerEvent,
  toRecord,
} from './ledger-event-row-store.js'

export interface WorkLeft {
  unreviewedCount: number
  oldestUnreviewedDate: string | null
  /** Payment accounts holding posted events not yet reconciled. */
  unreconciledAccounts: number
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

/** Which filters a list request uses and how: the parts of its query's text. */
interface PageShape {
  statuses: number
  hasDocument: boolean
  dateFrom: boolean
  dateTo: boolean
  amountMin: boolean
  amountMax: boolean
  /** How many ids; an empty list matches nothing. */
  categoryIds: number | undefined
  accountIds: number | undefined
  search: boolean
  sortBy: EventSort
  sortDir: SortDirection
}

/** The values a list request fills its query's text with. */
interface PageParams {
  organizationId: string
  hasDocument: number
  dateFrom: string
  dateTo: string
  amountMin: bigint
  amountMax: bigint
  search: string
  limit: number
  offset: number
  [status: `status${number}`]: Status
  [categoryId: `categoryId${number}`]: string
  [accountId: `accountId${number}`]: string
}

type ParamOf = <N extends keyof PageParams>(name: N) => PageParams[N]

const numbered = <P extends string>(prefix: P, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}` as `${P}${number}`)

function pageQueryOf(
  scope: OrgScope,
  filters: EventFilters,
  page: PageRequest<EventSort>,
): { shape: PageShape; key: string; params: PageParams } {
  const statuses = filters.statuses ?? []
  const shape: PageShape = {
    statuses: statuses.length,
    hasDocument: filters.hasDocument !== undefined,
    dateFrom: filters.dateFrom !== undefined,
    dateTo: filters.dateTo !== undefined,
    amountMin: filters.amountMinMinor !== undefined,
    amountMax: filters.amountMaxMinor !== undefined,
    categoryIds: filters.categoryIds?.length,
    accountIds: filters.accountIds?.length,
    search: filters.search !== undefined && filters.search !== '',
    sortBy: page.sortBy,
    sortDir: page.sortDir,
  }
  const params = {
    organizationId: scope.organizationId,
    hasDocument: filters.hasDocument ? 1 : 0,
    dateFrom: filters.dateFrom ?? '',
    dateTo: filters.dateTo ?? '',
    amountMin: filters.amountMinMinor ?? 0n,
    amountMax: filters.amountMaxMinor ?? 0n,
    search: shape.search ? likeContains(filters.search ?? '') : '',
    limit: page.limit,
    offset: page.offset,
  } as PageParams
  statuses.forEach((status, i) => {
    params[`status${i}`] = status
  })
  filters.categoryIds?.forEach((id, i) => {
    params[`categoryId${i}`] = id
  })
  filters.accountIds?.forEach((id, i) => {
    params[`accountId${i}`] = id
  })
  const key = [
    shape.statuses,
    shape.hasDocument,
    shape.dateFrom,
    shape.dateTo,
    shape.amountMin,
    shape.amountMax,
    shape.categoryIds,
    shape.accountIds,
    shape.search,
    shape.sortBy,
    shape.sortDir,
  ].join(' ')
  return { shape, key, params }
}

/** The events a list request's filters let through, its values taken from `value`. */
function filteredEvents(ex: Executor, shape: PageShape, value: ParamOf) {
  let query = ex.selectFrom('ledger_events').where('organization_id', '=', value('organizationId'))
  if (shape.statuses > 0) query = query.where('status', 'in', numbered('status', shape.statuses).map(value))
  if (shape.hasDocument) query = query.where('has_document', '=', value('hasDocument'))
  if (shape.dateFrom) query = query.where('transaction_date', '>=', value('dateFrom'))
  if (shape.dateTo) query = query.where('transaction_date', '<=', value('dateTo'))
  if (shape.amountMin) query = query.where('amount_minor', '>=', value('amountMin'))
  if (shape.amountMax) query = query.where('amount_minor', '<=', value('amountMax'))
  if (shape.categoryIds !== undefined) {
    const ids = shape.categoryIds > 0 ? numbered('categoryId', shape.categoryIds).map(value) : ['']
    query = query.where('category_id', 'in', ids)
  }
  if (shape.accountIds !== undefined) {
    const ids = shape.accountIds > 0 ? numbered('accountId', shape.accountIds).map(value) : ['']
    query = query.where((eb) => eb.or([eb('category_id', 'in', ids), eb('payment_account_id', 'in', ids)]))
  }
  if (shape.search) {
    const pattern = value('search')
    query = query.where((eb) =>
      eb.or([likeEscaped('merchant_key', pattern), likeEscaped('memo_key', pattern)]),
    )
  }
  return query
}

const totalCountColumn = 'daybook_total_count'

/**
 * The busiest read: a page of events and their totalCount in one statement (as pageWithCount
 * reads other lists), compiled once per shape of request rather than built at every one.
 */
const eventPage = shapedQuery(
  (ex, slot: SlotFor<PageParams>, shape: PageShape) => {
    const filtered = filteredEvents(ex, shape, slot)
    return filtered
      .select(ledgerEventColumns)
      .select(filtered.select((eb) => eb.fn.countAll().as('count')).as(totalCountColumn))
      .orderBy(sortColumns[shape.sortBy], shape.sortDir)
      .orderBy('id', shape.sortDir)
      .limit(slot('limit'))
      .offset(slot('offset'))
  },
  // The review queue and its kin filter by equalities alone (organization, statuses, whether a
  // document is attached), which ledger_events_status serves whatever the values: one plan fits
  // every organization and status. At most 7 status counts × 2 × 4 sorts × 2 directions.
  { onePlan: isEqualityShape },
)

function isEqualityShape(shape: PageShape): boolean {
  return (
    !shape.dateFrom &&
    !shape.dateTo &&
    !shape.amountMin &&
    !shape.amountMax &&
    shape.categoryIds === undefined &&
    shape.accountIds === undefined &&
    !shape.search
  )
}

export class LedgerEventStore {
  /** The lines of events classified line by line, kept beside the events. */
  readonly lines = new LedgerEventLineStore()

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
    if (changes.direction !== undefined) set.direction = changes.direction
    if (changes.exchangeRate !== undefined) set.exchange_rate = changes.exchangeRate
    if (changes.splitAccountId !== undefined) set.split_account_id = changes.splitAccountId
    if (changes.splitAmountMinor !== undefined) set.split_amount_minor = changes.splitAmountMinor
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
    if (changes.reconciliationId !== undefined) set.reconciliation_id = changes.reconciliationId
    const result = await ex
      .updateTable('ledger_events')
      .set(set)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .where(unindexed('status'), 'in', [...fromStatuses])
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  /** The rate a posted event was converted at, when it came from the rate table. */
  async setExchangeRate(ex: Executor, scope: OrgScope, id: string, rate: string): Promise<void> {
    await ex
      .updateTable('ledger_events')
      .set({ exchange_rate: rate })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
  }

  /**
   * The events a confirm of many works on, in id order. With `lock` (PostgreSQL) each row is held
   * until the transaction ends, taken in that order, so two confirms of overlapping events wait for
   * each other instead of deadlocking, and the later one reads them confirmed.
   */
  async holdForConfirm(
    ex: Executor,
    scope: OrgScope,
    ids: readonly string[],
    lock: boolean,
  ): Promise<LedgerEventRecord[]> {
    if (ids.length === 0) return []
    const query = ex
      .selectFrom('ledger_events')
      .select(ledgerEventColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', 'in', [...ids])
      .orderBy('id')
    return (await (lock ? query.forUpdate() : query).execute()).map(toRecord)
  }

  /**
   * Marks held events confirmed in one statement, each naming its entry and, when the confirm
   * chose one, its tax account. Answers how many it marked; only editable events are.
   */
  async markConfirmed(
    ex: Executor,
    scope: OrgScope,
    confirmed: ReadonlyArray<{ id: string; journalEntryId: string; taxAccountId: string | null }>,
    fromStatuses: readonly Status[],
    updatedAt: string,
  ): Promise<number> {
    if (confirmed.length === 0) return 0
    const values = sql.join(
      confirmed.map((row) => sql`(${row.id}, ${row.journalEntryId}, ${row.taxAccountId})`),
    )
    const result = await sql`with confirmed (id, journal_entry_id, tax_account_id) as (values ${values})
      update ledger_events
      set status = 'confirmed', journal_entry_id = confirmed.journal_entry_id,
        tax_account_id = coalesce(confirmed.tax_account_id, ledger_events.tax_account_id),
        updated_at = ${updatedAt}
      from confirmed
      where ledger_events.organization_id = ${scope.organizationId}
        and ledger_events.id = confirmed.id
        and ledger_events.status || '' in (${sql.join([...fromStatuses])})`.execute(ex)
    return Number(result.numAffectedRows ?? 0n)
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
    const { shape, key, params } = pageQueryOf(scope, filters, page)
    const { rows } = await eventPage(ex, key, shape, params)
    const first = rows[0]
    if (first) return { items: rows.map(toRecord), totalCount: Number(first[totalCountColumn]) }
    // A page past the end has no row to carry the count; an empty first page counts none.
    if (page.offset === 0) return { items: [], totalCount: 0 }
    const value = <N extends keyof PageParams>(name: N) => params[name]
    const row = await filteredEvents(ex, shape, value)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow()
    return { items: [], totalCount: Number(row.count) }
  }

  /** What waits in the organization (a practice's overview): the review queue and what is left to reconcile. */
  async workLeft(ex: Executor, scope: OrgScope): Promise<WorkLeft> {
    const [queue, accounts] = await Promise.all([
      ex
        .selectFrom('ledger_events')
        .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('transaction_date').as('oldest')])
        .where('organization_id', '=', scope.organizationId)
        .where('status', '=', 'needs_review')
        .executeTakeFirstOrThrow(),
      ex
        .selectFrom('ledger_events')
        .select((eb) => eb.fn.count('payment_account_id').distinct().as('count'))
        .where('organization_id', '=', scope.organizationId)
        .where('status', 'in', ['confirmed', 'synced'])
        .executeTakeFirstOrThrow(),
    ])
    return {
      unreviewedCount: Number(queue.count),
      oldestUnreviewedDate: (queue.oldest as string | null) ?? null,
      unreconciledAccounts: Number(accounts.count),
    }
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

  async inStatus(
    ex: Executor,
    scope: OrgScope,
    status: Status,
    range: { from: string; to: string },
    limit: number,
  ): Promise<LedgerEventRecord[]> {
    const rows = await ex
      .selectFrom('ledger_events')
      .select(ledgerEventColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('status', '=', status)
      .where('transaction_date', '>=', range.from)
      .where('transaction_date', '<=', range.to)
      .orderBy('transaction_date')
      .orderBy('id')
      .limit(limit)
      .execute()
    return rows.map(toRecord)
  }

  async writeHasDocument(
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
    vendorPattern: string | null,
    statuses: readonly Status[] = ['needs_review', 'pending'],
  ): Promise<LedgerEventRecord[]> {
    let query = ex
      .selectFrom('ledger_events')
      .select(ledgerEventColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('status', 'in', statuses)
      .where('category_id', 'is', null)
    if (vendorPattern !== null) query = query.where(likeEscaped('merchant_key', vendorPattern.toLowerCase()))
    const rows = await query.execute()
    return rows.map(toRecord)
  }

  /** The events in needs_review, oldest transaction date first, for a rule's preview. */
  async inReview(ex: Executor, scope: OrgScope): Promise<LedgerEventRecord[]> {
    const rows = await ex
      .selectFrom('ledger_events')
      .select(ledgerEventColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('status', '=', 'needs_review')
      .orderBy('transaction_date')
      .orderBy('id')
      .execute()
    return rows.map(toRecord)
  }
}

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
