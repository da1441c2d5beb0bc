import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { formatMoney, parsePositiveMoney } from '../../kernel/money.js'
import { limitOffsetArgs, type Page, pageOf } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountsPort } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { ContactsPort } from '../contacts/contacts-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import {
  type EntryKind,
  type EntryPlan,
  type EntrySource,
  isTaxReturnLineTag,
  type PostingLine,
  sourceOfKind,
  taxReturnLineTags,
} from './journal.js'
import type {
  JournalEntryParent,
  JournalLineInput,
  JournalLineView,
  ManualEntryArgs,
} from './journal-entry-view.js'
import type { JournalPort, ManualEntriesPort } from './journal-port.js'
import type { JournalEntryRecord } from './journal-store.js'

// Entries of no event (DESIGN 8.4): manual entries with their reversals, the opening balances,
// and the journal read back whatever made each entry. Every write checks the year-end close and
// the lock date inside its database transaction, as a confirm does.

export type { JournalLineInput, ManualEntryArgs } from './journal-entry-view.js'

const sources = Object.values(sourceOfKind)
const kindsOfSource = (wanted: readonly string[]): EntryKind[] =>
  (Object.keys(sourceOfKind) as EntryKind[]).filter((kind) => wanted.includes(sourceOfKind[kind]))

export const openingBalanceEquityName = 'Opening Balance Equity'

export class JournalService implements ManualEntriesPort {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      access: AccessPort
      accounts: AccountsPort
      contacts: ContactsPort
      organizations: OrganizationsPort
      journal: JournalPort
      audit: AuditRecorder
    },
  ) {}

  /** DESIGN 8.4: a balanced entry posted at once, and its reversal on `reverseOn` when given. */
  async createJournalEntry(
    principal: Principal,
    organizationId: string,
    args: ManualEntryArgs & { reverseOn?: string | null },
  ): Promise<Result<JournalEntryParent>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createJournalEntry')
    const reverseOn = args.reverseOn ?? null
    if (reverseOn !== null && reverseOn <= args.date && entryShape(args).ok) {
      return fail(
        'INVALID_DATE',
        `reverseOn must be after the entry's date (${args.date}); got ${reverseOn}.`,
        'reverseOn',
      )
    }
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const posted = await this.postManualEntry(tx, scope, args, reverseOn)
      if (!posted.ok || reverseOn === null) return posted
      await this.reverse(tx, scope, posted.value.entry.id, reverseOn)
      return ok(await this.parentOf(tx, scope, posted.value.entry.id))
    })
  }

  /** ManualEntriesPort: every check of createJournalEntry, nothing written. */
  async checkManualEntry(ex: Executor, scope: OrgScope, args: ManualEntryArgs): Promise<Result<void>> {
    const planned = await this.plannedEntry(ex, scope, args, null)
    return planned.ok ? ok(undefined) : planned
  }

  /** ManualEntriesPort: a manual entry posted in the caller's transaction, as createJournalEntry posts it. */
  async postManualEntry(
    tx: Executor,
    scope: OrgScope,
    args: ManualEntryArgs,
    reverseOn: string | null = null,
  ): Promise<Result<JournalEntryParent>> {
    const planned = await this.plannedEntry(tx, scope, args, reverseOn)
    if (!planned.ok) return planned
    const entryId = newId()
    await this.deps.journal.postAdjustment(tx, scope, planned.value, entryId, 'manual')
    return ok(await this.parentOf(tx, scope, entryId))
  }

  /** The entry as it would post: its text and lines checked, its dates open, its lines balanced. */
  private async plannedEntry(
    ex: Executor,
    scope: OrgScope,
    args: ManualEntryArgs,
    reverseOn: string | null,
  ): Promise<Result<EntryPlan>> {
    const text = entryShape(args)
    if (!text.ok) return text
    const open = await this.checkWritable(ex, scope, [args.date, reverseOn], 'date')
    if (!open.ok) return open
    const currency = await this.deps.organizations.functionalCurrency(ex, scope)
    const lines = await this.postingLines(ex, scope, args.lines, currency)
    if (!lines.ok) return lines
    const balanced = balanceOf(lines.value, currency)
    if (!balanced.ok) return balanced
    return ok({ txnDate: args.date, currency, lines: lines.value, ...text.value })
  }

  /** DESIGN 8.4: the mirror image of a manual entry, dated `date`; an entry is reversed once. */
  async reverseJournalEntry(
    principal: Principal,
    organizationId: string,
    args: { journalEntryId: string; date: string },
  ): Promise<Result<JournalEntryParent>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'reverseJournalEntry')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const original = await this.deps.journal.lockEntry(tx, scope, args.journalEntryId)
      if (!original) {
        return fail('JOURNAL_ENTRY_NOT_FOUND', 'Journal entry not found.', 'journalEntryId')
      }
      if (original.eventId !== null) {
        return fail(
          'ENTRY_BELONGS_TO_EVENT',
          `The entry was posted by ledger event ${original.eventId}: reject the event to reverse it.`,
          'journalEntryId',
        )
      }
      if (original.kind !== 'manual') {
        return fail(
          'ENTRY_NOT_REVERSIBLE',
          `The entry is ${notReversibleReason(original.kind)}; only manual entries are reversed on their own.`,
          'journalEntryId',
        )
      }
      const [reversedBy] = (await this.deps.journal.reversalsOf(tx, scope, [original.id])).values()
      if (reversedBy !== undefined) {
        return fail(
          'ENTRY_ALREADY_REVERSED',
          `The entry is already reversed by journal entry ${reversedBy}.`,
          'journalEntryId',
        )
      }
      if (args.date < original.txnDate) {
        return fail(
          'INVALID_DATE',
          `A reversal is dated on or after its entry's date (${original.txnDate}); got ${args.date}.`,
          'date',
        )
      }
      const open = await this.checkWritable(tx, scope, [args.date], 'date')
      if (!open.ok) return open
      const reversalId = await this.reverse(tx, scope, original.id, args.date)
      return ok(await this.parentOf(tx, scope, reversalId))
    })
  }

  /**
   * DESIGN 8.4: the one opening entry, dated `date`; a second call reverses the first (on its own
   * date, so the old balances vanish from every report) and posts the new one. What the lines
   * leave unbalanced goes to the equity account "Opening Balance Equity".
   */
  async setOpeningBalances(
    principal: Principal,
    organizationId: string,
    args: { date: string; lines: readonly JournalLineInput[] },
  ): Promise<Result<JournalEntryParent>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'setOpeningBalances')
    // One line is left for the balancing line.
    if (args.lines.length < 1 || args.lines.length > limits.journalLinesMax - 1) {
      return fail(
        'INVALID_LINES',
        `Opening balances have 1 to ${limits.journalLinesMax - 1} lines; got ${args.lines.length}.`,
        'lines',
      )
    }
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const equity = await this.deps.accounts.namedAccountOrCreate(tx, scope, {
        name: openingBalanceEquityName,
        accountType: 'equity',
      })
      if (equity.classification !== 'equity') {
        return fail(
          'ACCOUNT_TYPE_MISMATCH',
          `The account "${openingBalanceEquityName}" is not an equity account; rename it to set opening balances.`,
          'lines',
        )
      }
      // One change of the opening balances of an organization at a time.
      await this.deps.accounts.lockAccount(tx, scope, equity.id)
      const previous = await this.deps.journal.openingEntry(tx, scope)
      const open = await this.checkWritable(tx, scope, [args.date, previous?.txnDate], 'date')
      if (!open.ok) return open
      const currency = await this.deps.organizations.functionalCurrency(tx, scope)
      const lines = await this.postingLines(tx, scope, args.lines, currency)
      if (!lines.ok) return lines
      const difference = lines.value.reduce(
        (sum, line) => sum + (line.side === 'debit' ? line.amountMinor : -line.amountMinor),
        0n,
      )
      const balancing: PostingLine[] =
        difference === 0n
          ? []
          : [
              {
                accountId: equity.id,
                side: difference > 0n ? 'credit' : 'debit',
                amountMinor: difference > 0n ? difference : -difference,
                contactId: null,
              },
            ]
      const plan: EntryPlan = {
        txnDate: args.date,
        currency,
        lines: [...lines.value, ...balancing],
        memo: 'Opening balances',
      }
      if (plan.lines.length < 2) {
        return fail(
          'INVALID_LINES',
          'Opening balances that balance on their own need at least two lines.',
          'lines',
        )
      }
      if (previous) await this.reverse(tx, scope, previous.id, previous.txnDate)
      const entryId = newId()
      await this.deps.journal.postAdjustment(tx, scope, plan, entryId, 'opening')
      return ok(await this.parentOf(tx, scope, entryId))
    })
  }

  async journalEntry(
    principal: Principal,
    organizationId: string,
    journalEntryId: string,
  ): Promise<JournalEntryParent | null> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'journalEntry')
    const [entry] = await this.deps.journal.findEntries(this.deps.db, scope, [journalEntryId])
    return entry ? this.parentOf(this.deps.db, scope, entry.id) : null
  }

  /** DESIGN 8.4: the whole journal, newest first, whatever made each entry. */
  async listJournalEntries(
    principal: Principal,
    organizationId: string,
    args: {
      dateFrom?: string | null
      dateTo?: string | null
      sources?: readonly string[] | null
      accountId?: string | null
      limit?: number | null
      offset?: number | null
    },
  ): Promise<Result<Page<JournalEntryParent>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listJournalEntries')
    const page = limitOffsetArgs(args, { defaultSize: limits.pageSizeDefault, max: limits.pageSizeMax })
    if (!page.ok) return page
    const from = args.dateFrom ?? undefined
    const to = args.dateTo ?? undefined
    if (from !== undefined && to !== undefined && from > to) {
      return fail('INVALID_DATE_RANGE', 'dateFrom must not be after dateTo.', 'dateFrom')
    }
    const unknown = args.sources?.find((source) => !(sources as readonly string[]).includes(source))
    if (unknown !== undefined) {
      return fail(
        'INVALID_SOURCE',
        `sources must be among: ${sources.join(', ')}; got ${unknown}.`,
        'sources',
      )
    }
    const accountId = args.accountId ?? undefined
    if (accountId !== undefined) {
      const [account] = await this.deps.accounts.accountsByIds(this.deps.db, scope, [accountId])
      if (!account) return fail('ACCOUNT_NOT_FOUND', 'Account not found.', 'accountId')
    }
    const found = await this.deps.journal.entryPage(
      this.deps.db,
      scope,
      {
        ...(from !== undefined ? { from } : {}),
        ...(to !== undefined ? { to } : {}),
        ...(args.sources ? { kinds: kindsOfSource(args.sources) } : {}),
        ...(accountId !== undefined ? { accountId } : {}),
      },
      page.value,
    )
    const parents = await this.parentsOf(this.deps.db, scope, found.entries)
    return ok(pageOf(parents, found.totalCount, page.value))
  }

  /** An entry's lines, for an entry answered without them (an event's). */
  async linesOfEntry(
    principal: Principal,
    organizationId: string,
    entryId: string,
  ): Promise<JournalLineView[]> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'JournalEntry.lines')
    const [entry] = await this.deps.journal.findEntries(this.deps.db, scope, [entryId])
    if (!entry) return []
    const [parent] = await this.parentsOf(this.deps.db, scope, [entry])
    return parent?.lines ?? []
  }

  /** The entry reversing this one, for an entry answered without it. */
  async reversalOf(principal: Principal, organizationId: string, entryId: string): Promise<string | null> {
    const scope = await this.deps.access.authorize(
      principal,
      organizationId,
      'JournalEntry.reversedByEntryId',
    )
    const found = await this.deps.journal.reversalsOf(this.deps.db, scope, [entryId])
    return found.get(entryId) ?? null
  }

  private async reverse(tx: Executor, scope: OrgScope, entryId: string, date: string): Promise<string> {
    const reversalId = newId()
    const written = await this.deps.journal.reverseEntry(tx, scope, null, entryId, reversalId, date)
    if (!written) throw new Error(`the reversal of journal entry ${entryId} was not written`)
    await this.deps.audit.record(tx, scope, [
      {
        operation: 'journal_entry.reversed',
        entityType: 'journal_entry',
        entityId: entryId,
        before: null,
        after: { reversedByEntryId: reversalId, date },
      },
    ])
    return reversalId
  }

  /** YEAR_CLOSED before PERIOD_LOCKED: a year-end close is the lock no one writes past. */
  private checkWritable(
    tx: Executor,
    scope: OrgScope,
    dates: ReadonlyArray<string | null | undefined>,
    field: string,
  ): Promise<Result<void>> {
    return this.deps.organizations.checkOpen(tx, scope, dates, field)
  }

  /** The lines as they post, each checked: its amount, account, contact and tax return line. */
  private async postingLines(
    tx: Executor,
    scope: OrgScope,
    inputs: readonly JournalLineInput[],
    currency: string,
  ): Promise<Result<PostingLine[]>> {
    const decimals = currencyDecimals(currency)
    const lines: PostingLine[] = []
    for (const [index, input] of inputs.entries()) {
      const at = `lines[${index}]`
      const hasDebit = input.debit !== undefined && input.debit !== null
      const hasCredit = input.credit !== undefined && input.credit !== null
      if (hasDebit === hasCredit) {
        return fail('INVALID_LINES', `${at} must have exactly one of debit and credit.`, at)
      }
      const side = hasDebit ? 'debit' : 'credit'
      const amount = parsePositiveMoney(
        (hasDebit ? input.debit : input.credit) as string,
        decimals,
        `${at}.${side}`,
      )
      if (!amount.ok) return amount
      const memo = input.memo ?? undefined
      if (memo !== undefined) {
        const checked = textWithin(memo, limits.memoLengthMax, `${at}.memo`)
        if (!checked.ok) return checked
      }
      const tag = input.taxReturnLine ?? undefined
      if (tag !== undefined && !isTaxReturnLineTag(tag)) {
        return fail(
          'INVALID_TAX_RETURN_LINE',
          `${at}.taxReturnLine must be one of ${taxReturnLineTags.join(', ')}; got ${tag}.`,
          at,
        )
      }
      lines.push({
        accountId: input.accountId,
        side,
        amountMinor: amount.value,
        contactId: input.contactId ?? null,
        ...(memo !== undefined && memo !== '' ? { memo } : {}),
        ...(tag !== undefined ? { tax: { kind: 'return_line' as const, code: tag } } : {}),
      })
    }
    const accountIds = [...new Set(inputs.map((input) => input.accountId))]
    const accounts = new Map(
      (await this.deps.accounts.accountsByIds(tx, scope, accountIds)).map((account) => [account.id, account]),
    )
    for (const [index, input] of inputs.entries()) {
      const account = accounts.get(input.accountId)
      if (!account) return fail('ACCOUNT_NOT_FOUND', `lines[${index}]: account not found.`, `lines[${index}]`)
      if (!account.active) {
        return fail(
          'ACCOUNT_INACTIVE',
          `lines[${index}]: the account "${account.name}" is inactive; reactivate it to post to it.`,
          `lines[${index}]`,
        )
      }
    }
    const contactIds = [...new Set(inputs.flatMap((input) => (input.contactId ? [input.contactId] : [])))]
    if (contactIds.length > 0) {
      const known = new Set((await this.deps.contacts.contactsByIds(tx, scope, contactIds)).map((c) => c.id))
      const index = inputs.findIndex((input) => input.contactId && !known.has(input.contactId))
      if (index >= 0)
        return fail('CONTACT_NOT_FOUND', `lines[${index}]: contact not found.`, `lines[${index}]`)
    }
    return ok(lines)
  }

  private async parentOf(ex: Executor, scope: OrgScope, entryId: string): Promise<JournalEntryParent> {
    const [entry] = await this.deps.journal.findEntries(ex, scope, [entryId])
    if (!entry) throw new Error(`journal entry ${entryId} was just read and is missing`)
    const [parent] = await this.parentsOf(ex, scope, [entry])
    return parent as JournalEntryParent
  }

  /** Entries with their lines and reversals, read for all of them at once. */
  private async parentsOf(
    ex: Executor,
    scope: OrgScope,
    entries: readonly JournalEntryRecord[],
  ): Promise<JournalEntryParent[]> {
    if (entries.length === 0) return []
    const ids = entries.map((entry) => entry.id)
    const [lineRows, reversals] = await Promise.all([
      this.deps.journal.lineRowsOf(ex, scope, ids),
      this.deps.journal.reversalsOf(ex, scope, ids),
    ])
    const accountIds = [...new Set(lineRows.map((row) => row.line.accountId))]
    const contactIds = [
      ...new Set(lineRows.flatMap((row) => (row.line.contactId ? [row.line.contactId] : []))),
    ]
    const [accounts, contacts] = await Promise.all([
      this.deps.accounts.accountsByIds(ex, scope, accountIds),
      contactIds.length > 0 ? this.deps.contacts.contactsByIds(ex, scope, contactIds) : Promise.resolve([]),
    ])
    const accountById = new Map(accounts.map((account) => [account.id, account]))
    const contactById = new Map(contacts.map((contact) => [contact.id, contact]))
    const linesByEntry = new Map<string, JournalLineView[]>()
    for (const row of lineRows) {
      const entry = entries.find((e) => e.id === row.entryId) as JournalEntryRecord
      const decimals = currencyDecimals(entry.currency)
      const { line } = row
      const account = accountById.get(line.accountId)
      if (!account) throw new Error(`account ${line.accountId} of a journal line is missing`)
      const contact = line.contactId ? contactById.get(line.contactId) : undefined
      const amount = formatMoney(line.amountMinor, decimals)
      const view: JournalLineView = {
        id: row.id,
        account: { id: account.id, name: account.name },
        debit: line.side === 'debit' ? amount : null,
        credit: line.side === 'credit' ? amount : null,
        memo: line.memo ?? null,
        contact: contact ? { id: contact.id, displayName: contact.displayName } : null,
        taxReturnLine: line.tax?.kind === 'return_line' ? line.tax.code : null,
      }
      const list = linesByEntry.get(row.entryId)
      if (list) list.push(view)
      else linesByEntry.set(row.entryId, [view])
    }
    return entries.map((entry) => ({
      organizationId: scope.organizationId,
      entry,
      lines: linesByEntry.get(entry.id) ?? [],
      reversedByEntryId: reversals.get(entry.id) ?? null,
    }))
  }
}

export const sourceOf = (kind: EntryKind): EntrySource => sourceOfKind[kind]

/** A memo or a reference: at most `max` characters, without NUL (INVALID_MEMO). */
function textWithin(value: string, max: number, field: string): Result<string> {
  if (value.length > max || value.includes('\u0000')) {
    return fail('INVALID_MEMO', `${field} must be at most ${max} characters, without NUL.`, field)
  }
  return ok(value)
}

function entryText(args: {
  memo?: string | null
  reference?: string | null
}): Result<{ memo?: string; reference?: string }> {
  const memo = textWithin(args.memo ?? '', limits.memoLengthMax, 'memo')
  if (!memo.ok) return memo
  const reference = textWithin(args.reference ?? '', limits.referenceLengthMax, 'reference')
  if (!reference.ok) return reference
  return ok({
    ...(memo.value !== '' ? { memo: memo.value } : {}),
    ...(reference.value !== '' ? { reference: reference.value } : {}),
  })
}

/** What an entry's text and number of lines must be, before anything is read. */
function entryShape(args: ManualEntryArgs): Result<{ memo?: string; reference?: string }> {
  const text = entryText(args)
  if (!text.ok) return text
  if (args.lines.length < 2 || args.lines.length > limits.journalLinesMax) {
    return fail(
      'INVALID_LINES',
      `A journal entry has 2 to ${limits.journalLinesMax} lines; got ${args.lines.length}.`,
      'lines',
    )
  }
  return text
}

/** ENTRY_NOT_BALANCED names both totals. */
function balanceOf(lines: readonly PostingLine[], currency: string): Result<void> {
  let debits = 0n
  let credits = 0n
  for (const line of lines) {
    if (line.side === 'debit') debits += line.amountMinor
    else credits += line.amountMinor
  }
  if (debits === credits) return ok(undefined)
  const decimals = currencyDecimals(currency)
  return fail(
    'ENTRY_NOT_BALANCED',
    `Debits (${formatMoney(debits, decimals)}) do not equal credits (${formatMoney(credits, decimals)}).`,
    'lines',
  )
}

function notReversibleReason(kind: EntryKind): string {
  switch (kind) {
    case 'reversal':
      return 'itself a reversal'
    case 'adjustment':
      return "a reconciliation's adjustment: undo the reconciliation to reverse it"
    case 'tax_filing':
      return "a filed sales tax return's clearing entry"
    case 'opening':
      return 'the opening balances: set them again to replace them'
    case 'invoice':
      return "a document's posting: void the document to reverse it"
    case 'payment':
      return "a document's payment"
    default:
      return `of kind ${kind}`
  }
}
