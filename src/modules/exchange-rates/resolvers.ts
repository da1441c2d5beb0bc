import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, valueOrError } from '../../graphql/payload.js'

export const exchangeRateResolvers: Resolvers = {
  Query: {
    listExchangeRates: async (_, { organizationId, ...args }, { principal, services }) =>
      valueOrError(await services.exchangeRates.listExchangeRates(principal, organizationId, args)),
  },
  Mutation: {
    setExchangeRates: async (_, { organizationId, rates }, { principal, services }) =>
      payloadOf(
        await services.exchangeRates.setExchangeRates(principal, organizationId, rates),
        (savedCount) => ({ savedCount }),
        { savedCount: 0 },
      ),
  },
}
