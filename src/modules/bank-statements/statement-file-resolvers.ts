import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, resultPayload, valueOrError } from '../../graphql/payload.js'
import { bankFileImportAnswer, csvProfileAnswer } from './bank-file-answer.js'

export const bankFileResolvers: Resolvers = {
  Query: {
    listCsvImportProfiles: async (_, { organizationId, paymentAccountId }, { principal, services }) =>
      valueOrError(
        await services.bankFiles.listCsvImportProfiles(principal, organizationId, paymentAccountId),
      ).map(csvProfileAnswer),
  },
  Mutation: {
    importBankStatementFile: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.bankFiles.importBankStatementFile(principal, organizationId, input),
        bankFileImportAnswer,
        {
          format: null,
          encoding: null,
          currency: null,
          importedCount: 0,
          skippedCount: 0,
          rows: [],
          balanceCheck: null,
          statementAccountId: null,
          accountMismatch: false,
          suggestedCsvProfile: null,
        },
      ),
    createCsvImportProfile: async (
      _,
      { organizationId, paymentAccountId, profile },
      { principal, services },
    ) =>
      payloadOf(
        await services.bankFiles.createCsvImportProfile(principal, organizationId, paymentAccountId, profile),
        (record) => ({ csvImportProfile: csvProfileAnswer(record) }),
        { csvImportProfile: null },
      ),
    updateCsvImportProfile: async (_, { organizationId, profileId, profile }, { principal, services }) =>
      payloadOf(
        await services.bankFiles.updateCsvImportProfile(principal, organizationId, profileId, profile),
        (record) => ({ csvImportProfile: csvProfileAnswer(record) }),
        { csvImportProfile: null },
      ),
    deleteCsvImportProfile: async (_, { organizationId, profileId }, { principal, services }) =>
      resultPayload(await services.bankFiles.deleteCsvImportProfile(principal, organizationId, profileId)),
  },
}
