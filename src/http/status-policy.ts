import type { ErrorCode } from '../kernel/error-codes.js'
import type { GraphQLMediaType } from './media-type.js'

// DESIGN 4's HTTP status policy, in one place. GraphQL answers are 200 whatever went wrong
// inside them; only a request that is not GraphQL at all, the quota, or the size limit changes
// the status. That is the policy of application/json; a client that asks for
// application/graphql-response+json gets GraphQL over HTTP's instead (requestErrorStatus).
export const httpStatus = {
  ok: 200,
  /** A body that is not JSON, a missing or non-string query, a GraphQL syntax error. */
  malformedRequest: 400,
  unauthorized: 401,
  notFound: 404,
  methodNotAllowed: 405,
  notAcceptable: 406,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  unprocessableContent: 422,
  rateLimited: 429,
} as const

/**
 * The status of a request error: an answer without `data`, because the request was refused before
 * anything ran. Under application/json it stays as DESIGN 4 says; under
 * application/graphql-response+json it is never 2xx, since there a 200 promises `data`. A reused
 * Idempotency-Key is 422, as the IETF's Idempotency-Key draft asks; every other refusal is 400.
 */
export function requestErrorStatus(status: number, mediaType: GraphQLMediaType, code?: ErrorCode): number {
  if (mediaType === 'application/json' || status !== httpStatus.ok) return status
  return code === 'IDEMPOTENCY_KEY_REUSED' ? httpStatus.unprocessableContent : httpStatus.malformedRequest
}

export interface ErrorBody {
  errors: Array<{ message: string; extensions?: { code: ErrorCode } }>
}

export function errorBody(message: string, code?: ErrorCode): ErrorBody {
  return { errors: [code ? { message, extensions: { code } } : { message }] }
}

/**
 * Fastify's own errors (body parsing, size) mapped onto the policy. A body that is not JSON is
 * 415 only for a client that asked for GraphQL over HTTP's statuses.
 */
export function statusForFrameworkError(
  error: { code?: string; statusCode?: number },
  mediaType: GraphQLMediaType = 'application/json',
): {
  status: number
  message: string
  code: ErrorCode
} {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    return {
      status: httpStatus.payloadTooLarge,
      message: 'Request body is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    }
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
    return {
      status:
        mediaType === 'application/json' ? httpStatus.malformedRequest : httpStatus.unsupportedMediaType,
      message: 'Request body must be JSON (Content-Type: application/json).',
      code: 'MALFORMED_REQUEST',
    }
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: httpStatus.malformedRequest,
      message: 'Request body is not valid JSON.',
      code: 'MALFORMED_REQUEST',
    }
  }
  return { status: 500, message: 'Internal server error.', code: 'INTERNAL_SERVER_ERROR' }
}
