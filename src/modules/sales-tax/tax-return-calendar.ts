import type { Executor } from '../../db/schema.js'
import { addDays, calendarDateOf } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { type SalesTaxFrequency, taxPeriodOf, taxReturnDueDate } from '../../kernel/tax-periods.js'
import type { OrgScope } from '../access/principal.js'
import type { JournalPort } from '../journal/journal-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import type { SalesTaxPort } from './sales-tax-port.js'
import type { SalesTaxReturnStore } from './sales-tax-return-store.js'

/** The GST/HST return, CA in the return's jurisdictions. */
const federalJurisdiction = 'CA'

export class TaxReturnCalendar implements SalesTaxPort {
  constructor(
    private readonly deps: {
      clock: Clock
      store: SalesTaxReturnStore
      journal: JournalPort
      organizations: OrganizationsPort
    },
  ) {}

  async nextReturnDue(ex: Executor, scope: OrgScope): Promise<string | null> {
    const [organization] = await this.deps.organizations.findByIds([scope.organizationId])
    const frequency = organization?.salesTaxFrequency as SalesTaxFrequency | null | undefined
    if (!organization || !frequency) return null
    const lastEnd = await this.deps.store.lastFiledEnd(ex, scope, federalJurisdiction)
    const from =
      lastEnd === null
        ? ((await this.deps.journal.firstEntryDate(ex, scope)) ?? calendarDateOf(this.deps.clock.now()))
        : addDays(lastEnd, 1)
    const period = taxPeriodOf(from, frequency, organization.fiscalYearEnd)
    return taxReturnDueDate(period, frequency, organization.fiscalYearEnd)
  }
}
