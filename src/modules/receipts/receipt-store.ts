import type { Executor } from '../../db/schema.js'
import { likeEscaped, pageWithCount } from '../../db/sql-helpers.js'
import { limits } from '../../kernel/limits.js'
import { likeContains, type PageRequest } from '../../kernel/page.js'
import type { OrgScope } from '../access/principal.js'
import type { ExtractionStatus, ReceiptSource, ReceiptStatus } from './receipt.js'

export interface ReceiptRecord {
  id: string
  eventId: string | null
  source: ReceiptSource
  status: ReceiptStatus
  vendorName: string | null
  amountMinor: bigint | null
  currency: string
  receiptDate: string | null
  /** The sales tax in amountMinor, when the receipt's subtotal and tax lines add up to it. */
  taxMinor: bigint | null
  /** The supplier's business number as the receipt prints it; null when it prints none. */
  supplierBusinessNumber: string | null
  filename: string
  s3Key: string
  contentType: string
  sizeBytes: number
  sha256: string
  extractionError: string | null
  /** The code of extractionError when the document could not be read; null otherwise. */
  extractionErrorCode: string | null
  /** Where reading the document stands, whatever the receipt's review status. */
  extractionStatus: ExtractionStatus
  /** From 0 to 1 per field: as read, 1 once a person gave it; null where nothing was read. */
  vendorConfidence: number | null
  amountConfidence: number | null
  dateConfidence: number | null
  createdAt: string
  updatedAt: string
}

export interface ReceiptFilters {
  search?: string
  status?: ReceiptStatus
  source?: ReceiptSource
  /** true: only receipts whose document could not be read; false: only the others. */
  extractionFailed?: boolean
}

export type ReceiptSort = 'uploadedAt' | 'receiptDate' | 'vendorName' | 'amount'

const sortColumns = {
  uploadedAt: 'created_at',
  receiptDate: 'receipt_date',
  vendorName: 'vendor_key',
  amount: 'amount_minor',
} as const

const columns = [
  'id',
  'event_id',
  'source',
  'status',
  'vendor_name',
  'amount_minor',
  'currency',
  'receipt_date',
  'tax_minor',
  'supplier_business_number',
  'filename',
  's3_key',
  'content_type',
  'size_bytes',
  'sha256',
  'extraction_error',
  'extraction_error_code',
  'extraction_status',
  'vendor_confidence',
  'amount_confidence',
  'date_confidence',
  'created_at',
  'updated_at',
] as const

type Row = {
  id: string
  event_id: string | null
  source: string
  status: string
  vendor_name: string | null
  amount_minor: number | bigint | null
  currency: string
  receipt_date: string | null
  tax_minor: number | bigint | null
  filename: string
  s3_key: string
  content_type: string
  size_bytes: number | bigint
  sha256: string
  extraction_error: string | null
  extraction_error_code: string | null
  extraction_status: string
  vendor_confidence: number | null
  amount_confidence: number | null
  date_confidence: number | null
  supplier_business_number: string | null
  created_at: string
  updated_at: string
}

const toRecord = (row: Row): ReceiptRecord => ({
  id: row.id,
  eventId: row.event_id,
  source: row.source as ReceiptSource,
  status: row.status as ReceiptStatus,
  vendorName: row.vendor_name,
  amountMinor: row.amount_minor === null ? null : BigInt(row.amount_minor),
  currency: row.currency,
  receiptDate: row.receipt_date,
  taxMinor: row.tax_minor === null ? null : BigInt(row.tax_minor),
  supplierBusinessNumber: row.supplier_business_number,
  filename: row.filename,
  s3Key: row.s3_key,
  contentType: row.content_type,
  sizeBytes: Number(row.size_bytes),
  sha256: row.sha256,
  extractionError: row.extraction_error,
  extractionErrorCode: row.extraction_error_code,
  extractionStatus: row.extraction_status as ExtractionStatus,
  vendorConfidence: row.vendor_confidence === null ? null : Number(row.vendor_confidence),
  amountConfidence: row.amount_confidence === null ? null : Number(row.amount_confidence),
  dateConfidence: row.date_confidence === null ? null : Number(row.date_confidence),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

// The only SQL of the receipts module.
export class ReceiptStore {
  async eventsWithSupplierNumber(ex: Executor, scope: OrgScope, eventIds: string[]): Promise<Set<string>> {
    const found = new Set<string>()
    for (let start = 0; start < eventIds.length; start += limits.sqlIdsPerQueryMax) {
      const rows = await ex
        .selectFrom('receipts')
        .select('event_id')
        .where('organization_id', '=', scope.organizationId)
        .where('event_id', 'in', eventIds.slice(start, start + limits.sqlIdsPerQueryMax))
        .where('supplier_business_number', 'is not', null)
        .execute()
      for (const row of rows) if (row.event_id !== null) found.add(row.event_id)
    }
    return found
  }

  /** Returns false when a receipt with the same dedup key exists already (the same file again). */
  async insert(
    ex: Executor,
    scope: OrgScope,
    receipt: Omit<
      ReceiptRecord,
      | 'updatedAt'
      | 'extractionError'
      | 'extractionErrorCode'
      | 'vendorConfidence'
      | 'amountConfidence'
      | 'dateConfidence'
      | 'supplierBusinessNumber'
      | 'taxMinor'
    > & {
      dedupKey: string | null
      intakeAddressId: string | null
    },
  ): Promise<boolean> {
    const result = await ex
      .insertInto('receipts')
      .values({
        id: receipt.id,
        organization_id: scope.organizationId,
        event_id: receipt.eventId,
        source: receipt.source,
        status: receipt.status,
        vendor_name: receipt.vendorName,
        vendor_key: receipt.vendorName?.toLowerCase() ?? null,
        amount_minor: receipt.amountMinor,
        currency: receipt.currency,
        receipt_date: receipt.receiptDate,
        filename: receipt.filename,
        s3_key: receipt.s3Key,
        content_type: receipt.contentType,
        size_bytes: receipt.sizeBytes,
        sha256: receipt.sha256,
        dedup_key: receipt.dedupKey,
        intake_address_id: receipt.intakeAddressId,
        extraction_error: null,
        extraction_error_code: null,
        extraction_status: receipt.extractionStatus,
        vendor_confidence: null,
        amount_confidence: null,
        date_confidence: null,
        created_at: receipt.createdAt,
        updated_at: receipt.createdAt,
      })
      .onConflict((oc) => oc.columns(['organization_id', 'dedup_key']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  findByDedupKey(ex: Executor, scope: OrgScope, dedupKey: string): Promise<ReceiptRecord | undefined> {
    return this.findFirstBy(ex, scope, 'dedup_key', dedupKey)
  }

  findById(ex: Executor, scope: OrgScope, id: string): Promise<ReceiptRecord | undefined> {
    return this.findFirstBy(ex, scope, 'id', id)
  }

  findByS3Key(ex: Executor, scope: OrgScope, s3Key: string): Promise<ReceiptRecord | undefined> {
    return this.findFirstBy(ex, scope, 's3_key', s3Key)
  }

  /** The organization's receipt whose `column` holds `value`: the oldest, as one file (s3Key) may back several. */
  private async findFirstBy(
    ex: Executor,
    scope: OrgScope,
    column: 'id' | 'dedup_key' | 's3_key',
    value: string,
  ): Promise<ReceiptRecord | undefined> {
    const row = await ex
      .selectFrom('receipts')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where(column, '=', value)
      .orderBy('created_at')
      .executeTakeFirst()
    return row && toRecord(row)
  }

  async forEvents(ex: Executor, scope: OrgScope, eventIds: string[]): Promise<ReceiptRecord[]> {
    if (eventIds.length === 0) return []
    const rows = await ex
      .selectFrom('receipts')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('event_id', 'in', eventIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return rows.map(toRecord)
  }

  /** Detaches every receipt from these events (they are about to be deleted); returns how many. */
  async detachFromEvents(
    ex: Executor,
    scope: OrgScope,
    eventIds: string[],
    updatedAt: string,
  ): Promise<number> {
    let detached = 0
    for (let start = 0; start < eventIds.length; start += limits.sqlIdsPerQueryMax) {
      const result = await ex
        .updateTable('receipts')
        .set({ event_id: null, updated_at: updatedAt })
        .where('organization_id', '=', scope.organizationId)
        .where('event_id', 'in', eventIds.slice(start, start + limits.sqlIdsPerQueryMax))
        .executeTakeFirst()
      detached += Number(result.numUpdatedRows)
    }
    return detached
  }

  /** Processed receipts not yet attached: what a new event may match. */
  async unmatched(ex: Executor, scope: OrgScope): Promise<ReceiptRecord[]> {
    const rows = await ex
      .selectFrom('receipts')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('event_id', 'is', null)
      .where('status', '=', 'processed')
      .where('amount_minor', 'is not', null)
      .where('receipt_date', 'is not', null)
      .execute()
    return rows.map(toRecord)
  }

  async update(
    ex: Executor,
    scope: OrgScope,
    id: string,
    changes: Partial<
      Pick<
        ReceiptRecord,
        | 'eventId'
        | 'status'
        | 'vendorName'
        | 'amountMinor'
        | 'currency'
        | 'receiptDate'
        | 'extractionError'
        | 'extractionErrorCode'
        | 'extractionStatus'
        | 'vendorConfidence'
        | 'amountConfidence'
        | 'dateConfidence'
        | 'supplierBusinessNumber'
        | 'taxMinor'
      >
    >,
    updatedAt: string,
    onlyIfUnattached = false,
  ): Promise<boolean> {
    const set: Record<string, unknown> = { updated_at: updatedAt }
    if (changes.eventId !== undefined) set.event_id = changes.eventId
    if (changes.status !== undefined) set.status = changes.status
    if (changes.vendorName !== undefined) {
      set.vendor_name = changes.vendorName
      set.vendor_key = changes.vendorName?.toLowerCase() ?? null
    }
    if (changes.amountMinor !== undefined) set.amount_minor = changes.amountMinor
    if (changes.currency !== undefined) set.currency = changes.currency
    if (changes.receiptDate !== undefined) set.receipt_date = changes.receiptDate
    if (changes.extractionError !== undefined) set.extraction_error = changes.extractionError
    if (changes.extractionErrorCode !== undefined) set.extraction_error_code = changes.extractionErrorCode
    if (changes.extractionStatus !== undefined) set.extraction_status = changes.extractionStatus
    if (changes.vendorConfidence !== undefined) set.vendor_confidence = changes.vendorConfidence
    if (changes.amountConfidence !== undefined) set.amount_confidence = changes.amountConfidence
    if (changes.dateConfidence !== undefined) set.date_confidence = changes.dateConfidence
    if (changes.taxMinor !== undefined) set.tax_minor = changes.taxMinor
    if (changes.supplierBusinessNumber !== undefined)
      set.supplier_business_number = changes.supplierBusinessNumber
    let query = ex
      .updateTable('receipts')
      .set(set)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
    if (onlyIfUnattached) query = query.where('event_id', 'is', null)
    const result = await query.executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  async page(
    ex: Executor,
    scope: OrgScope,
    filters: ReceiptFilters,
    page: PageRequest<ReceiptSort>,
  ): Promise<{ items: ReceiptRecord[]; totalCount: number }> {
    let query = ex.selectFrom('receipts').where('organization_id', '=', scope.organizationId)
    if (filters.search) query = query.where(likeEscaped('vendor_key', likeContains(filters.search)))
    if (filters.status) query = query.where('status', '=', filters.status)
    if (filters.source) query = query.where('source', '=', filters.source)
    if (filters.extractionFailed !== undefined)
      query = query.where('extraction_error', filters.extractionFailed ? 'is not' : 'is', null)
    const { rows, totalCount } = await pageWithCount(
      query,
      query.select(columns).orderBy(sortColumns[page.sortBy], page.sortDir),
      page,
    )
    return { items: rows.map(toRecord), totalCount }
  }

  /** Receipts dated in the range (DESIGN 5.6); an undated receipt counts on the day it arrived. */
  /**
   * When each of the organization's receipts received by intake since `since` arrived (of one
   * address when it is named), oldest first, at most `limit` of them: enough to tell a quota is
   * reached and when its first receipt leaves the window.
   */
  async receivedSince(
    ex: Executor,
    scope: OrgScope,
    filter: { intakeAddressId?: string; since: string; limit: number },
  ): Promise<string[]> {
    let query = ex
      .selectFrom('receipts')
      .select('created_at')
      .where('organization_id', '=', scope.organizationId)
      .where('created_at', '>=', filter.since)
    query =
      filter.intakeAddressId === undefined
        ? query.where('intake_address_id', 'is not', null)
        : query.where('intake_address_id', '=', filter.intakeAddressId)
    const rows = await query.orderBy('created_at').limit(filter.limit).execute()
    return rows.map((row) => row.created_at)
  }

  async countDated(ex: Executor, scope: OrgScope, range: { from: string; to: string }): Promise<number> {
    const row = await ex
      .selectFrom('receipts')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('organization_id', '=', scope.organizationId)
      .where((eb) =>
        eb.or([
          eb.and([eb('receipt_date', '>=', range.from), eb('receipt_date', '<=', range.to)]),
          eb.and([
            eb('receipt_date', 'is', null),
            eb('created_at', '>=', `${range.from}T00:00:00.000Z`),
            eb('created_at', '<=', `${range.to}T23:59:59.999Z`),
          ]),
        ]),
      )
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
}
