/** One entry of a GraphQL answer's `errors`. */
export interface GraphQLErrorEntry {
  message: string
  path?: ReadonlyArray<string | number>
  extensions?: { code?: string; [name: string]: unknown }
}

export interface DaybookErrorDetails {
  message: string
  /** A code of docs/error-codes.md, or NETWORK_ERROR / BAD_RESPONSE when no Daybook answer arrived. */
  code: string
  status?: number | undefined
  errors?: readonly GraphQLErrorEntry[] | undefined
  data?: unknown
  retryAfterSeconds?: number | undefined
  idempotencyKey?: string | undefined
  requestId?: string | undefined
  cause?: unknown
}

/**
 * A request that did not get its answer: a GraphQL error, a refused request (400, 413, 429), an
 * unreadable answer or no answer at all. A payload with `success: false` is an answer, so it is
 * returned as data instead; `assertSuccess` turns one into this error for callers who prefer that.
 */
export class DaybookError extends Error {
  override readonly name = 'DaybookError'
  readonly code: string
  /** Undefined when no HTTP answer arrived. */
  readonly status: number | undefined
  readonly errors: readonly GraphQLErrorEntry[]
  /** What the server answered beside its errors, if anything. */
  readonly data: unknown
  /** Set on RATE_LIMITED: when the API key's window ends. */
  readonly retryAfterSeconds: number | undefined
  /** The mutation's key: sending it again with the same request cannot do the work twice. */
  readonly idempotencyKey: string | undefined
  /** The server's x-request-id, which its logs name. */
  readonly requestId: string | undefined

  constructor(details: DaybookErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = details.code
    this.status = details.status
    this.errors = details.errors ?? []
    this.data = details.data
    this.retryAfterSeconds = details.retryAfterSeconds
    this.idempotencyKey = details.idempotencyKey
    this.requestId = details.requestId
  }
}

/** The shape every Daybook mutation payload shares. */
export interface PayloadOutcome {
  success: boolean
  error?: string | null
  errorCode?: string | null
}

/**
 * Narrows a mutation payload to its successful form, or throws its own words (`error`,
 * `errorCode`) as a DaybookError. The fields named after it are checked to be there, so that they
 * can be used without a null check: `assertSuccess(payload, 'eventId')`. A null payload only comes
 * with GraphQL errors, which the client has already thrown.
 */
export function assertSuccess<T extends PayloadOutcome, K extends keyof T = never>(
  payload: T | null | undefined,
  ...present: K[]
): asserts payload is T & { success: true } & { [P in K]: NonNullable<T[P]> } {
  if (payload === null || payload === undefined) {
    throw new DaybookError({ message: 'The answer holds no payload.', code: 'BAD_RESPONSE' })
  }
  if (!payload.success) {
    throw new DaybookError({
      message: payload.error ?? 'The operation did not succeed.',
      code: payload.errorCode ?? 'UNSUCCESSFUL',
      data: payload,
    })
  }
  const missing = present.filter((field) => payload[field] === null || payload[field] === undefined)
  if (missing.length > 0) {
    throw new DaybookError({
      message: `The payload succeeded without ${missing.join(', ')}.`,
      code: 'BAD_RESPONSE',
      data: payload,
    })
  }
}
