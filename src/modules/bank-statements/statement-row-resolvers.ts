import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf } from '../../graphql/payload.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'

export const bankImportResolvers: Resolvers = {
  Mutation: {
    checkBankStatementDups: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.bankImport.checkBankStatementDups(principal, organizationId, input),
        ({ verdicts, currency }) => ({
          results: verdicts.map((verdict) => ({
            ...verdict,
            nearMatches: verdict.nearMatches.map((event) => ({
              eventId: event.id,
              transactionDate: event.transactionDate,
              merchantName: event.merchantName,
              // In the rows' currency, which is the organization's unless the call names another.
              amount: formatMoney(event.amountMinor, currencyDecimals(currency)),
            })),
          })),
        }),
        { results: [] },
      ),
    importBankStatement: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.bankImport.importBankStatement(principal, organizationId, input),
        ({ importedCount, skippedCount }) => ({ importedCount, skippedCount }),
        { importedCount: 0, skippedCount: 0 },
      ),
  },
}
