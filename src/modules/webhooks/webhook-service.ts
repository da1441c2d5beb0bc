import type { WebhookSettings } from '../../config.js'
import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { type Page, pageOf, parsePageRequest } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import { type AuditFeed, type AuditRecorder, feedTypes, isFeedType } from '../audit/audit-port.js'
import { checkWebhookUrl, type Resolve } from './webhook-address.js'
import { newWebhookSecret } from './webhook-signature.js'
import type {
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  WebhookStore,
} from './webhook-store.js'

// Subscriptions to the event feed (DESIGN 7.5, ADR 0037): owners and admins signed in as people
// manage them, since an endpoint receives every business fact of the organization. The secret
// is shown once, in the answer that makes it.

export interface WebhookEndpointView {
  id: string
  url: string
  description: string | null
  eventTypes: string[] | null
  enabled: boolean
  disabledAt: string | null
  createdAt: string
}

export interface WebhookDeliveryView {
  id: string
  eventId: string
  eventType: string
  seq: number
  status: string
  attemptCount: number
  nextAttemptAt: string | null
  createdAt: string
  lastError: string | null
  attempts: WebhookAttemptRecord[]
}

export class WebhookService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      access: AccessPort
      audit: AuditRecorder & AuditFeed
      store: WebhookStore
      settings: WebhookSettings
      resolve: Resolve
      /** Told when there is work now, so it need not wait for its next poll. */
      dispatcher: { nudge(): void }
    },
  ) {}

  async createWebhookEndpoint(
    principal: Principal,
    organizationId: string,
    input: { url: string; eventTypes?: readonly string[] | null; description?: string | null },
  ): Promise<Result<{ endpoint: WebhookEndpointView; secret: string }>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createWebhookEndpoint')
    const url = await checkWebhookUrl(input.url, this.deps.settings, this.deps.resolve)
    if (!url.ok) return url
    const eventTypes = checkEventTypes(input.eventTypes)
    if (!eventTypes.ok) return eventTypes
    const description = input.description ?? null
    if (description !== null && description.length > limits.webhookDescriptionLengthMax) {
      return fail(
        'WEBHOOK_DESCRIPTION_TOO_LONG',
        `description must be at most ${limits.webhookDescriptionLengthMax} characters.`,
        'description',
      )
    }
    // The endpoint hears of what happens from now on: its cursor starts at the feed's end.
    const cursorSeq = await this.deps.audit.feedHead(scope)
    const now = this.now()
    const endpoint: WebhookEndpointRecord = {
      id: newId(),
      url: url.value,
      description,
      eventTypes: eventTypes.value,
      enabled: true,
      secret: newWebhookSecret(),
      previousSecret: null,
      previousSecretUntil: null,
      cursorSeq,
      failingSince: null,
      disabledAt: null,
      createdAt: now,
      updatedAt: now,
    }
    const created = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      if ((await this.deps.store.countEndpoints(tx, scope)) >= limits.webhookEndpointsPerOrganizationMax) {
        return fail(
          'WEBHOOK_ENDPOINTS_TOO_MANY',
          `An organization may have at most ${limits.webhookEndpointsPerOrganizationMax} webhook endpoints.`,
        )
      }
      await this.deps.store.insertEndpoint(tx, scope, endpoint)
      await this.deps.audit.record(tx, scope, [
        endpointChange('created', endpoint.id, null, auditFields(endpoint)),
      ])
      return ok(true)
    })
    if (!created.ok) return created
    return ok({ endpoint: viewOf(endpoint), secret: endpoint.secret })
  }

  async updateWebhookEndpoint(
    principal: Principal,
    organizationId: string,
    endpointId: string,
    input: { url?: string | null; eventTypes?: readonly string[] | null; enabled?: boolean | null },
  ): Promise<Result<WebhookEndpointView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'updateWebhookEndpoint')
    let url: string | undefined
    if (input.url !== undefined && input.url !== null) {
      const checked = await checkWebhookUrl(input.url, this.deps.settings, this.deps.resolve)
      if (!checked.ok) return checked
      url = checked.value
    }
    let eventTypes: string[] | null | undefined
    if (input.eventTypes !== undefined && input.eventTypes !== null) {
      const checked = checkEventTypes(input.eventTypes)
      if (!checked.ok) return checked
      eventTypes = checked.value
    }
    const updated = await this.changeEndpoint(scope, endpointId, async (tx, existing) => {
      const enabled = input.enabled ?? existing.enabled
      const reenabled = enabled && !existing.enabled
      const changes = {
        ...(url !== undefined ? { url } : {}),
        ...(eventTypes !== undefined ? { eventTypes } : {}),
        enabled,
        // Turned on again, an endpoint starts a fresh count towards being disabled.
        ...(reenabled ? { failingSince: null, disabledAt: null } : {}),
        ...(!enabled && existing.enabled ? { disabledAt: this.now() } : {}),
      }
      await this.deps.store.updateEndpoint(tx, scope, endpointId, changes, this.now())
      const after = { ...existing, ...changes }
      await this.deps.audit.record(tx, scope, [
        endpointChange('updated', endpointId, auditFields(existing), auditFields(after)),
      ])
      return ok(viewOf(after))
    })
    if (updated.ok && updated.value.enabled) this.deps.dispatcher.nudge()
    return updated
  }

  async deleteWebhookEndpoint(
    principal: Principal,
    organizationId: string,
    endpointId: string,
  ): Promise<Result<true>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'deleteWebhookEndpoint')
    return this.changeEndpoint(scope, endpointId, async (tx, existing) => {
      if (!(await this.deps.store.deleteEndpoint(tx, scope, endpointId))) return endpointNotFound()
      await this.deps.audit.record(tx, scope, [
        endpointChange('deleted', endpointId, auditFields(existing), null),
      ])
      return ok(true as const)
    })
  }

  /**
   * A new secret; the one it replaces keeps signing beside it for a day, so a receiver can switch
   * over without refusing a delivery in between.
   */
  async rotateWebhookSecret(
    principal: Principal,
    organizationId: string,
    endpointId: string,
  ): Promise<Result<{ endpoint: WebhookEndpointView; secret: string }>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'rotateWebhookSecret')
    const secret = newWebhookSecret()
    return this.changeEndpoint(scope, endpointId, async (tx, existing) => {
      const until = new Date(this.deps.clock.now().getTime() + limits.webhookOldSecretMs).toISOString()
      await this.deps.store.updateEndpoint(
        tx,
        scope,
        endpointId,
        { secret, previousSecret: existing.secret, previousSecretUntil: until },
        this.now(),
      )
      await this.deps.audit.record(tx, scope, [
        endpointChange('secret_rotated', endpointId, null, { previousSecretValidUntil: until }),
      ])
      return ok({ endpoint: viewOf(existing), secret })
    })
  }

  async listWebhookEndpoints(principal: Principal, organizationId: string): Promise<WebhookEndpointView[]> {
    return this.endpointsIn(
      await this.deps.access.authorize(principal, organizationId, 'listWebhookEndpoints'),
    )
  }

  /** The operator CLI's reading, for an organization whose people cannot say what went wrong. */
  async listWebhookEndpointsAsOperator(organizationId: string): Promise<WebhookEndpointView[]> {
    return this.endpointsIn(await this.deps.access.authorizeOperator(organizationId))
  }

  async listWebhookDeliveries(
    principal: Principal,
    organizationId: string,
    endpointId: string,
    args: { limit?: number | null; offset?: number | null },
  ): Promise<Result<Page<WebhookDeliveryView>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listWebhookDeliveries')
    return this.deliveriesIn(scope, endpointId, args)
  }

  async listWebhookDeliveriesAsOperator(
    organizationId: string,
    endpointId: string,
    args: { limit?: number | null; offset?: number | null },
  ): Promise<Result<Page<WebhookDeliveryView>>> {
    return this.deliveriesIn(await this.deps.access.authorizeOperator(organizationId), endpointId, args)
  }

  private async endpointsIn(scope: OrgScope): Promise<WebhookEndpointView[]> {
    return (await this.deps.store.listEndpoints(this.deps.db, scope)).map(viewOf)
  }

  private async deliveriesIn(
    scope: OrgScope,
    endpointId: string,
    args: { limit?: number | null; offset?: number | null },
  ): Promise<Result<Page<WebhookDeliveryView>>> {
    const page = parsePageRequest(args, ['seq'], { sortBy: 'seq', sortDir: 'desc' })
    if (!page.ok) return page
    const endpoint = await this.deps.store.findEndpoint(this.deps.db, scope, endpointId)
    if (!endpoint) return endpointNotFound()
    const found = await this.deps.store.deliveriesPage(this.deps.db, scope, endpointId, page.value)
    return ok(pageOf(await this.views(scope, found.items), found.totalCount, page.value))
  }

  /** One more delivery of an event the endpoint was sent, under the same webhook-id. */
  async redeliverWebhookEvent(
    principal: Principal,
    organizationId: string,
    endpointId: string,
    eventId: string,
  ): Promise<Result<WebhookDeliveryView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'redeliverWebhookEvent')
    return this.redeliverIn(scope, endpointId, eventId)
  }

  /**
   * The operator's redelivery, queued for the server's dispatcher: the CLI's process sends
   * nothing itself, so the delivery goes out at the server's next poll, a couple of seconds at most.
   */
  async redeliverWebhookEventAsOperator(
    organizationId: string,
    endpointId: string,
    eventId: string,
  ): Promise<Result<WebhookDeliveryView>> {
    return this.redeliverIn(await this.deps.access.authorizeOperator(organizationId), endpointId, eventId)
  }

  private async redeliverIn(
    scope: OrgScope,
    endpointId: string,
    eventId: string,
  ): Promise<Result<WebhookDeliveryView>> {
    const queued = await this.changeEndpoint(scope, endpointId, async (tx) => {
      const original = await this.deps.store.deliveryOfEvent(tx, scope, endpointId, eventId)
      if (!original) {
        return fail(
          'WEBHOOK_EVENT_NOT_FOUND',
          'This endpoint was never sent an event with this id.',
          'eventId',
        )
      }
      const id = newId()
      const now = this.now()
      await this.deps.store.insertDeliveries(tx, scope, [
        {
          id,
          endpointId,
          eventId,
          eventSeq: original.eventSeq,
          eventType: original.eventType,
          deliveryKey: id,
          body: original.body,
          nextAttemptAt: now,
          createdAt: now,
        },
      ])
      return ok(id)
    })
    if (!queued.ok) return queued
    this.deps.dispatcher.nudge()
    const delivery = await this.deps.store.findDelivery(this.deps.db, scope, queued.value)
    if (!delivery)
      return fail('WEBHOOK_EVENT_NOT_FOUND', 'This endpoint was never sent an event with this id.', 'eventId')
    const [view] = await this.views(scope, [delivery])
    return ok(view as WebhookDeliveryView)
  }

  /** Runs `change` in a transaction with the endpoint held still, or refuses an unknown endpoint. */
  private changeEndpoint<T>(
    scope: OrgScope,
    endpointId: string,
    change: (tx: Executor, existing: WebhookEndpointRecord) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const existing = await this.deps.store.findEndpoint(tx, scope, endpointId, true)
      return existing ? change(tx, existing) : endpointNotFound()
    })
  }

  private async views(scope: OrgScope, deliveries: WebhookDeliveryRecord[]): Promise<WebhookDeliveryView[]> {
    const attempts = await this.deps.store.attemptsOf(
      this.deps.db,
      scope,
      deliveries.map((d) => d.id),
    )
    return deliveries.map((d) => ({
      id: d.id,
      eventId: d.eventId,
      eventType: d.eventType,
      seq: d.eventSeq,
      status: d.status,
      attemptCount: d.attempts,
      nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt : null,
      createdAt: d.createdAt,
      lastError: d.lastError,
      attempts: attempts.filter((a) => a.deliveryId === d.id).sort((x, y) => y.attempt - x.attempt),
    }))
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

function checkEventTypes(types: readonly string[] | null | undefined): Result<string[] | null> {
  if (types === null || types === undefined || types.length === 0) return ok(null)
  const unknown = types.find((type) => !isFeedType(type))
  if (unknown !== undefined) {
    return fail(
      'WEBHOOK_EVENT_TYPE_UNKNOWN',
      `eventTypes must be among: ${feedTypes.join(', ')}; got ${JSON.stringify(unknown)}.`,
      'eventTypes',
    )
  }
  return ok([...new Set(types)])
}

export function viewOf(endpoint: WebhookEndpointRecord): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    enabled: endpoint.enabled,
    disabledAt: endpoint.disabledAt,
    createdAt: endpoint.createdAt,
  }
}

/** What the audit log (owners and admins alone) keeps of an endpoint: never its secrets. */
export const auditFields = (endpoint: Pick<WebhookEndpointRecord, 'url' | 'eventTypes' | 'enabled'>) => ({
  url: endpoint.url,
  eventTypes: endpoint.eventTypes,
  enabled: endpoint.enabled,
})

/**
 * What a record of the feed keeps of an endpoint: the feed reaches members and API keys, and is
 * sent to every other endpoint, while the URL may carry the receiver's token. The id names it for
 * those who may look it up.
 */
export const feedFields = (endpoint: Pick<WebhookEndpointRecord, 'id' | 'eventTypes' | 'enabled'>) => ({
  endpointId: endpoint.id,
  eventTypes: endpoint.eventTypes,
  enabled: endpoint.enabled,
})

export const endpointChange = (verb: string, endpointId: string, before: unknown, after: unknown) => ({
  operation: `webhook_endpoint.${verb}`,
  entityType: 'webhook_endpoint',
  entityId: endpointId,
  before,
  after,
})

const endpointNotFound = () =>
  fail('WEBHOOK_ENDPOINT_NOT_FOUND', 'No webhook endpoint with this id.', 'endpointId')
