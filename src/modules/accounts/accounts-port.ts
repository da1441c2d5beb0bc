import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { AccountType } from '../tax-codes/tax-codes-port.js'
import type { AccountRecord, AccountTotalsDelta } from './account-store.js'
import type { SystemRole } from './default-chart.js'

// What the chart of accounts offers other modules, inside their own database transaction.

export { isDebitNatural, naturalBalance } from './account.js'
export type { AccountRecord, AccountTotalsDelta } from './account-store.js'
export type { SystemRole } from './default-chart.js'

export interface AccountsPort {
  /** The organization's accounts among `ids`, each once; an id of another organization finds nothing. */
  accountsByIds(ex: Executor, scope: OrgScope, ids: string[]): Promise<AccountRecord[]>
  allAccounts(ex: Executor, scope: OrgScope): Promise<AccountRecord[]>
  accountByRole(ex: Executor, scope: OrgScope, role: SystemRole): Promise<AccountRecord | undefined>
  /** Names are unique case-insensitively, so any spelling finds the account. */
  accountByName(ex: Executor, scope: OrgScope, name: string): Promise<AccountRecord | undefined>
  /**
   * The account with this name, created inside the caller's transaction when there is none (the
   * processor import's balance account). An existing account is returned whatever its type; the
   * caller decides whether it fits.
   */
  namedAccountOrCreate(
    tx: Executor,
    scope: OrgScope,
    account: { name: string; accountType: AccountType },
  ): Promise<AccountRecord>
  /** Holds the account's row until the transaction ends, so work on one account (an import) runs one at a time. */
  lockAccount(tx: Executor, scope: OrgScope, accountId: string): Promise<void>
  /** The bank's own id for the account, learnt from the first statement file imported into it. */
  statementAccountId(ex: Executor, scope: OrgScope, accountId: string): Promise<string | null>
  rememberStatementAccountId(
    tx: Executor,
    scope: OrgScope,
    accountId: string,
    statementAccountId: string,
  ): Promise<void>
  /** One posting's amounts per account, in account order. */
  addTotals(ex: Executor, scope: OrgScope, totals: AccountTotalsDelta[]): Promise<void>
}

/** DESIGN 8.6 and 8.13: where realised exchange differences go, found by its name or created. */
export const exchangeGainOrLoss = { name: 'Exchange Gain or Loss', accountType: 'other_income' } as const
