import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult, rolledBack } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { assert, fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountsPort, SystemRole } from '../accounts/accounts-port.js'
import type { JournalPort } from '../journal/journal-port.js'
import {
  type LedgerEventsPort,
  postedStatuses,
  reconciledEvent,
} from '../ledger-events/ledger-events-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import type { ReceiptsPort } from '../receipts/receipts-port.js'
import { readBalanceCsv } from './balance-csv.js'
import type { ProcessorImportStore } from './processor-import-store.js'
import {
  type AccountRole,
  batchPrefix,
  type PlannedEvent,
  planRows,
  processorName,
  type RowPlan,
} from './row-mapping.js'

export interface ImportSummary {
  batchId: string
  /** CSV rows booked (a charge and its fee are one row). */
  created: number
  skippedAppFee: number
  skippedDupe: number
  /** Ledger events written: a row with a fee makes two. */
  eventCount: number
  dryRun: boolean
  /**
   * Why the events were left in needs_review although posting was asked for: a row in another
   * currency than the functional one has no exchange rate for its day (DESIGN 7.7).
   */
  heldForRate: string | null
}

export interface DeleteSummary {
  deleted: number
  dryRun: boolean
}

/** Called as rows are written, so a terminal can show how far a long import has come. */
export type Progress = (done: number, total: number) => void

export interface ImportOptions {
  dryRun?: boolean
  /** Leave the events classified in needs_review instead of posting them. */
  review?: boolean
  onProgress?: Progress
}

export interface DeleteOptions {
  /** Omitted: every processor import of the organization. */
  batchId?: string
  dryRun?: boolean
  onProgress?: Progress
}

const source = 'processor_import'

const systemRoles: Record<Exclude<AccountRole, 'processor'>, SystemRole> = {
  chequing: 'chequing',
  sales_revenue: 'sales_revenue',
  bank_fees: 'bank_fees',
  cost_of_goods_sold: 'cost_of_goods_sold',
}

const accountLabels: Record<Exclude<AccountRole, 'processor'>, string> = {
  chequing: 'Chequing',
  sales_revenue: 'Sales Revenue',
  bank_fees: 'Bank Fees & Charges',
  cost_of_goods_sold: 'Cost of Goods Sold',
}

/**
 * Imports a payment processor's balance CSV into the books and undoes such imports (spec part 4,
 * server-side commands; DESIGN 5.8). Every run is one database transaction; a dry run is the same
 * transaction rolled back.
 */
export class ProcessorImportService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      access: AccessPort
      accounts: AccountsPort
      journal: JournalPort
      events: LedgerEventsPort
      receipts: ReceiptsPort
      store: ProcessorImportStore
      periodLock: OrganizationsPort
    },
  ) {}

  /** The GraphQL admin mutation: owners and admins signed in as people. */
  async importProcessorBalance(
    principal: Principal,
    organizationId: string,
    csv: string,
    options: ImportOptions = {},
  ): Promise<Result<ImportSummary>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'importProcessorBalance')
    return this.importCsv(scope, csv, options)
  }

  /** The operator command on the server. */
  async importAsOperator(
    organizationId: string,
    csv: string,
    options: ImportOptions = {},
  ): Promise<Result<ImportSummary>> {
    const scope = await this.deps.access.authorizeOperator(organizationId)
    return this.importCsv(scope, csv, options)
  }

  async deleteProcessorImports(
    principal: Principal,
    organizationId: string,
    options: DeleteOptions = {},
  ): Promise<Result<DeleteSummary>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'deleteProcessorImports')
    return this.deleteImports(scope, options)
  }

  async deleteAsOperator(
    organizationId: string,
    options: DeleteOptions = {},
  ): Promise<Result<DeleteSummary>> {
    const scope = await this.deps.access.authorizeOperator(organizationId)
    return this.deleteImports(scope, options)
  }

  // ---- import -------------------------------------------------------------------------------

  private async importCsv(
    scope: OrgScope,
    csv: string,
    options: ImportOptions,
  ): Promise<Result<ImportSummary>> {
    // The whole file is read and mapped before the database is touched: a bad row anywhere stops
    // the run with nothing written.
    const rows = readBalanceCsv(csv, limits.processorImportRowsMax)
    if (!rows.ok) return rows
    const plans = planRows(rows.value)
    if (!plans.ok) return plans
    const dryRun = options.dryRun ?? false
    const work = (tx: Executor) => this.write(tx, scope, plans.value, { ...options, dryRun })
    if (dryRun) {
      const preview = await rolledBack(this.deps.db, this.deps.engine, work)
      return preview.ok ? ok(preview.value.summary) : preview
    }
    const written = await inTransactionResult(this.deps.db, this.deps.engine, work)
    if (!written.ok) return written
    if (written.value.eventIds.length > 0) await this.deps.events.announce(scope, written.value.eventIds)
    return ok(written.value.summary)
  }

  private async write(
    tx: Executor,
    scope: OrgScope,
    plans: RowPlan[],
    options: ImportOptions & { dryRun: boolean },
  ): Promise<Result<{ summary: ImportSummary; eventIds: string[] }>> {
    const accounts = await this.accountsFor(tx, scope, plans)
    if (!accounts.ok) return accounts
    // Imports of one organization run one at a time, so a second copy of a file sees the first's
    // events and skips them instead of tripping over the backfill constraint.
    await this.deps.accounts.lockAccount(tx, scope, accounts.value.processor)
    const batchId = await this.freshBatchId(tx, scope)

    const posted = plans.filter((plan) => plan.kind === 'post')
    const existing = await this.deps.store.existingBackfillIds(
      tx,
      scope,
      posted.flatMap((plan) => plan.events.map((event) => event.backfillId)),
    )
    const seen = new Set<string>()
    const fresh: Array<Extract<RowPlan, { kind: 'post' }>> = []
    for (const plan of posted) {
      const ids = plan.events.map((event) => event.backfillId)
      // A row already imported, or repeated earlier in this file, is a duplicate.
      if (ids.some((id) => existing.has(id) || seen.has(id))) continue
      for (const id of ids) seen.add(id)
      fresh.push(plan)
    }

    const open = await this.deps.periodLock.checkOpen(
      tx,
      scope,
      fresh.map((plan) => plan.row.date),
      'csv',
    )
    if (!open.ok) return open

    // Posting needs a rate for every row in another currency. Without one the whole file waits in
    // review, classified, for the rates to be set: the books never get half of it, and nothing
    // acknowledged is lost.
    let heldForRate: string | null = null
    if (!options.review) {
      const rated = await this.deps.events.checkRates(
        tx,
        scope,
        fresh.map((plan) => ({
          id: plan.sourceId,
          currency: plan.row.currency,
          exchangeRate: null,
          transactionDate: plan.row.date,
        })),
      )
      if (!rated.ok) heldForRate = rated.error.message
    }
    const review = options.review || heldForRate !== null

    const eventIds: string[] = []
    options.onProgress?.(0, fresh.length)
    for (let start = 0; start < fresh.length; start += limits.processorImportRowsPerRound) {
      const round = fresh.slice(start, start + limits.processorImportRowsPerRound)
      const events = round.flatMap((plan) =>
        plan.events.map((event) => this.newEvent(plan, event, batchId, accounts.value)),
      )
      let written: Array<{ id: string }>
      if (review) {
        written = await this.deps.events.recordArrivals(
          tx,
          scope,
          events.map((event) => ({ ...event, status: 'needs_review' as const })),
        )
      } else {
        // Posted through the path a confirm takes: a refused event refuses the whole import.
        const posted = await this.deps.events.recordPosted(tx, scope, events)
        if (!posted.ok) return posted
        written = posted.value
      }
      for (const event of written) eventIds.push(event.id)
      options.onProgress?.(start + round.length, fresh.length)
    }

    if (
      !options.dryRun &&
      this.deps.engine === 'postgres' &&
      eventIds.length >= limits.statisticsRefreshEventsMin
    ) {
      await this.deps.store.refreshStatistics(tx)
    }

    const skippedAppFee = plans.length - posted.length
    return ok({
      summary: {
        batchId,
        created: fresh.length,
        skippedAppFee,
        skippedDupe: posted.length - fresh.length,
        eventCount: eventIds.length,
        dryRun: options.dryRun,
        heldForRate,
      },
      eventIds,
    })
  }

  private newEvent(
    plan: Extract<RowPlan, { kind: 'post' }>,
    event: PlannedEvent,
    batchId: string,
    accounts: Partial<Record<AccountRole, string>> & { processor: string },
  ) {
    const accountOf = (role: AccountRole) => {
      const id = accounts[role]
      if (!id) throw new Error(`account for ${role} was not resolved`)
      return id
    }
    return {
      eventType: event.eventType,
      merchantName: event.merchantName,
      amountMinor: event.amountMinor,
      currency: plan.row.currency,
      transactionDate: plan.row.date,
      memo: event.memo,
      categoryId: accountOf(event.category),
      paymentAccountId: accountOf(event.payment),
      contactId: null,
      reference: `${batchId}:${plan.sourceId}`,
      source,
      backfillId: event.backfillId,
      batchId,
    } as const
  }

  /**
   * The processor balance account is the account named after the processor: found by that name
   * (so an operator can prepare it), created as a bank account in this transaction when missing.
   * The others are the default chart's system accounts, needed only when a row uses them.
   */
  private async accountsFor(
    tx: Executor,
    scope: OrgScope,
    plans: RowPlan[],
  ): Promise<Result<Partial<Record<AccountRole, string>> & { processor: string }>> {
    const processor = await this.deps.accounts.namedAccountOrCreate(tx, scope, {
      name: processorName,
      accountType: 'bank',
    })
    if (processor.accountType !== 'bank') {
      return fail(
        'PROCESSOR_ACCOUNT_CONFLICT',
        `The account named ${processor.name} is ${processor.accountType}; the processor balance account must be a bank account. Rename that account and run the import again.`,
      )
    }
    const needed = new Set<Exclude<AccountRole, 'processor'>>()
    for (const plan of plans) {
      if (plan.kind !== 'post') continue
      for (const event of plan.events) {
        for (const role of [event.category, event.payment]) if (role !== 'processor') needed.add(role)
      }
    }
    const accounts: Partial<Record<AccountRole, string>> & { processor: string } = { processor: processor.id }
    for (const role of needed) {
      const account = await this.deps.accounts.accountByRole(tx, scope, systemRoles[role])
      // Every organization is made with the default chart, whose system accounts cannot be
      // deleted or lose their role: one missing is a bug, not a client's mistake.
      assert(account, `the organization has no ${accountLabels[role]} account of the default chart`)
      accounts[role] = account.id
    }
    return ok(accounts)
  }

  /** `<prefix>:<UTC timestamp>`; a second run within the same second gets a numbered suffix. */
  private async freshBatchId(tx: Executor, scope: OrgScope): Promise<string> {
    const stamp = this.deps.clock
      .now()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replace(/[-:]/g, '')
    const base = `${batchPrefix}:${stamp}`
    let batchId = base
    for (let n = 2; await this.deps.store.batchExists(tx, scope, batchId); n++) batchId = `${base}-${n}`
    return batchId
  }

  // ---- deletion -----------------------------------------------------------------------------

  private async deleteImports(scope: OrgScope, options: DeleteOptions): Promise<Result<DeleteSummary>> {
    const dryRun = options.dryRun ?? false
    const work = async (tx: Executor): Promise<Result<DeleteSummary>> => {
      // Deletions and imports of one organization run one at a time (see write()).
      const processor = await this.deps.accounts.accountByName(tx, scope, processorName)
      if (processor) await this.deps.accounts.lockAccount(tx, scope, processor.id)
      const events = await this.deps.events.importedEvents(tx, scope, source, options.batchId)
      if (events.some((event) => event.status === 'reconciled')) return reconciledEvent('batchId')
      // Taking a closed period's events out of the books would change its reports.
      const open = await this.deps.periodLock.checkOpen(
        tx,
        scope,
        events.map((event) => event.transactionDate),
        'batchId',
      )
      if (!open.ok) return open
      options.onProgress?.(0, events.length)
      for (let start = 0; start < events.length; start += limits.processorImportRowsPerRound) {
        const round = events.slice(start, start + limits.processorImportRowsPerRound)
        // A posted event leaves the books through a reversing entry, so every period it touched
        // still balances and the trail remains; an ignored event was reversed when rejected.
        const reversals = round.flatMap((event) =>
          postedStatuses.includes(event.status) && event.journalEntryId && !event.reversalEntryId
            ? [{ eventId: event.id, originalEntryId: event.journalEntryId, entryId: newId() }]
            : [],
        )
        await this.deps.journal.reverseEntries(tx, scope, reversals)
        await this.deps.receipts.detachFromEvents(
          tx,
          scope,
          round.map((event) => event.id),
        )
        options.onProgress?.(start + round.length, events.length)
      }
      // Batches are written whole by one import, and imports wait for this transaction (the lock
      // above), so deleting by batch removes exactly the events read.
      const deleted = await this.deps.events.deleteImportedEvents(tx, scope, source, events)
      assert(deleted === events.length, `a deletion removes the ${events.length} events it read`)
      return ok({ deleted, dryRun })
    }
    if (dryRun) return rolledBack(this.deps.db, this.deps.engine, work)
    return inTransactionResult(this.deps.db, this.deps.engine, work)
  }
}
