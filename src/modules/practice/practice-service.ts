import type { Executor } from '../../db/schema.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { AccessPort } from '../access/access-port.js'
import type { Principal } from '../access/principal.js'
import type { InvoicesPort } from '../invoices/invoices-port.js'
import type { LedgerEventsPort, WorkLeft } from '../ledger-events/ledger-events-port.js'
import type { OrganizationRecord, OrganizationsPort } from '../organizations/organizations-port.js'
import type { SalesTaxPort } from '../sales-tax/sales-tax-port.js'

export interface PracticeOrganization extends WorkLeft {
  organization: OrganizationRecord
  role: string
  lockDate: string | null
  yearEndLockDate: string | null
  nextTaxReturnDue: string | null
  overdueReceivables: string
}

/**
 * A practice's clients side by side (DESIGN 8.7): each of the person's organizations read with
 * their own scope there, so the counts are the ones each organization's own queries give.
 */
export class PracticeService {
  constructor(
    private readonly deps: {
      db: Executor
      access: AccessPort
      organizations: OrganizationsPort
      events: LedgerEventsPort
      salesTax: SalesTaxPort
      invoices: InvoicesPort
    },
  ) {}

  async practiceOverview(principal: Principal): Promise<PracticeOrganization[]> {
    const scopes = await this.deps.access.memberScopes(principal)
    const organizations = new Map(
      (await this.deps.organizations.findByIds(scopes.map((scope) => scope.organizationId))).map((o) => [
        o.id,
        o,
      ]),
    )
    const rows = await Promise.all(
      scopes.map(async (scope): Promise<PracticeOrganization | undefined> => {
        const organization = organizations.get(scope.organizationId)
        if (!organization || scope.actor.kind !== 'user') return undefined
        const [work, locks, nextTaxReturnDue, overdueMinor] = await Promise.all([
          this.deps.events.workLeft(this.deps.db, scope),
          this.deps.organizations.locks(this.deps.db, scope),
          this.deps.salesTax.nextReturnDue(this.deps.db, scope),
          this.deps.invoices.overdueReceivablesMinor(this.deps.db, scope),
        ])
        return {
          organization,
          role: scope.actor.role,
          ...work,
          ...locks,
          nextTaxReturnDue,
          overdueReceivables: formatMoney(overdueMinor, currencyDecimals(organization.functionalCurrency)),
        }
      }),
    )
    return rows.filter((row) => row !== undefined).sort(byWorkWaiting)
  }
}

function byWorkWaiting(a: PracticeOrganization, b: PracticeOrganization): number {
  if (a.unreviewedCount !== b.unreviewedCount) return b.unreviewedCount - a.unreviewedCount
  const oldestA = a.oldestUnreviewedDate ?? '9999-12-31'
  const oldestB = b.oldestUnreviewedDate ?? '9999-12-31'
  if (oldestA !== oldestB) return oldestA < oldestB ? -1 : 1
  return (
    a.organization.name.localeCompare(b.organization.name) ||
    a.organization.id.localeCompare(b.organization.id)
  )
}
