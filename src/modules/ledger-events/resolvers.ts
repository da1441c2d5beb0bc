import type { JournalEntry, LedgerEvent, Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, refusedItems, valueOrError } from '../../graphql/payload.js'
import { selectedFields } from '../../graphql/selection.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { Services } from '../../services.js'
import type { Principal } from '../access/principal.js'
import type { JournalEntryRecord } from '../journal/journal-store.js'
import type { ReceiptRecord } from '../receipts/receipt-store.js'
import type { LedgerEventView, RelatedParts } from './ledger-event-query-service.js'

function entryToGraphQL(entry: JournalEntryRecord | null): JournalEntry | null {
  if (!entry) return null
  return {
    id: entry.id,
    txnDate: entry.txnDate,
    totalAmount: formatMoney(entry.totalMinor, currencyDecimals(entry.currency)),
  }
}

// Most pages carry no receipt: one empty list serves every event of them.
const noReceipts = Object.freeze([]) as unknown as LedgerEvent['receipts']

export function eventToGraphQL(view: LedgerEventView, receipts: ReceiptRecord[]): LedgerEvent {
  const { event } = view
  const decimals = currencyDecimals(event.currency)
  const ref = (account: { id: string; name: string } | null) =>
    account && { id: account.id, name: account.name }
  return {
    id: event.id,
    eventType: event.eventType,
    merchantName: event.merchantName,
    functionalAmount: formatMoney(event.amountMinor, decimals),
    functionalCurrency: event.currency,
    transactionDate: event.transactionDate,
    status: event.status,
    memo: event.memo,
    hasDocument: event.hasDocument,
    account: view.category && {
      id: view.category.id,
      name: view.category.name,
      accountType: view.category.accountType,
    },
    paymentAccount: ref(view.paymentAccount),
    category: ref(view.category),
    journalEntry: entryToGraphQL(view.journalEntry),
    reversalEntry: entryToGraphQL(view.reversalEntry),
    taxAmount: event.taxAmountMinor === null ? null : formatMoney(event.taxAmountMinor, decimals),
    taxAccount: ref(view.taxAccount),
    taxCode: event.salesTaxCode,
    contact: view.contact && { id: view.contact.id, displayName: view.contact.displayName },
    reference: event.reference,
    source: event.source,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
    receipts:
      receipts.length === 0
        ? noReceipts
        : receipts
            .filter((r) => r.eventId === event.id)
            .map((r) => ({ id: r.id, filename: r.filename, s3Key: r.s3Key, uploadedAt: r.createdAt })),
  }
}

/** Events with their attached receipts, read in one query for a whole page (when asked for). */
async function toGraphQL(
  services: Services,
  principal: Principal,
  organizationId: string,
  events: LedgerEventView[],
  withReceipts = true,
): Promise<LedgerEvent[]> {
  const withDocument = withReceipts ? events.filter((e) => e.event.hasDocument) : []
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
function relatedPartsOf(fields: Set<string>): RelatedParts {
  return {
    accounts: ['account', 'category', 'paymentAccount', 'taxAccount'].some((f) => fields.has(f)),
    contacts: fields.has('contact'),
    journalEntries: fields.has('journalEntry') || fields.has('reversalEntry'),
  }
}

export const ledgerEventResolvers: Resolvers = {
  Query: {
    listLedgerEvents: async (_, { organizationId, ...args }, { principal, services }, info) => {
      const fields = selectedFields(info, ['items'])
      const page = valueOrError(
        await services.ledgerEventQueries.listLedgerEvents(
          principal,
          organizationId,
          args,
          relatedPartsOf(fields),
        ),
      )
      const items = await toGraphQL(services, principal, organizationId, page.items, fields.has('receipts'))
      return { ...page, items }
    },
    getLedgerEvent: async (_, { organizationId, eventId }, { principal, services }) => {
      const event = valueOrError(
        await services.ledgerEventQueries.getLedgerEvent(principal, organizationId, eventId),
      )
      const [view] = await toGraphQL(services, principal, organizationId, [event])
      return view as LedgerEvent
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
    markLedgerEventsSynced: async (_, { organizationId, eventIds }, { principal, services }) => {
      const result = await services.ledgerEvents.markLedgerEventsSynced(principal, organizationId, eventIds)
      const errors = refusedItems(result, eventIds, (eventId) => ({ eventId }))
      return payloadOf(result, (outcome) => outcome, { syncedCount: 0, errors })
    },
  },
}
