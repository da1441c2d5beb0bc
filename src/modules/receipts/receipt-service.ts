import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction, inTransactionResult } from '../../db/transaction.js'
import { hitFaultPoint } from '../../fault-points.js'
import { calendarDateOf, parseCalendarDate } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { currencyDecimals, defaultCurrency } from '../../kernel/currency.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { parsePositiveMoney } from '../../kernel/money.js'
import { type Page, type PageArgs, pageOf, parsePageRequest } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import { parseName } from '../../kernel/text.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import { cleanFilename, type FilesPort } from '../files/files-port.js'
import type { JobsPort } from '../jobs/jobs-port.js'
import type { LedgerEventsPort } from '../ledger-events/ledger-events-port.js'
import type { FieldConfidence, ReadingContext } from './extraction/extract-fields.js'
import {
  confidentEnough,
  type ExtractionStatus,
  extractReceiptJob,
  isReceiptContentType,
  matchWindow,
  type ReceiptSource,
  type ReceiptStatus,
  receiptChange,
  receiptSources,
  receiptStatuses,
  sniffFileKind,
} from './receipt.js'
import type { ReceiptFilters, ReceiptRecord, ReceiptSort, ReceiptStore } from './receipt-store.js'

/** What extraction reads from a document; any field may stay unknown. */
export interface ReadReceipt {
  vendorName: string | null
  amountMinor: bigint | null
  currency: string
  receiptDate: string | null
  taxMinor: bigint | null
  supplierBusinessNumber: string | null
  confidence: FieldConfidence
}

export interface ReceiptReader {
  read(input: {
    bytes: Uint8Array
    contentType: string
    context?: ReadingContext
  }): Promise<Result<ReadReceipt>>
}

export interface ReceiptView extends ReceiptRecord {
  event: { id: string; merchantName: string; status: string } | null
}

export const matchReceiptsJob = 'match_receipts'

const receiptSorts = [
  'uploadedAt',
  'receiptDate',
  'vendorName',
  'amount',
] as const satisfies readonly ReceiptSort[]

export class ReceiptService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: ReceiptStore
      clock: Clock
      access: AccessPort
      files: FilesPort
      jobs: JobsPort
      events: LedgerEventsPort
      reader: ReceiptReader
      audit: AuditRecorder
      /** The organization's currency: a receipt's when it prints none, and evidence of its date order. */
      functionalCurrencyOf: (organizationId: string) => Promise<string>
    },
  ) {
    // What receipts do on their own: read each one off the request path, and look for a match
    // whenever new events arrive.
    deps.jobs.handle(extractReceiptJob, {
      run: (job) => this.extract(job.organizationId, job.subjectId ?? ''),
      failed: (tx, job, reason) => this.extractionFailed(tx, job.organizationId, job.subjectId ?? '', reason),
      retried: (tx, job) => this.extractionRetried(tx, job.organizationId, job.subjectId ?? ''),
    })
    deps.jobs.handle(matchReceiptsJob, (job) => this.matchWaiting(job.organizationId))
    deps.files.accept({ name: 'receipt', by: 'signature', sniff: sniffFileKind })
    deps.files.serveKeysOf(
      async (ex, scope, s3Key) => (await deps.store.findByS3Key(ex, scope, s3Key))?.contentType,
    )
    deps.events.onArrival((scope) => this.eventsArrived(scope))
    deps.events.onConfirmed((scope, eventIds) => this.eventsConfirmed(scope, eventIds))
  }

  // ---- attachment ----------------------------------------------------------------------

  async attachReceiptToEvent(
    principal: Principal,
    organizationId: string,
    input: { eventId: string; s3Key: string; filename?: string | null },
  ): Promise<Result<string>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'attachReceiptToEvent')
    const attached = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const [event] = await this.deps.events.findByIds(tx, scope, [input.eventId])
      if (!event) return fail('EVENT_NOT_FOUND', 'No ledger event with this id.', 'eventId')
      const received = await this.deps.store.findByS3Key(tx, scope, input.s3Key)
      if (received) {
        if (received.eventId === event.id) return ok(received.id)
        if (received.eventId !== null) {
          return fail('RECEIPT_ALREADY_ATTACHED', 'This file is attached to another event already.', 's3Key')
        }
        if (received.status === 'rejected')
          return fail('RECEIPT_REJECTED', 'This receipt was rejected.', 's3Key')
        await this.deps.store.update(
          tx,
          scope,
          received.id,
          { eventId: event.id, status: 'reviewed' },
          this.now(),
        )
        await this.deps.events.setHasDocument(tx, scope, event.id, true)
        await this.deps.audit.record(tx, scope, [
          receiptChange('matched', received.id, { eventId: null }, { eventId: event.id, status: 'reviewed' }),
        ])
        return ok(received.id)
      }
      const upload = await this.deps.files.findUpload(tx, scope, input.s3Key)
      if (!upload) return fail('FILE_NOT_FOUND', 'No uploaded file has this s3Key.', 's3Key')
      if (!isReceiptContentType(upload.contentType)) {
        return fail('UNSUPPORTED_FILE_TYPE', 'This file is a bank statement, not a receipt.', 's3Key')
      }
      const id = newId()
      await this.deps.store.insert(tx, scope, {
        id,
        eventId: event.id,
        source: 'web_upload',
        status: 'reviewed',
        vendorName: null,
        amountMinor: null,
        currency: defaultCurrency,
        receiptDate: null,
        filename: input.filename ? cleanFilename(input.filename, upload.filename) : upload.filename,
        s3Key: upload.s3Key,
        contentType: upload.contentType,
        sizeBytes: upload.sizeBytes,
        sha256: upload.sha256,
        createdAt: this.now(),
        dedupKey: null,
        intakeAddressId: null,
        extractionStatus: 'pending',
      })
      await this.deps.events.setHasDocument(tx, scope, event.id, true)
      await this.deps.jobs.enqueue(tx, scope.organizationId, extractReceiptJob, id)
      await this.deps.audit.record(tx, scope, [
        receiptChange('received', id, null, {
          source: 'web_upload',
          s3Key: upload.s3Key,
          filename: upload.filename,
        }),
        receiptChange('matched', id, { eventId: null }, { eventId: event.id, status: 'reviewed' }),
      ])
      return ok(id)
    })
    if (attached.ok) this.deps.jobs.nudge()
    return attached
  }

  // ---- jobs -----------------------------------------------------------------------------

  /**
   * The extraction job: read the document, then record what was found and look for its event in
   * one transaction. A document that cannot be read is no fault of the job: the receipt records
   * why, for a person, and the job is done. A fault that may pass (storage, the reader itself)
   * throws, and the job is tried again.
   */
  async extract(organizationId: string, receiptId: string): Promise<void> {
    const scope = this.deps.access.internalScope(organizationId)
    const receipt = await this.deps.store.findById(this.deps.db, scope, receiptId)
    if (!receipt || receipt.status === 'rejected') return
    const bytes = await this.deps.files.bytes(receipt.s3Key)
    if (!bytes) throw new Error(`The stored file ${receipt.s3Key} of this receipt is missing.`)
    const context: ReadingContext = {
      organizationCurrency: await this.deps.functionalCurrencyOf(organizationId),
      receivedOn: calendarDateOf(new Date(receipt.createdAt)),
    }
    const read = await this.deps.reader.read({ bytes, contentType: receipt.contentType, context })
    await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      // Read again inside the transaction: a person may have corrected or rejected it meanwhile.
      const current = await this.deps.store.findById(tx, scope, receipt.id)
      if (!current || current.status === 'rejected') return
      if (!read.ok) {
        // A document with no text in it was read; there was simply nothing to find.
        const extractionStatus: ExtractionStatus =
          read.error.code === 'NO_TEXT_FOUND' ? 'nothing_found' : 'failed'
        const failed = {
          extractionError: read.error.message,
          extractionErrorCode: read.error.code,
          extractionStatus,
        }
        await this.deps.store.update(tx, scope, current.id, failed, this.now())
        await this.deps.audit.record(tx, scope, [receiptChange('failed', current.id, null, failed)])
        return
      }
      const { confidence } = read.value
      // What a person filled in meanwhile stands, with the certainty of a person.
      const kept = <T>(
        mine: T | null,
        mineSure: number | null,
        theirs: T | null,
        theirsSure: number | null,
      ) =>
        mine !== null
          ? { value: mine, confidence: mineSure ?? 1 }
          : { value: theirs, confidence: theirs === null ? null : theirsSure }
      const vendor = kept(
        current.vendorName,
        current.vendorConfidence,
        read.value.vendorName,
        confidence.vendorName,
      )
      const amount = kept(
        current.amountMinor,
        current.amountConfidence,
        read.value.amountMinor,
        confidence.amount,
      )
      const date = kept(
        current.receiptDate,
        current.dateConfidence,
        read.value.receiptDate,
        confidence.receiptDate,
      )
      const found =
        read.value.vendorName !== null || read.value.amountMinor !== null || read.value.receiptDate !== null
      const extracted = {
        vendorName: vendor.value,
        amountMinor: amount.value,
        currency: current.amountMinor !== null ? current.currency : read.value.currency,
        receiptDate: date.value,
        // The tax read belongs to the total it was read with; a person's total keeps its own.
        taxMinor: amount.value === read.value.amountMinor ? read.value.taxMinor : current.taxMinor,
        supplierBusinessNumber: current.supplierBusinessNumber ?? read.value.supplierBusinessNumber,
        vendorConfidence: vendor.confidence,
        amountConfidence: amount.confidence,
        dateConfidence: date.confidence,
        extractionError: null,
        extractionErrorCode: null,
        extractionStatus: found ? ('done' as const) : ('nothing_found' as const),
        ...(current.status === 'draft' ? { status: 'processed' as const } : {}),
      }
      await this.deps.store.update(tx, scope, current.id, extracted, this.now())
      await this.deps.audit.record(tx, scope, [receiptChange('extracted', current.id, null, extracted)])
      await this.matchInside(tx, scope, current.id)
      hitFaultPoint('receipt.extracted')
    })
  }

  /**
   * Inside the transaction that fails the extraction job for good: the receipt says why, so a
   * client listing failed extractions finds it and a person can fill in the figures.
   */
  async extractionFailed(
    tx: Executor,
    organizationId: string,
    receiptId: string,
    reason: string,
  ): Promise<void> {
    const scope = this.deps.access.internalScope(organizationId)
    const failed = {
      extractionError: `Extraction gave up after ${limits.jobAttemptsMax} attempts: ${reason}`,
      extractionErrorCode: null,
      extractionStatus: 'failed' as const,
    }
    await this.deps.store.update(tx, scope, receiptId, failed, this.now())
    await this.deps.audit.record(tx, scope, [receiptChange('failed', receiptId, null, failed)])
  }

  /** Inside the transaction that queues the extraction again: the receipt waits for it once more. */
  async extractionRetried(tx: Executor, organizationId: string, receiptId: string): Promise<void> {
    const scope = this.deps.access.internalScope(organizationId)
    await this.deps.store.update(
      tx,
      scope,
      receiptId,
      { extractionError: null, extractionErrorCode: null, extractionStatus: 'pending' },
      this.now(),
    )
  }

  /** New events arrived: receipts still waiting for an event get another chance. */
  async matchWaiting(organizationId: string): Promise<void> {
    const scope = this.deps.access.internalScope(organizationId)
    for (const receipt of await this.deps.store.unmatched(this.deps.db, scope))
      await this.tryMatch(scope, receipt.id)
  }

  async eventsArrived(scope: OrgScope): Promise<void> {
    await this.deps.jobs.enqueueOnce(this.deps.db, scope.organizationId, matchReceiptsJob)
    this.deps.jobs.nudge()
  }

  /** A person confirmed an event: its receipts count as reviewed. */
  async eventsConfirmed(scope: OrgScope, eventIds: string[]): Promise<void> {
    for (const receipt of await this.deps.store.forEvents(this.deps.db, scope, eventIds)) {
      if (receipt.status === 'processed' || receipt.status === 'draft') {
        await this.deps.store.update(this.deps.db, scope, receipt.id, { status: 'reviewed' }, this.now())
      }
    }
  }

  /**
   * Inside the caller's transaction: the events are being deleted (a processor import undone), so
   * their receipts wait, unmatched, for another event again.
   */
  /** DESIGN 5.9: attach when exactly one event fits; otherwise leave the receipt waiting. */
  private async tryMatch(scope: OrgScope, receiptId: string): Promise<void> {
    await inTransaction(this.deps.db, this.deps.engine, (tx) => this.matchInside(tx, scope, receiptId))
  }

  /**
   * Matching goes by amount and date alone, so both must be read with confidence: a misread total
   * or a date whose day and month could be swapped waits for a person rather than landing on the
   * wrong event. A receipt in another currency than the event is no match on the same figure.
   */
  private async matchInside(tx: Executor, scope: OrgScope, receiptId: string): Promise<void> {
    const receipt = await this.deps.store.findById(tx, scope, receiptId)
    if (!receipt || receipt.eventId || receipt.status !== 'processed') return
    if (receipt.amountMinor === null || receipt.receiptDate === null) return
    if (!confidentEnough(receipt.amountConfidence) || !confidentEnough(receipt.dateConfidence)) return
    // Events keep magnitudes; a refund receipt reads as a negative total.
    const magnitude = receipt.amountMinor < 0n ? -receipt.amountMinor : receipt.amountMinor
    const candidates = await this.deps.events.receiptCandidates(
      tx,
      scope,
      magnitude,
      matchWindow(receipt.receiptDate),
      2,
    )
    if (candidates.length !== 1) return
    const eventId = candidates[0] as string
    const [event] = await this.deps.events.findByIds(tx, scope, [eventId])
    if (!event || event.currency !== receipt.currency) return
    if (await this.deps.store.update(tx, scope, receipt.id, { eventId }, this.now(), true)) {
      await this.deps.events.setHasDocument(tx, scope, eventId, true)
      await this.deps.audit.record(tx, scope, [
        receiptChange('matched', receipt.id, { eventId: null }, { eventId }),
      ])
    }
  }

  // ---- reading and review ---------------------------------------------------------------

  async listReceipts(
    principal: Principal,
    organizationId: string,
    args: PageArgs & {
      search?: string | null
      status?: string | null
      source?: string | null
      extractionFailed?: boolean | null
    },
  ): Promise<Result<Page<ReceiptView>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listReceipts')
    const page = parsePageRequest(args, receiptSorts, { sortBy: 'uploadedAt', sortDir: 'desc' })
    if (!page.ok) return page
    const filters: ReceiptFilters = {}
    if (page.value.search) filters.search = page.value.search
    if (args.status) {
      if (!(receiptStatuses as readonly string[]).includes(args.status)) {
        return fail('INVALID_STATUS', `status must be one of: ${receiptStatuses.join(', ')}.`, 'status')
      }
      filters.status = args.status as ReceiptStatus
    }
    if (args.source) {
      if (!(receiptSources as readonly string[]).includes(args.source)) {
        return fail('INVALID_SOURCE', `source must be one of: ${receiptSources.join(', ')}.`, 'source')
      }
      filters.source = args.source as ReceiptSource
    }
    if (args.extractionFailed != null) filters.extractionFailed = args.extractionFailed
    const found = await this.deps.store.page(this.deps.db, scope, filters, page.value)
    return ok(pageOf(await this.views(scope, found.items), found.totalCount, page.value))
  }

  /** The receipts attached to events, for the events' own views. */
  async receiptsOfEvents(
    principal: Principal,
    organizationId: string,
    eventIds: string[],
  ): Promise<ReceiptRecord[]> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'LedgerEvent.receipts')
    return this.deps.store.forEvents(this.deps.db, scope, eventIds)
  }

  async updateReceipt(
    principal: Principal,
    organizationId: string,
    receiptId: string,
    input: { vendorName?: string | null; amount?: string | null; receiptDate?: string | null },
  ): Promise<Result<ReceiptView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'updateReceipt')
    const receipt = await this.deps.store.findById(this.deps.db, scope, receiptId)
    if (!receipt) return receiptNotFound()
    if (receipt.status === 'rejected')
      return fail('RECEIPT_REJECTED', 'This receipt was rejected.', 'receiptId')
    const changes: Parameters<ReceiptStore['update']>[3] = {}
    if (input.vendorName != null) {
      const name = parseName(input.vendorName, 'vendorName')
      if (!name.ok) return name
      changes.vendorName = name.value
      changes.vendorConfidence = 1
    }
    if (input.amount != null) {
      const amount = parsePositiveMoney(input.amount, currencyDecimals(receipt.currency))
      if (!amount.ok) return amount
      changes.amountMinor = amount.value
      changes.amountConfidence = 1
      // The tax read was part of the total read; another total has a tax nobody read.
      if (amount.value !== receipt.amountMinor) changes.taxMinor = null
    }
    if (input.receiptDate != null) {
      const date = parseCalendarDate(input.receiptDate, 'receiptDate')
      if (!date.ok) return date
      changes.receiptDate = date.value
      changes.dateConfidence = 1
    }
    // A person supplying the figures finishes what extraction could not.
    if (receipt.status === 'draft') changes.status = 'processed'
    await this.deps.store.update(this.deps.db, scope, receipt.id, changes, this.now())
    await this.tryMatch(scope, receipt.id)
    return this.viewOf(scope, receipt.id)
  }

  async rejectReceipt(
    principal: Principal,
    organizationId: string,
    receiptId: string,
  ): Promise<Result<ReceiptView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'rejectReceipt')
    const rejected = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const receipt = await this.deps.store.findById(tx, scope, receiptId)
      if (!receipt) return receiptNotFound()
      if (receipt.status === 'rejected')
        return fail('RECEIPT_REJECTED', 'This receipt is already rejected.', 'receiptId')
      await this.deps.store.update(tx, scope, receipt.id, { status: 'rejected', eventId: null }, this.now())
      if (receipt.eventId) {
        const others = (await this.deps.store.forEvents(tx, scope, [receipt.eventId])).filter(
          (r) => r.id !== receipt.id,
        )
        if (others.length === 0) await this.deps.events.setHasDocument(tx, scope, receipt.eventId, false)
      }
      return ok(receipt.id)
    })
    if (!rejected.ok) return rejected
    return this.viewOf(scope, receiptId)
  }

  // ---- helpers --------------------------------------------------------------------------

  private async viewOf(scope: OrgScope, id: string): Promise<Result<ReceiptView>> {
    const receipt = await this.deps.store.findById(this.deps.db, scope, id)
    if (!receipt) return receiptNotFound()
    const [view] = await this.views(scope, [receipt])
    return ok(view as ReceiptView)
  }

  private async views(scope: OrgScope, receipts: ReceiptRecord[]): Promise<ReceiptView[]> {
    const eventIds = receipts.flatMap((r) => (r.eventId ? [r.eventId] : []))
    const events = new Map(
      (await this.deps.events.findByIds(this.deps.db, scope, eventIds)).map((e) => [e.id, e]),
    )
    return receipts.map((receipt) => {
      const event = receipt.eventId ? events.get(receipt.eventId) : undefined
      return {
        ...receipt,
        event: event ? { id: event.id, merchantName: event.merchantName, status: event.status } : null,
      }
    })
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

const receiptNotFound = () => fail('RECEIPT_NOT_FOUND', 'No receipt with this id.', 'receiptId')
