import { useClient } from '@urql/preact'
import { useEffect, useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import { MyAccessDocument, MyOrganizationsDocument } from '../api/generated/session'
import { ErrorText } from '../components/error-text'
import { roleOf } from './rights'
import type { SessionStore } from './session-store'
import { SignInForm } from './sign-in-form'

/**
 * Shown over the screens when Daybook refuses the token (expired, or signed out elsewhere). The
 * screens behind stay as they were, with what was typed in them, until the person is back.
 */
export function SignInAgain({ session, email }: { session: SessionStore; email: string }) {
  const client = useClient()
  const [error, setError] = useState<string | null>(null)
  // Where the person was (the search field, the list): focus goes back there once they are in.
  const [focusBefore] = useState(() => document.activeElement)
  useEffect(
    () => () => {
      window.setTimeout(() => {
        if (focusBefore instanceof HTMLElement && focusBefore.isConnected) focusBefore.focus()
      })
    },
    [focusBefore],
  )

  async function resume(token: string, signedInEmail: string) {
    session.signIn(token, signedInEmail)
    const organization = session.organization
    if (!organization) return
    // Another person may have signed in here: they keep the screen only if it is theirs to see.
    const answer = await client.query(MyOrganizationsDocument, {}).toPromise()
    if (answer.error) {
      setError(errorInWords(answer.error))
      return
    }
    const stillMember = answer.data?.myOrganizations?.some((each) => each.id === organization.id) ?? false
    if (!stillMember) return session.chooseOrganization(null)
    // The person now signed in may hold another role there: the screens offer what theirs allows.
    const access = await client.query(MyAccessDocument, { organizationId: organization.id }).toPromise()
    const role = access.data?.myAccess.role
    if (role === undefined)
      return setError(access.error ? errorInWords(access.error) : 'Daybook did not say.')
    session.learnRole(organization.id, roleOf(role))
  }

  return (
    <div class="overlay">
      <div class="overlay-panel" role="dialog" aria-modal="true" aria-labelledby="sign-in-again-heading">
        <h2 id="sign-in-again-heading">Sign in again</h2>
        <p>Your session has ended. Sign in to carry on where you were; nothing you typed is lost.</p>
        <SignInForm initialEmail={email} submitLabel="Sign in and continue" onSignedIn={resume} />
        {error && <ErrorText>{error}</ErrorText>}
        <button type="button" class="link-button" onClick={() => session.signOut()}>
          Sign out instead
        </button>
      </div>
    </div>
  )
}
