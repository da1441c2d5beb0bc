import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, resultPayload } from '../../graphql/payload.js'

export const accessResolvers: Resolvers = {
  Query: {
    listApiKeys: (_, args, { principal, services }) =>
      services.access.listApiKeys(principal, args.organizationId),
    listMembers: (_, args, { principal, services }) =>
      services.access.listMembers(principal, args.organizationId),
  },
  Mutation: {
    tokenAuth: async (_, args, { services, clientAddress }) => ({
      token: await services.access.tokenAuth(args.email, args.password, clientAddress),
    }),
    createApiKey: async (_, args, { principal, services }) =>
      payloadOf(
        await services.access.createApiKey(principal, args.organizationId, args.name ?? undefined),
        (created) => ({ key: created.key, apiKey: created.apiKey }),
        { key: null, apiKey: null },
      ),
    revokeApiKey: async (_, args, { principal, services }) =>
      resultPayload(await services.access.revokeApiKey(principal, args.organizationId, args.apiKeyId)),
    addMember: async (_, args, { principal, services }) =>
      payloadOf(
        await services.access.addMember(principal, args.organizationId, args.email, args.role),
        (member) => ({ member }),
        { member: null },
      ),
    removeMember: async (_, args, { principal, services }) =>
      resultPayload(await services.access.removeMember(principal, args.organizationId, args.userId)),
  },
}
