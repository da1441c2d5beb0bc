import type { DocumentTypeDecoration, ResultOf, VariablesOf } from '@graphql-typed-document-node/core'
import { DaybookError, type DaybookErrorDetails, type GraphQLErrorEntry } from './daybook-error.js'
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

/** Any generated document: its answer and variables, as codegen typed them. */
// biome-ignore lint/suspicious/noExplicitAny: the constraint must admit every document's own types
export type GeneratedDocument = DocumentTypeDecoration<any, any>

/**
 * The document itself, unless it is a graphql-js AST (`kind: 'Document'`, what codegen makes by
 * default): the client posts text, and an AST would go out as "[object Object]". Such a document
 * is `never` here, so passing one fails to compile.
 */
export type SendableDocument<TDocument> = TDocument extends { readonly kind: 'Document' } ? never : TDocument

/** What a list query answers: a page of `items` out of `totalCount`. */
export interface ListPage {
  items: readonly unknown[]
  totalCount: number
}

export interface UploadOptions {
  /** The name the file is stored under, such as statement.ofx. */
  filename: string
  /** The part's media type; a Blob's own type, else application/octet-stream. Daybook sniffs the content. */
  contentType?: string
  /** Required with a person's JWT, who may belong to many organizations; an API key has its one. */
  organizationId?: string
  signal?: AbortSignal
}

/** POST /uploads's answer (DESIGN 3): `s3Key` is what attachReceiptToEvent and importBankStatementFile take. */
export interface UploadedFile {
  s3Key: string
  filename: string
  contentType: string
  /** In bytes. */
  size: number
  /** Hex SHA-256 of the stored bytes. */
  sha256: string
}

export interface DaybookClient {
  /**
   * The answer's `data`; GraphQL errors and refused requests are thrown as DaybookError. A generated
   * document types both; plain query text leaves them to the caller: `request<MyResult>(text, {})`.
   */
  request<TDocument extends GeneratedDocument>(
    document: TDocument & SendableDocument<TDocument>,
    variables: VariablesOf<TDocument>,
    options?: RequestOptions,
  ): Promise<ResultOf<TDocument>>
  request<TResult = unknown, TVariables = Record<string, unknown>>(
    document: string,
    variables: TVariables,
    options?: RequestOptions,
  ): Promise<TResult>

  /**
   * Sends one file to POST /uploads, with the client's credential, and resolves to its key. A
   * refusal (EMPTY_FILE, FILE_TOO_LARGE, UNSUPPORTED_FILE_TYPE, …) is thrown as DaybookError.
   */
  uploadFile(file: Blob | Uint8Array, options: UploadOptions): Promise<UploadedFile>

  /**
   * Every page of a list query, one request each, from `variables.offset` (0 unless given) on: the
   * next page starts after the items of this one, and the pages end when they reach `totalCount`
   * or one comes back empty. `pick` finds the page in the answer: `(data) => data.listLedgerEvents`.
   */
  pages<TDocument extends GeneratedDocument, TPage extends ListPage>(
    document: TDocument & SendableDocument<TDocument>,
    variables: VariablesOf<TDocument>,
    pick: (data: ResultOf<TDocument>) => TPage | null | undefined,
    options?: RequestOptions,
  ): AsyncGenerator<TPage, void, undefined>
}

export const clientDefaults = { maxRetries: 3, retryWaitMaxSeconds: 60 } as const

/** Waited when a 429 names no usable Retry-After. */
const retryWaitFallbackSeconds = 1

interface GraphQLAnswer {
  data: unknown
  errors: GraphQLErrorEntry[] | undefined
}

/** One request's answer once any 429 was waited out. */
interface Exchange {
  response: Response
  /** The body's JSON, or undefined when it is none (a proxy's error page). */
  body: unknown
  answer: GraphQLAnswer | undefined
  known: Pick<DaybookErrorDetails, 'status' | 'errors' | 'idempotencyKey' | 'requestId'>
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
  const uploadsUrl = uploadsUrlOf(url)

  /** Sends what `init` builds (afresh for each attempt) until it is not a 429 or the retries run out. */
  async function exchange(
    target: string,
    init: () => RequestInit,
    idempotencyKey: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Exchange> {
    for (let retries = 0; ; retries += 1) {
      let response: Response
      let text: string
      try {
        response = await send(target, { ...init(), ...(signal ? { signal } : {}) })
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
      const body = parseJson(text)
      const answer = answerOf(body)
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
      return { response, body, answer, known }
    }
  }

  async function request(
    document: unknown,
    variables: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<unknown> {
    const query = queryText(document)
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
    const { response, answer, known } = await exchange(
      url,
      () => ({ method: 'POST', headers, body }),
      idempotencyKey,
      requestOptions.signal,
    )
    const [first] = known.errors ?? []
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
    return answer.data
  }

  async function uploadFile(file: Blob | Uint8Array, uploadOptions: UploadOptions): Promise<UploadedFile> {
    const { filename, organizationId, signal } = uploadOptions
    if (typeof filename !== 'string' || filename === '') throw new TypeError('uploadFile needs a filename.')
    const blob =
      file instanceof Blob
        ? file
        : new Blob([new Uint8Array(file)], { type: uploadOptions.contentType ?? 'application/octet-stream' })
    const contentType = uploadOptions.contentType ?? (blob.type || 'application/octet-stream')
    const part = blob.type === contentType ? blob : new Blob([blob], { type: contentType })
    const { response, body, known } = await exchange(
      uploadsUrl,
      () => {
        // fetch sets the multipart boundary itself; a form per attempt keeps each body whole.
        const form = new FormData()
        if (organizationId !== undefined) form.set('organizationId', organizationId)
        form.set('file', part, filename)
        return { method: 'POST', headers: { accept: 'application/json', authorization }, body: form }
      },
      undefined,
      signal,
    )
    const [first] = known.errors ?? []
    if (first) {
      throw new DaybookError({
        ...known,
        message: first.message,
        code: first.extensions?.code ?? 'UPLOAD_REFUSED',
      })
    }
    if (response.status !== 201 || !isUploadedFile(body)) {
      throw new DaybookError({
        ...known,
        message: `Daybook answered the upload with HTTP ${response.status} and no file key.`,
        code: 'BAD_RESPONSE',
        data: body,
      })
    }
    const { s3Key, size, sha256 } = body
    return { s3Key, filename: body.filename, contentType: body.contentType, size, sha256 }
  }

  async function* pages(
    document: unknown,
    variables: unknown,
    pick: (data: unknown) => ListPage | null | undefined,
    requestOptions?: RequestOptions,
  ): AsyncGenerator<ListPage, void, undefined> {
    const given = (variables ?? {}) as { offset?: number | null }
    let offset = given.offset ?? 0
    for (;;) {
      const page = pick(await request(document, { ...given, offset }, requestOptions))
      if (!page || page.items.length === 0) return
      yield page
      // The items received, not the limit asked for: Daybook serves an oversized limit as its largest page.
      offset += page.items.length
      if (offset >= page.totalCount) return
    }
  }

  return { request, uploadFile, pages } as DaybookClient
}

/**
 * The query text of a generated document or of a string. A graphql-js AST is refused by name: it
 * would otherwise be posted as "[object Object]" and fail to parse on the server.
 */
function queryText(document: unknown): string {
  if (typeof document === 'string') return document
  if (document instanceof String) return String(document)
  if (
    document !== null &&
    typeof document === 'object' &&
    (document as { kind?: unknown }).kind === 'Document'
  ) {
    throw new TypeError(
      "request() got a graphql-js DocumentNode (kind 'Document'), which it cannot send: pass a generated " +
        "document of @daybook/client (codegen's documentMode 'string') or the query text as a string.",
    )
  }
  throw new TypeError(
    `request() takes a generated document of @daybook/client or query text as a string, not ${
      document === null ? 'null' : typeof document
    }.`,
  )
}

/** POST /uploads beside the GraphQL endpoint: http://host/graphql -> http://host/uploads. */
export function uploadsUrlOf(graphqlUrl: string): string {
  const target = new URL(graphqlUrl)
  target.pathname = target.pathname.replace(/\/?(?:graphql\/?)?$/, '/uploads')
  target.search = ''
  target.hash = ''
  return target.toString()
}

function isUploadedFile(body: unknown): body is UploadedFile {
  if (body === null || typeof body !== 'object') return false
  const { s3Key, filename, contentType, size, sha256 } = body as Record<string, unknown>
  return (
    typeof s3Key === 'string' &&
    typeof filename === 'string' &&
    typeof contentType === 'string' &&
    typeof size === 'number' &&
    typeof sha256 === 'string'
  )
}

function authorizationOf(credential: DaybookCredential): string {
  const { apiKey, token } = credential
  if ((apiKey === undefined) === (token === undefined)) {
    throw new TypeError('Give either apiKey or token.')
  }
  return apiKey !== undefined ? `Bearer ${apiKey}` : `JWT ${token}`
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The body as a GraphQL answer, or undefined when it is none (a proxy's error page). */
function answerOf(parsed: unknown): GraphQLAnswer | undefined {
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
