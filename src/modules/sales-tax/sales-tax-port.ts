import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'

/** What the sales tax module tells others: when the next GST/HST return is due. */
export interface SalesTaxPort {
  /**
   * DESIGN 8.7: the due date of the first unfiled GST/HST period after the last filed one (before
   * any is filed, the period of the first entry, or of today in empty books); null without a
   * filing frequency.
   */
  nextReturnDue(ex: Executor, scope: OrgScope): Promise<string | null>
}
