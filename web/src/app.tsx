import { Provider } from '@urql/preact'
import { useMemo } from 'preact/hooks'
import { createApiClient } from './api/client'
import { useObservable } from './components/observable'
import { ReviewQueueScreen } from './queue/review-queue-screen'
import { OrganizationPicker } from './session/organization-picker'
import type { SessionStore } from './session/session-store'
import { SignInAgain } from './session/sign-in-again'
import { SignInForm } from './session/sign-in-form'

export function App({ session }: { session: SessionStore }) {
  useObservable(session)
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
            <ReviewQueueScreen key={organization.id} organization={organization} session={session} />
          ) : (
            <OrganizationPicker onChoose={(chosen) => session.chooseOrganization(chosen)} />
          )}
        </main>
      </div>
      {access.kind === 'expired' && <SignInAgain session={session} email={access.email} />}
    </Provider>
  )
}
