import type { WebhookSettings } from '../../config.js'
import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction } from '../../db/transaction.js'
import { hitFaultPoint } from '../../fault-points.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import type { AccessService } from '../access/access-service.js'
import type { AuditTrail } from '../audit/audit-trail.js'
import type { FeedEvent } from '../audit/event-feed.js'
import type { Resolve } from './webhook-address.js'
import { sendWebhook } from './webhook-sender.js'
import { auditFields, endpointChange } from './webhook-service.js'
import { signatureHeader } from './webhook-signature.js'
import type { ClaimedDelivery, EndpointCursor, WebhookStore } from './webhook-store.js'

/**
 * Sends the event feed to the endpoints that subscribe to it (ADR 0037), in two steps a pass:
 * fan-out turns each enabled endpoint's new feed events into delivery rows and moves its cursor
 * in the same transaction; sending claims due deliveries under a lease, posts them, and records
 * each attempt. Every server process may run one: cursors move only from where they were read,
 * and a claim is a conditional update, so no event is queued twice nor sent twice at once.
 */
export class WebhookDispatcher {
  private running = false
  private loop: Promise<void> | undefined
  private wake: (() => void) | undefined
  private idleMs: number = limits.webhookPollMs
  private readonly stopping = new AbortController()

  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      access: AccessService
      audit: AuditTrail
      store: WebhookStore
      settings: WebhookSettings
      resolve: Resolve
      log: (message: string, error: unknown) => void
    },
  ) {}

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.run()
  }

  /** Lets the sends in flight end (aborted), then stops; an aborted send is retried by the next claim. */
  async stop(): Promise<void> {
    this.running = false
    this.stopping.abort()
    this.wake?.()
    await this.loop
  }

  nudge(): void {
    this.idleMs = limits.webhookPollMs
    this.wake?.()
  }

  /** One fan-out and one round of sends; true when there was anything to do. Tests may call it. */
  async pass(): Promise<boolean> {
    const queued = await this.fanOut()
    const sent = await this.sendDue()
    return queued || sent
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = false
      try {
        worked = await this.pass()
      } catch (error) {
        this.deps.log('webhook pass failed', error)
      }
      if (!this.running) break
      // A pass that found work is followed at once: one endpoint has one delivery in flight, so
      // a pause here would bound its rate. Idle, the poll slows down to a few seconds; a nudge
      // brings it back.
      if (worked) {
        this.idleMs = limits.webhookPollMs
        await new Promise<void>((resolve) => setImmediate(resolve))
        continue
      }
      this.idleMs = Math.min(this.idleMs * 2, limits.webhookIdlePollMaxMs)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.idleMs)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = undefined
    }
  }

  // ---- fan-out --------------------------------------------------------------------------------

  private async fanOut(): Promise<boolean> {
    const byOrganization = new Map<string, EndpointCursor[]>()
    for (const endpoint of await this.deps.store.enabledEndpoints(this.deps.db)) {
      const endpoints = byOrganization.get(endpoint.organizationId) ?? []
      endpoints.push(endpoint)
      byOrganization.set(endpoint.organizationId, endpoints)
    }
    let queued = false
    for (const [organizationId, endpoints] of byOrganization) {
      if (!this.running && this.loop) break
      try {
        if (await this.fanOutIn(organizationId, endpoints)) queued = true
      } catch (error) {
        this.deps.log('webhook fan-out failed', error)
      }
    }
    return queued
  }

  /**
   * One read of the organization's feed, from the endpoint furthest behind, and one transaction
   * queueing it for all of its endpoints: the cost of a pass grows with organizations, not with
   * endpoints.
   */
  private async fanOutIn(organizationId: string, endpoints: EndpointCursor[]): Promise<boolean> {
    const after = Math.min(...endpoints.map((endpoint) => endpoint.cursorSeq))
    // Reading the feed seals what was committed first, so every acknowledged change is in it.
    const page = await this.deps.audit.eventsAsOperator(organizationId, {
      after,
      limit: limits.webhookFanOutEventsMax,
    })
    if (!page.ok) throw new Error(page.error.message)
    const { items, lastSeq } = page.value
    // An endpoint ahead of the page's end waits for the ones behind it to catch up.
    const behind = endpoints.filter((endpoint) => endpoint.cursorSeq < lastSeq)
    if (behind.length === 0) return false
    const scope = this.deps.access.internalScope(organizationId)
    const now = this.now()
    return inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      let queued = false
      for (const endpoint of behind) {
        const moved = await this.deps.store.advanceCursor(tx, scope, endpoint.id, endpoint.cursorSeq, lastSeq)
        if (!moved) continue
        const types = endpoint.eventTypes ? new Set(endpoint.eventTypes) : undefined
        const events = items.filter(
          (event) => event.seq > endpoint.cursorSeq && (!types || types.has(event.type)),
        )
        await this.deps.store.insertDeliveries(
          tx,
          scope,
          events.map((event) => ({
            id: newId(),
            endpointId: endpoint.id,
            eventId: event.id,
            eventSeq: event.seq,
            eventType: event.type,
            deliveryKey: 'first',
            body: bodyOf(event),
            nextAttemptAt: now,
            createdAt: now,
          })),
        )
        if (events.length > 0) queued = true
      }
      return queued
    })
  }

  // ---- sending --------------------------------------------------------------------------------

  private async sendDue(): Promise<boolean> {
    const nowMs = this.deps.clock.now().getTime()
    const claimed = await inTransaction(this.deps.db, this.deps.engine, (tx) =>
      this.deps.store.claimDue(
        tx,
        new Date(nowMs).toISOString(),
        new Date(nowMs + limits.webhookLeaseMs).toISOString(),
        limits.webhookSendsInFlightMax,
      ),
    )
    await Promise.all(
      claimed.map((claim) =>
        this.send(claim).catch((error: unknown) => this.deps.log('webhook send failed', error)),
      ),
    )
    return claimed.length > 0
  }

  private async send(claim: ClaimedDelivery): Promise<void> {
    const { organizationId, delivery } = claim
    const scope = this.deps.access.internalScope(organizationId)
    const schedule = this.deps.settings.retryScheduleSeconds
    const endpoint = await this.deps.store.findEndpoint(this.deps.db, scope, delivery.endpointId)
    if (!endpoint) return
    const attemptsMax = schedule.length + 1
    const at = this.deps.clock.now()
    let outcome: Awaited<ReturnType<typeof sendWebhook>>
    if (delivery.attempts > attemptsMax) {
      // The claim counted an attempt past the last: the last one's process stopped before it
      // could report, so this delivery has had all its attempts.
      outcome = {
        delivered: false,
        statusCode: null,
        durationMs: 0,
        responseBody: null,
        error: 'The process sending the last attempt stopped before it finished.',
      }
    } else {
      const timestamp = Math.floor(at.getTime() / 1000)
      const secrets = [endpoint.secret]
      if (
        endpoint.previousSecret &&
        endpoint.previousSecretUntil &&
        endpoint.previousSecretUntil > at.toISOString()
      ) {
        secrets.push(endpoint.previousSecret)
      }
      outcome = await sendWebhook(
        {
          url: endpoint.url,
          body: delivery.body,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Daybook-Webhooks/1',
            'webhook-id': delivery.eventId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signatureHeader(secrets, delivery.eventId, timestamp, delivery.body),
          },
        },
        this.deps.settings,
        this.deps.resolve,
        () => this.deps.clock.now().getTime(),
        this.stopping.signal,
      )
      // Stopping cut the attempt short: the receiver did nothing wrong. The lease runs out and
      // the next process to claim the delivery counts it as one more attempt, within the schedule.
      if (this.stopping.signal.aborted && !outcome.delivered) return
      hitFaultPoint('webhook.sent')
    }
    const now = this.deps.clock.now()
    const nowText = now.toISOString()
    await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      await this.deps.store.recordAttempt(tx, scope, {
        deliveryId: delivery.id,
        attempt: delivery.attempts,
        at: at.toISOString(),
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        responseBody: outcome.responseBody,
        error: outcome.error,
      })
      const last = delivery.attempts >= attemptsMax
      const waitSeconds = schedule[delivery.attempts - 1] ?? 0
      const settled = await this.deps.store.settleDelivery(
        tx,
        scope,
        delivery.id,
        delivery.attempts,
        outcome.delivered
          ? { status: 'delivered', nextAttemptAt: nowText, lastError: null }
          : {
              status: last ? 'failed' : 'pending',
              nextAttemptAt: new Date(now.getTime() + waitSeconds * 1000).toISOString(),
              lastError: outcome.error,
            },
        nowText,
      )
      if (!settled) return
      const current = await this.deps.store.findEndpoint(tx, scope, endpoint.id, true)
      if (!current) return
      if (outcome.delivered) {
        if (current.failingSince !== null) {
          await this.deps.store.updateEndpoint(tx, scope, endpoint.id, { failingSince: null }, nowText)
        }
        return
      }
      const failingSince = current.failingSince ?? at.toISOString()
      const failingMs = now.getTime() - Date.parse(failingSince)
      if (current.enabled && failingMs >= limits.webhookFailingMsMax) {
        await this.deps.store.updateEndpoint(
          tx,
          scope,
          endpoint.id,
          { enabled: false, disabledAt: nowText, failingSince },
          nowText,
        )
        await this.deps.audit.record(tx, scope, [
          {
            ...endpointChange('disabled', endpoint.id, auditFields(current), {
              ...auditFields({ ...current, enabled: false }),
              failingSince,
              reason: `No delivery succeeded since ${failingSince}.`,
            }),
          },
        ])
      } else if (current.failingSince === null) {
        await this.deps.store.updateEndpoint(tx, scope, endpoint.id, { failingSince }, nowText)
      }
    })
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

/**
 * The body every attempt of a delivery sends: Standard Webhooks' envelope around the feed event,
 * whose `data` (JSON text in the feed) is parsed here so a receiver parses once. The timestamp is
 * when the event happened; webhook-timestamp says when it was sent.
 */
export function bodyOf(event: FeedEvent): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.occurredAt,
    data: { ...event, data: JSON.parse(event.data) as unknown },
  })
}
