import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import { hitFaultPoint } from '../../fault-points.js'
import { addDays } from '../../kernel/calendar-date.js'
import { currencyDecimals, parseCurrency } from '../../kernel/currency.js'
import { parseExchangeRate } from '../../kernel/exchange-rate.js'
import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import { tooManyRows } from '../../kernel/too-many-rows.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountsPort } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { LedgerEventsPort } from '../ledger-events/ledger-events-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import { judgeRows, type RowVerdict } from './duplicates.js'
import { paymentAccountOf } from './payment-account.js'
import type { StatementImportStore } from './statement-import-store.js'
import { parseStatementRows, type StatementRow, type StatementRowInput } from './statement-row.js'

export interface ImportOutcome {
  importedCount: number
  skippedCount: number
  eventIds: string[]
  /** Each row's duplicate verdict, in row order, as the import saw it. */
  verdicts: RowVerdict[]
}

export class BankImportService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      access: AccessPort
      accounts: AccountsPort
      store: StatementImportStore
      events: LedgerEventsPort
      periodLock: OrganizationsPort
      audit: AuditRecorder
      functionalCurrencyOf: (organizationId: string) => Promise<string>
    },
  ) {}

  async checkBankStatementDups(
    principal: Principal,
    organizationId: string,
    input: { paymentAccountId: string; currency?: string | null; rows: StatementRowInput[] },
  ): Promise<Result<{ verdicts: RowVerdict[]; currency: string }>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'checkBankStatementDups')
    const prepared = await this.prepare(this.deps.db, scope, input)
    if (!prepared.ok) return prepared
    const verdicts = await this.matchRows(this.deps.db, scope, input.paymentAccountId, prepared.value.rows)
    return ok({ verdicts, currency: prepared.value.currency })
  }

  async importBankStatement(
    principal: Principal,
    organizationId: string,
    input: {
      paymentAccountId: string
      currency?: string | null
      exchangeRate?: string | null
      rows: StatementRowInput[]
    },
  ): Promise<Result<ImportOutcome>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'importBankStatement')
    const prepared = await this.prepare(this.deps.db, scope, input)
    if (!prepared.ok) return prepared
    return this.importRows(scope, input.paymentAccountId, prepared.value)
  }

  // ---- for other modules ------------------------------------------------------------------

  /** The currency the organization keeps its books in: what a statement means when it names none. */
  functionalCurrency(scope: OrgScope): Promise<string> {
    return this.deps.functionalCurrencyOf(scope.organizationId)
  }

  /** What importRows would decide for each row (a closed period included), without writing. */
  async previewRows(
    scope: OrgScope,
    paymentAccountId: string,
    rows: StatementRow[],
  ): Promise<Result<RowVerdict[]>> {
    const open = await this.deps.periodLock.checkOpen(this.deps.db, scope, datesOf(rows), 'rows')
    if (!open.ok) return open
    return ok(await this.matchRows(this.deps.db, scope, paymentAccountId, rows))
  }

  /**
   * All or nothing: one needs_review event per row that is not a duplicate. `alsoWrite` runs in
   * the same database transaction, after the rows are recorded.
   */
  async importRows(
    scope: OrgScope,
    paymentAccountId: string,
    statement: { rows: StatementRow[]; currency: string; exchangeRate?: string | null },
    alsoWrite?: (tx: Executor) => Promise<void>,
  ): Promise<Result<ImportOutcome>> {
    const { rows, currency } = statement
    const imported = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      // One row in a closed period refuses the whole statement, like any other bad row.
      const open = await this.deps.periodLock.checkOpen(tx, scope, datesOf(rows), 'rows')
      if (!open.ok) return open
      // Imports into one account run one at a time, so two copies of a statement sent together
      // see each other's rows and the second skips them all.
      await this.deps.accounts.lockAccount(tx, scope, paymentAccountId)
      const verdicts = await this.matchRows(tx, scope, paymentAccountId, rows)
      const fresh = rows.filter((_, index) => !verdicts[index]?.isDuplicate)
      const events = await this.deps.events.recordArrivals(
        tx,
        scope,
        fresh.map((row) => ({
          eventType: row.eventType,
          direction: row.direction,
          merchantName: row.description,
          amountMinor: row.amountMinor,
          currency,
          exchangeRate: statement.exchangeRate ?? null,
          transactionDate: row.transactionDate,
          memo: row.memo,
          categoryId: null,
          paymentAccountId,
          contactId: null,
          reference: row.reference,
          source: 'bank_import',
          backfillId: null,
          batchId: null,
          status: 'needs_review',
        })),
      )
      hitFaultPoint('import.rows', events.length)
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'bank_import.completed',
          entityType: 'account',
          entityId: paymentAccountId,
          before: null,
          after: {
            paymentAccountId,
            currency,
            rowCount: rows.length,
            importedCount: events.length,
            skippedCount: rows.length - events.length,
          },
        },
      ])
      await alsoWrite?.(tx)
      return ok({
        importedCount: events.length,
        skippedCount: rows.length - events.length,
        eventIds: events.map((e) => e.id),
        verdicts,
      })
    })
    if (imported.ok && imported.value.eventIds.length > 0) {
      await this.deps.events.announce(scope, imported.value.eventIds)
    }
    return imported
  }

  private async prepare(
    ex: Executor,
    scope: OrgScope,
    input: {
      paymentAccountId: string
      currency?: string | null
      exchangeRate?: string | null
      rows: StatementRowInput[]
    },
  ): Promise<Result<{ rows: StatementRow[]; currency: string; exchangeRate: string | null }>> {
    if (input.rows.length > limits.rowsPerImportMax) {
      return tooManyRows('A statement', limits.rowsPerImportMax, input.rows.length, {
        per: 'per call',
        field: 'rows',
      })
    }
    const functionalCurrency = await this.deps.functionalCurrencyOf(scope.organizationId)
    const currency = parseCurrency(input.currency ?? functionalCurrency)
    if (!currency.ok) return currency
    let exchangeRate: string | null = null
    if (input.exchangeRate != null) {
      const rate = parseExchangeRate(input.exchangeRate)
      if (!rate.ok) return rate
      if (currency.value === functionalCurrency) {
        return fail(
          'INVALID_EXCHANGE_RATE',
          `${currency.value} is the functional currency; its rows take no exchange rate.`,
          'exchangeRate',
        )
      }
      exchangeRate = rate.value.text
    }
    const account = await paymentAccountOf(this.deps.accounts, ex, scope, input.paymentAccountId)
    if (!account.ok) return account
    const rows = parseStatementRows(input.rows, currencyDecimals(currency.value))
    if (!rows.ok) return rows
    return ok({ rows: rows.value, currency: currency.value, exchangeRate })
  }

  /** Each row's verdict under the duplicate rule: which of the account's events it is, if any. */
  async matchRows(
    ex: Executor,
    scope: OrgScope,
    paymentAccountId: string,
    rows: StatementRow[],
  ): Promise<RowVerdict[]> {
    if (rows.length === 0) return []
    let from = rows[0]?.transactionDate as string
    let to = from
    for (const row of rows) {
      if (row.transactionDate < from) from = row.transactionDate
      if (row.transactionDate > to) to = row.transactionDate
    }
    // A reference names one bank transaction whatever date it is sent with, so events carrying
    // a row's reference count however far outside the statement's dates they lie.
    const references = [...new Set(rows.flatMap((row) => (row.reference ? [row.reference] : [])))]
    const existing = await this.deps.store.duplicateCandidates(
      ex,
      scope,
      paymentAccountId,
      { from: addDays(from, -limits.bankNearMatchDays), to: addDays(to, limits.bankNearMatchDays) },
      references,
    )
    return judgeRows(rows, existing)
  }
}

const datesOf = (rows: StatementRow[]) => rows.map((row) => row.transactionDate)
