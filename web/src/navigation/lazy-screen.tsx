import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { ErrorText } from '../components/error-text'
import type { Organization, SessionStore } from '../session/session-store'

export interface ScreenProps {
  organization: Organization
  session: SessionStore
}

type Loader<Props> = () => Promise<ComponentType<Props>>

// Each loader is stored with the component it answered, so the types match though the map's do not.
const loaded = new Map<unknown, unknown>()

/**
 * A screen whose code is fetched the first time it is opened, so the sign-in and the review queue
 * load without the weight of every other screen.
 */
export function LazyScreen<Props extends object = ScreenProps>({
  load,
  ...props
}: Props & { load: Loader<Props> }) {
  const [, setReady] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const Screen = loaded.get(load) as ComponentType<Props> | undefined
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
  if (Screen) return <Screen {...(props as Props)} />
  if (error) return <ErrorText>{error}</ErrorText>
  return <p class="screen-loading">Loading…</p>
}
