import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'

// What invoices offer other modules: what customers owe past due, for the practice overview.

export interface InvoicesPort {
  /** The part of open invoices past their due date today, in the functional currency at the rates they were posted at. */
  overdueReceivablesMinor(ex: Executor, scope: OrgScope): Promise<bigint>
}
