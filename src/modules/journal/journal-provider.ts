import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { assert } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { AccountsPort } from '../accounts/accounts-port.js'
import { naturalBalance } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { ContactsPort } from '../contacts/contacts-port.js'
import {
  type AdjustmentKind,
  assertBalanced,
  type EntryKind,
  type EntryPlan,
  type PostingLine,
  planReversal,
  totalDebits,
} from './journal.js'
import type { JournalPort } from './journal-port.js'
import { type JournalEntryRecord, JournalStore } from './journal-store.js'

/**
 * The journal port: the store's reads as they are, and the writes, each balanced and recorded.
 * Every method runs inside the caller's database transaction, so an entry, its lines, the running
 * balances and the event's status change commit together or not at all.
 */
export class JournalProvider extends JournalStore implements JournalPort {
  constructor(
    engine: EngineName,
    private readonly deps: {
      clock: Clock
      accounts: AccountsPort
      contacts: ContactsPort
      audit: AuditRecorder
    },
  ) {
    super(engine)
  }

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

  /**
   * Posts the mirror image of an entry, dated like the original so every period nets to zero
   * unless a date is given: an event's entry (`eventId`), or an entry of no event (null).
   */
  async reverseEntry(
    tx: Executor,
    scope: OrgScope,
    eventId: string | null,
    originalEntryId: string,
    entryId: string,
    txnDate?: string,
  ): Promise<boolean> {
    const [original] = await this.findEntries(tx, scope, [originalEntryId])
    if (!original || original.eventId !== eventId) {
      throw new Error(
        `journal entry ${originalEntryId} of ${eventId ? `event ${eventId}` : 'no event'} is missing`,
      )
    }
    const lines = await this.linesOf(tx, scope, originalEntryId)
    const plan = planReversal(planOf(original, lines), txnDate)
    return this.write(
      tx,
      scope,
      { id: entryId, eventId, kind: 'reversal', reversesEntryId: originalEntryId },
      plan,
    )
  }

  async postAdjustment(
    tx: Executor,
    scope: OrgScope,
    plan: EntryPlan,
    entryId: string,
    kind: AdjustmentKind = 'adjustment',
  ): Promise<void> {
    const written = await this.write(
      tx,
      scope,
      { id: entryId, eventId: null, kind, reversesEntryId: null },
      plan,
    )
    assert(written, 'an adjustment entry has a fresh id')
  }

  /**
   * postEventEntry for many events at once, for imports that post as they import: entries and
   * lines go in multi-row statements, and the running totals are applied once per account, per
   * (account, day) and per contact instead of once per line.
   */
  async postEventEntries(
    tx: Executor,
    scope: OrgScope,
    postings: Array<{ eventId: string; entryId: string; plan: EntryPlan }>,
  ): Promise<void> {
    const written = await this.writeMany(
      tx,
      scope,
      postings.map((posting) => ({
        entry: { id: posting.entryId, eventId: posting.eventId, kind: 'posting', reversesEntryId: null },
        plan: posting.plan,
      })),
    )
    assert(written === postings.length, 'a bulk posting never meets an event that already has its entry')
  }

  /** reverseEntry for many entries at once; each reversal is dated like its original. */
  async reverseEntries(
    tx: Executor,
    scope: OrgScope,
    reversals: Array<{ eventId: string; originalEntryId: string; entryId: string }>,
  ): Promise<void> {
    if (reversals.length === 0) return
    const originals = await this.entriesWithLines(
      tx,
      scope,
      reversals.map((r) => r.originalEntryId),
    )
    const written = await this.writeMany(
      tx,
      scope,
      reversals.map((reversal) => {
        const original = originals.get(reversal.originalEntryId)
        if (!original || original.eventId !== reversal.eventId) {
          throw new Error(`journal entry ${reversal.originalEntryId} of event ${reversal.eventId} is missing`)
        }
        return {
          entry: {
            id: reversal.entryId,
            eventId: reversal.eventId,
            kind: 'reversal' as const,
            reversesEntryId: original.id,
          },
          plan: planReversal(planOf(original, original.lines)),
        }
      }),
    )
    assert(written === reversals.length, 'an entry is reversed once')
  }

  private async write(
    tx: Executor,
    scope: OrgScope,
    entry: { id: string; eventId: string | null; kind: EntryKind; reversesEntryId: string | null },
    plan: EntryPlan,
  ): Promise<boolean> {
    return (await this.writeMany(tx, scope, [{ entry, plan }])) === 1
  }

  private async writeMany(
    tx: Executor,
    scope: OrgScope,
    items: Array<{
      entry: { id: string; eventId: string | null; kind: EntryKind; reversesEntryId: string | null }
      plan: EntryPlan
    }>,
  ): Promise<number> {
    if (items.length === 0) return 0
    for (const { plan } of items) assertBalanced(plan)
    const createdAt = this.deps.clock.now().toISOString()
    const inserted = await this.insertEntries(
      tx,
      scope,
      items.map(({ entry, plan }) => ({
        ...entry,
        totalMinor: totalDebits(plan),
        createdAt,
        plan,
        lineIds: plan.lines.map(() => newId()),
      })),
    )

    // An entry the event already had (a lost race) is skipped; the caller learns of it by the count.
    const written = items.filter(({ entry }) => inserted.has(entry.id))
    if (written.length === 0) return 0
    await this.deps.audit.record(
      tx,
      scope,
      written.map(({ entry, plan }) => ({
        operation: 'journal_entry.created',
        entityType: 'journal_entry',
        entityId: entry.id,
        before: null,
        after: { ...entry, ...plan },
      })),
    )

    type Sums = { debitMinor: bigint; creditMinor: bigint }
    const byAccount = new Map<string, Sums>()
    const byDay = new Map<string, Sums & { accountId: string; txnDate: string }>()
    const contactLines: Array<{ contactId: string; accountId: string } & Sums> = []
    for (const { plan } of written) {
      for (const line of plan.lines) {
        const debitMinor = line.side === 'debit' ? line.amountMinor : 0n
        const creditMinor = line.side === 'credit' ? line.amountMinor : 0n
        const account = byAccount.get(line.accountId) ?? { debitMinor: 0n, creditMinor: 0n }
        account.debitMinor += debitMinor
        account.creditMinor += creditMinor
        byAccount.set(line.accountId, account)
        const dayKey = `${line.accountId}/${plan.txnDate}`
        const day = byDay.get(dayKey) ?? {
          accountId: line.accountId,
          txnDate: plan.txnDate,
          debitMinor: 0n,
          creditMinor: 0n,
        }
        day.debitMinor += debitMinor
        day.creditMinor += creditMinor
        byDay.set(dayKey, day)
        if (line.contactId) {
          contactLines.push({ contactId: line.contactId, accountId: line.accountId, debitMinor, creditMinor })
        }
      }
    }
    const dayKeys = [...byDay.keys()].sort()
    const days = dayKeys.map((key) => byDay.get(key) as Sums & { accountId: string; txnDate: string })
    await this.addDayTotals(tx, scope, days)
    await this.addTaxDayTotals(tx, scope, taxDaySums(written.map(({ plan }) => plan)))
    await this.addContactBalances(tx, scope, contactLines)
    // Last, because a posting holds these rows until its transaction commits (PostgreSQL).
    await this.deps.accounts.addTotals(
      tx,
      scope,
      [...byAccount.keys()].sort().map((accountId) => {
        const sums = byAccount.get(accountId) as Sums
        return { accountId, debitMinor: sums.debitMinor, creditMinor: sums.creditMinor }
      }),
    )
    return written.length
  }

  private async addContactBalances(
    tx: Executor,
    scope: OrgScope,
    contactLines: Array<{ contactId: string; accountId: string; debitMinor: bigint; creditMinor: bigint }>,
  ): Promise<void> {
    if (contactLines.length === 0) return
    const accounts = new Map(
      (
        await this.deps.accounts.accountsByIds(
          tx,
          scope,
          contactLines.map((l) => l.accountId),
        )
      ).map((a) => [a.id, a]),
    )
    const byContact = new Map<string, bigint>()
    for (const line of contactLines) {
      const account = accounts.get(line.accountId)
      if (!account) throw new Error(`account ${line.accountId} of a journal line is missing`)
      const receivableOrPayable =
        account.accountType === 'accounts_receivable' || account.accountType === 'accounts_payable'
      if (!receivableOrPayable) continue
      const delta = naturalBalance(account.classification, line.debitMinor, line.creditMinor)
      byContact.set(line.contactId, (byContact.get(line.contactId) ?? 0n) + delta)
    }
    for (const contactId of [...byContact.keys()].sort()) {
      await this.deps.contacts.addToBalance(tx, scope, contactId, byContact.get(contactId) as bigint)
    }
  }
}

/** A stored entry's plan again, as a reversal mirrors it. */
function planOf(entry: JournalEntryRecord, lines: PostingLine[]): EntryPlan {
  return {
    txnDate: entry.txnDate,
    currency: entry.currency,
    ...(entry.originalCurrency ? { originalCurrency: entry.originalCurrency } : {}),
    ...(entry.memo !== null ? { memo: entry.memo } : {}),
    lines,
  }
}

/**
 * The tagged lines of these entries summed by day and by what a return reads of them, in key
 * order so that concurrent postings take the rows' locks in the same order.
 */
function taxDaySums(plans: readonly EntryPlan[]) {
  const sums = new Map<
    string,
    {
      txnDate: string
      kind: string
      code: string
      accountId: string
      baseAccountId: string
      debitMinor: bigint
      creditMinor: bigint
    }
  >()
  for (const plan of plans) {
    for (const line of plan.lines) {
      if (!line.tax) continue
      const baseLineNo = 'baseLineNo' in line.tax ? line.tax.baseLineNo : null
      const baseAccountId = baseLineNo ? (plan.lines[baseLineNo - 1]?.accountId ?? '') : ''
      const code = line.tax.code ?? ''
      const key = [plan.txnDate, line.tax.kind, code, line.accountId, baseAccountId].join('/')
      const sum = sums.get(key) ?? {
        txnDate: plan.txnDate,
        kind: line.tax.kind,
        code,
        accountId: line.accountId,
        baseAccountId,
        debitMinor: 0n,
        creditMinor: 0n,
      }
      if (line.side === 'debit') sum.debitMinor += line.amountMinor
      else sum.creditMinor += line.amountMinor
      sums.set(key, sum)
    }
  }
  return [...sums.keys()].sort().map((key) => sums.get(key) as NonNullable<ReturnType<typeof sums.get>>)
}
