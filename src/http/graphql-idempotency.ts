import type { FastifyReply, FastifyRequest } from 'fastify'
import { limits } from '../kernel/limits.js'
import {
  type IdempotencyDecision,
  idempotencyKeyPattern,
} from '../modules/idempotency/idempotency-service.js'
import type { Services } from '../services.js'
import { refuse } from './graphql-errors.js'
import type { GraphQLRequestBody } from './graphql-request.js'
import type { GraphQLMediaType } from './media-type.js'
import { httpStatus } from './status-policy.js'

/** A mutation that runs for real under its key, its answer to be recorded or the key let go. */
export type RecordedRun = Extract<IdempotencyDecision, { kind: 'run' }>

export type IdempotencyGate =
  | { answered: FastifyReply; recorded?: undefined }
  | { answered?: undefined; recorded: RecordedRun | undefined }

/**
 * What a mutation sent with an Idempotency-Key may do: be refused for its key, be answered with
 * the recorded answer of its first run, or run, recorded where its caller has a scope for keys.
 */
export async function passIdempotencyGate(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  idempotencyKey: string | string[],
  body: GraphQLRequestBody,
  mediaType: GraphQLMediaType,
): Promise<IdempotencyGate> {
  if (typeof idempotencyKey !== 'string' || !idempotencyKeyPattern.test(idempotencyKey)) {
    const answered = refuse(
      reply,
      mediaType,
      httpStatus.ok,
      `Idempotency-Key must be 1 to ${limits.idempotencyKeyLengthMax} visible ASCII characters.`,
      'INVALID_IDEMPOTENCY_KEY',
    )
    return { answered }
  }
  const scope = services.idempotency.scopeOf(request.principal)
  if (!scope) return { recorded: undefined }
  const input = [body.query, body.variables ?? null, body.operationName ?? null]
  const decision = await services.idempotency.begin(scope, idempotencyKey, input)
  if (decision.kind === 'reused') {
    const answered = refuse(
      reply,
      mediaType,
      httpStatus.ok,
      'This Idempotency-Key was already used with a different request.',
      'IDEMPOTENCY_KEY_REUSED',
    )
    return { answered }
  }
  if (decision.kind === 'replay') {
    const answered = reply
      .code(decision.status)
      .header('idempotency-replayed', 'true')
      .type('application/json')
      .send(decision.body)
    return { answered }
  }
  return { recorded: decision }
}
