import type { Executor } from '../../db/schema.js'
import {
  addDays,
  type CalendarDate,
  calendarDateOf,
  parseCalendarDate,
  startOfMonth,
} from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { fiscalYearOf, isFiscalYearEnd } from '../../kernel/fiscal-year.js'
import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountRecord, AccountsPort } from '../accounts/accounts-port.js'
import { naturalBalance } from '../accounts/accounts-port.js'
import type { ContactsPort } from '../contacts/contacts-port.js'
import type { EntryKind, JournalEntryRecord, JournalPort } from '../journal/journal-port.js'
import type { LedgerEventsPort } from '../ledger-events/ledger-events-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import type { ReceiptsPort } from '../receipts/receipts-port.js'
import type { TaxCodesPort } from '../tax-codes/tax-codes-port.js'
import { type GifiAmount, gifiSchedule, gifiTotalLines } from './gifi-schedule.js'
import {
  type ExportFormat,
  exportAccountNames,
  exportEntry,
  exportHeader,
  nameContacts,
} from './journal-export.js'
import { JournalExportStore } from './journal-export-store.js'
import { balanceSheet, incomeStatement, naturalFromDebitMinusCredit, trialBalance } from './report.js'

interface Range {
  from: CalendarDate
  to: CalendarDate
}

export class ReportService {
  /** The export's one read of the documents' tables; it keeps no state, so the service makes its own. */
  private readonly exportStore = new JournalExportStore()

  constructor(
    private readonly deps: {
      db: Executor
      clock: Clock
      access: AccessPort
      accounts: AccountsPort
      journal: JournalPort
      events: LedgerEventsPort
      receipts: ReceiptsPort
      organizations: OrganizationsPort
      taxCodes: TaxCodesPort
      contacts: ContactsPort
    },
  ) {}

  async dashboardSummary(
    principal: Principal,
    organizationId: string,
    args: { startDate?: string | null; endDate?: string | null },
  ) {
    const scope = await this.deps.access.authorize(principal, organizationId, 'dashboardSummary')
    const range = this.range(args)
    if (!range.ok) return range
    const [figures, receiptCount, unreviewedCount] = await Promise.all([
      this.incomeFigures(scope, range.value),
      this.deps.receipts.countDated(this.deps.db, scope, range.value),
      this.deps.events.countInStatus(this.deps.db, scope, 'needs_review', range.value),
    ])
    return ok({
      startDate: range.value.from,
      endDate: range.value.to,
      totalRevenueMinor: figures.totalIncomeMinor,
      totalExpensesMinor: figures.totalExpensesMinor,
      netIncomeMinor: figures.netIncomeMinor,
      receiptCount,
      unreviewedCount,
    })
  }

  async incomeStatement(
    principal: Principal,
    organizationId: string,
    args: { startDate?: string | null; endDate?: string | null },
  ) {
    const scope = await this.deps.access.authorize(principal, organizationId, 'incomeStatement')
    const range = this.range(args)
    if (!range.ok) return range
    return ok({
      startDate: range.value.from,
      endDate: range.value.to,
      ...(await this.incomeFigures(scope, range.value)),
    })
  }

  /** Every account with the natural balance of all its posted lines. */
  async accountBalances(principal: Principal, organizationId: string) {
    const scope = await this.deps.access.authorize(principal, organizationId, 'accountBalances')
    const accounts = await this.deps.accounts.allAccounts(this.deps.db, scope)
    return accounts.map((account) => ({
      account,
      balanceMinor: naturalBalance(account.classification, account.debitTotalMinor, account.creditTotalMinor),
    }))
  }

  async trialBalance(principal: Principal, organizationId: string, args: { asOf?: string | null }) {
    const scope = await this.deps.access.authorize(principal, organizationId, 'trialBalance')
    const asOf = this.date(args.asOf, 'asOf')
    if (!asOf.ok) return asOf
    const { accounts, totals } = await this.asOf(scope, asOf.value)
    return ok({ asOf: asOf.value, ...trialBalance(accounts, totals) })
  }

  async balanceSheet(principal: Principal, organizationId: string, args: { asOf?: string | null }) {
    const scope = await this.deps.access.authorize(principal, organizationId, 'balanceSheet')
    const asOf = this.date(args.asOf, 'asOf')
    if (!asOf.ok) return asOf
    const fiscalYearEnd = await this.deps.organizations.fiscalYearEndOf(scope.organizationId)
    const yearStart = fiscalYearOf(asOf.value, fiscalYearEnd).startDate
    const [{ accounts, totals }, priorTotals] = await Promise.all([
      this.asOf(scope, asOf.value),
      this.deps.journal.totalsByAccount(this.deps.db, scope, { to: addDays(yearStart, -1) }),
    ])
    return ok({ asOf: asOf.value, ...balanceSheet(accounts, totals, priorTotals) })
  }

  /** DESIGN 8.5: GIFI schedule 100 (the balance sheet at a year end) or 125 (that year's income). */
  async gifiSchedule(
    principal: Principal,
    organizationId: string,
    args: { endDate: string; schedule: number },
  ) {
    return this.gifiScheduleOf(
      await this.deps.access.authorize(principal, organizationId, 'gifiSchedule'),
      args,
    )
  }

  async gifiScheduleAsOperator(organizationId: string, args: { endDate: string; schedule: number }) {
    return this.gifiScheduleOf(await this.deps.access.authorizeOperator(organizationId), args)
  }

  private async gifiScheduleOf(
    scope: OrgScope,
    args: { endDate: string; schedule: number },
  ): Promise<
    Result<{ schedule: number; endDate: string; lines: Array<GifiAmount & { description: string }> }>
  > {
    const { schedule } = args
    if (schedule !== 100 && schedule !== 125) {
      return fail('INVALID_GIFI_SCHEDULE', `schedule must be 100 or 125; got ${schedule}.`, 'schedule')
    }
    const endDate = parseCalendarDate(args.endDate, 'endDate')
    if (!endDate.ok) return endDate
    const fiscalYearEnd = await this.deps.organizations.fiscalYearEndOf(scope.organizationId)
    if (!isFiscalYearEnd(endDate.value, fiscalYearEnd)) {
      return fail(
        'NOT_A_FISCAL_YEAR_END',
        `endDate must be a fiscal year end (${fiscalYearEnd}); got ${endDate.value}.`,
        'endDate',
      )
    }
    const year = fiscalYearOf(endDate.value, fiscalYearEnd)
    const [accounts, totals] = await Promise.all([
      this.deps.accounts.allAccounts(this.deps.db, scope),
      this.deps.journal.totalsByAccount(
        this.deps.db,
        scope,
        schedule === 100 ? { to: year.endDate } : { from: year.startDate, to: year.endDate },
      ),
    ])
    const codeIds = [...new Set(accounts.flatMap((a) => (a.taxCodeId ? [a.taxCodeId] : [])))]
    const codes = new Map((await this.deps.taxCodes.findByIds(this.deps.db, codeIds)).map((c) => [c.id, c]))
    const earnings = schedule === 100 ? incomeStatement(accounts, totals).netIncomeMinor : 0n
    const lines = gifiSchedule(
      schedule,
      accounts,
      totals,
      (account) => (account.taxCodeId ? codes.get(account.taxCodeId)?.code : undefined),
      earnings,
    )
    if (!lines.ok) return lines
    const described = new Map([...codes.values()].map((c) => [c.code, c.name]))
    const totalCodes = gifiTotalLines[schedule].filter((code) => !described.has(code))
    for (const code of await this.deps.taxCodes.findByCodes(this.deps.db, totalCodes)) {
      described.set(code.code, code.name)
    }
    return ok({
      schedule,
      endDate: year.endDate,
      lines: lines.value.map((line) => ({ ...line, description: described.get(line.code) ?? '' })),
    })
  }

  async generalLedger(
    principal: Principal,
    organizationId: string,
    args: {
      accountId: string
      startDate?: string | null
      endDate?: string | null
      limit?: number | null
      offset?: number | null
    },
  ) {
    const scope = await this.deps.access.authorize(principal, organizationId, 'generalLedger')
    const range = this.range(args)
    if (!range.ok) return range
    const limit = args.limit ?? limits.pageSizeDefault
    const offset = args.offset ?? 0
    if (limit < 1) return fail('INVALID_LIMIT', 'limit must be at least 1.', 'limit')
    if (offset < 0) return fail('INVALID_OFFSET', 'offset must not be negative.', 'offset')
    const page = { limit: Math.min(limit, limits.pageSizeMax), offset }
    const [account] = await this.deps.accounts.accountsByIds(this.deps.db, scope, [args.accountId])
    if (!account) return fail('ACCOUNT_NOT_FOUND', 'No account with this id.', 'accountId')
    const before = await this.deps.journal.totalsByAccount(this.deps.db, scope, {
      to: addDays(range.value.from, -1),
    })
    const during = await this.deps.journal.totalsByAccount(this.deps.db, scope, range.value)
    const opening = natural(account, before.get(account.id))
    const change = natural(account, during.get(account.id))
    const found = await this.deps.journal.accountLines(this.deps.db, scope, account.id, range.value, page)
    return ok({
      account,
      startDate: range.value.from,
      endDate: range.value.to,
      openingBalanceMinor: opening,
      closingBalanceMinor: opening + change,
      lines: {
        items: found.lines.map((line) => ({
          ...line,
          balanceMinor: opening + naturalFromDebitMinusCredit(account, line.runningDebitMinusCreditMinor),
        })),
        totalCount: found.totalCount,
        pageSize: page.limit,
        offset: page.offset,
      },
    })
  }

  /**
   * Writes the organization's posted books, page by page in posting order, so an export of
   * millions of entries never sits in memory whole. Returns the number of entries written.
   */
  async exportJournal(
    scope: OrgScope,
    organizationName: string,
    format: ExportFormat,
    write: (chunk: string) => Promise<void>,
  ): Promise<number> {
    const accounts = exportAccountNames(await this.deps.accounts.allAccounts(this.deps.db, scope), format)
    const functional = await this.deps.organizations.functionalCurrencyOf(scope.organizationId)
    const used = await this.deps.journal.currenciesUsed(this.deps.db, scope)
    const currencies = [functional, ...used.filter((currency) => currency !== functional)]
    await write(exportHeader(format, organizationName, accounts, '1970-01-01', currencies))
    let after: { txnDate: string; createdAt: string; id: string } | undefined
    let count = 0
    // Each contact's name in the export, kept across pages so a name stays one contact's.
    const contacts = new Map<string, string>()
    for (;;) {
      const entries = await this.deps.journal.entriesAfter(
        this.deps.db,
        scope,
        after,
        limits.journalExportEntriesPerRead,
      )
      if (entries.length === 0) return count
      const eventIds = entries.flatMap((e) => (e.eventId ? [e.eventId] : []))
      const events = new Map(
        (await this.deps.events.findByIds(this.deps.db, scope, eventIds)).map((e) => [e.id, e.merchantName]),
      )
      await this.nameContactsOf(scope, entries, contacts)
      const documents = await this.documentsOf(scope, entries)
      let text = ''
      for (const entry of entries) {
        const description =
          (entry.eventId && events.get(entry.eventId)) || entry.memo || describedByKind[entry.kind]
        const numbers = documents.get(entry.id) ?? []
        text += exportEntry(format, { ...entry, description, documents: numbers }, accounts, contacts)
      }
      await write(text)
      count += entries.length
      const last = entries[entries.length - 1] as (typeof entries)[number]
      after = { txnDate: last.txnDate, createdAt: last.createdAt, id: last.id }
    }
  }

  // ---- helpers ------------------------------------------------------------------------------

  /**
   * The numbers of the documents each entry posts, voids or pays. A document's own entries carry
   * its number as their reference (ADR 0062), a void is the reversal of its posting, and a bank
   * line's entry names what it pays only in the payments it made.
   */
  private async documentsOf(
    scope: OrgScope,
    entries: ReadonlyArray<JournalEntryRecord>,
  ): Promise<Map<string, string[]>> {
    const ofDocument = (entry: JournalEntryRecord) =>
      (entry.kind === 'invoice' || entry.kind === 'payment') && entry.reference !== null
    const reversed = entries.flatMap((e) =>
      e.kind === 'reversal' && e.reversesEntryId ? [e.reversesEntryId] : [],
    )
    const originals = new Map(
      (await this.deps.journal.findEntries(this.deps.db, scope, reversed)).map((e) => [e.id, e]),
    )
    const eventIds = entries.flatMap((e) => (e.kind === 'posting' && e.eventId ? [e.eventId] : []))
    const documents = await this.exportStore.numbersPaidByEvents(this.deps.db, scope, eventIds)
    for (const entry of entries) {
      const original = entry.reversesEntryId ? originals.get(entry.reversesEntryId) : undefined
      const source = ofDocument(entry) ? entry : original && ofDocument(original) ? original : undefined
      if (source?.reference) documents.set(entry.id, [source.reference])
    }
    return documents
  }

  /** Reads the names of the contacts these entries' lines name that earlier pages did not. */
  private async nameContactsOf(
    scope: OrgScope,
    entries: ReadonlyArray<{ lines: ReadonlyArray<{ contactId: string | null }> }>,
    names: Map<string, string>,
  ): Promise<void> {
    const ids = [
      ...new Set(entries.flatMap((e) => e.lines.flatMap((l) => (l.contactId === null ? [] : [l.contactId])))),
    ].filter((id) => !names.has(id))
    for (let start = 0; start < ids.length; start += limits.sqlIdsPerQueryMax) {
      const batch = ids.slice(start, start + limits.sqlIdsPerQueryMax)
      nameContacts(names, await this.deps.contacts.contactsByIds(this.deps.db, scope, batch))
    }
  }

  private async incomeFigures(scope: OrgScope, range: Range) {
    const [accounts, totals] = await Promise.all([
      this.deps.accounts.allAccounts(this.deps.db, scope),
      this.deps.journal.totalsByAccount(this.deps.db, scope, range),
    ])
    return incomeStatement(accounts, totals)
  }

  private async asOf(scope: OrgScope, asOf: CalendarDate) {
    const [accounts, totals] = await Promise.all([
      this.deps.accounts.allAccounts(this.deps.db, scope),
      this.deps.journal.totalsByAccount(this.deps.db, scope, { to: asOf }),
    ])
    return { accounts, totals }
  }

  /** The spec's defaults: from the first of the current month to today, in UTC. */
  private range(args: { startDate?: string | null; endDate?: string | null }): Result<Range> {
    const today = calendarDateOf(this.deps.clock.now())
    const from =
      args.startDate == null ? ok(startOfMonth(today)) : parseCalendarDate(args.startDate, 'startDate')
    if (!from.ok) return from
    const to = args.endDate == null ? ok(today) : parseCalendarDate(args.endDate, 'endDate')
    if (!to.ok) return to
    if (from.value > to.value) {
      return fail('INVALID_DATE_RANGE', `startDate ${from.value} is after endDate ${to.value}.`, 'startDate')
    }
    return ok({ from: from.value, to: to.value })
  }

  private date(value: string | null | undefined, field: string): Result<CalendarDate> {
    return value == null ? ok(calendarDateOf(this.deps.clock.now())) : parseCalendarDate(value, field)
  }
}

const natural = (account: AccountRecord, totals: { debitMinor: bigint; creditMinor: bigint } | undefined) =>
  totals ? naturalBalance(account.classification, totals.debitMinor, totals.creditMinor) : 0n

/** What an entry of no event, without a memo, is called in an export. */
const describedByKind: Record<EntryKind, string> = {
  posting: 'Journal entry',
  reversal: 'Journal entry',
  adjustment: 'Reconciliation adjustment',
  tax_filing: 'Sales tax return filed',
  manual: 'Journal entry',
  opening: 'Opening balances',
  invoice: 'Invoice',
  payment: 'Payment',
}
