import type { Executor } from '../../db/schema.js'
import { toFlag } from '../../db/schema.js'
import { limits } from '../../kernel/limits.js'
import type { OrgScope } from '../access/principal.js'
import type { Direction, EventSource, EventType, Status } from './ledger-event.js'

// How an event is kept in a row: the shapes and the one insert both of the module's other stores write with.

export interface LedgerEventRecord {
  id: string
  eventType: EventType
  direction: Direction
  merchantName: string
  memo: string
  /** In the event's own currency. */
  amountMinor: bigint
  currency: string
  /** Functional units per unit of currency: as given, or the one the event was posted with. */
  exchangeRate: string | null
  transactionDate: string
  status: Status
  categoryId: string | null
  paymentAccountId: string | null
  contactId: string | null
  taxAmountMinor: bigint | null
  taxFromCode: boolean
  taxAccountId: string | null
  salesTaxCode: string | null
  splitAccountId: string | null
  splitAmountMinor: bigint | null
  categoryRuleId: string | null
  reference: string | null
  source: EventSource
  backfillId: string | null
  batchId: string | null
  hasDocument: boolean
  journalEntryId: string | null
  reversalEntryId: string | null
  /** The finished reconciliation holding the event, while it is reconciled. */
  reconciliationId: string | null
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
  'hasDocument' | 'journalEntryId' | 'reversalEntryId' | 'reconciliationId' | 'updatedAt'
>

/** The columns a lifecycle step may change; the rest of an event is fixed at creation. */
export interface EventChanges {
  eventType?: EventType
  direction?: Direction
  exchangeRate?: string | null
  splitAccountId?: string | null
  splitAmountMinor?: bigint | null
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
  reconciliationId?: string | null
}

export type LedgerEventRow = {
  id: string
  event_type: string
  direction: string
  exchange_rate: string | null
  split_account_id: string | null
  split_amount_minor: number | bigint | null
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
  reconciliation_id: string | null
  created_at: string
  updated_at: string
}

/** The columns an event is read from (the bench's bare baseline selects the same). */
export const ledgerEventColumns = [
  'id',
  'event_type',
  'direction',
  'exchange_rate',
  'split_account_id',
  'split_amount_minor',
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
  'reconciliation_id',
  'created_at',
  'updated_at',
] as const

export const toRecord = (row: LedgerEventRow): LedgerEventRecord => ({
  id: row.id,
  eventType: row.event_type as EventType,
  direction: row.direction as Direction,
  merchantName: row.merchant_name,
  memo: row.memo,
  amountMinor: BigInt(row.amount_minor),
  currency: row.currency,
  exchangeRate: row.exchange_rate,
  transactionDate: row.transaction_date,
  status: row.status as Status,
  categoryId: row.category_id,
  paymentAccountId: row.payment_account_id,
  contactId: row.contact_id,
  taxAmountMinor: row.tax_amount_minor === null ? null : BigInt(row.tax_amount_minor),
  taxFromCode: toFlag(row.tax_from_code),
  taxAccountId: row.tax_account_id,
  salesTaxCode: row.sales_tax_code,
  splitAccountId: row.split_account_id,
  splitAmountMinor: row.split_amount_minor === null ? null : BigInt(row.split_amount_minor),
  categoryRuleId: row.category_rule_id,
  reference: row.reference,
  source: row.source as EventSource,
  backfillId: row.backfill_id,
  batchId: row.batch_id,
  hasDocument: toFlag(row.has_document),
  journalEntryId: row.journal_entry_id,
  reversalEntryId: row.reversal_entry_id,
  reconciliationId: row.reconciliation_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

/** One row shape for every insert; only an event posted in the same transaction names its entry. */
export async function insertInChunks<E extends NewLedgerEvent>(
  ex: Executor,
  scope: OrgScope,
  events: E[],
  journalEntryIdOf: (event: E) => string | null,
): Promise<void> {
  for (let start = 0; start < events.length; start += limits.sqlEventRowsPerInsertMax) {
    await ex
      .insertInto('ledger_events')
      .values(
        events.slice(start, start + limits.sqlEventRowsPerInsertMax).map((e) => ({
          id: e.id,
          organization_id: scope.organizationId,
          event_type: e.eventType,
          direction: e.direction,
          exchange_rate: e.exchangeRate,
          split_account_id: e.splitAccountId,
          split_amount_minor: e.splitAmountMinor,
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
