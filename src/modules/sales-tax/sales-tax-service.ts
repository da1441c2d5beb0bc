import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import { addDays, type CalendarDate, isLeapYear, parseCalendarDate } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { newId } from '../../kernel/ids.js'
import { formatMoney } from '../../kernel/money.js'
import { limitOffsetArgs, type Page, pageOf } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountRecord, AccountsPort } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { ContactsPort } from '../contacts/contacts-port.js'
import type {
  JournalPort,
  PostingLine,
  TaxLineFilter,
  TaxLineRecord,
  TaxLinesPort,
  TaxTotal,
} from '../journal/journal-port.js'
import { isTaxReturnLineTag } from '../journal/journal-port.js'
import type { LedgerEventsPort } from '../ledger-events/ledger-events-port.js'
import type { OrganizationRecord, OrganizationsPort } from '../organizations/organizations-port.js'
import type { ReceiptsPort } from '../receipts/receipts-port.js'
import type { TaxCodesPort } from '../tax-codes/tax-codes-port.js'
import { loadSalesTaxCodes } from '../tax-codes/tax-codes-port.js'
import type { FiledReturn, SalesTaxReturnStore } from './sales-tax-return-store.js'
import {
  figuresOf,
  gstHstLines,
  type Jurisdiction,
  jurisdictions,
  type LineSource,
  provincialLines,
  type ReturnLine,
  type ReturnMethod,
  returnKind,
  sourcesOf,
  supplyOf,
  type TaggedLines,
  taggedAmountOf,
  taxFiledOn,
} from './tax-return.js'

export interface TaxReturnException {
  code: 'SUPPLIER_BN_MISSING' | 'MEALS_HALF_RECOVERABLE' | 'TAX_WITHOUT_CODE' | 'UNPOSTED_IN_PERIOD'
  eventId: string | null
  journalEntryId: string | null
  amount: string
  message: string
}

export interface SalesTaxReturnRecord {
  startDate: CalendarDate
  endDate: CalendarDate
  jurisdiction: Jurisdiction
  method: ReturnMethod
  lines: Array<{ line: string; label: string; amount: string }>
  exceptions: TaxReturnException[]
  payableBalance: string
  difference: string
  tiesOut: boolean
  filed: boolean
  filedAt: string | null
}

export interface TaxReturnLineItem {
  journalEntryId: string
  eventId: string | null
  transactionDate: CalendarDate
  description: string
  accountId: string
  taxCode: string | null
  netAmount: string
  taxAmount: string
}

type ReturnArgs = {
  startDate: string
  endDate: string
  jurisdiction?: string | null
  method?: string | null
}

/** At most this many exceptions of each code: enough to act on, and the return stays one answer. */
const exceptionsPerCodeMax = 100
const mealsAndEntertainmentGifi = '8523'

export class SalesTaxService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      audit: AuditRecorder
      store: SalesTaxReturnStore
      access: AccessPort
      accounts: AccountsPort
      contacts: ContactsPort
      events: LedgerEventsPort
      journal: JournalPort
      taxLines: TaxLinesPort
      taxCodes: TaxCodesPort
      organizations: OrganizationsPort
      receipts: ReceiptsPort
    },
  ) {}

  /** DESIGN 8.3: a return of the period, computed from the entries posted in it, or as filed. */
  async salesTaxReturn(
    principal: Principal,
    organizationId: string,
    args: ReturnArgs,
  ): Promise<Result<SalesTaxReturnRecord>> {
    return this.returnOf(await this.deps.access.authorize(principal, organizationId, 'salesTaxReturn'), args)
  }

  /** The operator CLI's tax-return command. */
  async returnAsOperator(organizationId: string, args: ReturnArgs): Promise<Result<SalesTaxReturnRecord>> {
    return this.returnOf(await this.deps.access.authorizeOperator(organizationId), args)
  }

  private async returnOf(scope: OrgScope, args: ReturnArgs): Promise<Result<SalesTaxReturnRecord>> {
    const asked = await this.returnArgs(scope, args)
    if (!asked.ok) return asked
    const { range, kind } = asked.value
    const overlapping = await this.deps.store.overlapping(this.deps.db, scope, kind.jurisdiction, range)
    // A filed period answers as filed, under the method it was filed with, unless another is asked.
    const filed = overlapping.find(
      (found) =>
        found.startDate === range.from &&
        found.endDate === range.to &&
        (args.method == null || found.method === kind.method),
    )
    const shown = filed ? { ...asked.value, kind: { ...kind, method: filed.method } } : asked.value
    return ok(await this.recordOf(scope, shown, await this.compute(this.deps.db, scope, shown), filed))
  }

  /**
   * DESIGN 8.3: keeps the return as filed, posts its clearing entry dated endDate (the period's
   * tax to Sales Tax Owing, the quick method's difference to Quick Method Gain) and closes the
   * books through endDate. The lock date does not stop the clearing entry; a closed year does.
   */
  async fileSalesTaxReturn(
    principal: Principal,
    organizationId: string,
    args: ReturnArgs,
  ): Promise<Result<{ taxReturn: SalesTaxReturnRecord; journalEntryId: string | null }>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'fileSalesTaxReturn')
    const asked = await this.returnArgs(scope, { ...args, method: null })
    if (!asked.ok) return asked
    const { range, kind, organization } = asked.value
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const yearEnd = await this.deps.organizations.yearEndLockDate(tx, scope)
      if (yearEnd !== null && range.to <= yearEnd) {
        return fail(
          'YEAR_CLOSED',
          `The fiscal year is closed through ${yearEnd}: its returns cannot be filed.`,
          'endDate',
        )
      }
      const owing = await this.deps.accounts.namedAccountOrCreate(tx, scope, {
        name: 'Sales Tax Owing',
        accountType: 'other_current_liability',
      })
      if (owing.classification !== 'liability') return clearingAccountRefused(owing, 'a liability')
      // One filing of an organization at a time: the overlap check below then holds.
      await this.deps.accounts.lockAccount(tx, scope, owing.id)
      const overlapping = await this.deps.store.overlapping(tx, scope, kind.jurisdiction, range)
      if (overlapping.some((found) => found.startDate === range.from && found.endDate === range.to)) {
        return fail(
          'TAX_RETURN_ALREADY_FILED',
          `The ${kind.jurisdiction} return for ${range.from} to ${range.to} is already filed.`,
          'startDate',
        )
      }
      const [other] = overlapping
      if (other) {
        return fail(
          'TAX_PERIOD_OVERLAPS',
          `The period overlaps the ${kind.jurisdiction} return filed for ${other.startDate} to ${other.endDate}.`,
          'startDate',
        )
      }
      const computed = await this.compute(tx, scope, asked.value)
      const clearing = await this.clearingLines(tx, scope, computed, kind.method, owing)
      if (!clearing.ok) return clearing
      const filedAt = this.deps.clock.now().toISOString()
      const filed: FiledReturn = {
        id: newId(),
        jurisdiction: kind.jurisdiction,
        method: kind.method,
        startDate: range.from,
        endDate: range.to,
        lines: computed.lines,
        journalEntryId: clearing.value.length > 0 ? newId() : null,
        filedAt,
      }
      if (filed.journalEntryId !== null) {
        await this.deps.journal.postAdjustment(
          tx,
          scope,
          { txnDate: range.to, currency: organization.functionalCurrency, lines: clearing.value },
          filed.journalEntryId,
          'tax_filing',
        )
      }
      await this.deps.store.insert(tx, scope, filed)
      const decimals = currencyDecimals(organization.functionalCurrency)
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'sales_tax_return.filed',
          entityType: 'sales_tax_return',
          entityId: filed.id,
          before: null,
          after: {
            jurisdiction: filed.jurisdiction,
            method: filed.method,
            startDate: filed.startDate,
            endDate: filed.endDate,
            journalEntryId: filed.journalEntryId,
            lines: filed.lines.map((line) => ({
              line: line.line,
              amount: formatMoney(line.amountMinor, decimals),
            })),
          },
        },
      ])
      // Filing is what closes the period, so the feed tells the filing first.
      await this.deps.organizations.advanceLockDate(tx, scope, range.to)
      return ok({
        taxReturn: await this.recordOf(scope, asked.value, computed, filed, tx),
        journalEntryId: filed.journalEntryId,
      })
    })
  }

  /** DESIGN 8.3: the filed returns, newest period first. */
  async listSalesTaxReturns(
    principal: Principal,
    organizationId: string,
    args: { jurisdiction?: string | null; limit?: number | null; offset?: number | null },
  ): Promise<Result<Page<SalesTaxReturnRecord>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listSalesTaxReturns')
    const page = limitOffsetArgs(args)
    if (!page.ok) return page
    const jurisdiction = args.jurisdiction ?? null
    if (jurisdiction !== null && !(jurisdictions as readonly string[]).includes(jurisdiction)) {
      return returnKind(jurisdiction, 'regular', {
        salesTaxMethod: 'regular',
        quickMethodRate: null,
      }) as Result<never>
    }
    const [organization] = await this.deps.organizations.findByIds([scope.organizationId])
    if (!organization) return fail('ORGANIZATION_NOT_FOUND', 'Organization not found.', 'organizationId')
    const found = await this.deps.store.page(this.deps.db, scope, jurisdiction, page.value)
    const items: SalesTaxReturnRecord[] = []
    for (const filed of found.items) {
      const asked = {
        range: { from: filed.startDate, to: filed.endDate },
        kind: {
          jurisdiction: filed.jurisdiction,
          method: filed.method,
          quickMethodRate: organization.quickMethodRate,
        },
        organization,
      }
      items.push(await this.recordOf(scope, asked, await this.compute(this.deps.db, scope, asked), filed))
    }
    return ok(pageOf(items, found.totalCount, page.value))
  }

  /** The return's lines from the books, and what the tax accounts hold of this jurisdiction's tax. */
  private async compute(ex: Executor, scope: OrgScope, asked: AskedReturn): Promise<Computed> {
    const { range, kind, organization } = asked
    const [totals, accountList, accountTotals, clearingEntryIds] = await Promise.all([
      this.deps.taxLines.totals(ex, scope, range),
      this.deps.accounts.allAccounts(ex, scope),
      this.deps.journal.totalsByAccount(ex, scope, range),
      this.deps.store.clearingEntriesIn(ex, scope, range),
    ])
    const accounts = new Map(accountList.map((account) => [account.id, account]))
    const figures = figuresOf(totals, accounts, kind.jurisdiction)
    const tagged = kind.jurisdiction === 'CA' ? taggedLinesOf(totals) : {}
    const decimals = currencyDecimals(organization.functionalCurrency)
    let lines: ReturnLine[]
    if (kind.jurisdiction !== 'CA') lines = provincialLines(figures, kind.jurisdiction)
    // A return filed under the quick method reads its lines as filed, whatever the rate is now.
    else if (kind.method === 'quick' && kind.quickMethodRate !== null) {
      lines = gstHstLines(figures, tagged, {
        rate: kind.quickMethodRate,
        eligibleEarlierInYearMinor: await this.eligibleEarlierInYear(
          ex,
          scope,
          range.from,
          organization,
          accounts,
        ),
        creditThresholdMinor: 30_000n * 10n ** BigInt(decimals),
      })
    } else lines = gstHstLines(figures, tagged, undefined)
    // What the books hold as this jurisdiction's tax: the change of every account its tax lines
    // went to, less the lines there tagged as something else (another return's tax) and the
    // clearing entries of filed returns. A tax with no code stays in: the books hold it, no
    // return claims it, and the difference shows it.
    const taxNetByAccount = new Map<string, bigint>()
    for (const t of totals) {
      if (isNetTaxOf(t, kind.jurisdiction)) {
        taxNetByAccount.set(
          t.accountId,
          (taxNetByAccount.get(t.accountId) ?? 0n) + t.creditMinor - t.debitMinor,
        )
      }
    }
    const taxAccounts = new Set(taxNetByAccount.keys())
    if (kind.jurisdiction === 'CA') {
      for (const account of accountList) {
        if (account.systemRole === 'gst_hst_payable' || account.systemRole === 'taxes_recoverable')
          taxAccounts.add(account.id)
      }
    }
    let payableMinor = 0n
    for (const accountId of taxAccounts) {
      const moved = accountTotals.get(accountId)
      if (moved) payableMinor += moved.creditMinor - moved.debitMinor
    }
    for (const t of totals) {
      const isTax = t.kind === 'collected' || t.kind === 'input_credit'
      const elsewhere = isTax
        ? t.code !== null && !taxFiledOn(t.code, kind.jurisdiction)
        : !isNetTaxOf(t, kind.jurisdiction)
      if (taxAccounts.has(t.accountId) && elsewhere) payableMinor -= t.creditMinor - t.debitMinor
    }
    for (const entryId of clearingEntryIds) {
      for (const line of await this.deps.journal.linesOf(ex, scope, entryId)) {
        if (taxAccounts.has(line.accountId))
          payableMinor -= line.side === 'credit' ? line.amountMinor : -line.amountMinor
      }
    }
    return { lines, taxNetByAccount, payableMinor, accounts: accountList, totals }
  }

  private async recordOf(
    scope: OrgScope,
    asked: AskedReturn,
    computed: Computed,
    filed: FiledReturn | undefined,
    ex: Executor = this.deps.db,
  ): Promise<SalesTaxReturnRecord> {
    const { range, kind, organization } = asked
    const decimals = currencyDecimals(organization.functionalCurrency)
    const money = (minor: bigint) => formatMoney(minor, decimals)
    const lines = filed?.lines ?? computed.lines
    const netTax = lineAmount(lines, '109')
    return {
      startDate: range.from,
      endDate: range.to,
      jurisdiction: kind.jurisdiction,
      method: kind.method,
      lines: lines.map((line) => ({ line: line.line, label: line.label, amount: money(line.amountMinor) })),
      exceptions: await this.exceptions(ex, scope, range, kind.jurisdiction, computed, decimals),
      payableBalance: money(computed.payableMinor),
      difference: money(netTax - computed.payableMinor),
      tiesOut: netTax === computed.payableMinor,
      filed: filed !== undefined,
      filedAt: filed?.filedAt ?? null,
    }
  }

  /**
   * The clearing entry's lines: each tax account's share of the period's tax back to zero, the
   * net tax to Sales Tax Owing, and under the quick method what the business keeps to Quick
   * Method Gain. None when the period holds no tax.
   */
  private async clearingLines(
    tx: Executor,
    scope: OrgScope,
    computed: Computed,
    method: ReturnMethod,
    owing: AccountRecord,
  ): Promise<Result<PostingLine[]>> {
    const lines: PostingLine[] = []
    const add = (accountId: string, creditMinusDebit: bigint) => {
      if (creditMinusDebit === 0n) return
      lines.push({
        accountId,
        side: creditMinusDebit > 0n ? 'credit' : 'debit',
        amountMinor: creditMinusDebit > 0n ? creditMinusDebit : -creditMinusDebit,
        contactId: null,
      })
    }
    let heldMinor = 0n
    for (const [accountId, net] of computed.taxNetByAccount) {
      add(accountId, -net)
      heldMinor += net
    }
    if (method === 'quick') {
      const remitMinor = lineAmount(computed.lines, '109')
      add(owing.id, remitMinor)
      if (heldMinor !== remitMinor) {
        const gain = await this.deps.accounts.namedAccountOrCreate(tx, scope, {
          name: 'Quick Method Gain',
          accountType: 'income',
        })
        if (gain.classification !== 'revenue') return clearingAccountRefused(gain, 'an income')
        add(gain.id, heldMinor - remitMinor)
      }
    } else add(owing.id, heldMinor)
    return ok(lines)
  }

  /** DESIGN 8.3: the entries' lines that make up one line of the return, a page at a time. */
  async lineDetail(
    principal: Principal,
    organizationId: string,
    args: ReturnArgs & { line: string; limit?: number | null; offset?: number | null },
  ): Promise<Result<Page<TaxReturnLineItem>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'salesTaxReturnLineDetail')
    const asked = await this.returnArgs(scope, { ...args, method: null })
    if (!asked.ok) return asked
    const { range, kind, organization } = asked.value
    const page = limitOffsetArgs(args)
    if (!page.ok) return page
    const { limit, offset } = page.value
    const sources =
      kind.jurisdiction === 'CA' ? sourcesOf(args.line, kind.method) : provincialSourcesOf(args.line)
    if (!sources) {
      return fail(
        'INVALID_TAX_RETURN_LINE',
        `line ${args.line} is not a line of the ${kind.jurisdiction} return.`,
        'line',
      )
    }
    const accounts = await this.deps.accounts.allAccounts(this.deps.db, scope)
    const capital = accounts.filter((account) => account.classification === 'asset').map((a) => a.id)
    // The line's sources one after another, each in date order; the page is cut across them.
    const found: TaxLineRecord[] = []
    let totalCount = 0
    for (const source of sources) {
      const filter = filterOf(source, kind.jurisdiction, capital)
      const skip = Math.max(0, offset - totalCount)
      const want = Math.max(0, limit - found.length)
      const page = await this.deps.taxLines.lines(this.deps.db, scope, range, filter, {
        limit: want === 0 ? 1 : want,
        offset: skip,
      })
      if (want > 0) found.push(...page.lines)
      totalCount += page.totalCount
    }
    const items = await this.itemsOf(
      scope,
      found,
      kind.jurisdiction,
      currencyDecimals(organization.functionalCurrency),
    )
    return ok(pageOf(items, totalCount, { limit, offset }))
  }

  private async returnArgs(scope: OrgScope, args: ReturnArgs): Promise<Result<AskedReturn>> {
    const from = parseCalendarDate(args.startDate, 'startDate')
    if (!from.ok) return from
    const to = parseCalendarDate(args.endDate, 'endDate')
    if (!to.ok) return to
    if (from.value > to.value) {
      return fail('INVALID_DATE_RANGE', `startDate ${from.value} is after endDate ${to.value}.`, 'startDate')
    }
    const [organization] = await this.deps.organizations.findByIds([scope.organizationId])
    if (!organization) return fail('ORGANIZATION_NOT_FOUND', 'Organization not found.', 'organizationId')
    const kind = returnKind(args.jurisdiction ?? 'CA', args.method, organization)
    if (!kind.ok) return kind
    return ok({ range: { from: from.value, to: to.value }, kind: kind.value, organization })
  }

  /** Eligible supplies, GST/HST included, from the start of the fiscal year to the day before `from`. */
  private async eligibleEarlierInYear(
    ex: Executor,
    scope: OrgScope,
    from: CalendarDate,
    organization: OrganizationRecord,
    accounts: Map<string, AccountRecord>,
  ): Promise<bigint> {
    const yearStart = fiscalYearStartOf(from, organization.fiscalYearEnd)
    if (yearStart >= from) return 0n
    const totals = await this.deps.taxLines.totals(ex, scope, {
      from: yearStart,
      to: addDays(from, -1),
    })
    const figures = figuresOf(totals, accounts, 'CA')
    return figures.eligibleNetMinor + figures.collectedMinor
  }

  private async exceptions(
    ex: Executor,
    scope: OrgScope,
    range: { from: CalendarDate; to: CalendarDate },
    jurisdiction: Jurisdiction,
    computed: Pick<Computed, 'accounts' | 'totals'>,
    decimals: number,
  ): Promise<TaxReturnException[]> {
    const db = ex
    const { accounts, totals } = computed
    const money = (minor: bigint) => formatMoney(minor, decimals)
    const exceptions: TaxReturnException[] = []
    const taxedHere = codesTaxedOn(jurisdiction)
    // The day totals say whether a kind of line is in the period at all; only then are its lines
    // read, the first ones alone, so no exception costs what the quarter's lines do.
    const holds = (wanted: (t: TaxTotal) => boolean) => totals.some(wanted)

    for (const event of await this.deps.events.inStatus(
      db,
      scope,
      'needs_review',
      range,
      exceptionsPerCodeMax,
    )) {
      exceptions.push({
        code: 'UNPOSTED_IN_PERIOD',
        eventId: event.id,
        journalEntryId: null,
        amount: formatMoney(event.amountMinor, currencyDecimals(event.currency)),
        // The event is named by its id: a merchant's words stay out of Daybook's own sentences.
        message: `The event of ${event.transactionDate} is still in the review queue: confirm or reject it before this return is filed.`,
      })
    }

    const uncoded = holds((t) => (t.kind === 'collected' || t.kind === 'input_credit') && t.code === null)
      ? await this.deps.taxLines.firstLines(
          db,
          scope,
          range,
          { kinds: ['collected', 'input_credit'], codes: [], withoutCode: true },
          { limit: exceptionsPerCodeMax, offset: 0 },
        )
      : []
    for (const line of uncoded) {
      exceptions.push({
        code: 'TAX_WITHOUT_CODE',
        eventId: line.eventId,
        journalEntryId: line.entryId,
        amount: money(line.debitMinor + line.creditMinor),
        message:
          'A tax amount was posted with no tax code, so no return counts it: give the event its taxCode.',
      })
    }

    const mealsCodeIds = new Set(
      (await this.deps.taxCodes.findByIds(db, [...new Set(accounts.flatMap((a) => a.taxCodeId ?? []))]))
        .filter((code) => code.code === mealsAndEntertainmentGifi)
        .map((code) => code.id),
    )
    const meals = accounts.filter(
      (account) => account.taxCodeId !== null && mealsCodeIds.has(account.taxCodeId),
    )
    const mealIds = new Set(meals.map((account) => account.id))
    if (
      holds((t) => t.kind === 'purchase' && mealIds.has(t.accountId) && taxedHere.includes(t.code ?? '')) &&
      jurisdiction !== 'CA-BC' &&
      jurisdiction !== 'CA-SK' &&
      jurisdiction !== 'CA-MB'
    ) {
      const mealLines = await this.deps.taxLines.firstLines(
        db,
        scope,
        range,
        { kinds: ['purchase'], codes: taxedHere, accountIds: [...mealIds] },
        { limit: exceptionsPerCodeMax, offset: 0 },
      )
      for (const line of mealLines) {
        exceptions.push({
          code: 'MEALS_HALF_RECOVERABLE',
          eventId: line.eventId,
          journalEntryId: line.entryId,
          amount: money(line.debitMinor - line.creditMinor),
          message:
            'Meals and entertainment (GIFI 8523): half of the tax paid is claimed back, the other half stays in the expense.',
        })
      }
    }

    if (jurisdiction === 'CA' && holds((t) => t.kind === 'input_credit' && taxFiledOn(t.code, 'CA')))
      exceptions.push(...(await this.suppliersWithoutNumber(ex, scope, range, decimals)))
    return exceptions
  }

  /** Purchases of 100.00 or more claiming GST/HST with no business number on their contact or receipt. */
  private async suppliersWithoutNumber(
    ex: Executor,
    scope: OrgScope,
    range: { from: CalendarDate; to: CalendarDate },
    decimals: number,
  ): Promise<TaxReturnException[]> {
    const db = ex
    const found: TaxReturnException[] = []
    const seen = new Set<string>()
    const filter: TaxLineFilter = {
      kinds: ['input_credit'],
      codes: codesTaxedOn('CA').filter((code) => taxFiledOn(code, 'CA')),
      minEntryTotalMinor: 100n * 10n ** BigInt(decimals),
    }
    // A page as large as what is answered: books whose suppliers all lack a number (the common
    // case) are done in one, whatever the quarter holds.
    const pageSize = exceptionsPerCodeMax
    for (let offset = 0; found.length < exceptionsPerCodeMax; offset += pageSize) {
      const lines = await this.deps.taxLines.firstLines(db, scope, range, filter, { limit: pageSize, offset })
      const contactIds = [...new Set(lines.flatMap((line) => line.contactId ?? []))]
      const numbered = new Set(
        (await this.deps.contacts.contactsByIds(db, scope, contactIds))
          .filter((contact) => contact.businessNumber !== null)
          .map((contact) => contact.id),
      )
      const eventIds = [...new Set(lines.flatMap((line) => line.eventId ?? []))]
      const onReceipt = await this.deps.receipts.eventsWithSupplierNumber(db, scope, eventIds)
      for (const line of lines) {
        const known =
          (line.contactId !== null && numbered.has(line.contactId)) ||
          (line.eventId !== null && onReceipt.has(line.eventId))
        if (seen.has(line.entryId) || known) continue
        seen.add(line.entryId)
        if (found.length === exceptionsPerCodeMax) break
        found.push({
          code: 'SUPPLIER_BN_MISSING',
          eventId: line.eventId,
          journalEntryId: line.entryId,
          amount: formatMoney(line.debitMinor - line.creditMinor, decimals),
          message: `A purchase of ${formatMoney(line.entryTotalMinor, decimals)} claims GST/HST, and no business number of its supplier is on record, on its contact or its receipt: an input tax credit on a purchase of 100.00 or more needs one (give the contact its businessNumber).`,
        })
      }
      if (lines.length < pageSize) break
    }
    return found
  }

  private async itemsOf(
    scope: OrgScope,
    lines: TaxLineRecord[],
    jurisdiction: Jurisdiction,
    decimals: number,
  ): Promise<TaxReturnLineItem[]> {
    if (lines.length === 0) return []
    const { db } = this.deps
    const entryIds = [...new Set(lines.map((line) => line.entryId))]
    const eventIds = [...new Set(lines.flatMap((line) => line.eventId ?? []))]
    // A manual entry has no event: its memo says what it is.
    const manualIds = [...new Set(lines.filter((line) => line.eventId === null).map((line) => line.entryId))]
    const [tagged, events, manual] = await Promise.all([
      this.deps.taxLines.linesOfEntries(db, scope, entryIds),
      this.deps.events.findByIds(db, scope, eventIds),
      manualIds.length > 0
        ? this.deps.journal.entriesWithLines(db, scope, manualIds)
        : Promise.resolve(new Map<string, { memo: string | null }>()),
    ])
    const descriptionOf = new Map(events.map((event) => [event.id, event.merchantName]))
    const byEntry = new Map<string, TaxLineRecord[]>()
    for (const line of tagged) byEntry.set(line.entryId, [...(byEntry.get(line.entryId) ?? []), line])
    const money = (minor: bigint) => formatMoney(minor, decimals)
    return lines.map((line) => {
      const description = line.eventId
        ? (descriptionOf.get(line.eventId) ?? '')
        : (manual.get(line.entryId)?.memo ?? '')
      if (line.kind === 'return_line' && line.code !== null && isTaxReturnLineTag(line.code)) {
        return {
          journalEntryId: line.entryId,
          eventId: line.eventId,
          transactionDate: line.txnDate,
          description,
          accountId: line.accountId,
          taxCode: null,
          netAmount: money(0n),
          taxAmount: money(taggedAmountOf(line.code, line)),
        }
      }
      const entryLines = byEntry.get(line.entryId) ?? []
      const isNet = line.kind === 'sale' || line.kind === 'purchase'
      const net = isNet ? line : entryLines.find((other) => other.lineNo === line.baseLineNo)
      const taxes = isNet
        ? entryLines.filter(
            (other) => other.baseLineNo === line.lineNo && taxFiledOn(other.code, jurisdiction),
          )
        : [line]
      return {
        journalEntryId: line.entryId,
        eventId: line.eventId,
        transactionDate: line.txnDate,
        description,
        accountId: (net ?? line).accountId,
        taxCode: line.code,
        netAmount: money(net ? signedOf(net) : 0n),
        taxAmount: money(taxes.reduce((sum, tax) => sum + signedOf(tax), 0n)),
      }
    })
  }
}

interface AskedReturn {
  range: { from: CalendarDate; to: CalendarDate }
  kind: { jurisdiction: Jurisdiction; method: ReturnMethod; quickMethodRate: string | null }
  organization: OrganizationRecord
}

interface Computed {
  lines: ReturnLine[]
  /** Credits less debits of this jurisdiction's tax lines in the period, by the account they went to. */
  taxNetByAccount: Map<string, bigint>
  payableMinor: bigint
  accounts: AccountRecord[]
  /** The period's tagged lines summed: they tell which exceptions can have any line at all. */
  totals: TaxTotal[]
}

const lineAmount = (lines: readonly ReturnLine[], line: string): bigint =>
  lines.find((found) => found.line === line)?.amountMinor ?? 0n

const clearingAccountRefused = (account: AccountRecord, kind: string) =>
  fail(
    'TAX_ACCOUNT_NOT_ALLOWED',
    `The clearing entry needs ${kind} account named ${account.name}; the one of that name is ${account.classification}.`,
    'jurisdiction',
  )

/**
 * Whether tagged lines are this jurisdiction's net tax (line 109): its tax collected and input tax
 * credits, and the adjustments to them a manual entry tags 104 and 107. Instalments, rebates and
 * self-assessed tax (110, 111, 205, 405) are paid or owed apart from it.
 */
function isNetTaxOf(t: TaxTotal, jurisdiction: Jurisdiction): boolean {
  if (t.kind === 'collected' || t.kind === 'input_credit') return taxFiledOn(t.code, jurisdiction)
  return t.kind === 'return_line' && jurisdiction === 'CA' && (t.code === '104' || t.code === '107')
}

/** The GST/HST lines manual entries tag (DESIGN 8.4), each summed as its line counts it. */
function taggedLinesOf(totals: readonly TaxTotal[]): TaggedLines {
  const tagged: TaggedLines = {}
  for (const t of totals) {
    if (t.kind !== 'return_line' || t.code === null || !isTaxReturnLineTag(t.code)) continue
    tagged[t.code] = (tagged[t.code] ?? 0n) + taggedAmountOf(t.code, t)
  }
  return tagged
}

/** A line's amount as its return counts it: sales and tax collected as credits, purchases and ITCs as debits. */
const signedOf = (line: Pick<TaxLineRecord, 'kind' | 'debitMinor' | 'creditMinor'>): bigint =>
  line.kind === 'sale' || line.kind === 'collected'
    ? line.creditMinor - line.debitMinor
    : line.debitMinor - line.creditMinor

/** Every shipped code that puts a tax on this jurisdiction's return, single or combined. */
function codesTaxedOn(jurisdiction: Jurisdiction): string[] {
  return loadSalesTaxCodes()
    .map((code) => code.id)
    .filter((id) => supplyOf(id, jurisdiction) === 'taxable' && id !== 'ZERO_RATED')
}

function filterOf(
  source: LineSource,
  jurisdiction: Jurisdiction,
  capitalAccountIds: string[],
): TaxLineFilter {
  const all = loadSalesTaxCodes().map((code) => code.id)
  const singleTaxes = all.filter((id) => taxFiledOn(id, jurisdiction))
  if (typeof source === 'object') return { kinds: ['return_line'], codes: [source.tagged] }
  switch (source) {
    case 'sales':
      return { kinds: ['sale'], codes: all.filter((id) => supplyOf(id, jurisdiction) === 'taxable') }
    case 'exempt':
      return {
        kinds: ['sale'],
        codes: all.filter((id) => supplyOf(id, jurisdiction) === 'exempt'),
        withoutCode: true,
      }
    case 'collected':
      return { kinds: ['collected'], codes: singleTaxes }
    case 'input_credits':
      return { kinds: ['input_credit'], codes: singleTaxes }
    case 'capital_input_credits':
      return { kinds: ['input_credit'], codes: singleTaxes, baseAccountIds: capitalAccountIds }
  }
}

function provincialSourcesOf(line: string): LineSource[] | undefined {
  const bySource: Record<string, LineSource[]> = {
    '101': ['sales'],
    '103': ['collected'],
    '106': ['input_credits'],
    '109': ['collected', 'input_credits'],
  }
  return bySource[line]
}

/** The first day of the fiscal year `date` falls in; a 02-28 year end is the last day of February. */
export function fiscalYearStartOf(date: CalendarDate, fiscalYearEnd: string): CalendarDate {
  const endIn = (year: number) =>
    fiscalYearEnd === '02-28' && isLeapYear(year)
      ? `${year}-02-29`
      : `${String(year).padStart(4, '0')}-${fiscalYearEnd}`
  const year = Number(date.slice(0, 4))
  const previousEnd = endIn(year) < date ? endIn(year) : endIn(year - 1)
  return addDays(previousEnd, 1)
}
