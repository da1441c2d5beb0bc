import type { ReconcilableAccountsQuery } from '../api/generated/reconciliation'

/** An account as the reconciliation screen lists it, shared by the screen and its open reconciliation. */
export type ReconcilableAccount = NonNullable<ReconcilableAccountsQuery['listAccounts']>['items'][number]
