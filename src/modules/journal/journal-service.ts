import type { Executor } from '../../db/schema.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import type { OrgScope } from '../access/principal.js'
import { naturalBalance } from '../accounts/account.js'
import type { AccountService } from '../accounts/account-service.js'
import type { ContactService } from '../contacts/contact-service.js'
import { assertBalanced, type EntryPlan, planReversal, totalDebits } from './journal.js'
import type { JournalEntryRecord, JournalStore } from './journal-store.js'

/**
 * Writes the books. Every method runs inside the caller's database transaction, so an entry, its
 * lines, the running balances and the event's status change commit together or not at all.
 */
export class JournalService {
  constructor(
    private readonly deps: {
      store: JournalStore
      clock: Clock
      accounts: AccountService
      contacts: ContactService
    },
  ) {}

  /** Posts an event's entry; false when the event already has one (a lost race). */
  async postEventEntry(
    tx: Executor,
    scope: OrgScope,
    eventId: string,
    plan: EntryPlan,
    entryId: string,
  ): Promise<boolean> {
    return this.write(tx, scope, { id: entryId, eventId, kind: 'posting', reversesEntryId: null }, plan)
  }

  /** Posts the mirror image of an entry, dated like the original so every period nets to zero. */
  async reverseEntry(
    tx: Executor,
    scope: OrgScope,
    eventId: string,
    originalEntryId: string,
    entryId: string,
  ): Promise<boolean> {
    const [original] = await this.deps.store.findEntries(tx, scope, [originalEntryId])
    if (!original) throw new Error(`journal entry ${originalEntryId} of event ${eventId} is missing`)
    const lines = await this.deps.store.linesOf(tx, scope, originalEntryId)
    const plan = planReversal({ txnDate: original.txnDate, currency: original.currency, lines })
    return this.write(
      tx,
      scope,
      { id: entryId, eventId, kind: 'reversal', reversesEntryId: originalEntryId },
      plan,
    )
  }

  entries(ex: Executor, scope: OrgScope, ids: string[]): Promise<JournalEntryRecord[]> {
    return this.deps.store.findEntries(ex, scope, ids)
  }

  /** Reads the per-day totals, so the cost follows accounts x days, never the number of events. */
  totalsByAccount(ex: Executor, scope: OrgScope, range: { from?: string; to?: string }) {
    return this.deps.store.totalsByAccount(ex, scope, range)
  }

  accountLines(
    ex: Executor,
    scope: OrgScope,
    accountId: string,
    range: { from: string; to: string },
    page: { limit: number; offset: number },
  ) {
    return this.deps.store.accountLines(ex, scope, accountId, range, page)
  }

  entriesAfter(
    ex: Executor,
    scope: OrgScope,
    after: { txnDate: string; createdAt: string; id: string } | undefined,
    limit: number,
  ) {
    return this.deps.store.entriesAfter(ex, scope, after, limit)
  }

  private async write(
    tx: Executor,
    scope: OrgScope,
    entry: { id: string; eventId: string; kind: 'posting' | 'reversal'; reversesEntryId: string | null },
    plan: EntryPlan,
  ): Promise<boolean> {
    assertBalanced(plan)
    const inserted = await this.deps.store.insertEntry(
      tx,
      scope,
      { ...entry, totalMinor: totalDebits(plan), createdAt: this.deps.clock.now().toISOString() },
      plan,
      plan.lines.map(() => newId()),
    )
    if (!inserted) return false

    const accounts = new Map(
      (
        await this.deps.accounts.accountsByIds(
          tx,
          scope,
          plan.lines.map((l) => l.accountId),
        )
      ).map((a) => [a.id, a]),
    )
    // Balances are updated in account order, so concurrent postings lock rows in one order and
    // PostgreSQL never has to break a deadlock between them.
    const ordered = [...plan.lines].sort((x, y) =>
      x.accountId < y.accountId ? -1 : x.accountId > y.accountId ? 1 : 0,
    )
    for (const line of ordered) {
      const debit = line.side === 'debit' ? line.amountMinor : 0n
      const credit = line.side === 'credit' ? line.amountMinor : 0n
      await this.deps.accounts.addTotals(tx, scope, line.accountId, debit, credit)
      await this.deps.store.addDayTotal(tx, scope, line.accountId, plan.txnDate, debit, credit)
      const account = accounts.get(line.accountId)
      if (!account) throw new Error(`account ${line.accountId} of a journal line is missing`)
      const receivableOrPayable =
        account.accountType === 'accounts_receivable' || account.accountType === 'accounts_payable'
      if (line.contactId && receivableOrPayable) {
        await this.deps.contacts.addToBalance(
          tx,
          scope,
          line.contactId,
          naturalBalance(account.classification, debit, credit),
        )
      }
    }
    return true
  }
}
