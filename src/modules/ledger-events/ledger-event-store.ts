import { preparedQuery, type SlotFor } from '../../db/prepared.js'
import type { Executor } from '../../db/schema.js'
import { likeEscaped, pageWithCount, unindexed } from '../../db/sql-helpers.js'
import { likeContains, type PageRequest } from '../../kernel/page.js'
import { assert } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { Status } from './ledger-event.js'
import {
  type EventChanges,
  insertInChunks,
  type LedgerEventRecord,
  ledgerEventColumns,
  type NewLedgerEvent,
  toRecord,
} from './ledger-event-rows.js'

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
