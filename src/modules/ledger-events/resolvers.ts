import type { LedgerEventParent } from '../../graphql/answers.js'
import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, refusedItems, valueOrError } from '../../graphql/payload.js'
import { selectedFields } from '../../graphql/selection.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { convertMinor } from '../../kernel/exchange-rate.js'
import { formatMoney } from '../../kernel/money.js'
import type { Services } from '../../services.js'
import type { Principal } from '../access/principal.js'
import type { JournalEntryParent, JournalEntryRecord } from '../journal/journal-port.js'
import type { ReceiptRecord } from '../receipts/receipts-port.js'
import type { LedgerEventView, RelatedParts } from './ledger-event-query-service.js'

// Its lines and reversal are read when a query selects them (JournalEntry's resolvers).
const entryToGraphQL = (
  organizationId: string,
  entry: JournalEntryRecord | null,
): JournalEntryParent | null => entry && { organizationId, entry }

const accountRef = (account: { id: string; name: string } | null) =>
  account && { id: account.id, name: account.name }

/**
 * A LedgerEvent answered from its view. Each field is read when the query selects it and not
 * before: built eagerly, the 24 fields of every event of a page were the largest allocation Daybook's
 * own code made for a list, most of them for fields the query never asked for. The executor reads a
 * field up to three times (a null check, an error check, the value), so what a field builds is kept.
 */
class LedgerEventAnswer implements LedgerEventParent {
  #functionalAmount: string | undefined
  #originalAmount: string | undefined
  #splitAmount: string | null | undefined
  #splitAccount: LedgerEventParent['splitAccount'] | undefined
  #account: LedgerEventParent['account'] | undefined
  #paymentAccount: LedgerEventParent['paymentAccount'] | undefined
  #category: LedgerEventParent['category'] | undefined
  #journalEntry: LedgerEventParent['journalEntry'] | undefined
  #reversalEntry: LedgerEventParent['reversalEntry'] | undefined
  #taxAmount: LedgerEventParent['taxAmount'] | undefined
  #taxAccount: LedgerEventParent['taxAccount'] | undefined
  #contact: LedgerEventParent['contact'] | undefined
  #receipts: LedgerEventParent['receipts'] | undefined
  #lines: LedgerEventParent['lines'] | undefined

  constructor(
    private readonly view: LedgerEventView,
    private readonly pageReceipts: readonly ReceiptRecord[],
  ) {}

  get id() {
    return this.view.event.id
  }
  get organizationId() {
    return this.view.organizationId
  }
  get eventType() {
    return this.view.event.eventType
  }
  get merchantName() {
    return this.view.event.merchantName
  }
  get direction() {
    return this.view.event.direction
  }
  get functionalAmount() {
    const { event, rate, functionalCurrency } = this.view
    this.#functionalAmount ??= rate
      ? formatMoney(
          convertMinor(
            event.amountMinor,
            currencyDecimals(event.currency),
            rate,
            currencyDecimals(functionalCurrency),
          ),
          currencyDecimals(functionalCurrency),
        )
      : this.originalAmount
    return this.#functionalAmount
  }
  get functionalCurrency() {
    return this.view.functionalCurrency
  }
  get originalAmount() {
    const { event } = this.view
    this.#originalAmount ??= formatMoney(event.amountMinor, currencyDecimals(event.currency))
    return this.#originalAmount
  }
  get originalCurrency() {
    return this.view.event.currency
  }
  get exchangeRate() {
    return this.view.rate?.text ?? null
  }
  get splitAmount() {
    const { event } = this.view
    this.#splitAmount ??=
      event.splitAmountMinor === null
        ? null
        : formatMoney(event.splitAmountMinor, currencyDecimals(event.currency))
    return this.#splitAmount
  }
  get splitAccount() {
    this.#splitAccount ??= accountRef(this.view.splitAccount)
    return this.#splitAccount
  }
  get transactionDate() {
    return this.view.event.transactionDate
  }
  get status() {
    return this.view.event.status
  }
  get memo() {
    return this.view.event.memo
  }
  get hasDocument() {
    return this.view.event.hasDocument
  }
  get reconciliationId() {
    return this.view.event.reconciliationId
  }
  get account() {
    const { category } = this.view
    this.#account ??= category && {
      id: category.id,
      name: category.name,
      accountType: category.accountType,
    }
    return this.#account
  }
  get paymentAccount() {
    this.#paymentAccount ??= accountRef(this.view.paymentAccount)
    return this.#paymentAccount
  }
  get category() {
    this.#category ??= accountRef(this.view.category)
    return this.#category
  }
  get journalEntry() {
    this.#journalEntry ??= entryToGraphQL(this.view.organizationId, this.view.journalEntry)
    return this.#journalEntry
  }
  get reversalEntry() {
    this.#reversalEntry ??= entryToGraphQL(this.view.organizationId, this.view.reversalEntry)
    return this.#reversalEntry
  }
  get taxAmount() {
    const { event } = this.view
    this.#taxAmount ??=
      event.taxAmountMinor === null
        ? null
        : formatMoney(event.taxAmountMinor, currencyDecimals(event.currency))
    return this.#taxAmount
  }
  get taxAccount() {
    this.#taxAccount ??= accountRef(this.view.taxAccount)
    return this.#taxAccount
  }
  get taxCode() {
    return this.view.event.salesTaxCode
  }
  get contact() {
    const { contact } = this.view
    this.#contact ??= contact && { id: contact.id, displayName: contact.displayName }
    return this.#contact
  }
  get reference() {
    return this.view.event.reference
  }
  get source() {
    return this.view.event.source
  }
  get createdAt() {
    return this.view.event.createdAt
  }
  get updatedAt() {
    return this.view.event.updatedAt
  }
  get lines() {
    const decimals = currencyDecimals(this.view.event.currency)
    const money = (minor: bigint) => formatMoney(minor, decimals)
    this.#lines ??= this.view.lines.map((line) => ({
      accountId: line.accountId,
      account: accountRef(line.account),
      amount: money(line.amountMinor),
      netAmount: money(line.netMinor),
      taxCode: line.taxCode,
      taxAmount: line.taxMinor === null ? null : money(line.taxMinor),
      taxRecoverable: money(line.recoverableMinor),
      memo: line.memo,
      contact: line.contact && { id: line.contact.id, displayName: line.contact.displayName },
    }))
    return this.#lines
  }
  get receipts() {
    const eventId = this.view.event.id
    this.#receipts ??= this.pageReceipts
      .filter((r) => r.eventId === eventId)
      .map((r) => ({ id: r.id, filename: r.filename, s3Key: r.s3Key, uploadedAt: r.createdAt }))
    return this.#receipts
  }
}

export function eventToGraphQL(view: LedgerEventView, receipts: readonly ReceiptRecord[]): LedgerEventParent {
  return new LedgerEventAnswer(view, receipts)
}

const noReceipts: readonly ReceiptRecord[] = []

/** Events with their attached receipts, read in one query for a whole page. */
async function toGraphQL(
  services: Services,
  principal: Principal,
  organizationId: string,
  events: LedgerEventView[],
): Promise<LedgerEventParent[]> {
  const withDocument = events.filter((e) => e.event.hasDocument)
  const receipts =
    withDocument.length === 0
      ? []
      : await services.receipts.receiptsOfEvents(
          principal,
          organizationId,
          withDocument.map((e) => e.event.id),
        )
  return events.map((event) => eventToGraphQL(event, receipts))
}

/** The records a list of events reads beside them: those of the fields its query selects. */
function relatedPartsOf(fields: ReadonlySet<string>): RelatedParts {
  return {
    accounts: ['account', 'category', 'paymentAccount', 'taxAccount'].some((f) => fields.has(f)),
    contacts: fields.has('contact'),
    journalEntries: fields.has('journalEntry') || fields.has('reversalEntry'),
    lines: fields.has('lines'),
  }
}

export const ledgerEventResolvers: Resolvers = {
  Query: {
    listLedgerEvents: async (_, { organizationId, ...args }, { principal, services }, info) => {
      const fields = selectedFields(info, ['items'])
      const page = valueOrError(
        await services.eventQueries.listLedgerEvents(principal, organizationId, args, relatedPartsOf(fields)),
      )
      // Without receipts there is nothing to wait for.
      const items = fields.has('receipts')
        ? await toGraphQL(services, principal, organizationId, page.items)
        : page.items.map((view) => eventToGraphQL(view, noReceipts))
      return { ...page, items }
    },
    getLedgerEvent: async (_, { organizationId, eventId }, { principal, services }) => {
      const event = valueOrError(
        await services.eventQueries.getLedgerEvent(principal, organizationId, eventId),
      )
      const [view] = await toGraphQL(services, principal, organizationId, [event])
      return view as LedgerEventParent
    },
  },
  Mutation: {
    createLedgerEvent: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.ledgerEvents.createLedgerEvent(principal, organizationId, input),
        (view) => ({ eventId: view.event.id, event: eventToGraphQL(view, []) }),
        { eventId: null, event: null },
      ),
    updateLedgerEvent: async (_, { organizationId, eventId, ...input }, { principal, services }) => {
      const result = await services.ledgerEventEdits.updateLedgerEvent(
        principal,
        organizationId,
        eventId,
        input,
      )
      const events = result.ok ? await toGraphQL(services, principal, organizationId, [result.value]) : []
      return payloadOf(result, () => ({ event: events[0] ?? null }), { event: null })
    },
    updateStagedEntry: async (_, { organizationId, eventId, ...input }, { principal, services }) => {
      const result = await services.ledgerEventEdits.updateStagedEntry(
        principal,
        organizationId,
        eventId,
        input,
      )
      const events = result.ok ? await toGraphQL(services, principal, organizationId, [result.value]) : []
      return payloadOf(result, () => ({ event: events[0] ?? null }), { event: null })
    },
    confirmLedgerEvent: async (_, { organizationId, eventId }, { principal, services }) =>
      payloadOf(
        await services.ledgerEvents.confirmLedgerEvent(principal, organizationId, eventId),
        ({ eventId, journalEntryId }) => ({ eventId, journalEntryId }),
        { eventId: null, journalEntryId: null },
      ),
    rejectLedgerEvent: async (_, { organizationId, eventId }, { principal, services }) =>
      payloadOf(
        await services.ledgerEvents.rejectLedgerEvent(principal, organizationId, eventId),
        (rejected) => rejected,
        { eventId: null, reversalEntryId: null },
      ),
    confirmLedgerEvents: async (_, { organizationId, eventIds }, { principal, services }) => {
      const result = await services.ledgerEvents.confirmLedgerEvents(principal, organizationId, eventIds)
      const results = refusedItems(result, eventIds, (eventId) => ({
        eventId,
        success: false,
        field: 'eventIds',
        journalEntryId: null,
      })).map(({ index: _index, ...refused }) => refused)
      return payloadOf(result, (outcome) => outcome, { confirmedCount: 0, results })
    },
    markLedgerEventsSynced: async (_, { organizationId, eventIds }, { principal, services }) => {
      const result = await services.ledgerEvents.markLedgerEventsSynced(principal, organizationId, eventIds)
      const errors = refusedItems(result, eventIds, (eventId) => ({ eventId }))
      return payloadOf(result, (outcome) => outcome, { syncedCount: 0, errors })
    },
  },
}
