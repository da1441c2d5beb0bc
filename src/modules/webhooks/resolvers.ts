import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, resultPayload, valueOrError } from '../../graphql/payload.js'

export const webhookResolvers: Resolvers = {
  Query: {
    listWebhookEndpoints: (_, { organizationId }, { principal, services }) =>
      services.webhooks.listWebhookEndpoints(principal, organizationId),
    listWebhookDeliveries: async (_, { organizationId, endpointId, ...args }, { principal, services }) =>
      valueOrError(
        await services.webhooks.listWebhookDeliveries(principal, organizationId, endpointId, args),
      ),
  },
  Mutation: {
    createWebhookEndpoint: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.webhooks.createWebhookEndpoint(principal, organizationId, input),
        (created) => created,
        { endpoint: null, secret: null },
      ),
    updateWebhookEndpoint: async (_, { organizationId, endpointId, ...input }, { principal, services }) =>
      payloadOf(
        await services.webhooks.updateWebhookEndpoint(principal, organizationId, endpointId, input),
        (endpoint) => ({ endpoint, secret: null }),
        { endpoint: null, secret: null },
      ),
    deleteWebhookEndpoint: async (_, { organizationId, endpointId }, { principal, services }) =>
      resultPayload(await services.webhooks.deleteWebhookEndpoint(principal, organizationId, endpointId)),
    rotateWebhookSecret: async (_, { organizationId, endpointId }, { principal, services }) =>
      payloadOf(
        await services.webhooks.rotateWebhookSecret(principal, organizationId, endpointId),
        (rotated) => rotated,
        { endpoint: null, secret: null },
      ),
    redeliverWebhookEvent: async (_, { organizationId, endpointId, eventId }, { principal, services }) =>
      payloadOf(
        await services.webhooks.redeliverWebhookEvent(principal, organizationId, endpointId, eventId),
        (delivery) => ({ delivery }),
        { delivery: null },
      ),
  },
}
