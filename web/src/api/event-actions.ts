import { type Client, type CombinedError, stringifyDocument } from '@urql/core'
import type { SessionStore } from '../session/session-store'
import { idempotentContext, newIdempotencyKey } from './client'
import { errorInWords, isSessionRefusal, isTransient } from './errors'
import {
  type AccountNameFragment,
  type ClassifyOutcomeFragment,
  ClassifyOutcomeFragmentDoc,
  ConfirmManyEventsDocument,
  type RejectOutcomeFragment,
  RejectOutcomeFragmentDoc,
} from './generated/review-queue'

export type EventAction =
  | { kind: 'confirm' }
  | { kind: 'reject' }
  | { kind: 'classify'; category: AccountNameFragment }

/** What became of one event: the category it now has when classified, or the API's words. */
export type EventOutcome =
  | { eventId: string; ok: true; category?: AccountNameFragment | null }
  | { eventId: string; ok: false; error: string }

// Daybook runs at most five root mutation fields per request, so classifying and rejecting are
// sent as requests of five aliased fields: a fifth of the round trips, and still an answer per
// event. Confirming has a call for many (confirmLedgerEvents, up to 500), which posts them in one
// transaction at several times the rate; a hundred per call keeps the progress moving.
const eventsPerRequest = { confirm: 100, reject: 5, classify: 5 }
const requestsInParallel = 2
// Waits before sending the same request again, under the same Idempotency-Key.
const retryWaitsMs = [400, 1500]

// The aliased mutation is put together here, but each field selects a fragment of
// operations/review-queue.graphql, so codegen checks the selection and types the answers.
type Payload = ClassifyOutcomeFragment | RejectOutcomeFragment
type AliasedAction = Exclude<EventAction, { kind: 'confirm' }>

const fieldOf = { reject: 'rejectLedgerEvent', classify: 'updateStagedEntry' }
const operationNameOf = { reject: 'RejectEvents', classify: 'ClassifyEvents' }
const outcomeFragmentOf = {
  reject: { name: 'RejectOutcome', text: stringifyDocument(RejectOutcomeFragmentDoc) },
  classify: { name: 'ClassifyOutcome', text: stringifyDocument(ClassifyOutcomeFragmentDoc) },
}

function mutationText(action: AliasedAction, count: number): string {
  const classifying = action.kind === 'classify'
  const variables = ['$organizationId: UUID!']
  if (classifying) variables.push('$categoryId: UUID!')
  const fragment = outcomeFragmentOf[action.kind]
  const fields: string[] = []
  for (let index = 0; index < count; index++) {
    variables.push(`$e${index}: UUID!`)
    const extra = classifying ? ', categoryId: $categoryId' : ''
    fields.push(
      `e${index}: ${fieldOf[action.kind]}(organizationId: $organizationId, eventId: $e${index}${extra}) { ...${fragment.name} }`,
    )
  }
  return `mutation ${operationNameOf[action.kind]}(${variables.join(', ')}) { ${fields.join(' ')} }\n${fragment.text}`
}

/**
 * Acts on every event, reporting each request's events as they settle. Each request carries an
 * Idempotency-Key of its own and keeps it when sent again after a failure that may not have
 * reached the server, so no event is confirmed or rejected twice.
 */
export async function actOnEvents(
  client: Client,
  session: SessionStore,
  organizationId: string,
  action: EventAction,
  eventIds: readonly string[],
  onSettled: (outcomes: EventOutcome[]) => void,
): Promise<void> {
  const batches: string[][] = []
  const size = eventsPerRequest[action.kind]
  for (let start = 0; start < eventIds.length; start += size) {
    batches.push(eventIds.slice(start, start + size))
  }
  let sessionRefused = false
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      if (sessionRefused) {
        onSettled(batch.map((eventId) => ({ eventId, ok: false, error: signInAgain })))
        continue
      }
      const outcomes = await sendBatch(client, session, organizationId, action, batch)
      if (outcomes.refusedSession) sessionRefused = true
      onSettled(outcomes.events)
    }
  }
  await Promise.all(Array.from({ length: requestsInParallel }, worker))
}

const signInAgain = 'Your session ended before this was sent. Sign in again, then repeat it.'

async function sendBatch(
  client: Client,
  session: SessionStore,
  organizationId: string,
  action: EventAction,
  eventIds: string[],
): Promise<{ events: EventOutcome[]; refusedSession: boolean }> {
  if (action.kind === 'confirm') return sendConfirms(client, session, organizationId, eventIds)
  const variables: Record<string, string> = { organizationId }
  if (action.kind === 'classify') variables.categoryId = action.category.id
  eventIds.forEach((eventId, index) => {
    variables[`e${index}`] = eventId
  })
  const text = mutationText(action, eventIds.length)
  const answer = await withRetries(session, (context) =>
    client.mutation<Record<string, Payload | null>>(text, variables, context).toPromise(),
  )

  const refusedSession = isSessionRefusal(answer.error)
  const events = eventIds.map((eventId, index): EventOutcome => {
    const payload = answer.data?.[`e${index}`]
    if (payload) {
      if (!payload.success) return { eventId, ok: false, error: payload.error ?? 'Daybook refused this.' }
      return action.kind === 'classify'
        ? { eventId, ok: true, category: 'event' in payload ? (payload.event?.category ?? null) : null }
        : { eventId, ok: true }
    }
    if (refusedSession) return { eventId, ok: false, error: signInAgain }
    return { eventId, ok: false, error: fieldError(answer.error, `e${index}`) }
  })
  return { events, refusedSession }
}

/** One confirmLedgerEvents call: an answer per event, or the call's own refusal on each. */
async function sendConfirms(
  client: Client,
  session: SessionStore,
  organizationId: string,
  eventIds: string[],
): Promise<{ events: EventOutcome[]; refusedSession: boolean }> {
  const answer = await withRetries(session, (context) =>
    client.mutation(ConfirmManyEventsDocument, { organizationId, eventIds }, context).toPromise(),
  )
  const refusedSession = isSessionRefusal(answer.error)
  const payload = answer.data?.confirmLedgerEvents
  const byId = new Map((payload?.results ?? []).map((result) => [result.eventId, result]))
  const events = eventIds.map((eventId): EventOutcome => {
    const result = byId.get(eventId)
    if (result?.success) return { eventId, ok: true }
    if (result) return { eventId, ok: false, error: result.error ?? 'Daybook refused this.' }
    if (refusedSession) return { eventId, ok: false, error: signInAgain }
    if (payload)
      return { eventId, ok: false, error: payload.error ?? 'Daybook answered nothing for this event.' }
    return {
      eventId,
      ok: false,
      error: answer.error ? errorInWords(answer.error) : 'Daybook answered nothing.',
    }
  })
  return { events, refusedSession }
}

/**
 * Sends a request under one Idempotency-Key, and again under the same key after a failure that
 * may not have reached the server, so nothing is done twice.
 */
async function withRetries<T extends { error?: CombinedError | undefined }>(
  session: SessionStore,
  send: (context: ReturnType<typeof idempotentContext>) => Promise<T>,
): Promise<T> {
  const context = idempotentContext(session, newIdempotencyKey())
  let answer = await send(context)
  for (const waitMs of retryWaitsMs) {
    if (!answer.error || !isTransient(answer.error)) break
    await new Promise((resolve) => window.setTimeout(resolve, waitMs))
    answer = await send(context)
  }
  return answer
}

/** The error of one aliased field, else the request's own (it failed as a whole). */
function fieldError(error: CombinedError | undefined, alias: string): string {
  if (!error) return 'Daybook answered nothing for this event.'
  const own = error.graphQLErrors.find((each) => each.path?.[0] === alias)
  return own ? own.message : errorInWords(error)
}
