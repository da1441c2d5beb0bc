import type { Resolvers } from '../../graphql/generated/resolvers-types.js'

export const practiceResolvers: Resolvers = {
  Query: {
    practiceOverview: (_, __, { principal, services }) => services.practice.practiceOverview(principal),
  },
}
