import type { Executor } from '../../db/schema.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { AccountRecord, AccountsPort } from '../accounts/accounts-port.js'
import { paymentProblem } from '../ledger-events/ledger-events-port.js'

/** The account a statement is imported into or reconciled against: one of the organization's payment accounts. */
export async function paymentAccountOf(
  accounts: AccountsPort,
  ex: Executor,
  scope: OrgScope,
  paymentAccountId: string,
): Promise<Result<AccountRecord>> {
  const [account] = await accounts.accountsByIds(ex, scope, [paymentAccountId])
  if (!account)
    return fail('PAYMENT_ACCOUNT_NOT_FOUND', 'No account with this paymentAccountId.', 'paymentAccountId')
  const problem = paymentProblem(account)
  if (problem) return problem
  return ok(account)
}
