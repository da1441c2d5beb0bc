import type { Executor } from '../../db/schema.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { AccountService } from '../accounts/account-service.js'
import type { AccountRecord } from '../accounts/account-store.js'
import { type EntryPlan, planPosting } from '../journal/journal.js'
import type { JournalService } from '../journal/journal-service.js'
import { categoryProblem, paymentProblem, taxAccountProblem } from './ledger-event.js'
import type { LedgerEventRecord } from './ledger-event-rows.js'

/** What posting reads of an event that has just become confirmed and names its entry. */
export type PostingEvent = Pick<
  LedgerEventRecord,
  | 'id'
  | 'eventType'
  | 'amountMinor'
  | 'taxAmountMinor'
  | 'categoryId'
  | 'paymentAccountId'
  | 'taxAccountId'
  | 'contactId'
  | 'transactionDate'
  | 'currency'
> & { journalEntryId: string }

/**
 * The one way an event reaches the books: a confirm, and an import that posts as it imports, both
 * end here, inside the caller's transaction. Every event is checked against the organization's
 * accounts before anything is written, so an import is refused what a confirm is refused, and a
 * refusal rolls the caller's transaction back.
 */
export class LedgerEventPosting {
  constructor(private readonly deps: { accounts: AccountService; journal: JournalService }) {}

  async post(tx: Executor, scope: OrgScope, events: PostingEvent[]): Promise<Result<true>> {
    const plans = await this.plan(tx, scope, events)
    if (!plans.ok) return plans
    if (plans.value.length === 1) {
      // One event (a confirm) goes through the single-entry write, which tells a lost race apart.
      const [only] = plans.value as [{ eventId: string; entryId: string; plan: EntryPlan }]
      const posted = await this.deps.journal.postEventEntry(tx, scope, only.eventId, only.plan, only.entryId)
      if (!posted)
        return fail('EVENT_ALREADY_CONFIRMED', 'This event already has a journal entry.', 'eventId')
      return ok(true as const)
    }
    if (plans.value.length > 0) await this.deps.journal.postEventEntries(tx, scope, plans.value)
    return ok(true as const)
  }

  /** The entry of every event, or the first event's refusal; nothing is written. */
  private async plan(
    ex: Executor,
    scope: OrgScope,
    events: PostingEvent[],
  ): Promise<Result<Array<{ eventId: string; entryId: string; plan: EntryPlan }>>> {
    const ids = new Set<string>()
    for (const event of events) {
      if (event.categoryId) ids.add(event.categoryId)
      if (event.paymentAccountId) ids.add(event.paymentAccountId)
      if (event.taxAccountId) ids.add(event.taxAccountId)
    }
    const accounts = new Map(
      (await this.deps.accounts.accountsByIds(ex, scope, [...ids])).map((account) => [account.id, account]),
    )
    const plans: Array<{ eventId: string; entryId: string; plan: EntryPlan }> = []
    for (const event of events) {
      const checked = postingProblem(event, accounts)
      if (checked) return checked
      const taxMinor = event.taxAmountMinor ?? 0n
      const paymentAccountId = event.paymentAccountId as string
      plans.push({
        eventId: event.id,
        entryId: event.journalEntryId,
        plan: planPosting({
          eventType: event.eventType,
          grossMinor: event.amountMinor,
          taxMinor,
          categoryId: event.categoryId as string,
          paymentAccountId,
          taxAccountId: event.taxAccountId ?? paymentAccountId,
          contactId: event.contactId,
          txnDate: event.transactionDate,
          currency: event.currency,
        }),
      })
    }
    return ok(plans)
  }
}

/** Why an event cannot be posted with these accounts of its organization, if it cannot. */
export function postingProblem(event: PostingEvent, accounts: Map<string, AccountRecord>) {
  if (!event.categoryId || !event.paymentAccountId) {
    return fail(
      'EVENT_NOT_CLASSIFIED',
      'Assign a category and a payment account (updateStagedEntry) before confirming.',
      !event.categoryId ? 'categoryId' : 'paymentId',
    )
  }
  const category = accounts.get(event.categoryId)
  if (!category) return fail('CATEGORY_NOT_FOUND', 'No account with this categoryId.', 'categoryId')
  const categoryRefused = categoryProblem(event.eventType, category, event.paymentAccountId)
  if (categoryRefused) return categoryRefused
  const payment = accounts.get(event.paymentAccountId)
  if (!payment) return fail('PAYMENT_ACCOUNT_NOT_FOUND', 'No account with this paymentId.', 'paymentId')
  const paymentRefused = paymentProblem(payment, 'paymentId')
  if (paymentRefused) return paymentRefused
  const taxMinor = event.taxAmountMinor ?? 0n
  if (taxMinor < 0n || taxMinor >= event.amountMinor) {
    return fail('INVALID_TAX_AMOUNT', 'taxAmount must be less than the amount.', 'taxAmount')
  }
  if (taxMinor > 0n) {
    if (!event.taxAccountId) {
      return fail('TAX_ACCOUNT_REQUIRED', 'Give taxAccountId for an event with tax.', 'taxAccountId')
    }
    const taxAccount = accounts.get(event.taxAccountId)
    if (!taxAccount)
      return fail('TAX_ACCOUNT_NOT_FOUND', 'No account with this taxAccountId.', 'taxAccountId')
    const taxRefused = taxAccountProblem(taxAccount)
    if (taxRefused) return taxRefused
  }
  return undefined
}
