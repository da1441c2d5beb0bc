import type { EngineName } from '../../db/engine.js'
import { type Executor, toFlag, toNumber } from '../../db/schema.js'
import { acrossOrganizations } from '../../db/tenant-scope.js'
import type { OrgScope } from '../access/principal.js'
import type { Frequency, RecurringKind, RecurringMode } from './recurring.js'

export interface RecurringTemplateRecord {
  id: string
  name: string
  kind: RecurringKind
  frequency: Frequency
  interval: number
  dayOfMonth: number | null
  startDate: string
  endDate: string | null
  occurrencesMax: number | null
  mode: RecurringMode
  /** The occurrence's input as the template was given it, as JSON. */
  payload: string
  nextDate: string | null
  paused: boolean
  lastErrorCode: string | null
  lastError: string | null
  createdAt: string
  updatedAt: string
}

/** What a template made so far: the dates made and the latest, and the latest date taken at all. */
export interface TemplateProgress {
  occurrenceCount: number
  lastDate: string | null
  /** The latest date made or refused: the schedule goes on after it. */
  latestHandled: string | null
}

/** The object a date made, and which template and date made it. */
export interface OccurrenceOf {
  templateId: string
  occurrenceDate: string
}

type TemplateRow = {
  id: string
  name: string
  kind: string
  frequency: string
  interval_count: number | bigint
  day_of_month: number | bigint | null
  start_date: string
  end_date: string | null
  occurrences_max: number | bigint | null
  mode: string
  payload: string
  next_date: string | null
  paused: number | bigint
  last_error_code: string | null
  last_error: string | null
  created_at: string
  updated_at: string
}

const templateColumns = [
  'id',
  'name',
  'kind',
  'frequency',
  'interval_count',
  'day_of_month',
  'start_date',
  'end_date',
  'occurrences_max',
  'mode',
  'payload',
  'next_date',
  'paused',
  'last_error_code',
  'last_error',
  'created_at',
  'updated_at',
] as const

const recordOf = (row: TemplateRow): RecurringTemplateRecord => ({
  id: row.id,
  name: row.name,
  kind: row.kind as RecurringKind,
  frequency: row.frequency as Frequency,
  interval: toNumber(row.interval_count),
  dayOfMonth: row.day_of_month === null ? null : toNumber(row.day_of_month),
  startDate: row.start_date,
  endDate: row.end_date,
  occurrencesMax: row.occurrences_max === null ? null : toNumber(row.occurrences_max),
  mode: row.mode as RecurringMode,
  payload: row.payload,
  nextDate: row.next_date,
  paused: toFlag(row.paused),
  lastErrorCode: row.last_error_code,
  lastError: row.last_error,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const rowOf = (record: RecurringTemplateRecord) => ({
  id: record.id,
  name: record.name,
  kind: record.kind,
  frequency: record.frequency,
  interval_count: record.interval,
  day_of_month: record.dayOfMonth,
  start_date: record.startDate,
  end_date: record.endDate,
  occurrences_max: record.occurrencesMax,
  mode: record.mode,
  payload: record.payload,
  next_date: record.nextDate,
  paused: record.paused ? 1 : 0,
  last_error_code: record.lastErrorCode,
  last_error: record.lastError,
  created_at: record.createdAt,
  updated_at: record.updatedAt,
})

// Templates and the dates they took. A date is taken by inserting its row under the primary key
// (organization, template, date): of two processes taking one date, one inserts and the other
// finds it taken, and on PostgreSQL waits for the first to commit or roll back to learn which.
export class RecurringStore {
  constructor(private readonly engine: EngineName) {}

  async insert(ex: Executor, scope: OrgScope, record: RecurringTemplateRecord): Promise<void> {
    await ex
      .insertInto('recurring_templates')
      .values({ organization_id: scope.organizationId, ...rowOf(record) })
      .execute()
  }

  async replace(ex: Executor, scope: OrgScope, record: RecurringTemplateRecord): Promise<void> {
    const { id, created_at, ...fields } = rowOf(record)
    await ex
      .updateTable('recurring_templates')
      .set(fields)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
  }

  async remove(ex: Executor, scope: OrgScope, id: string): Promise<void> {
    await ex
      .deleteFrom('recurring_templates')
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
  }

  /** One template; with `lock`, held (PostgreSQL) until the transaction ends. */
  async find(
    ex: Executor,
    scope: OrgScope,
    id: string,
    lock = false,
  ): Promise<RecurringTemplateRecord | undefined> {
    let query = ex
      .selectFrom('recurring_templates')
      .select(templateColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
    if (lock && this.engine === 'postgres') query = query.forUpdate()
    const row = await query.executeTakeFirst()
    return row ? recordOf(row) : undefined
  }

  async page(
    ex: Executor,
    scope: OrgScope,
    page: { limit: number; offset: number },
  ): Promise<{ templates: RecurringTemplateRecord[]; totalCount: number }> {
    const [rows, total] = await Promise.all([
      ex
        .selectFrom('recurring_templates')
        .select(templateColumns)
        .where('organization_id', '=', scope.organizationId)
        .orderBy('created_at')
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.count(ex, scope),
    ])
    return { templates: rows.map(recordOf), totalCount: total }
  }

  async count(ex: Executor, scope: OrgScope): Promise<number> {
    const row = await ex
      .selectFrom('recurring_templates')
      .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
      .where('organization_id', '=', scope.organizationId)
      .executeTakeFirstOrThrow()
    return toNumber(row.n)
  }

  /** The running templates of the organization whose next date is on or before `asOf`, oldest first. */
  async dueIds(ex: Executor, scope: OrgScope, asOf: string): Promise<string[]> {
    const rows = await ex
      .selectFrom('recurring_templates')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('paused', '=', 0)
      .where('next_date', '<=', asOf)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return rows.map((row) => row.id)
  }

  /**
   * The organizations with a running template whose next date has come: the schedule's one
   * look-up across organizations (docs/scaling.md), answered from the due index.
   */
  async dueOrganizations(db: Executor, asOf: string): Promise<string[]> {
    const rows = await acrossOrganizations(db)
      .selectFrom('recurring_templates')
      .select('organization_id')
      .distinct()
      .where('paused', '=', 0)
      .where('next_date', '<=', asOf)
      .execute()
    return rows.map((row) => row.organization_id)
  }

  /** Takes a date for the template; false when it was taken already (by this run or another). */
  async takeDate(
    tx: Executor,
    scope: OrgScope,
    templateId: string,
    date: string,
    at: string,
  ): Promise<boolean> {
    const result = await tx
      .insertInto('recurring_occurrences')
      .values({
        organization_id: scope.organizationId,
        template_id: templateId,
        occurrence_date: date,
        object_kind: null,
        object_id: null,
        error_code: null,
        error: null,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['organization_id', 'template_id', 'occurrence_date']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  /** What a taken date made, or why it was refused. */
  async settleDate(
    tx: Executor,
    scope: OrgScope,
    templateId: string,
    date: string,
    outcome: { objectKind: string; objectId: string } | { errorCode: string; error: string },
  ): Promise<void> {
    await tx
      .updateTable('recurring_occurrences')
      .set(
        'objectId' in outcome
          ? { object_kind: outcome.objectKind, object_id: outcome.objectId }
          : { error_code: outcome.errorCode, error: outcome.error },
      )
      .where('organization_id', '=', scope.organizationId)
      .where('template_id', '=', templateId)
      .where('occurrence_date', '=', date)
      .execute()
  }

  /** Each template's progress, read for all of them at once. */
  async progressOf(
    ex: Executor,
    scope: OrgScope,
    templateIds: string[],
  ): Promise<Map<string, TemplateProgress>> {
    const progress = new Map<string, TemplateProgress>()
    if (templateIds.length === 0) return progress
    const rows = await ex
      .selectFrom('recurring_occurrences')
      .select((eb) => [
        'template_id',
        eb.fn.count<number | bigint>('object_id').as('made'),
        eb.fn
          .max<string | null>(
            eb.case().when('object_id', 'is not', null).then(eb.ref('occurrence_date')).end(),
          )
          .as('last_made'),
        eb.fn.max<string>('occurrence_date').as('latest'),
      ])
      .where('organization_id', '=', scope.organizationId)
      .where('template_id', 'in', templateIds)
      .groupBy('template_id')
      .execute()
    for (const row of rows) {
      progress.set(row.template_id, {
        occurrenceCount: toNumber(row.made),
        lastDate: row.last_made ?? null,
        latestHandled: row.latest,
      })
    }
    return progress
  }

  /** The template and date that made each of these objects, for those a template made. */
  async occurrencesOf(
    ex: Executor,
    scope: OrgScope,
    objectIds: string[],
  ): Promise<Map<string, OccurrenceOf>> {
    const found = new Map<string, OccurrenceOf>()
    if (objectIds.length === 0) return found
    const rows = await ex
      .selectFrom('recurring_occurrences')
      .select(['object_id', 'template_id', 'occurrence_date'])
      .where('organization_id', '=', scope.organizationId)
      .where('object_id', 'in', objectIds)
      .execute()
    for (const row of rows) {
      if (row.object_id !== null) {
        found.set(row.object_id, { templateId: row.template_id, occurrenceDate: row.occurrence_date })
      }
    }
    return found
  }
}
