import { fail } from '../../kernel/result.js'
import type { OrganizationProfile } from './organization-profile.js'

export interface OrganizationRecord extends OrganizationProfile {
  id: string
  name: string
  functionalCurrency: string
  /** Set by the year-end close (DESIGN 8.5); null while no year is closed. */
  yearEndLockDate: string | null
}

// Closed periods (DESIGN 7.3): every write that creates, changes, posts, rejects or reverses
// something dated asks, inside its own database transaction, before it writes.
export const periodLocked = (lockDate: string, field: string) =>
  fail(
    'PERIOD_LOCKED',
    `The books are closed through ${lockDate}: nothing dated on or before it can be created or changed.`,
    field,
  )

/** DESIGN 8.5: a closed fiscal year is the lock no one writes past, accountants included. */
export const yearClosed = (yearEndLockDate: string, field: string) =>
  fail(
    'YEAR_CLOSED',
    `The fiscal year is closed through ${yearEndLockDate}: nothing dated on or before it can be written.`,
    field,
  )
