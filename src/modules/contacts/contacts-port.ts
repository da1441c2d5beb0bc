import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { ContactRecord } from './contact.js'

// What contacts offer other modules, inside their own database transaction.

export type { ContactRecord } from './contact.js'

export interface ContactsPort {
  /** The organization's contacts among `ids`, each once; an id of another organization finds nothing. */
  contactsByIds(ex: Executor, scope: OrgScope, ids: string[]): Promise<ContactRecord[]>
  /** The display names of the organization's contacts among `ids`, by id: a report's row labels. */
  displayNamesOf(ex: Executor, scope: OrgScope, ids: string[]): Promise<Map<string, string>>
  /**
   * The vendors a document's printed vendor may be: the one with its business number, and those
   * whose name starts with its first word (at most `limit`, active ones).
   */
  vendorCandidates(
    ex: Executor,
    scope: OrgScope,
    printed: { businessNumber: string | null; firstWord: string },
    limit: number,
  ): Promise<ContactRecord[]>
  /** Moves a contact's running balance with a posting that names it. */
  addToBalance(ex: Executor, scope: OrgScope, contactId: string, deltaMinor: bigint): Promise<void>
}
