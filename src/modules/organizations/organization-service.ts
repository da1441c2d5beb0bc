import type { ChangeNotices } from '../../db/change-notices.js'
import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction, inTransactionResult } from '../../db/transaction.js'
import { parseCalendarDate } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { defaultCurrency, parseCurrency } from '../../kernel/currency.js'
import { newId } from '../../kernel/ids.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import { nameKey, parseName } from '../../kernel/text.js'
import type { AccessPort } from '../access/access-port.js'
import type { Principal } from '../access/principal.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { OrganizationRecord } from './organization.js'
import { changedProfile, defaultProfile, type ProfileChanges } from './organization-profile.js'
import type { OrganizationStore } from './organization-store.js'
import type { OrganizationsProvider } from './organizations-provider.js'

export class OrganizationService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: OrganizationStore
      organizations: OrganizationsProvider
      clock: Clock
      access: AccessPort
      audit: AuditRecorder
      notices: ChangeNotices
    },
  ) {}

  /** Lets other modules (the chart of accounts) seed a new organization atomically. */
  async myOrganizations(principal: Principal): Promise<OrganizationRecord[]> {
    const ids = await this.deps.access.organizationIdsOf(principal)
    const found = await this.deps.organizations.findByIds(ids)
    if (found.length < 2) return found
    return found.sort((x, y) => compareText(nameKey(x.name), nameKey(y.name)) || compareText(x.id, y.id))
  }

  async createOrganization(
    principal: Principal,
    name: string,
    functionalCurrency?: string | null,
  ): Promise<Result<OrganizationRecord>> {
    const userId = this.deps.access.requireUser(principal)
    return this.create(name, functionalCurrency, userId)
  }

  /** The operator CLI creates organizations with no owner yet; `member add` gives them one. */
  createAsOperator(name: string, functionalCurrency?: string): Promise<Result<OrganizationRecord>> {
    return this.create(name, functionalCurrency, undefined)
  }

  /** DESIGN 7.7: owners and admins change the functional currency while nothing is posted. */
  async setFunctionalCurrency(
    principal: Principal,
    organizationId: string,
    currency: string,
  ): Promise<Result<OrganizationRecord>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'setFunctionalCurrency')
    const parsed = parseCurrency(currency, 'functionalCurrency')
    if (!parsed.ok) return parsed
    const changed = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const before = await this.deps.store.functionalCurrency(tx, scope.organizationId, false)
      if (before === parsed.value) return ok(undefined)
      if (
        !(await this.deps.store.setFunctionalCurrencyWhileUnposted(tx, scope.organizationId, parsed.value))
      ) {
        return fail(
          'FUNCTIONAL_CURRENCY_IN_USE',
          'The functional currency can change only while nothing is posted; this organization has posted events.',
          'functionalCurrency',
        )
      }
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'organization.functional_currency_changed',
          entityType: 'organization',
          entityId: scope.organizationId,
          before: { functionalCurrency: before },
          after: { functionalCurrency: parsed.value },
        },
      ])
      await this.deps.notices.publish(tx, {
        kind: 'organization_changed',
        organizationId: scope.organizationId,
      })
      return ok(undefined)
    })
    if (!changed.ok) return changed
    return ok(await this.fresh(scope.organizationId))
  }

  /** DESIGN 8.1: owners and admins change what is given of the profile and keep the rest. */
  async updateProfile(
    principal: Principal,
    organizationId: string,
    changes: ProfileChanges,
  ): Promise<Result<OrganizationRecord>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'updateOrganizationProfile')
    const changed = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const before = await this.deps.store.profile(tx, scope.organizationId, this.deps.engine === 'postgres')
      const after = changedProfile(before, changes)
      if (!after.ok) return after
      if (JSON.stringify(after.value) === JSON.stringify(before)) return ok(undefined)
      await this.deps.store.setProfile(tx, scope.organizationId, after.value)
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'organization.profile_changed',
          entityType: 'organization',
          entityId: scope.organizationId,
          before,
          after: after.value,
        },
      ])
      await this.deps.notices.publish(tx, {
        kind: 'organization_changed',
        organizationId: scope.organizationId,
      })
      return ok(undefined)
    })
    if (!changed.ok) return changed
    return ok(await this.fresh(scope.organizationId))
  }

  /** DESIGN 7.3: owners and admins close the books through a day, move that day, or reopen them (null). */
  async setLockDate(
    principal: Principal,
    organizationId: string,
    lockDate: string | null,
  ): Promise<Result<OrganizationRecord>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'setLockDate')
    if (lockDate !== null) {
      const parsed = parseCalendarDate(lockDate, 'lockDate')
      if (!parsed.ok) return parsed
    }
    await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      // The update waits for writes that read the old date under a share lock (OrganizationsProvider).
      const before = await this.deps.store.lockDate(tx, scope.organizationId, false)
      await this.deps.store.setLockDate(tx, scope.organizationId, lockDate)
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'organization.lock_date_changed',
          entityType: 'organization',
          entityId: scope.organizationId,
          before: { lockDate: before },
          after: { lockDate },
        },
      ])
    })
    const [organization] = await this.deps.organizations.findByIds([scope.organizationId])
    return ok(organization as OrganizationRecord)
  }

  /** Read fresh each time: another server process may have moved it. */
  lockDateOf(organizationId: string): Promise<string | null> {
    return this.deps.store.lockDate(this.deps.db, organizationId, false)
  }

  async findByName(name: string): Promise<OrganizationRecord | undefined> {
    return this.deps.store.findByNameKey(this.deps.db, nameKey(name))
  }

  /** The record as the database holds it after a change this process made. */
  private async fresh(organizationId: string): Promise<OrganizationRecord> {
    this.deps.organizations.forget(organizationId)
    const [organization] = await this.deps.organizations.findByIds([organizationId])
    return organization as OrganizationRecord
  }

  private async create(
    name: string,
    functionalCurrency: string | null | undefined,
    ownerId: string | undefined,
  ): Promise<Result<OrganizationRecord>> {
    const parsed = parseName(name)
    if (!parsed.ok) return parsed
    const currency = parseCurrency(functionalCurrency ?? defaultCurrency, 'functionalCurrency')
    if (!currency.ok) return currency
    const organization = { id: newId(), name: parsed.value, functionalCurrency: currency.value }
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const inserted = await this.deps.store.insert(tx, {
        ...organization,
        nameKey: nameKey(parsed.value),
        createdAt: this.deps.clock.now().toISOString(),
      })
      if (!inserted)
        return fail('ORGANIZATION_NAME_TAKEN', 'Organization with this name already exists.', 'name')
      const scope = this.deps.access.internalScope(organization.id)
      await this.deps.audit.record(tx, scope, [
        {
          operation: 'organization.created',
          entityType: 'organization',
          entityId: organization.id,
          before: null,
          after: organization,
        },
      ])
      if (ownerId !== undefined) await this.deps.access.addOwner(tx, organization.id, ownerId)
      await this.deps.organizations.organizationCreated(tx, scope)
      return ok({ ...organization, ...defaultProfile, yearEndLockDate: null })
    })
  }
}

const compareText = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0)
