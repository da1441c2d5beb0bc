import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import { calendarDateOf } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import {
  type FiscalYear,
  fiscalYearEndingIn,
  fiscalYearOf,
  fiscalYearsBetween,
  isFiscalYearEnd,
} from '../../kernel/fiscal-year.js'
import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import { actsAsOwner, type OrgScope, type Principal } from '../access/principal.js'
import { type AccountsPort, naturalBalance } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { JournalPort } from '../journal/journal-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'

// Fiscal years and the year-end close (DESIGN 8.5). No closing entries are posted: a year's net
// income is read from its days' totals, and closing a year moves the year-end lock, which no one
// writes past (YEAR_CLOSED), and the lock date with it.

export interface FiscalYearView extends FiscalYear {
  closed: boolean
  netIncomeMinor: bigint
}

export class FiscalYearService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      access: AccessPort
      accounts: AccountsPort
      journal: JournalPort
      organizations: OrganizationsPort
      audit: AuditRecorder
    },
  ) {}

  /** From the year of the first posted entry to the one holding today, oldest first. */
  async fiscalYears(principal: Principal, organizationId: string): Promise<FiscalYearView[]> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'fiscalYears')
    const fiscalYearEnd = await this.deps.organizations.fiscalYearEndOf(scope.organizationId)
    const today = calendarDateOf(this.deps.clock.now())
    const [first, yearEnd] = await Promise.all([
      this.deps.journal.firstEntryDate(this.deps.db, scope),
      this.deps.organizations.yearEndLockDate(this.deps.db, scope),
    ])
    const from = first !== null && first < today ? first : today
    const years = fiscalYearsBetween(from, today, fiscalYearEnd)
    return Promise.all(years.map((year) => this.viewOf(this.deps.db, scope, year, yearEnd)))
  }

  /** Closes every fiscal year through the one ending `endDate`. */
  async closeFiscalYear(
    principal: Principal,
    organizationId: string,
    endDate: string,
  ): Promise<Result<FiscalYearView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'closeFiscalYear')
    const fiscalYearEnd = await this.deps.organizations.fiscalYearEndOf(scope.organizationId)
    if (!isFiscalYearEnd(endDate, fiscalYearEnd)) {
      return fail(
        'NOT_A_FISCAL_YEAR_END',
        `The fiscal year ends on ${fiscalYearEnd} (MM-DD); the year holding ${endDate} ends on ${fiscalYearOf(endDate, fiscalYearEnd).endDate}.`,
        'endDate',
      )
    }
    if (endDate >= calendarDateOf(this.deps.clock.now())) {
      return fail('FISCAL_YEAR_NOT_ENDED', `The fiscal year ending ${endDate} has not ended yet.`, 'endDate')
    }
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const before = await this.deps.organizations.yearEndLockDate(tx, scope)
      if (before !== null && endDate <= before) {
        return fail('YEAR_CLOSED', `The fiscal years through ${before} are already closed.`, 'endDate')
      }
      await this.deps.organizations.setYearEndLockDate(tx, scope, endDate)
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'fiscal_year.closed',
          entityType: 'organization',
          entityId: scope.organizationId,
          before: { yearEndLockDate: before },
          after: { yearEndLockDate: endDate },
        },
      ])
      // The period lock follows, so that the lock date never reads earlier than the close.
      await this.deps.organizations.advanceLockDate(tx, scope, endDate)
      return ok(await this.viewOf(tx, scope, fiscalYearOf(endDate, fiscalYearEnd), endDate))
    })
  }

  /**
   * Reopens the last closed year (the owner, with a reason): the year-end lock goes back to the
   * end of the year before, or to none when nothing is posted that early. The lock date stays
   * where it is; an owner moves it with setLockDate.
   */
  async reopenFiscalYear(
    principal: Principal,
    organizationId: string,
    args: { endDate: string; reason: string },
  ): Promise<Result<FiscalYearView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'reopenFiscalYear')
    if (!actsAsOwner(scope))
      return fail('OWNER_REQUIRED', 'Only an owner can reopen a fiscal year.', 'endDate')
    const reason = args.reason.trim()
    if (reason === '' || reason.length > limits.undoReasonLengthMax || reason.includes('\u0000')) {
      return fail('INVALID_REASON', `reason must be 1 to ${limits.undoReasonLengthMax} characters.`, 'reason')
    }
    const fiscalYearEnd = await this.deps.organizations.fiscalYearEndOf(scope.organizationId)
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const before = await this.deps.organizations.yearEndLockDate(tx, scope)
      if (before === null || args.endDate !== before) {
        return fail(
          'FISCAL_YEAR_NOT_LAST_CLOSED',
          before === null
            ? 'No fiscal year is closed.'
            : `Only the last closed fiscal year, ending ${before}, can be reopened.`,
          'endDate',
        )
      }
      const previousEnd = fiscalYearEndingIn(Number(before.slice(0, 4)) - 1, fiscalYearEnd).endDate
      const first = await this.deps.journal.firstEntryDate(tx, scope)
      const after = first !== null && first <= previousEnd ? previousEnd : null
      await this.deps.organizations.setYearEndLockDate(tx, scope, after)
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'fiscal_year.reopened',
          entityType: 'organization',
          entityId: scope.organizationId,
          before: { yearEndLockDate: before },
          after: { yearEndLockDate: after, reason },
        },
      ])
      return ok(await this.viewOf(tx, scope, fiscalYearOf(before, fiscalYearEnd), after))
    })
  }

  private async viewOf(
    ex: Executor,
    scope: OrgScope,
    year: FiscalYear,
    yearEndLockDate: string | null,
  ): Promise<FiscalYearView> {
    const [accounts, totals] = await Promise.all([
      this.deps.accounts.allAccounts(ex, scope),
      this.deps.journal.totalsByAccount(ex, scope, { from: year.startDate, to: year.endDate }),
    ])
    let netIncomeMinor = 0n
    for (const account of accounts) {
      const sums = totals.get(account.id)
      if (!sums) continue
      const natural = naturalBalance(account.classification, sums.debitMinor, sums.creditMinor)
      if (account.classification === 'revenue') netIncomeMinor += natural
      if (account.classification === 'expense') netIncomeMinor -= natural
    }
    return {
      ...year,
      closed: yearEndLockDate !== null && year.endDate <= yearEndLockDate,
      netIncomeMinor,
    }
  }
}
