import type { Command } from 'commander'
import { limits } from '../../kernel/limits.js'
import type { WebhookDeliveryView } from '../../modules/webhooks/webhook-service.js'
import { type CliIo, printJson, requireLimit, requireUuid, unwrap, withCore } from '../shared.js'

export function addWebhookCommands(program: Command, io: CliIo): void {
  const webhooks = program
    .command('webhooks')
    .description("An organization's webhook endpoints and what was sent to them (DESIGN 7.5).")
  webhooks
    .command('list')
    .description("The organization's endpoints, without their secrets.")
    .requiredOption('--org-id <id>', 'the organization id')
    .action((options: { orgId: string }) =>
      withCore(async (core) => {
        const organizationId = requireUuid('--org-id', options.orgId)
        printJson(io, {
          endpoints: await core.services.webhooks.listWebhookEndpointsAsOperator(organizationId),
        })
      }),
    )
  addDeliveries(webhooks, io)
  addRedeliver(webhooks, io)
}

function addDeliveries(webhooks: Command, io: CliIo): void {
  webhooks
    .command('deliveries')
    .description("An endpoint's deliveries, the newest event first, each with its attempts.")
    .requiredOption('--org-id <id>', 'the organization id')
    .requiredOption('--endpoint-id <id>', 'the endpoint id')
    .option('--limit <count>', `at most this many (1 to ${limits.pageSizeMax})`, '20')
    .action((options: { orgId: string; endpointId: string; limit: string }) =>
      withCore(async (core) => {
        const organizationId = requireUuid('--org-id', options.orgId)
        const endpointId = requireUuid('--endpoint-id', options.endpointId)
        const limit = requireLimit(options.limit, limits.pageSizeMax)
        const page = unwrap(
          await core.services.webhooks.listWebhookDeliveriesAsOperator(organizationId, endpointId, { limit }),
        )
        printJson(io, { deliveries: page.items.map(deliveryAnswer) })
      }),
    )
}

function addRedeliver(webhooks: Command, io: CliIo): void {
  webhooks
    .command('redeliver')
    .description(
      'Queue one more delivery of an event the endpoint was sent, under the same webhook-id; the server sends it.',
    )
    .requiredOption('--org-id <id>', 'the organization id')
    .requiredOption('--endpoint-id <id>', 'the endpoint id')
    .requiredOption('--event-id <id>', "the feed event's id (its webhook-id)")
    .action((options: { orgId: string; endpointId: string; eventId: string }) =>
      withCore(async (core) => {
        const delivery = unwrap(
          await core.services.webhooks.redeliverWebhookEventAsOperator(
            requireUuid('--org-id', options.orgId),
            requireUuid('--endpoint-id', options.endpointId),
            requireUuid('--event-id', options.eventId),
          ),
        )
        printJson(io, deliveryAnswer(delivery))
      }),
    )
}

/** A delivery as listWebhookDeliveries answers it, so the CLI and the API read alike. */
function deliveryAnswer(delivery: WebhookDeliveryView) {
  return {
    ...delivery,
    attempts: delivery.attempts.map(({ deliveryId: _deliveryId, ...attempt }) => attempt),
  }
}
