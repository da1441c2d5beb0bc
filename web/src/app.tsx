import { Provider, useQuery } from '@urql/preact'
import type { ComponentChildren } from 'preact'
import { useEffect, useMemo } from 'preact/hooks'
import { createApiClient } from './api/client'
import { errorInWords } from './api/errors'
import { MyAccessDocument } from './api/generated/session'
import { ErrorText } from './components/error-text'
import { useObservable } from './components/observable'
import { LazyScreen } from './navigation/lazy-screen'
import { hrefOf, type Navigation, type ScreenName, screens } from './navigation/navigation'
import { NavigationContext } from './navigation/screen-link'
import { ReviewQueueScreen } from './queue/review-queue-screen'
import { OrganizationPicker } from './session/organization-picker'
import { RightsContext, rightsOf, roleOf } from './session/rights'
import type { Organization, SessionStore } from './session/session-store'
import { SignInAgain } from './session/sign-in-again'
import { SignInForm } from './session/sign-in-form'

// Every screen but the review queue is fetched when first opened (docs/decisions/0042).
const loadSettings = () => import('./settings/settings-screen').then((module) => module.SettingsScreen)
const loadReceipts = () => import('./receipts/receipts-screen').then((module) => module.ReceiptsScreen)
const loadBankFiles = () => import('./bank-files/bank-files-screen').then((module) => module.BankFilesScreen)
const loadReconciliation = () =>
  import('./reconciliation/reconciliation-screen').then((module) => module.ReconciliationScreen)
const loadReports = () => import('./reports/reports-screen').then((module) => module.ReportsScreen)
const loadSalesTax = () => import('./sales-tax/sales-tax-screen').then((module) => module.SalesTaxScreen)
const loadJournal = () => import('./journal/journal-screen').then((module) => module.JournalScreen)
const loadRecurring = () => import('./recurring/recurring-screen').then((module) => module.RecurringScreen)
const loadInvoices = () => import('./invoices/documents-screen').then((module) => module.InvoicesScreen)
const loadBills = () => import('./invoices/documents-screen').then((module) => module.BillsScreen)
const loadContacts = () => import('./invoices/contacts-screen').then((module) => module.ContactsScreen)
const loadClients = () => import('./clients/clients-screen').then((module) => module.ClientsScreen)
const lazyLoaders: Partial<Record<ScreenName, typeof loadSettings>> = {
  settings: loadSettings,
  receipts: loadReceipts,
  bankFiles: loadBankFiles,
  reconciliation: loadReconciliation,
  reports: loadReports,
  salesTax: loadSalesTax,
  journal: loadJournal,
  recurring: loadRecurring,
  invoices: loadInvoices,
  bills: loadBills,
  contacts: loadContacts,
}

export function App({ session, navigation }: { session: SessionStore; navigation: Navigation }) {
  useObservable(session)
  useObservable(navigation)
  const { access, organization, generation } = session
  // A new client for each person: nothing one person's requests left behind reaches the next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is what renews the client
  const client = useMemo(() => createApiClient(session), [session, generation])

  if (access.kind === 'signed_out') {
    return (
      <Provider value={client}>
        <main class="sign-in-screen">
          <div class="sign-in-panel">
            <p class="brand">Daybook</p>
            <h1>Sign in</h1>
            <SignInForm submitLabel="Sign in" onSignedIn={(token, email) => session.signIn(token, email)} />
          </div>
        </main>
      </Provider>
    )
  }

  return (
    <Provider value={client}>
      <div class="app-shell" inert={access.kind === 'expired'}>
        <header class="app-header">
          <span class="brand">Daybook</span>
          {organization && <span class="header-organization">{organization.name}</span>}
          {organization && (
            <nav class="screen-links" aria-label="Screens">
              {screens.map((screen) => (
                <a
                  key={screen.name}
                  href={hrefOf(screen.name)}
                  aria-current={navigation.current === screen.name ? 'page' : undefined}
                  onClick={(event) => {
                    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
                    event.preventDefault()
                    navigation.go(screen.name)
                  }}
                >
                  {screen.label}
                </a>
              ))}
            </nav>
          )}
          <nav class="header-actions" aria-label="Account">
            {organization && (
              <button type="button" onClick={() => session.chooseOrganization(null)}>
                Switch organization
              </button>
            )}
            <button type="button" onClick={() => session.signOut()}>
              Sign out
            </button>
          </nav>
        </header>
        <main class="app-main">
          {navigation.current === 'clients' ? (
            <LazyScreen
              load={loadClients}
              session={session}
              onOpen={(chosen, role) => {
                session.chooseOrganization(chosen, role)
                navigation.go('queue')
              }}
            />
          ) : organization ? (
            <ChosenOrganization key={organization.id} organization={organization} session={session}>
              <NavigationContext.Provider value={navigation}>
                <CurrentScreen navigation={navigation} session={session} />
              </NavigationContext.Provider>
            </ChosenOrganization>
          ) : (
            <OrganizationPicker
              onChoose={(chosen) => session.chooseOrganization(chosen)}
              onOverview={() => navigation.go('clients')}
            />
          )}
        </main>
      </div>
      {access.kind === 'expired' && <SignInAgain session={session} email={access.email} />}
    </Provider>
  )
}

/**
 * Asks Daybook the person's role in the chosen organization before its screens show, so they
 * offer only what that role may do.
 */
function ChosenOrganization({
  organization,
  session,
  children,
}: {
  organization: Organization
  session: SessionStore
  children: ComponentChildren
}) {
  const role = session.role
  const [access, reexecute] = useQuery({
    query: MyAccessDocument,
    variables: { organizationId: organization.id },
    pause: role !== null,
  })
  const answered = access.data?.myAccess
  useEffect(() => {
    if (answered) session.learnRole(organization.id, roleOf(answered.role))
  }, [answered, organization.id, session])
  if (role) return <RightsContext.Provider value={rightsOf(role)}>{children}</RightsContext.Provider>
  if (access.error) {
    return (
      <>
        <ErrorText>
          What you may do in {organization.name} could not be loaded: {errorInWords(access.error)}
        </ErrorText>
        <button type="button" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
          Try again
        </button>
      </>
    )
  }
  return <p class="screen-loading">Loading…</p>
}

function CurrentScreen({ navigation, session }: { navigation: Navigation; session: SessionStore }) {
  const organization = session.organization
  if (!organization) return null
  const load = lazyLoaders[navigation.current]
  if (load)
    return <LazyScreen key={navigation.current} load={load} organization={organization} session={session} />
  return <ReviewQueueScreen organization={organization} session={session} />
}
