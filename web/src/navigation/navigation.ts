import { Observable } from '../components/observable'

/** The app's screens, each at its own path under /app/ so that a link or Back reaches it. */
export type ScreenName =
  | 'queue'
  | 'receipts'
  | 'bankFiles'
  | 'reconciliation'
  | 'invoices'
  | 'bills'
  | 'contacts'
  | 'reports'
  | 'salesTax'
  | 'journal'
  | 'recurring'
  | 'settings'
  | 'clients'

export const screens: ReadonlyArray<{ name: ScreenName; path: string; label: string }> = [
  { name: 'queue', path: '', label: 'Review queue' },
  { name: 'receipts', path: 'receipts', label: 'Receipts' },
  { name: 'bankFiles', path: 'bank-files', label: 'Bank files' },
  { name: 'reconciliation', path: 'reconciliation', label: 'Reconciliation' },
  { name: 'invoices', path: 'invoices', label: 'Invoices' },
  { name: 'bills', path: 'bills', label: 'Bills' },
  { name: 'contacts', path: 'contacts', label: 'Contacts' },
  { name: 'reports', path: 'reports', label: 'Reports' },
  { name: 'journal', path: 'journal', label: 'Journal' },
  { name: 'recurring', path: 'recurring', label: 'Recurring' },
  { name: 'salesTax', path: 'sales-tax', label: 'Sales tax' },
  { name: 'settings', path: 'settings', label: 'Settings' },
  { name: 'clients', path: 'clients', label: 'Clients' },
]

const base = '/app/'

function screenAt(pathname: string): ScreenName {
  const path = pathname.startsWith(base) ? pathname.slice(base.length).replace(/\/$/, '') : ''
  return screens.find((screen) => screen.path === path)?.name ?? 'queue'
}

export function hrefOf(name: ScreenName): string {
  return `${base}${screens.find((screen) => screen.name === name)?.path ?? ''}`
}

/**
 * Which screen is shown, kept in the address bar's path (never anything private: no ids, no
 * search), so Back and Forward move between screens as in any site.
 */
export class Navigation extends Observable {
  current: ScreenName = screenAt(window.location.pathname)

  constructor() {
    super()
    window.addEventListener('popstate', () => {
      this.current = screenAt(window.location.pathname)
      this.notifyChanged()
    })
  }

  go(name: ScreenName): void {
    if (name === this.current) return
    window.history.pushState(null, '', hrefOf(name))
    this.current = name
    this.notifyChanged()
  }
}
