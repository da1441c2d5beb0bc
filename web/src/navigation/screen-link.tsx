import { type ComponentChildren, createContext } from 'preact'
import { useContext } from 'preact/hooks'
import { hrefOf, type Navigation, type ScreenName } from './navigation'

/** The app's navigation, for a screen that leads to another: a link made elsewhere goes there too. */
export const NavigationContext = createContext<Navigation | null>(null)

/** A link to another screen that moves there in place, and opens a new tab when asked to. */
export function ScreenLink({ screen, children }: { screen: ScreenName; children: ComponentChildren }) {
  const navigation = useContext(NavigationContext)
  return (
    <a
      href={hrefOf(screen)}
      onClick={(event) => {
        if (!navigation || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
        event.preventDefault()
        navigation.go(screen)
      }}
    >
      {children}
    </a>
  )
}
