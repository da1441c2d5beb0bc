import type { Account, Contact, Reconciliation, ResolversParentTypes } from './generated/resolvers-types.js'

// What the resolvers of a query build for these types: every field but `history`, which the
// audit module resolves on its own from the object's id.
export type LedgerEventParent = ResolversParentTypes['LedgerEvent']
export type AccountParent = Omit<Account, 'history'>
export type ContactParent = Omit<Contact, 'history' | 'outstanding' | 'overdue'> & { organizationId: string }
export type ReconciliationParent = Omit<Reconciliation, 'history'>
