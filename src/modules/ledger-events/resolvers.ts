import type { JournalEntry, LedgerEvent, Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, valueOrError } from '../../graphql/payload.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { JournalEntryRecord } from '../journal/journal-store.js'
import type { LedgerEventView } from './ledger-event-service.js'

function entryToGraphQL(entry: JournalEntryRecord | null): JournalEntry | null {
  if (!entry) return null
  return {
    id: entry.id,
    txnDate: entry.txnDate,
    totalAmount: formatMoney(entry.totalMinor, currencyDecimals(entry.currency)),
  }
}

export function eventToGraphQL(event: LedgerEventView): LedgerEvent {
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
    account: event.category && {
      id: event.category.id,
      name: event.category.name,
      accountType: event.category.accountType,
    },
    paymentAccount: ref(event.paymentAccount),
    category: ref(event.category),
    journalEntry: entryToGraphQL(event.journalEntry),
    reversalEntry: entryToGraphQL(event.reversalEntry),
    taxAmount: event.taxAmountMinor === null ? null : formatMoney(event.taxAmountMinor, decimals),
    taxAccount: ref(event.taxAccount),
    taxCode: event.salesTaxCode,
    contact: event.contact && { id: event.contact.id, displayName: event.contact.displayName },
    reference: event.reference,
    source: event.source,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
  }
}

export const ledgerEventResolvers: Resolvers = {
  Query: {
    listLedgerEvents: async (_, { organizationId, ...args }, { principal, services }) => {
      const page = valueOrError(await services.ledgerEvents.listLedgerEvents(principal, organizationId, args))
      return { ...page, items: page.items.map(eventToGraphQL) }
    },
    getLedgerEvent: async (_, { organizationId, eventId }, { principal, services }) =>
      eventToGraphQL(
        valueOrError(await services.ledgerEvents.getLedgerEvent(principal, organizationId, eventId)),
      ),
  },
  Mutation: {
    createLedgerEvent: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.ledgerEvents.createLedgerEvent(principal, organizationId, input),
        (event) => ({ eventId: event.id, event: eventToGraphQL(event) }),
        { eventId: null, event: null },
      ),
    updateLedgerEvent: async (_, { organizationId, eventId, ...input }, { principal, services }) =>
      payloadOf(
        await services.ledgerEvents.updateLedgerEvent(principal, organizationId, eventId, input),
        (event) => ({ event: eventToGraphQL(event) }),
        { event: null },
      ),
    updateStagedEntry: async (_, { organizationId, eventId, ...input }, { principal, services }) =>
      payloadOf(
        await services.ledgerEvents.updateStagedEntry(principal, organizationId, eventId, input),
        (event) => ({ event: eventToGraphQL(event) }),
        { event: null },
      ),
    confirmLedgerEvent: async (_, { organizationId, eventId }, { principal, services }) =>
      payloadOf(
        await services.ledgerEvents.confirmLedgerEvent(principal, organizationId, eventId),
        (confirmed) => confirmed,
        { eventId: null, journalEntryId: null },
      ),
    rejectLedgerEvent: async (_, { organizationId, eventId }, { principal, services }) =>
      payloadOf(
        await services.ledgerEvents.rejectLedgerEvent(principal, organizationId, eventId),
        (rejected) => rejected,
        { eventId: null, reversalEntryId: null },
      ),
    markLedgerEventsSynced: async (_, { organizationId, eventIds }, { principal, services }) =>
      payloadOf(
        await services.ledgerEvents.markLedgerEventsSynced(principal, organizationId, eventIds),
        (outcome) => outcome,
        { syncedCount: 0, errors: [] },
      ),
  },
}
