import { randomUUID } from 'node:crypto'
import type { McpConfig } from '../config.js'
import { limits } from '../kernel/limits.js'
import { ok, type Result } from '../kernel/result.js'

// The MCP server is a client of a running Daybook, like any other: GraphQL and POST /uploads over
// HTTP with the API key, never the database. This file is its only door to the network.

export interface GraphQLErrorEntry {
  message: string
  path?: Array<string | number>
  extensions?: { code?: string }
}

/**
 * A refusal in the API's own words: the code and message of its first error (a payload's pair
 * keeps these names too), so an agent reads one shape whatever refused the call.
 */
export interface DaybookRefusal {
  errorCode: string
  error: string
  /** A 429's Retry-After: when the key may ask again. */
  retryAfterSeconds?: number
  /** Every GraphQL error of the answer, when there was more than the first. */
  errors?: GraphQLErrorEntry[]
}

export type DaybookAnswer<T> = Result<T, DaybookRefusal>

/** What POST /uploads answers with 201. */
export interface UploadedFile {
  s3Key: string
  filename: string
  contentType: string
  size: number
  sha256: string
}

export interface DaybookHttp {
  /** The answer's `data`; mutations carry a fresh Idempotency-Key, kept for the one retry. */
  graphql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown>,
    options: { mutation: boolean },
  ): Promise<DaybookAnswer<T>>
  upload(bytes: Uint8Array, filename: string): Promise<DaybookAnswer<UploadedFile>>
}

export interface DaybookHttpDependencies {
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  newIdempotencyKey?: () => string
  now?: () => number
}

interface Exchange {
  status: number
  body: unknown
}

const refusal = (errorCode: string, error: string, extra: Partial<DaybookRefusal> = {}) => ({
  ok: false as const,
  error: { errorCode, error, ...extra },
})

export function createDaybookHttp(
  config: McpConfig,
  dependencies: DaybookHttpDependencies = {},
): DaybookHttp {
  const send = dependencies.fetch ?? globalThis.fetch
  const sleep =
    dependencies.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const newIdempotencyKey = dependencies.newIdempotencyKey ?? randomUUID
  const now = dependencies.now ?? Date.now
  const authorization = `Bearer ${config.apiKey}`

  /**
   * One request, sent again at most once, and only when the quota frees up within a couple of
   * seconds: a tool call must not sit out an hour's window, nor hammer a server that said no.
   */
  async function exchange(url: string, init: () => RequestInit): Promise<DaybookAnswer<Exchange>> {
    for (let attempt = 0; ; attempt++) {
      let status: number
      let retryAfter: string | null
      let text: string
      try {
        const response = await send(url, {
          ...init(),
          signal: AbortSignal.timeout(limits.mcpRequestTimeoutMs),
        })
        status = response.status
        retryAfter = response.headers.get('retry-after')
        text = await response.text()
      } catch (cause) {
        const reason = cause instanceof Error ? cause.message : String(cause)
        return refusal('NETWORK_ERROR', `Daybook did not answer at ${url}: ${reason}.`)
      }
      const body = parseJson(text)
      if (status === 429) {
        const seconds = retryAfterSeconds(retryAfter, now())
        if (attempt === 0 && seconds !== undefined && seconds <= limits.mcpRetryWaitInCallSecondsMax) {
          await sleep(seconds * 1000)
          continue
        }
        const first = errorsOf(body)[0]
        return refusal(
          first?.extensions?.code ?? 'RATE_LIMITED',
          first?.message ?? 'Rate limit exceeded.',
          seconds === undefined ? {} : { retryAfterSeconds: seconds },
        )
      }
      return ok({ status, body })
    }
  }

  return {
    async graphql<T>(query: string, variables: Record<string, unknown>, options: { mutation: boolean }) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization,
      }
      if (options.mutation) headers['idempotency-key'] = newIdempotencyKey()
      const body = JSON.stringify({ query, variables })
      const answer = await exchange(config.graphqlUrl, () => ({ method: 'POST', headers, body }))
      if (!answer.ok) return answer
      const errors = errorsOf(answer.value.body)
      const [first] = errors
      if (first) {
        return refusal(
          first.extensions?.code ?? 'GRAPHQL_ERROR',
          first.message,
          errors.length > 1 ? { errors } : {},
        )
      }
      const data = (answer.value.body as { data?: unknown } | undefined)?.data
      if (data === undefined || data === null || typeof data !== 'object') {
        return refusal('BAD_RESPONSE', `Daybook answered HTTP ${answer.value.status} without data.`)
      }
      return ok(data as T)
    },

    async upload(bytes: Uint8Array, filename: string) {
      const answer = await exchange(config.uploadsUrl, () => {
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(bytes)]), filename)
        return { method: 'POST', headers: { authorization, accept: 'application/json' }, body: form }
      })
      if (!answer.ok) return answer
      const { status, body } = answer.value
      const [first] = errorsOf(body)
      if (status !== 201 || first) {
        return refusal(
          first?.extensions?.code ?? 'BAD_RESPONSE',
          first?.message ?? `Daybook answered the upload with HTTP ${status}.`,
        )
      }
      return ok(body as UploadedFile)
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function errorsOf(body: unknown): GraphQLErrorEntry[] {
  const errors = (body as { errors?: unknown } | undefined)?.errors
  if (!Array.isArray(errors)) return []
  return errors.map((entry) =>
    entry !== null && typeof entry === 'object'
      ? { message: 'Unnamed error.', ...(entry as Partial<GraphQLErrorEntry>) }
      : { message: String(entry) },
  )
}

/** Whole seconds, as Daybook sends them, or an HTTP date, as a proxy may; undefined when absent. */
export function retryAfterSeconds(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const dateMs = Date.parse(text)
  if (Number.isNaN(dateMs)) return undefined
  return Math.max(0, Math.ceil((dateMs - nowMs) / 1000))
}
