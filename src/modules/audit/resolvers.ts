import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { valueOrError } from '../../graphql/payload.js'
import type { Services } from '../../services.js'
import type { Principal } from '../access/principal.js'

async function auditPage(
  services: Services,
  principal: Principal,
  organizationId: string,
  args: {
    entityId?: string | null
    entityType?: string | null
    limit?: number | null
    offset?: number | null
  },
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
  { principal, services }: { principal: Principal; services: Services },
) => auditPage(services, principal, organizationId, { ...args, entityId: parent.id })

export const auditResolvers: Resolvers = {
  Query: {
    auditLog: async (_, { organizationId, ...args }, { principal, services }) =>
      auditPage(services, principal, organizationId, args),
  },
  LedgerEvent: { history },
  Account: { history },
  Contact: { history },
  Reconciliation: { history },
}
