import { Provider } from '@urql/preact'
import { useMemo } from 'preact/hooks'
import { createApiClient } from './api/client'
import { useObservable } from './components/observable'
import { LazyScreen } from './navigation/lazy-screen'
import { hrefOf, type Navigation, type ScreenName, screens } from './navigation/navigation'
import { ReviewQueueScreen } from './queue/review-queue-screen'
import { OrganizationPicker } from './session/organization-picker'
import type { SessionStore } from './session/session-store'
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
const lazyLoaders: Partial<Record<ScreenName, typeof loadSettings>> = {
  settings: loadSettings,
  receipts: loadReceipts,
  bankFiles: loadBankFiles,
  reconciliation: loadReconciliation,
  reports: loadReports,
  salesTax: loadSalesTax,
  journal: loadJournal,
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
          {organization ? (
            <CurrentScreen key={organization.id} navigation={navigation} session={session} />
          ) : (
            <OrganizationPicker onChoose={(chosen) => session.chooseOrganization(chosen)} />
          )}
        </main>
      </div>
      {access.kind === 'expired' && <SignInAgain session={session} email={access.email} />}
    </Provider>
  )
}

function CurrentScreen({ navigation, session }: { navigation: Navigation; session: SessionStore }) {
  const organization = session.organization
  if (!organization) return null
  const load = lazyLoaders[navigation.current]
  if (load)
    return <LazyScreen key={navigation.current} load={load} organization={organization} session={session} />
  return <ReviewQueueScreen organization={organization} session={session} />
}
