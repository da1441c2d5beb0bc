import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core'
import { DaybookError, type GraphQLErrorEntry } from './daybook-error.js'
import { operationType } from './operation-type.js'

/** An API key (`dbk_…`) for programs, or a person's JWT from `tokenAuth`. */
export type DaybookCredential = { apiKey: string; token?: never } | { token: string; apiKey?: never }

export type DaybookClientOptions = DaybookCredential & {
  /** The GraphQL endpoint, such as http://127.0.0.1:4000/graphql. */
  url: string | URL
  /** The global fetch unless given: a proxy agent, a test double. */
  fetch?: typeof fetch
  /** How many times one request is sent again after a 429 before the 429 is thrown. */
  maxRetries?: number
  /**
   * The longest Retry-After waited out. The quota's window lasts an hour, so a 429 near its start
   * asks for most of that hour: such a wait is thrown at once for the caller to schedule instead.
   */
  retryWaitMaxSeconds?: number
}

export interface RequestOptions {
  /**
   * The mutation's Idempotency-Key; a fresh UUID when not given. Pass the key of a DaybookError to
   * send a mutation again whose answer was lost: Daybook answers it once and replays that answer.
   */
  idempotencyKey?: string
  signal?: AbortSignal
}

export interface DaybookClient {
  /**
   * The answer's `data`; GraphQL errors and refused requests are thrown as DaybookError. A generated
   * document types both; plain query text leaves them to the caller: `request<MyResult>(text, {})`.
   */
  request<TResult = unknown, TVariables = Record<string, unknown>>(
    document: DocumentTypeDecoration<TResult, TVariables> | string,
    variables: TVariables,
    options?: RequestOptions,
  ): Promise<TResult>
}

export const clientDefaults = { maxRetries: 3, retryWaitMaxSeconds: 60 } as const

/** Waited when a 429 names no usable Retry-After. */
const retryWaitFallbackSeconds = 1

interface GraphQLAnswer {
  data: unknown
  errors: GraphQLErrorEntry[] | undefined
}

export function createDaybookClient(options: DaybookClientOptions): DaybookClient {
  const send = options.fetch ?? globalThis.fetch
  const maxRetries = options.maxRetries ?? clientDefaults.maxRetries
  const retryWaitMaxSeconds = options.retryWaitMaxSeconds ?? clientDefaults.retryWaitMaxSeconds
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new TypeError('maxRetries must be a whole number, 0 or more.')
  }
  if (!(retryWaitMaxSeconds >= 0)) throw new TypeError('retryWaitMaxSeconds must be 0 or more.')
  const authorization = authorizationOf(options)
  const url = String(options.url)

  async function request<TResult, TVariables>(
    document: DocumentTypeDecoration<TResult, TVariables> | string,
    variables: TVariables,
    requestOptions: RequestOptions = {},
  ): Promise<TResult> {
    const query = String(document)
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization,
    }
    // One key for every attempt: that is what makes a retry of a mutation safe.
    const idempotencyKey =
      operationType(query) === 'mutation'
        ? (requestOptions.idempotencyKey ?? globalThis.crypto.randomUUID())
        : undefined
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey
    const body = JSON.stringify({ query, variables })
    const { signal } = requestOptions

    for (let retries = 0; ; retries += 1) {
      let response: Response
      let text: string
      try {
        response = await send(url, { method: 'POST', headers, body, ...(signal ? { signal } : {}) })
        text = await response.text()
      } catch (cause) {
        if (signal?.aborted) throw cause
        throw new DaybookError({
          message: `Daybook did not answer: ${cause instanceof Error ? cause.message : String(cause)}`,
          code: 'NETWORK_ERROR',
          idempotencyKey,
          cause,
        })
      }
      const requestId = response.headers.get('x-request-id') ?? undefined
      const answer = parseAnswer(text)
      const errors = answer?.errors ?? []
      const known = { status: response.status, errors, idempotencyKey, requestId }

      if (response.status === 429) {
        const waitSeconds = retryAfterSeconds(response.headers.get('retry-after'), Date.now())
        if (retries < maxRetries && waitSeconds <= retryWaitMaxSeconds) {
          await sleep(waitSeconds * 1000, signal)
          continue
        }
        throw new DaybookError({
          ...known,
          message: errors[0]?.message ?? 'Rate limit exceeded.',
          code: errors[0]?.extensions?.code ?? 'RATE_LIMITED',
          retryAfterSeconds: waitSeconds,
        })
      }
      const [first] = errors
      if (first) {
        throw new DaybookError({
          ...known,
          message: first.message,
          code: first.extensions?.code ?? 'GRAPHQL_ERROR',
          data: answer?.data,
        })
      }
      if (!response.ok || answer?.data === undefined || answer.data === null) {
        throw new DaybookError({
          ...known,
          message: `Daybook answered HTTP ${response.status} without data.`,
          code: 'BAD_RESPONSE',
        })
      }
      return answer.data as TResult
    }
  }

  return { request }
}

function authorizationOf(credential: DaybookCredential): string {
  const { apiKey, token } = credential
  if ((apiKey === undefined) === (token === undefined)) {
    throw new TypeError('Give either apiKey or token.')
  }
  return apiKey !== undefined ? `Bearer ${apiKey}` : `JWT ${token}`
}

/** The answer's JSON, or undefined when it is not a GraphQL answer (a proxy's error page). */
function parseAnswer(text: string): GraphQLAnswer | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  if (parsed === null || typeof parsed !== 'object') return undefined
  const { data, errors } = parsed as Record<string, unknown>
  return {
    data,
    errors: Array.isArray(errors) ? errors.map(errorEntry) : undefined,
  }
}

function errorEntry(entry: unknown): GraphQLErrorEntry {
  if (entry === null || typeof entry !== 'object') return { message: String(entry) }
  return { message: 'Unnamed error.', ...(entry as Partial<GraphQLErrorEntry>) }
}

/** Retry-After in whole seconds (what Daybook sends) or as an HTTP date (what a proxy may send). */
export function retryAfterSeconds(header: string | null, nowMs: number): number {
  if (header === null) return retryWaitFallbackSeconds
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const dateMs = Date.parse(text)
  if (Number.isNaN(dateMs)) return retryWaitFallbackSeconds
  return Math.max(0, Math.ceil((dateMs - nowMs) / 1000))
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    function onAbort() {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
