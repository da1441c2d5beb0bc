import type { ScreenProps } from '../navigation/lazy-screen'
import { ApiKeysSection } from './api-keys-section'
import { CategoryRulesSection } from './category-rules-section'
import { IntakeAddressesSection } from './intake-addresses-section'
import { LockDateSection } from './lock-date-section'
import { MembersSection } from './members-section'
import { OpeningBalancesSection } from './opening-balances-section'
import { WebhooksSection } from './webhooks-section'
import { YearEndSection } from './year-end-section'

const sections = [
  { id: 'api-keys', label: 'API keys' },
  { id: 'members', label: 'Members' },
  { id: 'lock-date', label: 'Lock date' },
  { id: 'year-end', label: 'Year-end' },
  { id: 'opening-balances', label: 'Opening balances' },
  { id: 'intake-addresses', label: 'Intake addresses' },
  { id: 'category-rules', label: 'Category rules' },
  { id: 'webhooks', label: 'Webhooks' },
]

/**
 * The organization's settings. Most are for owners and admins: a member sees the API's own
 * refusal ("Must Be Owner Or Admin.") in each section instead of a page that hides them.
 */
export function SettingsScreen({ organization, session }: ScreenProps) {
  const organizationId = organization.id
  return (
    <div class="page-screen settings-screen">
      <h1>Settings</h1>
      <nav aria-label="Settings sections" class="section-links">
        {sections.map((section) => (
          <a key={section.id} href={`#${section.id}`}>
            {section.label}
          </a>
        ))}
      </nav>
      <ApiKeysSection organizationId={organizationId} />
      <MembersSection organizationId={organizationId} />
      <LockDateSection organization={organization} session={session} />
      <YearEndSection organizationId={organizationId} />
      <OpeningBalancesSection organizationId={organizationId} />
      <IntakeAddressesSection organizationId={organizationId} />
      <CategoryRulesSection organizationId={organizationId} />
      <WebhooksSection organizationId={organizationId} />
    </div>
  )
}
