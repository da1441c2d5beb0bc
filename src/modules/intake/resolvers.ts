import type { IntakeAddress, Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, resultPayload } from '../../graphql/payload.js'
import type { IntakeAddressRecord } from './intake-address-store.js'

const toGraphQL = (record: IntakeAddressRecord): IntakeAddress => ({
  id: record.id,
  addressType: record.addressType,
  address: record.address,
  label: record.label,
  active: record.active,
  created: record.createdAt,
})

export const intakeResolvers: Resolvers = {
  Query: {
    listIntakeAddresses: async (_, { organizationId }, { principal, services }) =>
      (await services.intake.listIntakeAddresses(principal, organizationId)).map(toGraphQL),
  },
  Mutation: {
    createIntakeAddress: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.intake.createIntakeAddress(principal, organizationId, input),
        (record) => ({ intakeAddress: toGraphQL(record) }),
        { intakeAddress: null },
      ),
    deleteIntakeAddress: async (_, { organizationId, intakeAddressId }, { principal, services }) =>
      resultPayload(await services.intake.deleteIntakeAddress(principal, organizationId, intakeAddressId)),
  },
}
