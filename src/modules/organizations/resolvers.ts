import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf } from '../../graphql/payload.js'

export const organizationResolvers: Resolvers = {
  Query: {
    myOrganizations: (_, __, { principal, services }) => services.organizations.myOrganizations(principal),
  },
  Mutation: {
    createOrganization: async (_, args, { principal, services }) =>
      payloadOf(
        await services.organizations.createOrganization(principal, args.name),
        (organization) => ({ organization }),
        { organization: null },
      ),
  },
}
