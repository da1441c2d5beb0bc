import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, resultPayload } from '../../graphql/payload.js'
import { scopes } from './principal.js'

export const accessResolvers: Resolvers = {
  Query: {
    myAccess: async (_, args, { principal, services }) => {
      const { actor } = await services.access.myAccess(principal, args.organizationId)
      return actor.kind === 'user'
        ? { role: actor.role, scopes: null }
        : { role: null, scopes: [...(actor.scopes ?? scopes)] }
    },
    listApiKeys: (_, args, { principal, services }) =>
      services.access.listApiKeys(principal, args.organizationId),
    listMembers: (_, args, { principal, services }) =>
      services.access.listMembers(principal, args.organizationId),
  },
  ApiKey: {
    scopes: (apiKey) => [...(apiKey.scopes ?? scopes)],
  },
  Mutation: {
    tokenAuth: async (_, args, { services, clientAddress }) => ({
      token: await services.access.tokenAuth(args.email, args.password, clientAddress),
    }),
    createApiKey: async (_, args, { principal, services }) =>
      payloadOf(
        await services.access.createApiKey(
          principal,
          args.organizationId,
          args.name ?? undefined,
          args.scopes,
        ),
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
    updateMemberRole: async (_, args, { principal, services }) =>
      payloadOf(
        await services.access.updateMemberRole(principal, args.organizationId, args.userId, args.role),
        (member) => ({ member }),
        { member: null },
      ),
    removeMember: async (_, args, { principal, services }) =>
      resultPayload(await services.access.removeMember(principal, args.organizationId, args.userId)),
  },
}
