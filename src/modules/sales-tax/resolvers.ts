import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { valueOrError } from '../../graphql/payload.js'

export const salesTaxResolvers: Resolvers = {
  Query: {
    salesTaxReturn: async (_, { organizationId, ...args }, { principal, services }) =>
      valueOrError(await services.salesTax.salesTaxReturn(principal, organizationId, args)),
    salesTaxReturnLineDetail: async (_, { organizationId, ...args }, { principal, services }) =>
      valueOrError(await services.salesTax.lineDetail(principal, organizationId, args)),
  },
}
