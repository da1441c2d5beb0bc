import type { ContactParent } from '../../graphql/answers.js'
import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, refusedItems, valueOrError } from '../../graphql/payload.js'
import { currencyDecimals, defaultCurrency } from '../../kernel/currency.js'
import { moneyToNumber } from '../../kernel/money.js'
import type { ContactRecord } from './contact.js'

function contactToGraphQL(organizationId: string, contact: ContactRecord): ContactParent {
  return {
    organizationId,
    id: contact.id,
    contactType: contact.contactType,
    displayName: contact.displayName,
    email: contact.email,
    phone: contact.phone,
    businessNumber: contact.businessNumber,
    balance: moneyToNumber(contact.balanceMinor, currencyDecimals(defaultCurrency)),
    active: contact.active,
  }
}

export const contactResolvers: Resolvers = {
  Query: {
    listContacts: async (_, { organizationId, ...args }, { principal, services }) => {
      const page = valueOrError(await services.contacts.listContacts(principal, organizationId, args))
      return { ...page, items: page.items.map((contact) => contactToGraphQL(organizationId, contact)) }
    },
  },
  Mutation: {
    createContact: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.contacts.createContact(principal, organizationId, input),
        (contact) => ({ contact: contactToGraphQL(organizationId, contact) }),
        { contact: null },
      ),
    updateContact: async (_, { organizationId, contactId, ...changes }, { principal, services }) =>
      payloadOf(
        await services.contacts.updateContact(principal, organizationId, contactId, changes),
        (contact) => ({ contact: contactToGraphQL(organizationId, contact) }),
        { contact: null },
      ),
    batchCreateContacts: async (_, { organizationId, items }, { principal, services }) => {
      const result = await services.contacts.batchCreateContacts(principal, organizationId, items)
      return payloadOf(result, (outcome) => outcome, { created: 0, errors: refusedItems(result, items) })
    },
  },
}
