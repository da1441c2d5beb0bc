import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { ErrorText } from '../components/error-text'
import type { Organization, SessionStore } from '../session/session-store'

export interface ScreenProps {
  organization: Organization
  session: SessionStore
}

type Loader = () => Promise<ComponentType<ScreenProps>>

const loaded = new Map<Loader, ComponentType<ScreenProps>>()

/**
 * A screen whose code is fetched the first time it is opened, so the sign-in and the review queue
 * load without the weight of every other screen.
 */
export function LazyScreen({ load, ...props }: ScreenProps & { load: Loader }) {
  const [, setReady] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const Screen = loaded.get(load)
  useEffect(() => {
    if (Screen) return
    let current = true
    load().then(
      (component) => {
        loaded.set(load, component)
        if (current) setReady((count) => count + 1)
      },
      () => {
        if (current) setError('This screen could not be loaded. Check the connection, then reload the page.')
      },
    )
    return () => {
      current = false
    }
  }, [load, Screen])
  if (Screen) return <Screen {...props} />
  if (error) return <ErrorText>{error}</ErrorText>
  return <p class="screen-loading">Loading…</p>
}
