import type { FastifyReply } from 'fastify'
import type { ErrorCode } from '../kernel/error-codes.js'
import type { Failure } from '../kernel/result.js'
import { AccessDenied } from '../modules/access/access-denied.js'
import { errorBody } from './status-policy.js'

// The REST endpoints (uploads, files, intake) answer with HTTP statuses, in the same JSON error
// shape as GraphQL: access denials become 401/403/404 with the spec's messages.
const accessStatus: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  INVALID_API_KEY: 401,
  INVALID_TOKEN: 401,
  ORGANIZATION_NOT_FOUND: 404,
}

export function replyAccessDenied(reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof AccessDenied)) throw error
  return reply.code(accessStatus[error.code] ?? 403).send(errorBody(error.message, error.code))
}

export function replyFailure(reply: FastifyReply, status: number, failure: Failure): FastifyReply {
  return reply.code(status).send(errorBody(failure.message, failure.code))
}
