import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { valueOrError } from '../../graphql/payload.js'

export const taxCodeResolvers: Resolvers = {
  Query: {
    listTaxCodes: async (_, { organizationId, ...args }, { principal, services }) =>
      valueOrError(await services.taxCodes.listTaxCodes(principal, organizationId, args)),
    listSalesTaxCodes: async (_, { organizationId, ...args }, { principal, services }) => {
      const page = valueOrError(await services.taxCodes.listSalesTaxCodes(principal, organizationId, args))
      return { ...page, items: page.items.map((code) => ({ ...code, rates: [...code.rates] })) }
    },
  },
}
