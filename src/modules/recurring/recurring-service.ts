import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction, inTransactionResult } from '../../db/transaction.js'
import { hitFaultPoint } from '../../fault-points.js'
import { addDays, calendarDateOf, parseCalendarDate } from '../../kernel/calendar-date.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { limitOffsetArgs, type Page, pageOf } from '../../kernel/page.js'
import { RequestBatches } from '../../kernel/request-batches.js'
import { type Failure, fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { DocumentsPort, InvoiceInput } from '../invoices/invoices-port.js'
import type { JobsPort } from '../jobs/jobs-port.js'
import type { ManualEntriesPort, ManualEntryArgs } from '../journal/journal-port.js'
import type { EventMakingPort } from '../ledger-events/ledger-events-port.js'
import {
  checkTemplate,
  nextDateAfter,
  type RecurringKind,
  type Schedule,
  type TemplateFields,
  type TemplatePayload,
} from './recurring.js'
import type {
  OccurrenceOf,
  RecurringStore,
  RecurringTemplateRecord,
  TemplateProgress,
} from './recurring-store.js'

// Recurring entries (DESIGN 8.10, ADR 0069). A template's dates are made by whoever runs the
// schedule first (the server's job for the organization, or the operator's `recurring run`), one
// date per database transaction: the template is held, the date's row is taken under its unique
// key, the occurrence is made through its module's port, and the template moves on, all or
// nothing. A date its module refuses is recorded with the refusal and skipped.

export const recurringDueJob = 'recurring.due'

export interface RecurringTemplateView extends RecurringTemplateRecord, TemplateProgress {}

export interface RecurringTemplateInput extends TemplateFields {
  journalEntry?: TemplatePayload['journalEntry'] | null
  ledgerEvent?: TemplatePayload['ledgerEvent'] | null
  invoice?: TemplatePayload['invoice'] | null
}

/** What one run made and refused, date by date. */
export interface RunSummary {
  asOf: string
  made: Array<{
    organizationId: string
    templateId: string
    occurrenceDate: string
    kind: RecurringKind
    id: string
  }>
  refused: Array<{
    organizationId: string
    templateId: string
    occurrenceDate: string
    errorCode: string
    error: string
  }>
}

type Step =
  | { kind: 'done' }
  | { kind: 'taken' }
  | { kind: 'made'; date: string; made: RecurringKind; objectId: string }
  | { kind: 'refused'; date: string; failure: Failure }

/** A refusal carried out of the transaction that tried the date, so that it rolls back. */
class DateRefused extends Error {
  constructor(
    readonly date: string,
    readonly failure: Failure,
  ) {
    super(failure.message)
  }
}

export class RecurringService {
  private ticker: NodeJS.Timeout | undefined
  private readonly occurrenceBatches = new RequestBatches((scope: OrgScope, objectIds: string[]) =>
    this.deps.store.occurrencesOf(this.deps.db, scope, objectIds),
  )

  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      access: AccessPort
      audit: AuditRecorder
      jobs: JobsPort
      store: RecurringStore
      journal: ManualEntriesPort
      events: EventMakingPort
      documents: DocumentsPort
    },
  ) {
    // The job makes what was due on the day its tick saw, or later: whichever process runs it.
    deps.jobs.handle(recurringDueJob, async (job) => {
      const asOf = [job.subjectId ?? '', this.today()].sort().at(-1) as string
      await this.runDue(deps.access.internalScope(job.organizationId), asOf)
    })
  }

  // ---- templates -----------------------------------------------------------------------------

  async createRecurringTemplate(
    principal: Principal,
    organizationId: string,
    input: RecurringTemplateInput,
  ): Promise<Result<RecurringTemplateView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createRecurringTemplate')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      if ((await this.deps.store.count(tx, scope)) >= limits.recurringTemplatesMax) {
        return fail(
          'TOO_MANY_RECURRING_TEMPLATES',
          `An organization holds at most ${limits.recurringTemplatesMax} recurring templates; delete one first.`,
          'input',
        )
      }
      const now = this.now()
      const record = await this.checkedRecord(tx, scope, input, { id: newId(), createdAt: now }, null)
      if (!record.ok) return record
      await this.deps.store.insert(tx, scope, record.value)
      const view = await this.viewOf(tx, scope, record.value)
      await this.record(tx, scope, 'recurring_template.created', null, view)
      return ok(view)
    })
  }

  /** The template replaced by the input; the dates it took stay taken, and the schedule goes on after them. */
  async updateRecurringTemplate(
    principal: Principal,
    organizationId: string,
    templateId: string,
    input: RecurringTemplateInput,
  ): Promise<Result<RecurringTemplateView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'updateRecurringTemplate')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const current = await this.deps.store.find(tx, scope, templateId, true)
      if (!current) return templateNotFound()
      const before = await this.viewOf(tx, scope, current)
      const record = await this.checkedRecord(tx, scope, input, current, before.latestHandled)
      if (!record.ok) return record
      await this.deps.store.replace(tx, scope, record.value)
      const view = await this.viewOf(tx, scope, record.value)
      await this.record(tx, scope, 'recurring_template.updated', before, view)
      return ok(view)
    })
  }

  pauseRecurringTemplate(principal: Principal, organizationId: string, templateId: string) {
    return this.setPaused(principal, organizationId, templateId, 'pauseRecurringTemplate', true)
  }

  resumeRecurringTemplate(principal: Principal, organizationId: string, templateId: string) {
    return this.setPaused(principal, organizationId, templateId, 'resumeRecurringTemplate', false)
  }

  /** The template goes; what it made stays, and its dates' rows keep naming it. */
  async deleteRecurringTemplate(
    principal: Principal,
    organizationId: string,
    templateId: string,
  ): Promise<Result<RecurringTemplateView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'deleteRecurringTemplate')
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const current = await this.deps.store.find(tx, scope, templateId, true)
      if (!current) return templateNotFound()
      const before = await this.viewOf(tx, scope, current)
      await this.deps.store.remove(tx, scope, templateId)
      await this.record(tx, scope, 'recurring_template.deleted', before, null)
      return ok(before)
    })
  }

  async listRecurringTemplates(
    principal: Principal,
    organizationId: string,
    args: { limit?: number | null; offset?: number | null },
  ): Promise<Result<Page<RecurringTemplateView>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listRecurringTemplates')
    const page = limitOffsetArgs(args, { defaultSize: limits.pageSizeDefault, max: limits.pageSizeMax })
    if (!page.ok) return page
    const found = await this.deps.store.page(this.deps.db, scope, page.value)
    const progress = await this.deps.store.progressOf(
      this.deps.db,
      scope,
      found.templates.map((template) => template.id),
    )
    const views = found.templates.map((template) => withProgress(template, progress.get(template.id)))
    return ok(pageOf(views, found.totalCount, page.value))
  }

  /** Which template and date made an entry, event or document; read for a whole page at once. */
  async occurrenceOf(
    principal: Principal,
    organizationId: string,
    objectId: string,
    field:
      | 'LedgerEvent.recurringTemplateId'
      | 'JournalEntry.recurringTemplateId'
      | 'Invoice.recurringTemplateId',
  ): Promise<OccurrenceOf | null> {
    const scope = await this.deps.access.authorize(principal, organizationId, field)
    return (await this.occurrenceBatches.load(principal, scope, objectId)) ?? null
  }

  // ---- the schedule --------------------------------------------------------------------------

  /** The operator's `recurring run`: one organization, or every one with a date due by `asOf`. */
  async runAsOperator(asOf: string, organizationId?: string): Promise<Result<RunSummary>> {
    const date = parseCalendarDate(asOf, '--as-of')
    if (!date.ok) return date
    const organizationIds =
      organizationId !== undefined
        ? [organizationId]
        : await this.deps.store.dueOrganizations(this.deps.db, asOf)
    const summary: RunSummary = { asOf, made: [], refused: [] }
    for (const id of organizationIds) {
      const scope = await this.deps.access.authorizeOperator(id)
      const run = await this.runDue(scope, asOf)
      summary.made.push(...run.made)
      summary.refused.push(...run.refused)
    }
    return ok(summary)
  }

  /**
   * The server's tick: a `recurring.due` job for each organization with a date due today, unless
   * one already waits. Several servers may tick at once; the job's work takes each date once anyway.
   */
  async queueDue(): Promise<number> {
    const today = this.today()
    const organizationIds = await this.deps.store.dueOrganizations(this.deps.db, today)
    for (const organizationId of organizationIds) {
      await inTransaction(this.deps.db, this.deps.engine, (tx) =>
        this.deps.jobs.enqueueOnce(tx, organizationId, recurringDueJob, today),
      )
    }
    if (organizationIds.length > 0) this.deps.jobs.nudge()
    return organizationIds.length
  }

  /**
   * The server's schedule: the due organizations are queued at start, which catches up what came
   * due while no server ran, and at every tick after.
   */
  startSchedule(onError: (error: unknown) => void): void {
    if (this.ticker) return
    const tick = () => {
      this.queueDue().catch(onError)
    }
    tick()
    this.ticker = setInterval(tick, limits.recurringTickMs)
    this.ticker.unref()
  }

  stopSchedule(): void {
    clearInterval(this.ticker)
    this.ticker = undefined
  }

  /** Every date due by `asOf` of the organization's running templates, each template's in order. */
  async runDue(scope: OrgScope, asOf: string): Promise<RunSummary> {
    const summary: RunSummary = { asOf, made: [], refused: [] }
    for (const templateId of await this.deps.store.dueIds(this.deps.db, scope, asOf)) {
      for (let n = 0; n < limits.recurringCatchUpPerRunMax; n++) {
        const step = await this.nextStep(scope, templateId, asOf)
        if (step.kind === 'done') break
        const at = { organizationId: scope.organizationId, templateId }
        if (step.kind === 'made') {
          summary.made.push({ ...at, occurrenceDate: step.date, kind: step.made, id: step.objectId })
        }
        if (step.kind === 'refused') {
          summary.refused.push({
            ...at,
            occurrenceDate: step.date,
            errorCode: step.failure.code,
            error: step.failure.message,
          })
        }
      }
    }
    return summary
  }

  /** The template's next date, made or refused in a transaction of its own; done when none is due. */
  private async nextStep(scope: OrgScope, templateId: string, asOf: string): Promise<Step> {
    let made: Step
    try {
      made = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
        const template = await this.dueTemplate(tx, scope, templateId, asOf)
        if (!template?.nextDate) return { kind: 'done' } as const
        const date = template.nextDate
        const taken = await this.deps.store.takeDate(tx, scope, templateId, date, this.now())
        let step: Step = { kind: 'taken' }
        if (taken) {
          const object = await this.makeOccurrence(tx, scope, template, date)
          if (!object.ok) throw new DateRefused(date, object.error)
          await this.deps.store.settleDate(tx, scope, templateId, date, object.value)
          step = { kind: 'made', date, made: template.kind, objectId: object.value.objectId }
        }
        await this.moveOn(tx, scope, template, date, null)
        hitFaultPoint('recurring.made')
        return step
      })
    } catch (error) {
      if (!(error instanceof DateRefused)) throw error
      return this.refuse(scope, templateId, asOf, error)
    }
    // Receipt matching hears of a new event once it committed, as it does of one a client creates.
    if (made.kind === 'made' && made.made === 'ledger_event')
      await this.deps.events.announce(scope, [made.objectId])
    return made
  }

  /** A refused date keeps its row with the refusal, and the template moves on past it. */
  private refuse(scope: OrgScope, templateId: string, asOf: string, refused: DateRefused): Promise<Step> {
    return inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      const template = await this.dueTemplate(tx, scope, templateId, asOf)
      // Another run moved the template on meanwhile; the next step reads where it is now.
      if (template?.nextDate !== refused.date) return { kind: 'taken' } as const
      const taken = await this.deps.store.takeDate(tx, scope, templateId, refused.date, this.now())
      if (taken) {
        await this.deps.store.settleDate(tx, scope, templateId, refused.date, {
          errorCode: refused.failure.code,
          error: refused.failure.message,
        })
      }
      await this.moveOn(tx, scope, template, refused.date, taken ? refused.failure : null)
      return taken ? { kind: 'refused', date: refused.date, failure: refused.failure } : { kind: 'taken' }
    })
  }

  /** The template, held until the transaction ends, when it runs and its next date has come. */
  private async dueTemplate(
    tx: Executor,
    scope: OrgScope,
    templateId: string,
    asOf: string,
  ): Promise<RecurringTemplateRecord | undefined> {
    const template = await this.deps.store.find(tx, scope, templateId, true)
    if (!template || template.paused || template.nextDate === null || template.nextDate > asOf)
      return undefined
    return template
  }

  private async moveOn(
    tx: Executor,
    scope: OrgScope,
    template: RecurringTemplateRecord,
    date: string,
    refusal: Failure | null,
  ): Promise<void> {
    await this.deps.store.replace(tx, scope, {
      ...template,
      nextDate: nextDateAfter(scheduleOf(template), date),
      ...(refusal ? { lastErrorCode: refusal.code, lastError: refusal.message } : {}),
      updatedAt: this.now(),
    })
  }

  /** One date's entry, event or document, through the module that owns it. */
  private async makeOccurrence(
    tx: Executor,
    scope: OrgScope,
    template: RecurringTemplateRecord,
    date: string,
  ): Promise<Result<{ objectKind: string; objectId: string }>> {
    const payload = JSON.parse(template.payload) as TemplatePayload
    if (template.kind === 'journal_entry') {
      const made = await this.deps.journal.postManualEntry(tx, scope, journalArgs(payload, date))
      return made.ok ? ok({ objectKind: 'journal_entry', objectId: made.value.entry.id }) : made
    }
    if (template.kind === 'ledger_event') {
      const input = {
        ...(payload.ledgerEvent as NonNullable<TemplatePayload['ledgerEvent']>),
        transactionDate: date,
      }
      const made = await this.deps.events.createEvent(tx, scope, input, template.mode === 'post')
      return made.ok ? ok({ objectKind: 'ledger_event', objectId: made.value.id }) : made
    }
    const draft = await this.deps.documents.createDraft(tx, scope, documentInput(payload, date))
    if (!draft.ok) return draft
    if (template.mode === 'post') {
      const approved = await this.deps.documents.approveDraft(tx, scope, draft.value.id)
      if (!approved.ok) return approved
    }
    return ok({ objectKind: 'invoice', objectId: draft.value.id })
  }

  // ---- helpers -------------------------------------------------------------------------------

  /** The input checked by its own rules, then its payload by its module's as of its first date. */
  private async checkedRecord(
    tx: Executor,
    scope: OrgScope,
    input: RecurringTemplateInput,
    base: Pick<RecurringTemplateRecord, 'id' | 'createdAt'> & Partial<RecurringTemplateRecord>,
    latestHandled: string | null,
  ): Promise<Result<RecurringTemplateRecord>> {
    const rules = checkTemplate(input)
    if (!rules.ok) return rules
    const { schedule, kind } = rules.value
    const payload = payloadOf(kind, input)
    const firstDate = nextDateAfter(schedule, null) ?? schedule.startDate
    const checked = await this.checkPayload(tx, scope, kind, payload, firstDate)
    if (!checked.ok) return checked
    return ok({
      id: base.id,
      name: rules.value.name,
      kind,
      frequency: schedule.frequency,
      interval: schedule.interval,
      dayOfMonth: schedule.dayOfMonth,
      startDate: schedule.startDate,
      endDate: schedule.endDate,
      occurrencesMax: schedule.occurrencesMax,
      mode: rules.value.mode,
      payload: JSON.stringify(payload),
      nextDate: nextDateAfter(schedule, latestHandled),
      paused: base.paused ?? false,
      lastErrorCode: base.lastErrorCode ?? null,
      lastError: base.lastError ?? null,
      createdAt: base.createdAt,
      updatedAt: this.now(),
    })
  }

  private async checkPayload(
    tx: Executor,
    scope: OrgScope,
    kind: RecurringKind,
    payload: TemplatePayload,
    date: string,
  ): Promise<Result<void>> {
    const checked =
      kind === 'journal_entry'
        ? await this.deps.journal.checkManualEntry(tx, scope, journalArgs(payload, date))
        : kind === 'ledger_event'
          ? await this.deps.events.checkNewEvent(tx, scope, {
              ...(payload.ledgerEvent as NonNullable<TemplatePayload['ledgerEvent']>),
              transactionDate: date,
            })
          : await this.deps.documents.checkDraft(tx, scope, documentInput(payload, date))
    return checked.ok ? ok(undefined) : prefixed(checked.error, kind)
  }

  private async setPaused(
    principal: Principal,
    organizationId: string,
    templateId: string,
    operation: 'pauseRecurringTemplate' | 'resumeRecurringTemplate',
    paused: boolean,
  ): Promise<Result<RecurringTemplateView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, operation)
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const current = await this.deps.store.find(tx, scope, templateId, true)
      if (!current) return templateNotFound()
      // Pausing a paused template (or resuming a running one) changes nothing and says so by succeeding.
      if (current.paused === paused) return ok(await this.viewOf(tx, scope, current))
      const before = await this.viewOf(tx, scope, current)
      const record = { ...current, paused, updatedAt: this.now() }
      await this.deps.store.replace(tx, scope, record)
      const view = await this.viewOf(tx, scope, record)
      await this.record(
        tx,
        scope,
        paused ? 'recurring_template.paused' : 'recurring_template.resumed',
        before,
        view,
      )
      return ok(view)
    })
  }

  private async viewOf(
    ex: Executor,
    scope: OrgScope,
    record: RecurringTemplateRecord,
  ): Promise<RecurringTemplateView> {
    const progress = await this.deps.store.progressOf(ex, scope, [record.id])
    return withProgress(record, progress.get(record.id))
  }

  private async record(tx: Executor, scope: OrgScope, operation: string, before: unknown, after: unknown) {
    const entityId = ((after ?? before) as { id: string }).id
    await this.deps.audit.record(tx, scope, [
      { operation, entityType: 'recurring_template', entityId, before, after },
    ])
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }

  private today(): string {
    return calendarDateOf(this.deps.clock.now())
  }
}

const templateNotFound = () =>
  fail('RECURRING_TEMPLATE_NOT_FOUND', 'Recurring template not found.', 'templateId')

const withProgress = (
  record: RecurringTemplateRecord,
  progress: TemplateProgress | undefined,
): RecurringTemplateView => ({
  ...record,
  occurrenceCount: progress?.occurrenceCount ?? 0,
  lastDate: progress?.lastDate ?? null,
  latestHandled: progress?.latestHandled ?? null,
})

const scheduleOf = (template: RecurringTemplateRecord): Schedule => ({
  frequency: template.frequency,
  interval: template.interval,
  dayOfMonth: template.dayOfMonth,
  startDate: template.startDate,
  endDate: template.endDate,
  occurrencesMax: template.occurrencesMax,
})

/** The one payload the kind takes, as stored. */
function payloadOf(kind: RecurringKind, input: RecurringTemplateInput): TemplatePayload {
  if (kind === 'journal_entry') return { journalEntry: input.journalEntry ?? undefined }
  if (kind === 'ledger_event') return { ledgerEvent: input.ledgerEvent ?? undefined }
  return { invoice: input.invoice ?? undefined }
}

function journalArgs(payload: TemplatePayload, date: string): ManualEntryArgs {
  const entry = payload.journalEntry as NonNullable<TemplatePayload['journalEntry']>
  return { date, memo: entry.memo ?? null, reference: entry.reference ?? null, lines: entry.lines }
}

/**
 * A document issued on the date, due as many days after it as the template's is after its issue
 * date; a number given is made the date's own (`RENT-2026-02-28`), so each date's is unique.
 */
function documentInput(payload: TemplatePayload, date: string): InvoiceInput {
  const document = payload.invoice as NonNullable<TemplatePayload['invoice']>
  const termDays =
    document.dueDate != null
      ? Math.round((Date.parse(document.dueDate) - Date.parse(document.issueDate)) / 86_400_000)
      : 0
  return {
    ...document,
    issueDate: date,
    dueDate: addDays(date, termDays),
    number: document.number != null ? `${document.number}-${date}` : null,
  }
}

/**
 * A payload's refusal, its field named inside the template's input (`input.journalEntry.lines[0]`);
 * the date a module checks is the template's first, so its refusal names the start date.
 */
function prefixed(failure: Failure, kind: RecurringKind): Result<never> {
  const inputField = { journal_entry: 'journalEntry', ledger_event: 'ledgerEvent', invoice: 'invoice' }[kind]
  const field = failure.field?.replace(/^input\./, '')
  const named =
    field === 'date' || field === 'transactionDate' || field === 'issueDate'
      ? 'input.startDate'
      : field
        ? `input.${inputField}.${field}`
        : `input.${inputField}`
  return { ok: false, error: { ...failure, field: named } }
}
