import type { ErrorCode } from '../kernel/error-codes.js'

// DESIGN 4's HTTP status policy, in one place. GraphQL answers are 200 whatever went wrong
// inside them; only a request that is not GraphQL at all, the quota, or the size limit changes
// the status.
export const httpStatus = {
  ok: 200,
  /** A body that is not JSON, a missing or non-string query, a GraphQL syntax error. */
  malformedRequest: 400,
  unauthorized: 401,
  notFound: 404,
  methodNotAllowed: 405,
  payloadTooLarge: 413,
  rateLimited: 429,
} as const

export interface ErrorBody {
  errors: Array<{ message: string; extensions?: { code: ErrorCode } }>
}

export function errorBody(message: string, code?: ErrorCode): ErrorBody {
  return { errors: [code ? { message, extensions: { code } } : { message }] }
}

/** Fastify's own errors (body parsing, size) mapped onto the policy. */
export function statusForFrameworkError(error: { code?: string; statusCode?: number }): {
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
      status: httpStatus.malformedRequest,
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
