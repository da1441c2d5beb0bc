import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf } from '../../graphql/payload.js'

export const processorImportResolvers: Resolvers = {
  Mutation: {
    importProcessorBalance: async (_, { organizationId, csv, dryRun, review }, { principal, services }) =>
      payloadOf(
        await services.processorImport.importProcessorBalance(principal, organizationId, csv, {
          dryRun: dryRun ?? false,
          review: review ?? false,
        }),
        (summary) => summary,
        {
          batchId: null,
          created: 0,
          skippedAppFee: 0,
          skippedDupe: 0,
          eventCount: 0,
          dryRun: dryRun ?? false,
          heldForRate: null,
        },
      ),
    deleteProcessorImports: async (_, { organizationId, batchId, dryRun }, { principal, services }) =>
      payloadOf(
        await services.processorImport.deleteProcessorImports(principal, organizationId, {
          ...(batchId != null ? { batchId } : {}),
          dryRun: dryRun ?? false,
        }),
        (summary) => summary,
        { deleted: 0, dryRun: dryRun ?? false },
      ),
  },
}
