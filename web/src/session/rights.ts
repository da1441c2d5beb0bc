import { createContext } from 'preact'
import { useContext } from 'preact/hooks'

export const roles = ['owner', 'admin', 'member', 'accountant', 'viewer'] as const
export type Role = (typeof roles)[number]

/**
 * What a role lets the screens offer, after the server's table of rights (docs/access.md). The
 * server refuses whatever a role may not do; the screens hide it, so no one meets a button that
 * can only fail.
 */
export interface Rights {
  role: Role
  /** Every write but a viewer's: the queue, imports, uploads, journal entries, reconciling, rules. */
  writes: boolean
  /** Closing periods and years, opening balances, filing returns, undoing a reconciliation. */
  keepsBooks: boolean
  /** Invoices and bills written, approved, voided and paid, and bank lines applied to them. */
  writesDocuments: boolean
  /** Members, API keys, webhooks and intake addresses. */
  manages: boolean
}

/** A role the app does not know yet is read as a viewer's: it shows nothing the role may not do. */
export function roleOf(value: string | null | undefined): Role {
  return roles.find((role) => role === value) ?? 'viewer'
}

export function rightsOf(role: Role): Rights {
  return {
    role,
    writes: role !== 'viewer',
    keepsBooks: role === 'owner' || role === 'admin' || role === 'accountant',
    // Members confirm bank lines but do not write documents (docs/access.md).
    writesDocuments: role === 'owner' || role === 'admin' || role === 'accountant',
    manages: role === 'owner' || role === 'admin',
  }
}

export const RightsContext = createContext<Rights>(rightsOf('viewer'))

/** The signed-in person's rights in the chosen organization. */
export function useRights(): Rights {
  return useContext(RightsContext)
}
