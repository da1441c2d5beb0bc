import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf } from '../../graphql/payload.js'

export const organizationResolvers: Resolvers = {
  Query: {
    myOrganizations: (_, __, { principal, services }) => services.organizations.myOrganizations(principal),
  },
  Organization: {
    lockDate: (organization, _, { services }) => services.organizations.lockDateOf(organization.id),
  },
  Mutation: {
    setLockDate: async (_, { organizationId, lockDate }, { principal, services }) =>
      payloadOf(
        await services.organizations.setLockDate(principal, organizationId, lockDate ?? null),
        (organization) => ({ organization }),
        { organization: null },
      ),
    setFunctionalCurrency: async (_, args, { principal, services }) =>
      payloadOf(
        await services.organizations.setFunctionalCurrency(
          principal,
          args.organizationId,
          args.functionalCurrency,
        ),
        (organization) => ({ organization }),
        { organization: null },
      ),
    updateOrganizationProfile: async (_, { organizationId, ...changes }, { principal, services }) =>
      payloadOf(
        await services.organizations.updateProfile(principal, organizationId, changes),
        (organization) => ({ organization }),
        { organization: null },
      ),
    createOrganization: async (_, args, { principal, services }) =>
      payloadOf(
        await services.organizations.createOrganization(principal, args.name, args.functionalCurrency),
        (organization) => ({ organization }),
        { organization: null },
      ),
  },
}
