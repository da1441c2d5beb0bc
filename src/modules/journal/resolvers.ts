import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, valueOrError } from '../../graphql/payload.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import { sourceOf } from './journal-service.js'

export const journalResolvers: Resolvers = {
  Query: {
    journalEntry: (_, { organizationId, journalEntryId }, { principal, services }) =>
      services.journal.journalEntry(principal, organizationId, journalEntryId),
    listJournalEntries: async (_, { organizationId, ...args }, { principal, services }) =>
      valueOrError(await services.journal.listJournalEntries(principal, organizationId, args)),
  },
  Mutation: {
    createJournalEntry: async (_, { organizationId, ...args }, { principal, services }) =>
      payloadOf(
        await services.journal.createJournalEntry(principal, organizationId, args),
        (journalEntry) => ({ journalEntry }),
        { journalEntry: null },
      ),
    reverseJournalEntry: async (_, { organizationId, ...args }, { principal, services }) =>
      payloadOf(
        await services.journal.reverseJournalEntry(principal, organizationId, args),
        (journalEntry) => ({ journalEntry }),
        { journalEntry: null },
      ),
    setOpeningBalances: async (_, { organizationId, ...args }, { principal, services }) =>
      payloadOf(
        await services.journal.setOpeningBalances(principal, organizationId, args),
        (journalEntry) => ({ journalEntry }),
        { journalEntry: null },
      ),
  },
  JournalEntry: {
    id: ({ entry }) => entry.id,
    txnDate: ({ entry }) => entry.txnDate,
    totalAmount: ({ entry }) => formatMoney(entry.totalMinor, currencyDecimals(entry.currency)),
    currency: ({ entry }) => entry.currency,
    memo: ({ entry }) => entry.memo,
    reference: ({ entry }) => entry.reference,
    source: ({ entry }) => sourceOf(entry.kind),
    eventId: ({ entry }) => entry.eventId,
    reversesEntryId: ({ entry }) => entry.reversesEntryId,
    createdAt: ({ entry }) => entry.createdAt,
    // An event's entry is answered without its lines and reversal; they are read when selected.
    lines: (parent, _, { principal, services }) =>
      parent.lines ?? services.journal.linesOfEntry(principal, parent.organizationId, parent.entry.id),
    reversedByEntryId: (parent, _, { principal, services }) =>
      parent.reversedByEntryId !== undefined
        ? parent.reversedByEntryId
        : services.journal.reversalOf(principal, parent.organizationId, parent.entry.id),
  },
}
