import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, resultPayload, valueOrError } from '../../graphql/payload.js'

export const categoryRuleResolvers: Resolvers = {
  Query: {
    listCategoryRules: async (_, { organizationId, ...args }, { principal, services }) =>
      valueOrError(await services.categoryRules.listCategoryRules(principal, organizationId, args)),
    previewCategoryRule: async (_, { organizationId, rule, limit }, { principal, services }) =>
      valueOrError(await services.categoryRules.previewCategoryRule(principal, organizationId, rule, limit)),
  },
  Mutation: {
    createCategoryRule: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.categoryRules.createCategoryRule(principal, organizationId, input),
        (categoryRule) => ({ categoryRule }),
        { categoryRule: null },
      ),
    updateCategoryRule: async (_, { organizationId, ruleId, ...input }, { principal, services }) =>
      payloadOf(
        await services.categoryRules.updateCategoryRule(principal, organizationId, ruleId, input),
        (categoryRule) => ({ categoryRule }),
        { categoryRule: null },
      ),
    deleteCategoryRule: async (_, { organizationId, ruleId }, { principal, services }) =>
      resultPayload(await services.categoryRules.deleteCategoryRule(principal, organizationId, ruleId)),
    applyCategoryRule: async (_, { organizationId, ruleId }, { principal, services }) =>
      payloadOf(
        await services.categoryRules.applyCategoryRule(principal, organizationId, ruleId),
        (applied) => applied,
        { classifiedCount: 0 },
      ),
  },
}
