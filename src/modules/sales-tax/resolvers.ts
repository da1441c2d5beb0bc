import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, valueOrError } from '../../graphql/payload.js'

export const salesTaxResolvers: Resolvers = {
  Query: {
    salesTaxReturn: async (_, { organizationId, ...args }, { principal, services }) =>
      valueOrError(await services.salesTax.salesTaxReturn(principal, organizationId, args)),
    salesTaxReturnLineDetail: async (_, { organizationId, ...args }, { principal, services }) =>
      valueOrError(await services.salesTax.lineDetail(principal, organizationId, args)),
    listSalesTaxReturns: async (_, { organizationId, ...args }, { principal, services }) =>
      valueOrError(await services.salesTax.listSalesTaxReturns(principal, organizationId, args)),
  },
  Mutation: {
    fileSalesTaxReturn: async (_, { organizationId, ...args }, { principal, services }) =>
      payloadOf(
        await services.salesTax.fileSalesTaxReturn(principal, organizationId, args),
        ({ taxReturn, journalEntryId }) => ({ return: taxReturn, journalEntryId }),
        { return: null, journalEntryId: null },
      ),
  },
}
