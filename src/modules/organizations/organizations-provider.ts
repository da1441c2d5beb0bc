import type { ChangeNotices } from '../../db/change-notices.js'
import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { defaultCurrency } from '../../kernel/currency.js'
import { Listeners } from '../../kernel/listeners.js'
import { ok, type Result } from '../../kernel/result.js'
import { actsAsAccountant, type OrgScope } from '../access/principal.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import { type OrganizationRecord, periodLocked, yearClosed } from './organization.js'
import { defaultProfile } from './organization-profile.js'
import type { OrganizationStore } from './organization-store.js'
import type { OrganizationCreated, OrganizationsPort } from './organizations-port.js'

/**
 * The organizations port, and the process's memory of organizations. Organizations are never
 * renamed or deleted, so a record once read is good for the life of the process; every request's
 * access check and myOrganizations read it. The one thing that can change, the functional
 * currency while nothing is posted, drops the record everywhere through a change notice
 * (postings read the currency from the database, never from here).
 */
export class OrganizationsProvider implements OrganizationsPort {
  private readonly known = new Map<string, OrganizationRecord>()
  private readonly setUps = new Listeners<Parameters<OrganizationCreated>>()

  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: OrganizationStore
      notices: ChangeNotices
      audit: AuditRecorder
    },
  ) {
    deps.notices.subscribe((notice) => {
      if (notice === 'missed') this.known.clear()
      else if (notice.kind === 'organization_changed') this.known.delete(notice.organizationId)
    })
  }

  onOrganizationCreated(setUp: OrganizationCreated): void {
    this.setUps.add(setUp)
  }

  /** Runs every declared set-up inside the transaction that creates the organization. */
  organizationCreated(tx: Executor, scope: OrgScope): Promise<void> {
    return this.setUps.emit(tx, scope)
  }

  // A known organization answers at once: every request's access check and every list's answer
  // ask, and the async steps of a read cost more than the look-up.
  exists(organizationId: string): Promise<boolean> {
    if (this.known.has(organizationId)) return Promise.resolve(true)
    return this.findByIds([organizationId]).then((found) => found.length === 1)
  }

  async findByIds(ids: string[]): Promise<OrganizationRecord[]> {
    // Every API-key request asks for its one organization: straight from the cache, no copies.
    if (ids.length === 1) {
      const known = this.known.get(ids[0] as string)
      if (known) return [known]
    }
    const missing = ids.filter((id) => !this.known.has(id))
    if (missing.length > 0) {
      for (const record of await this.deps.store.findByIds(this.deps.db, missing))
        this.known.set(record.id, record)
    }
    return ids.flatMap((id) => this.known.get(id) ?? [])
  }

  /** After a change this process made: the next read goes to the database. */
  forget(organizationId: string): void {
    this.known.delete(organizationId)
  }

  /** The fiscal year end (`MM-DD`) as this process knows it; a profile change drops the copy. */
  readonly fiscalYearEndOf = (organizationId: string): Promise<string> =>
    this.findByIds([organizationId]).then(
      ([organization]) => organization?.fiscalYearEnd ?? defaultProfile.fiscalYearEnd,
    )

  // Arrow properties, so modules that need only this one answer can be handed the function.
  readonly functionalCurrencyOf = (organizationId: string): Promise<string> => {
    const known = this.known.get(organizationId)
    if (known) return Promise.resolve(known.functionalCurrency)
    return this.findByIds([organizationId]).then(
      ([organization]) => organization?.functionalCurrency ?? defaultCurrency,
    )
  }

  readonly functionalCurrency = (tx: Executor, scope: OrgScope): Promise<string> =>
    this.deps.store.functionalCurrency(tx, scope.organizationId, this.deps.engine === 'postgres')

  /**
   * The last day the scope's actor may not write: the later of the lock date and the year-end
   * lock, or for an accountant the year-end lock alone (DESIGN 8.7).
   */
  async lockDate(tx: Executor, scope: OrgScope): Promise<string | null> {
    const { lockDate, yearEndLockDate } = await this.locks(tx, scope)
    if (actsAsAccountant(scope)) return yearEndLockDate
    if (lockDate === null || (yearEndLockDate !== null && yearEndLockDate > lockDate)) return yearEndLockDate
    return lockDate
  }

  async locks(tx: Executor, scope: OrgScope) {
    const lockDate = await this.deps.store.lockDate(tx, scope.organizationId, this.deps.engine === 'postgres')
    const yearEndLockDate = await this.deps.store.yearEndLockDate(tx, scope.organizationId)
    return { lockDate, yearEndLockDate }
  }

  async advanceLockDate(tx: Executor, scope: OrgScope, through: string): Promise<void> {
    const before = await this.deps.store.lockDate(tx, scope.organizationId, false)
    if (before !== null && before >= through) return
    await this.deps.store.setLockDate(tx, scope.organizationId, through)
    await this.deps.audit.record(tx, scope, [
      {
        operation: 'organization.lock_date_changed',
        entityType: 'organization',
        entityId: scope.organizationId,
        before: { lockDate: before },
        after: { lockDate: through },
      },
    ])
  }

  yearEndLockDate(tx: Executor, scope: OrgScope): Promise<string | null> {
    return this.deps.store.yearEndLockDate(tx, scope.organizationId)
  }

  async setYearEndLockDate(tx: Executor, scope: OrgScope, date: string | null): Promise<void> {
    await this.deps.store.setYearEndLockDate(tx, scope.organizationId, date)
    // Every process's copy of the organization holds the date; each drops it once this commits.
    await this.deps.notices.publish(tx, {
      kind: 'organization_changed',
      organizationId: scope.organizationId,
    })
    this.forget(scope.organizationId)
  }

  async checkOpen(
    tx: Executor,
    scope: OrgScope,
    dates: Iterable<string | null | undefined>,
    field: string,
  ): Promise<Result<void>> {
    return (await this.openPeriodCheck(tx, scope, field))(dates)
  }

  async openPeriodCheck(
    tx: Executor,
    scope: OrgScope,
    field: string,
  ): Promise<(dates: Iterable<string | null | undefined>) => Result<void>> {
    const { lockDate, yearEndLockDate } = await this.locks(tx, scope)
    const periodLock = actsAsAccountant(scope) ? null : lockDate
    return (dates) => {
      if (periodLock === null && yearEndLockDate === null) return ok(undefined)
      const given = [...dates].filter((date): date is string => Boolean(date))
      // A closed year is named first whichever date falls in it: reopening it is the only way on.
      if (yearEndLockDate !== null && given.some((date) => date <= yearEndLockDate))
        return yearClosed(yearEndLockDate, field)
      if (periodLock !== null && given.some((date) => date <= periodLock))
        return periodLocked(periodLock, field)
      return ok(undefined)
    }
  }
}
