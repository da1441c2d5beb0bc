import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { valueOrError } from '../../graphql/payload.js'

export const auditResolvers: Resolvers = {
  Query: {
    auditLog: async (_, { organizationId, ...args }, { principal, services }) => {
      const page = valueOrError(await services.audit.auditLog(principal, organizationId, args))
      // Every record the log returns is sealed: it has its seq and hash.
      return {
        ...page,
        items: page.items.map((record) => ({ ...record, seq: record.seq ?? 0, hash: record.hash ?? '' })),
      }
    },
  },
}
