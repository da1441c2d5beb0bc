import type { GraphQLContext } from '../../graphql/context.js'
import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { valueOrError } from '../../graphql/payload.js'
import type { AuditService } from './audit-service.js'

async function auditPage(
  { principal, services }: GraphQLContext,
  organizationId: string,
  args: Parameters<AuditService['auditLog']>[2],
) {
  const page = valueOrError(await services.audit.auditLog(principal, organizationId, args))
  // Every record the log returns is sealed: it has its seq and hash.
  return {
    ...page,
    items: page.items.map((record) => ({ ...record, seq: record.seq ?? 0, hash: record.hash ?? '' })),
  }
}

/** `history` on an object: the log narrowed to the object's id. */
const history = async (
  parent: { id: string },
  { organizationId, ...args }: { organizationId: string; limit?: number | null; offset?: number | null },
  context: GraphQLContext,
) => auditPage(context, organizationId, { ...args, entityId: parent.id })

export const auditResolvers: Resolvers = {
  Query: {
    auditLog: async (_, { organizationId, ...args }, context) => auditPage(context, organizationId, args),
    events: async (_, { organizationId, ...args }, { principal, services }) =>
      valueOrError(await services.audit.events(principal, organizationId, args)),
  },
  LedgerEvent: { history },
  Account: { history },
  Contact: { history },
  Reconciliation: { history },
}
