import { sql } from 'kysely'
import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { acrossOrganizations } from '../../db/tenant-scope.js'
import type { OrgScope } from '../access/principal.js'

export interface WebhookEndpointRecord {
  id: string
  url: string
  description: string | null
  /** Null for every feed type. */
  eventTypes: string[] | null
  enabled: boolean
  secret: string
  previousSecret: string | null
  previousSecretUntil: string | null
  cursorSeq: number
  failingSince: string | null
  disabledAt: string | null
  createdAt: string
  updatedAt: string
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed'

export interface WebhookDeliveryRecord {
  id: string
  endpointId: string
  eventId: string
  eventSeq: number
  eventType: string
  body: string
  status: DeliveryStatus
  attempts: number
  nextAttemptAt: string
  lastError: string | null
  createdAt: string
  updatedAt: string
}

export interface WebhookAttemptRecord {
  deliveryId: string
  attempt: number
  at: string
  statusCode: number | null
  durationMs: number
  responseBody: string | null
  error: string | null
}

/** A delivery one dispatcher has taken to send, with its endpoint as it stood then. */
export interface ClaimedDelivery {
  organizationId: string
  delivery: WebhookDeliveryRecord
  endpoint: WebhookEndpointRecord
}

/** What fan-out needs of an enabled endpoint. */
export interface EndpointCursor {
  organizationId: string
  id: string
  cursorSeq: number
  eventTypes: string[] | null
}

const endpointColumns = [
  'id',
  'url',
  'description',
  'event_types',
  'enabled',
  'secret',
  'previous_secret',
  'previous_secret_until',
  'cursor_seq',
  'failing_since',
  'disabled_at',
  'created_at',
  'updated_at',
] as const

type EndpointRow = {
  id: string
  url: string
  description: string | null
  event_types: string | null
  enabled: number | bigint
  secret: string
  previous_secret: string | null
  previous_secret_until: string | null
  cursor_seq: number | bigint | string
  failing_since: string | null
  disabled_at: string | null
  created_at: string
  updated_at: string
}

const typesOf = (text: string | null): string[] | null =>
  text === null ? null : (JSON.parse(text) as string[])

const toEndpoint = (row: EndpointRow): WebhookEndpointRecord => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: typesOf(row.event_types),
  enabled: Number(row.enabled) !== 0,
  secret: row.secret,
  previousSecret: row.previous_secret,
  previousSecretUntil: row.previous_secret_until,
  cursorSeq: Number(row.cursor_seq),
  failingSince: row.failing_since,
  disabledAt: row.disabled_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const deliveryColumns = [
  'id',
  'endpoint_id',
  'event_id',
  'event_seq',
  'event_type',
  'body',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
  'updated_at',
] as const

type DeliveryRow = {
  id: string
  endpoint_id: string
  event_id: string
  event_seq: number | bigint | string
  event_type: string
  body: string
  status: string
  attempts: number | bigint
  next_attempt_at: string
  last_error: string | null
  created_at: string
  updated_at: string
}

const toDelivery = (row: DeliveryRow): WebhookDeliveryRecord => ({
  id: row.id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventSeq: Number(row.event_seq),
  eventType: row.event_type,
  body: row.body,
  status: row.status as DeliveryStatus,
  attempts: Number(row.attempts),
  nextAttemptAt: row.next_attempt_at,
  lastError: row.last_error,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export type EndpointChanges = Partial<{
  url: string
  description: string | null
  eventTypes: string[] | null
  enabled: boolean
  secret: string
  previousSecret: string | null
  previousSecretUntil: string | null
  failingSince: string | null
  disabledAt: string | null
}>

export class WebhookStore {
  constructor(private readonly engine: EngineName) {}

  // ---- endpoints ----------------------------------------------------------------------------

  async insertEndpoint(ex: Executor, scope: OrgScope, endpoint: WebhookEndpointRecord): Promise<void> {
    await ex
      .insertInto('webhook_endpoints')
      .values({
        organization_id: scope.organizationId,
        id: endpoint.id,
        url: endpoint.url,
        description: endpoint.description,
        event_types: endpoint.eventTypes === null ? null : JSON.stringify(endpoint.eventTypes),
        enabled: endpoint.enabled ? 1 : 0,
        secret: endpoint.secret,
        previous_secret: null,
        previous_secret_until: null,
        cursor_seq: endpoint.cursorSeq,
        failing_since: null,
        disabled_at: null,
        created_at: endpoint.createdAt,
        updated_at: endpoint.updatedAt,
      })
      .execute()
  }

  async countEndpoints(ex: Executor, scope: OrgScope): Promise<number> {
    const row = await ex
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('organization_id', '=', scope.organizationId)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  /** `lock` holds the endpoint still while a change to it is decided (PostgreSQL; SQLite has one writer). */
  async findEndpoint(
    ex: Executor,
    scope: OrgScope,
    id: string,
    lock = false,
  ): Promise<WebhookEndpointRecord | undefined> {
    let query = ex
      .selectFrom('webhook_endpoints')
      .select(endpointColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
    if (lock && this.engine === 'postgres') query = query.forUpdate()
    const row = await query.executeTakeFirst()
    return row && toEndpoint(row)
  }

  async listEndpoints(ex: Executor, scope: OrgScope): Promise<WebhookEndpointRecord[]> {
    const rows = await ex
      .selectFrom('webhook_endpoints')
      .select(endpointColumns)
      .where('organization_id', '=', scope.organizationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return rows.map(toEndpoint)
  }

  async updateEndpoint(
    ex: Executor,
    scope: OrgScope,
    id: string,
    changes: EndpointChanges,
    now: string,
  ): Promise<void> {
    await ex
      .updateTable('webhook_endpoints')
      .set({
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.eventTypes !== undefined
          ? { event_types: changes.eventTypes === null ? null : JSON.stringify(changes.eventTypes) }
          : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0 } : {}),
        ...(changes.secret !== undefined ? { secret: changes.secret } : {}),
        ...(changes.previousSecret !== undefined ? { previous_secret: changes.previousSecret } : {}),
        ...(changes.previousSecretUntil !== undefined
          ? { previous_secret_until: changes.previousSecretUntil }
          : {}),
        ...(changes.failingSince !== undefined ? { failing_since: changes.failingSince } : {}),
        ...(changes.disabledAt !== undefined ? { disabled_at: changes.disabledAt } : {}),
        updated_at: now,
      })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
  }

  /** The endpoint with its deliveries and their attempts. */
  async deleteEndpoint(ex: Executor, scope: OrgScope, id: string): Promise<boolean> {
    const deliveryIds = ex
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('endpoint_id', '=', id)
    await ex
      .deleteFrom('webhook_attempts')
      .where('organization_id', '=', scope.organizationId)
      .where('delivery_id', 'in', deliveryIds)
      .execute()
    await ex
      .deleteFrom('webhook_deliveries')
      .where('organization_id', '=', scope.organizationId)
      .where('endpoint_id', '=', id)
      .execute()
    const result = await ex
      .deleteFrom('webhook_endpoints')
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(result.numDeletedRows) === 1
  }

  /**
   * Every enabled endpoint and its place in the feed: the dispatcher's look-up across
   * organizations (docs/scaling.md).
   */
  async enabledEndpoints(ex: Executor): Promise<EndpointCursor[]> {
    const rows = await acrossOrganizations(ex)
      .selectFrom('webhook_endpoints')
      .select(['organization_id', 'id', 'cursor_seq', 'event_types'])
      .where('enabled', '=', 1)
      .orderBy('organization_id')
      .orderBy('id')
      .execute()
    return rows.map((row) => ({
      organizationId: row.organization_id,
      id: row.id,
      cursorSeq: Number(row.cursor_seq),
      eventTypes: typesOf(row.event_types),
    }))
  }

  /** Moves the cursor only from where the caller read it: false when another process moved it first. */
  async advanceCursor(ex: Executor, scope: OrgScope, id: string, from: number, to: number): Promise<boolean> {
    const result = await ex
      .updateTable('webhook_endpoints')
      .set({ cursor_seq: to })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .where('cursor_seq', '=', from)
      .where('enabled', '=', 1)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  // ---- deliveries ---------------------------------------------------------------------------

  async insertDeliveries(
    ex: Executor,
    scope: OrgScope,
    deliveries: Array<
      Omit<WebhookDeliveryRecord, 'status' | 'attempts' | 'lastError' | 'updatedAt'> & {
        deliveryKey: string
      }
    >,
  ): Promise<void> {
    if (deliveries.length === 0) return
    await ex
      .insertInto('webhook_deliveries')
      .values(
        deliveries.map((d) => ({
          organization_id: scope.organizationId,
          id: d.id,
          endpoint_id: d.endpointId,
          event_id: d.eventId,
          event_seq: d.eventSeq,
          event_type: d.eventType,
          delivery_key: d.deliveryKey,
          body: d.body,
          status: 'pending',
          attempts: 0,
          next_attempt_at: d.nextAttemptAt,
          locked_until: null,
          last_error: null,
          created_at: d.createdAt,
          updated_at: d.createdAt,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['organization_id', 'endpoint_id', 'event_id', 'delivery_key']).doNothing(),
      )
      .execute()
  }

  /** Any delivery of the event to the endpoint: what a redelivery copies. */
  async deliveryOfEvent(
    ex: Executor,
    scope: OrgScope,
    endpointId: string,
    eventId: string,
  ): Promise<WebhookDeliveryRecord | undefined> {
    const row = await ex
      .selectFrom('webhook_deliveries')
      .select(deliveryColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('endpoint_id', '=', endpointId)
      .where('event_id', '=', eventId)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst()
    return row && toDelivery(row)
  }

  async findDelivery(ex: Executor, scope: OrgScope, id: string): Promise<WebhookDeliveryRecord | undefined> {
    const row = await ex
      .selectFrom('webhook_deliveries')
      .select(deliveryColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row && toDelivery(row)
  }

  /** The endpoint's deliveries, newest event first, then newest delivery. */
  async deliveriesPage(
    ex: Executor,
    scope: OrgScope,
    endpointId: string,
    page: { limit: number; offset: number },
  ): Promise<{ items: WebhookDeliveryRecord[]; totalCount: number }> {
    const filtered = ex
      .selectFrom('webhook_deliveries')
      .where('organization_id', '=', scope.organizationId)
      .where('endpoint_id', '=', endpointId)
    const rows = await filtered
      .select(deliveryColumns)
      .orderBy('event_seq', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute()
    const counted = await filtered.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()
    return { items: rows.map(toDelivery), totalCount: Number(counted.count) }
  }

  async attemptsOf(ex: Executor, scope: OrgScope, deliveryIds: string[]): Promise<WebhookAttemptRecord[]> {
    if (deliveryIds.length === 0) return []
    const rows = await ex
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('delivery_id')
      .orderBy('attempt')
      .execute()
    return rows.map((row) => ({
      deliveryId: row.delivery_id,
      attempt: Number(row.attempt),
      at: row.at,
      statusCode: row.status_code === null ? null : Number(row.status_code),
      durationMs: Number(row.duration_ms),
      responseBody: row.response_body,
      error: row.error,
    }))
  }

  /**
   * The deliveries that may be sent now: of each enabled endpoint its earliest pending delivery
   * (feed order), when that one is due and no process holds it. One endpoint thus never has two
   * deliveries in flight, in any process. Each endpoint costs one probe of the pending rows'
   * index, whatever its backlog, and the read takes no lock: taking a delivery is `claim`'s
   * conditional update. A look-up across organizations (docs/scaling.md); those in `skip`
   * already send all this process lets them.
   */
  async dueHeads(
    ex: Executor,
    now: string,
    options: { limit: number; skip: readonly string[] },
  ): Promise<ClaimedDelivery[]> {
    // A literal, not a parameter: only then may either engine use the partial index of pending rows.
    const pending = sql.lit('pending')
    let query = acrossOrganizations(ex)
      .selectFrom('webhook_endpoints as e')
      .innerJoin('webhook_deliveries as d', (join) =>
        join
          .onRef('d.organization_id', '=', 'e.organization_id')
          .on('d.id', '=', (eb) =>
            eb
              .selectFrom('webhook_deliveries as p')
              .select('p.id')
              .whereRef('p.organization_id', '=', 'e.organization_id')
              .whereRef('p.endpoint_id', '=', 'e.id')
              .where('p.status', '=', pending)
              .orderBy('p.event_seq')
              .orderBy('p.id')
              .limit(sql.lit(1)),
          ),
      )
      // The endpoint comes with its head delivery, so a send reads nothing more before it goes out.
      .select([
        'd.organization_id',
        'd.id',
        'd.endpoint_id',
        'd.event_id',
        'd.event_seq',
        'd.event_type',
        'd.body',
        'd.status',
        'd.attempts',
        'd.next_attempt_at',
        'd.last_error',
        'd.created_at',
        'd.updated_at',
        'e.url as endpoint_url',
        'e.description as endpoint_description',
        'e.event_types as endpoint_event_types',
        'e.enabled as endpoint_enabled',
        'e.secret as endpoint_secret',
        'e.previous_secret as endpoint_previous_secret',
        'e.previous_secret_until as endpoint_previous_secret_until',
        'e.cursor_seq as endpoint_cursor_seq',
        'e.failing_since as endpoint_failing_since',
        'e.disabled_at as endpoint_disabled_at',
        'e.created_at as endpoint_created_at',
        'e.updated_at as endpoint_updated_at',
      ])
      .where('e.enabled', '=', 1)
      .where('d.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', now)]))
    if (options.skip.length > 0) query = query.where('e.organization_id', 'not in', [...options.skip])
    const rows = await query.orderBy('d.next_attempt_at').orderBy('d.id').limit(options.limit).execute()
    return rows.map((row) => ({
      organizationId: row.organization_id,
      delivery: toDelivery(row),
      endpoint: toEndpoint({
        id: row.endpoint_id,
        url: row.endpoint_url,
        description: row.endpoint_description,
        event_types: row.endpoint_event_types,
        enabled: row.endpoint_enabled,
        secret: row.endpoint_secret,
        previous_secret: row.endpoint_previous_secret,
        previous_secret_until: row.endpoint_previous_secret_until,
        cursor_seq: row.endpoint_cursor_seq,
        failing_since: row.endpoint_failing_since,
        disabled_at: row.endpoint_disabled_at,
        created_at: row.endpoint_created_at,
        updated_at: row.endpoint_updated_at,
      }),
    }))
  }

  /**
   * Takes a delivery `dueHeads` found, unless another process took it or it moved on since: one
   * statement, no transaction held open. Counts the attempt; the lease outlives any live send.
   */
  async claim(
    ex: Executor,
    due: ClaimedDelivery,
    now: string,
    leaseUntil: string,
  ): Promise<ClaimedDelivery | undefined> {
    const { organizationId, delivery } = due
    const taken = await ex
      .updateTable('webhook_deliveries')
      .set({ attempts: delivery.attempts + 1, locked_until: leaseUntil, updated_at: now })
      .where('organization_id', '=', organizationId)
      .where('id', '=', delivery.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', delivery.attempts)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) !== 1) return undefined
    return { ...due, delivery: { ...delivery, attempts: delivery.attempts + 1 } }
  }

  async recordAttempt(ex: Executor, scope: OrgScope, attempt: WebhookAttemptRecord): Promise<void> {
    await ex
      .insertInto('webhook_attempts')
      .values({
        organization_id: scope.organizationId,
        delivery_id: attempt.deliveryId,
        attempt: attempt.attempt,
        at: attempt.at,
        status_code: attempt.statusCode,
        duration_ms: attempt.durationMs,
        response_body: attempt.responseBody,
        error: attempt.error,
      })
      .onConflict((oc) => oc.columns(['organization_id', 'delivery_id', 'attempt']).doNothing())
      .execute()
  }

  /** The claimed attempt's outcome; false when the delivery moved on without this process (its lease ran out). */
  async settleDelivery(
    ex: Executor,
    scope: OrgScope,
    id: string,
    attempts: number,
    outcome: { status: DeliveryStatus; nextAttemptAt: string; lastError: string | null },
    now: string,
  ): Promise<boolean> {
    const result = await ex
      .updateTable('webhook_deliveries')
      .set({
        status: outcome.status,
        next_attempt_at: outcome.nextAttemptAt,
        last_error: outcome.lastError,
        locked_until: null,
        updated_at: now,
      })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .where('attempts', '=', attempts)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }
}
