import type { Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { StatementFormat } from './read-statement-file.js'

// What bank statements offer other modules: the closing balance a statement file states, for a
// reconciliation, and the rule of which accounts statements are imported into.

export { paymentAccountOf } from './payment-account.js'
export type { StatementFormat } from './read-statement-file.js'

/** What a statement file tells a reconciliation: where the account stood, and which events it lists. */
export interface StatementClosing {
  /** In the file's own sign: money in the account's holder's favour is positive. */
  closingMinor: bigint
  closingDate: string
  /** The currency the file states its balance in, or the books' when it names none. */
  currency: string
  /** The account's events that the file's rows are, by the duplicate rule. */
  listedEventIds: string[]
}

export interface BankStatementsPort {
  /** Reads a stored statement file for its closing balance and the events its rows are. */
  statementClosing(
    scope: OrgScope,
    input: { paymentAccountId: string; s3Key: string; format?: StatementFormat | 'AUTO' | null },
  ): Promise<Result<StatementClosing>>
}
