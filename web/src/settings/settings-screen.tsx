import type { ScreenProps } from '../navigation/lazy-screen'
import { type Rights, useRights } from '../session/rights'
import { ApiKeysSection } from './api-keys-section'
import { CategoryRulesSection } from './category-rules-section'
import { IntakeAddressesSection } from './intake-addresses-section'
import { LockDateSection } from './lock-date-section'
import { MembersSection } from './members-section'
import { OpeningBalancesSection } from './opening-balances-section'
import { WebhooksSection } from './webhooks-section'
import { YearEndSection } from './year-end-section'

// Each section with who sees it: members, keys and webhooks are for the roles that may read them
// (owners and admins), and opening balances, only a form, for the roles that may set them.
const sections: ReadonlyArray<{ id: string; label: string; shownTo: (rights: Rights) => boolean }> = [
  { id: 'api-keys', label: 'API keys', shownTo: (rights) => rights.manages },
  { id: 'members', label: 'Members', shownTo: (rights) => rights.manages },
  { id: 'lock-date', label: 'Lock date', shownTo: () => true },
  { id: 'year-end', label: 'Year-end', shownTo: () => true },
  { id: 'opening-balances', label: 'Opening balances', shownTo: (rights) => rights.keepsBooks },
  { id: 'intake-addresses', label: 'Intake addresses', shownTo: () => true },
  { id: 'category-rules', label: 'Category rules', shownTo: () => true },
  { id: 'webhooks', label: 'Webhooks', shownTo: (rights) => rights.manages },
]

/** The organization's settings, each section shown to the roles that may read it. */
export function SettingsScreen({ organization, session }: ScreenProps) {
  const organizationId = organization.id
  const rights = useRights()
  const shown = new Set(sections.filter((section) => section.shownTo(rights)).map((section) => section.id))
  return (
    <div class="page-screen settings-screen">
      <h1>Settings</h1>
      <nav aria-label="Settings sections" class="section-links">
        {sections
          .filter((section) => shown.has(section.id))
          .map((section) => (
            <a key={section.id} href={`#${section.id}`}>
              {section.label}
            </a>
          ))}
      </nav>
      {shown.has('api-keys') && <ApiKeysSection organizationId={organizationId} />}
      {shown.has('members') && <MembersSection organizationId={organizationId} />}
      {shown.has('lock-date') && <LockDateSection organization={organization} session={session} />}
      {shown.has('year-end') && <YearEndSection organizationId={organizationId} />}
      {shown.has('opening-balances') && <OpeningBalancesSection organizationId={organizationId} />}
      {shown.has('intake-addresses') && <IntakeAddressesSection organizationId={organizationId} />}
      {shown.has('category-rules') && <CategoryRulesSection organizationId={organizationId} />}
      {shown.has('webhooks') && <WebhooksSection organizationId={organizationId} />}
    </div>
  )
}
