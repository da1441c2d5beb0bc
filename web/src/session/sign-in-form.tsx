import { useClient } from '@urql/preact'
import { useEffect, useId, useRef, useState } from 'preact/hooks'
import { errorInWords } from '../api/errors'
import { SignInDocument } from '../api/generated/session'
import { ErrorText } from '../components/error-text'

/** Email and password for tokenAuth; the token goes to `onSignedIn`, never anywhere else. */
export function SignInForm(props: {
  initialEmail?: string
  submitLabel: string
  onSignedIn: (token: string, email: string) => void
}) {
  const client = useClient()
  const [email, setEmail] = useState(props.initialEmail ?? '')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const firstEmpty = useRef<HTMLInputElement>(null)

  useEffect(() => firstEmpty.current?.focus(), [])

  async function submit(event: Event) {
    event.preventDefault()
    if (email.trim() === '' || password === '') {
      setError('Enter your email and your password.')
      return
    }
    setBusy(true)
    setError(null)
    const answer = await client.mutation(SignInDocument, { email: email.trim(), password }).toPromise()
    setBusy(false)
    const token = answer.data?.tokenAuth?.token
    if (token) {
      setPassword('')
      props.onSignedIn(token, email.trim())
      return
    }
    setError(answer.error ? errorInWords(answer.error) : 'Daybook did not sign you in. Try again.')
  }

  const errorId = `${id}-error`
  const startsAtPassword = props.initialEmail !== undefined && props.initialEmail !== ''
  return (
    <form
      class="sign-in-form"
      method="post"
      onSubmit={submit}
      aria-describedby={error ? errorId : undefined}
      noValidate
    >
      <label for={`${id}-email`}>Email</label>
      <input
        id={`${id}-email`}
        ref={startsAtPassword ? undefined : firstEmpty}
        type="email"
        autoComplete="username"
        required
        value={email}
        onInput={(event) => setEmail(event.currentTarget.value)}
      />
      <label for={`${id}-password`}>Password</label>
      <input
        id={`${id}-password`}
        ref={startsAtPassword ? firstEmpty : undefined}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onInput={(event) => setPassword(event.currentTarget.value)}
      />
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Signing in…' : props.submitLabel}
      </button>
    </form>
  )
}
