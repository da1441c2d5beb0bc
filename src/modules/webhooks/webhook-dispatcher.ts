import type { WebhookSettings } from '../../config.js'
import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction } from '../../db/transaction.js'
import { hitFaultPoint } from '../../fault-points.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import type { AccessPort } from '../access/access-port.js'
import type { AuditFeed, AuditRecorder, FeedEvent } from '../audit/audit-port.js'
import type { Resolve } from './webhook-address.js'
import { sendWebhook } from './webhook-sender.js'
import { endpointChange, feedFields } from './webhook-service.js'
import { signatureHeader } from './webhook-signature.js'
import type { ClaimedDelivery, EndpointCursor, WebhookStore } from './webhook-store.js'

/**
 * Sends the event feed to the endpoints that subscribe to it (ADR 0037, ADR 0047). Fan-out turns
 * each enabled endpoint's new feed events into delivery rows and moves its cursor in the same
 * transaction. Sending is a pool: each send runs on its own, and a slot that frees is filled at
 * once, so no delivery waits for a slow receiver of someone else. An endpoint has at most one
 * delivery in flight (its earliest pending one, under a lease), which keeps its feed order, and an
 * organization at most `webhookSendsPerOrganizationMax` of the pool, so receivers that hang hold
 * their own organization's share and nothing more. Every server process may run one: cursors move
 * only from where they were read, and a claim is a conditional update, so no event is queued twice
 * nor sent twice at once.
 */
export class WebhookDispatcher {
  private running = false
  private loop: Promise<void> | undefined
  private wake: (() => void) | undefined
  /** A wake-up that came while the loop was busy: the next wait returns at once. */
  private woken = false
  private idleMs: number = limits.webhookPollMs
  private readonly stopping = new AbortController()
  private readonly inFlight = new Set<Promise<void>>()
  private readonly inFlightByOrganization = new Map<string, number>()
  private fanOutDue = true
  private lastFanOutMs = Number.NEGATIVE_INFINITY

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
    this.wakeUp()
    await this.loop
    await Promise.allSettled([...this.inFlight])
  }

  nudge(): void {
    this.idleMs = limits.webhookPollMs
    this.fanOutDue = true
    this.wakeUp()
  }

  /**
   * A fan-out when one is due and sends into the pool's free slots; true when fan-out queued
   * anything. The sends it starts run on after it returns. Tests may call it.
   */
  async pass(): Promise<boolean> {
    let queued = false
    // Fan-out reads every organization's feed: while sends keep the loop busy it runs at the
    // poll's pace, not once per send.
    if (this.fanOutDue || performance.now() - this.lastFanOutMs >= limits.webhookPollMs) {
      this.fanOutDue = false
      this.lastFanOutMs = performance.now()
      queued = await this.fanOut()
      // A full page may have more behind it.
      if (queued) this.fanOutDue = true
    }
    await this.fillPool()
    // Sends that start are not more work for the loop: their endpoints are leased until they end,
    // and each one that ends wakes the loop to fill its slot.
    return queued
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
      if (worked) {
        this.idleMs = limits.webhookPollMs
        await new Promise<void>((resolve) => setImmediate(resolve))
        continue
      }
      // Idle, the poll slows down to a few seconds; a nudge or a send that ends brings it back.
      // While sends are in flight it stays quick, so other organizations' new events are not
      // left waiting behind receivers that hang.
      this.idleMs =
        this.inFlight.size > 0 ? limits.webhookPollMs : Math.min(this.idleMs * 2, limits.webhookIdlePollMaxMs)
      await this.sleep(this.idleMs)
    }
  }

  private wakeUp(): void {
    this.woken = true
    this.wake?.()
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false
      return Promise.resolve()
    }
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        this.wake = undefined
        this.woken = false
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.wake = done
    })
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
    const scope = this.deps.access.internalScope(organizationId)
    const page = await this.deps.audit.feed(scope, {
      after,
      limit: limits.webhookFanOutEventsMax,
    })
    if (!page.ok) throw new Error(page.error.message)
    const { items, lastSeq } = page.value
    // An endpoint ahead of the page's end waits for the ones behind it to catch up.
    const behind = endpoints.filter((endpoint) => endpoint.cursorSeq < lastSeq)
    if (behind.length === 0) return false
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

  /**
   * Claims deliveries for the pool's free slots, taking organizations in turn (oldest due first
   * within each) and none past its share, so a tenant with many endpoints does not crowd out one
   * with a single endpoint.
   */
  private async fillPool(): Promise<void> {
    if (!this.running && this.loop) return
    const free = limits.webhookSendsInFlightMax - this.inFlight.size
    if (free <= 0) return
    const share = limits.webhookSendsPerOrganizationMax
    const full = [...this.inFlightByOrganization]
      .filter(([, count]) => count >= share)
      .map(([organizationId]) => organizationId)
    const nowMs = this.deps.clock.now().getTime()
    const now = new Date(nowMs).toISOString()
    const due = await this.deps.store.dueHeads(this.deps.db, now, {
      limit: limits.webhookDueCandidatesMax,
      skip: full,
    })
    const queues = new Map<string, ClaimedDelivery[]>()
    for (const candidate of due) {
      const queue = queues.get(candidate.organizationId) ?? []
      queue.push(candidate)
      queues.set(candidate.organizationId, queue)
    }
    const chosen: ClaimedDelivery[] = []
    const taken = new Map<string, number>()
    while (chosen.length < free && queues.size > 0) {
      for (const [organizationId, queue] of queues) {
        if (chosen.length >= free) break
        const used = (this.inFlightByOrganization.get(organizationId) ?? 0) + (taken.get(organizationId) ?? 0)
        const next = queue.shift()
        if (!next || used >= share) {
          queues.delete(organizationId)
          continue
        }
        chosen.push(next)
        taken.set(organizationId, (taken.get(organizationId) ?? 0) + 1)
      }
    }
    const leaseUntil = new Date(nowMs + limits.webhookLeaseMs).toISOString()
    for (const candidate of chosen) {
      const claimed = await this.deps.store.claim(this.deps.db, candidate, now, leaseUntil)
      if (claimed) this.launch(claimed)
    }
  }

  private launch(claim: ClaimedDelivery): void {
    const { organizationId } = claim
    this.inFlightByOrganization.set(
      organizationId,
      (this.inFlightByOrganization.get(organizationId) ?? 0) + 1,
    )
    const sending: Promise<void> = this.send(claim)
      .catch((error: unknown) => this.deps.log('webhook send failed', error))
      .finally(() => {
        this.inFlight.delete(sending)
        const left = (this.inFlightByOrganization.get(organizationId) ?? 1) - 1
        if (left > 0) this.inFlightByOrganization.set(organizationId, left)
        else this.inFlightByOrganization.delete(organizationId)
        // The endpoint's next delivery, or another's, may go out now.
        this.wakeUp()
      })
    this.inFlight.add(sending)
  }

  private async send(claim: ClaimedDelivery): Promise<void> {
    const { organizationId, delivery, endpoint } = claim
    const scope = this.deps.access.internalScope(organizationId)
    const schedule = this.deps.settings.retryScheduleSeconds
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
      // Only this endpoint's sends mark it failing, and they go one at a time: a delivery that
      // went through to an endpoint that was not failing when it was claimed leaves it as it is.
      if (outcome.delivered && endpoint.failingSince === null) return
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
            ...endpointChange('disabled', endpoint.id, feedFields(current), {
              ...feedFields({ ...current, enabled: false }),
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
