import type { AccountParent } from '../../graphql/answers.js'
import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, refusedItems, valueOrError } from '../../graphql/payload.js'
import { currencyDecimals, defaultCurrency } from '../../kernel/currency.js'
import { moneyToNumber } from '../../kernel/money.js'
import type { AccountView } from './account-service.js'

export function accountToGraphQL(account: AccountView): AccountParent {
  return {
    id: account.id,
    name: account.name,
    accountType: account.accountType,
    classification: account.classification,
    subType: account.subType,
    currentBalance: moneyToNumber(account.currentBalanceMinor, currencyDecimals(defaultCurrency)),
    active: account.active,
    taxCode: account.taxCode,
    lastFour: account.lastFour,
    parentId: account.parentId,
  }
}

export const accountResolvers: Resolvers = {
  Query: {
    listAccounts: async (_, { organizationId, ...args }, { principal, services }) => {
      const page = valueOrError(await services.accounts.listAccounts(principal, organizationId, args))
      return { ...page, items: page.items.map(accountToGraphQL) }
    },
  },
  Mutation: {
    createAccount: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.accounts.createAccount(principal, organizationId, input),
        (account) => ({ account: accountToGraphQL(account) }),
        { account: null },
      ),
    batchCreateAccounts: async (_, { organizationId, items }, { principal, services }) => {
      const result = await services.accounts.batchCreateAccounts(principal, organizationId, items)
      return payloadOf(result, (outcome) => outcome, { created: 0, errors: refusedItems(result, items) })
    },
  },
}
