import type { Executor } from '../../db/schema.js'
import type { Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { OrganizationRecord } from './organization.js'

// What organizations offer other modules: whether one exists, its closed period and its
// functional currency, read inside the caller's transaction where the caller writes by them.

export { type OrganizationRecord, periodLocked, yearClosed } from './organization.js'
export type { OrganizationProfile, SalesTaxMethod } from './organization-profile.js'

export interface OrganizationsPort {
  exists(organizationId: string): Promise<boolean>
  /** The organizations among `ids` with their profiles, as this process knows them. */
  findByIds(ids: string[]): Promise<OrganizationRecord[]>
  /**
   * The last day the scope's actor may not write (the year-end lock alone for an accountant),
   * held (PostgreSQL) so that a change of it waits until this transaction ends.
   */
  lockDate(tx: Executor, scope: OrgScope): Promise<string | null>
  /** The organization's two locks as set, whoever asks. */
  locks(tx: Executor, scope: OrgScope): Promise<{ lockDate: string | null; yearEndLockDate: string | null }>
  /** Refuses when any of the dates lies on or before the lock date. */
  checkOpen(
    tx: Executor,
    scope: OrgScope,
    dates: Iterable<string | null | undefined>,
    field: string,
  ): Promise<Result<void>>
  /** checkOpen for many writes in one transaction: the locks read once, each write's dates checked alone. */
  openPeriodCheck(
    tx: Executor,
    scope: OrgScope,
    field: string,
  ): Promise<(dates: Iterable<string | null | undefined>) => Result<void>>
  /**
   * Closes the books through `through` when they were open later (a filed tax return closes its
   * period), recording the change as setLockDate does; an equal or later lock date stays.
   */
  advanceLockDate(tx: Executor, scope: OrgScope, through: string): Promise<void>
  /** The day through which a year-end close froze the books, whatever the lock date; null if none. */
  yearEndLockDate(tx: Executor, scope: OrgScope): Promise<string | null>
  /** Moves the year-end close (DESIGN 8.5); the caller records why. */
  setYearEndLockDate(tx: Executor, scope: OrgScope, date: string | null): Promise<void>
  /** The functional currency a posting is made in, held (PostgreSQL) until the transaction ends. */
  functionalCurrency(tx: Executor, scope: OrgScope): Promise<string>
  /** The fiscal year end (`MM-DD`) as this process knows it. */
  fiscalYearEndOf(organizationId: string): Promise<string>
  /** The functional currency as this process knows it, for answers (not postings). */
  functionalCurrencyOf(organizationId: string): Promise<string>
  /** Declares a part of a new organization's set-up (accounts seed the chart). */
  onOrganizationCreated(setUp: OrganizationCreated): void
}

/** Emitted inside the transaction that creates an organization, so its set-up is atomic with it. */
export type OrganizationCreated = (tx: Executor, scope: OrgScope) => Promise<void>
