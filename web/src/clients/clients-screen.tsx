import { useQuery } from '@urql/preact'
import { PracticeOverviewDocument } from '../api/generated/clients'
import { PageSection } from '../components/page-section'
import { type Role, roleOf } from '../session/rights'
import type { Organization, SessionStore } from '../session/session-store'

export interface ClientsScreenProps {
  session: SessionStore
  onOpen: (organization: Organization, role: Role) => void
}

/**
 * Every organization of the person, the ones with most waiting first as Daybook sorts them, so an
 * accountant with many clients sees where the work is and opens that client's queue in one click.
 */
export function ClientsScreen({ session, onOpen }: ClientsScreenProps) {
  const [overview] = useQuery({ query: PracticeOverviewDocument, variables: {} })
  const rows = overview.data?.practiceOverview ?? []
  const chosenId = session.organization?.id
  return (
    <div class="page-screen clients-screen">
      <h1>Clients</h1>
      <PageSection
        id="clients"
        title="What needs work"
        description="Each of your organizations, the ones with most events waiting for review first. Open one to work its review queue."
        loadError={overview.error}
      >
        {overview.fetching && !overview.data && <p class="screen-loading">Loading…</p>}
        {overview.data && rows.length === 0 && (
          <p>You are not a member of any organization yet. Ask an owner of one to add you.</p>
        )}
        {rows.length > 0 && (
          <div class="table-frame">
            <table class="settings-table clients-table">
              <thead>
                <tr>
                  <th scope="col">Organization</th>
                  <th scope="col">Your role</th>
                  <th scope="col" class="number">
                    Unreviewed
                  </th>
                  <th scope="col">Oldest waiting</th>
                  <th scope="col" class="number">
                    Unreconciled accounts
                  </th>
                  <th scope="col">Lock date</th>
                  <th scope="col">Year-end lock</th>
                  <th scope="col">Next tax return due</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.organization.id}
                    aria-current={row.organization.id === chosenId ? 'true' : undefined}
                  >
                    <td class="client-name">
                      <button
                        type="button"
                        class="link-button"
                        onClick={() => onOpen(row.organization, roleOf(row.role))}
                      >
                        {row.organization.name}
                      </button>
                    </td>
                    <td>{row.role}</td>
                    <td class="number">{row.unreviewedCount}</td>
                    <td>{row.oldestUnreviewedDate ?? '—'}</td>
                    <td class="number">{row.unreconciledAccounts}</td>
                    <td>{row.lockDate ?? '—'}</td>
                    <td>{row.yearEndLockDate ?? '—'}</td>
                    <td>{row.nextTaxReturnDue ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PageSection>
    </div>
  )
}
