import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
} from 'fastify'
import { type ExecutionResult, GraphQLError, getVariableValues } from 'graphql'
import { type CompiledOperation, compiledOperation, learnOperation } from '../graphql/compiled-operations.js'
import type { GraphQLContext } from '../graphql/context.js'
import { queryNestingProblem, variablesNestingProblem } from '../graphql/input-nesting.js'
import type { ErrorCode } from '../kernel/error-codes.js'
import { limits } from '../kernel/limits.js'
import { AccessDenied } from '../modules/access/access-denied.js'
import {
  type IdempotencyDecision,
  idempotencyKeyPattern,
} from '../modules/idempotency/idempotency-service.js'
import type { Services } from '../services.js'
import type { GraphiQLPage } from './graphiql.js'
import { type GraphQLMediaType, graphqlResponseJson, negotiateGraphQLMediaType } from './media-type.js'
import { operationInfo } from './operation-info.js'
import { errorBody, httpStatus, requestErrorStatus } from './status-policy.js'

interface GraphQLRequestBody {
  query: string
  variables?: Record<string, unknown> | undefined
  operationName?: string | undefined
}

type Parsed =
  | { ok: true; body: GraphQLRequestBody }
  | { ok: false; status: number; message: string; code: ErrorCode }

const malformed = (message: string): Parsed => ({
  ok: false,
  status: httpStatus.malformedRequest,
  message,
  code: 'MALFORMED_REQUEST',
})
const invalid = (message: string): Parsed => ({
  ok: false,
  status: httpStatus.ok,
  message,
  code: 'BAD_REQUEST',
})

/** Checks the envelope of a GraphQL request before any GraphQL work happens. */
export function parseGraphQLRequest(raw: unknown): Parsed {
  if (Array.isArray(raw))
    return malformed('Batched requests are not supported; send one operation per request.')
  if (raw === null || typeof raw !== 'object') return malformed('Request body must be a JSON object.')
  const { query, variables, operationName } = raw as Record<string, unknown>
  if (query === undefined || query === null) return malformed('Missing query.')
  if (typeof query !== 'string') return malformed('query must be a string.')
  const checked = queryChecks(query)
  // Mercurius would execute a JSON string as a document AST; Daybook only takes GraphQL text.
  if (checked.jsonObject) return malformed('Syntax Error: query must be GraphQL text, not JSON.')
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== 'object' || Array.isArray(variables))
  ) {
    return invalid('variables must be a JSON object.')
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return invalid('operationName must be a string.')
  }
  const tooDeep = checked.nestingProblem ?? variablesNestingProblem(variables)
  if (tooDeep) return { ok: false, status: httpStatus.ok, message: tooDeep, code: 'INPUT_TOO_DEEP' }
  if (!checked.clean || !variablesClean(variables)) {
    return {
      ok: false,
      status: httpStatus.ok,
      message: 'Strings must be well-formed Unicode without NUL characters.',
      code: 'INVALID_CHARACTER',
    }
  }
  return {
    ok: true,
    body: {
      query,
      variables: (variables ?? undefined) as Record<string, unknown> | undefined,
      operationName: operationName ?? undefined,
    },
  }
}

const isCleanText = (text: string) => !text.includes('\u0000') && text.isWellFormed()

interface QueryChecks {
  /** The text is a JSON object or array rather than GraphQL. */
  jsonObject: boolean
  nestingProblem: string | undefined
  /** No NUL and no lone surrogate, written out or escaped. */
  clean: boolean
}

// Keyed by the query text: clients send the same few documents again and again, and the checks of
// the text (three scans of it) cost more than the look-up, whose hash the string then keeps for
// the caches after this one.
const checkedQueries = new Map<string, QueryChecks>()

function queryChecks(query: string): QueryChecks {
  const known = checkedQueries.get(query)
  if (known) return known
  const checks: QueryChecks = {
    jsonObject: isJsonObject(query),
    nestingProblem: queryNestingProblem(query),
    // No Daybook string may hold NUL (PostgreSQL cannot store it, SQLite truncates at it) or a lone
    // surrogate (each engine would store a different replacement): strings must round-trip exactly.
    clean: isCleanText(query) && !/\\u(0000|d[89a-f][0-9a-f]{2})/i.test(query),
  }
  if (query.length <= limits.operationInfoQueryLengthMax) {
    if (checkedQueries.size >= limits.operationInfoCacheEntriesMax) checkedQueries.clear()
    checkedQueries.set(query, checks)
  }
  return checks
}

/** Walks the variables without recursion, so no nesting depth can exhaust the stack. */
function variablesClean(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (!isCleanText(next)) return false
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item)
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (!isCleanText(key)) return false
        pending.push(inner)
      }
    }
  }
  return true
}

function isJsonObject(text: string): boolean {
  // Cheap first: GraphQL text can open with '{' but never with '{"', '{}' or '['.
  const trimmed = text.trimStart()
  if (trimmed[0] === '{') {
    const next = trimmed.slice(1).trimStart()[0]
    if (next !== '"' && next !== '}') return false
  } else if (trimmed[0] !== '[') {
    return false
  }
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null
  } catch {
    return false
  }
}

interface FormattedError {
  message: string
  path?: ReadonlyArray<string | number>
  locations?: ReadonlyArray<{ line: number; column: number }>
  /** `field` names the argument a failure is about, where it is about one. */
  extensions: { code: string; field?: string }
}

/** Deliberate errors keep their message; anything else is a bug, logged and masked. */
export function formatError(
  error: GraphQLError,
  log: FastifyBaseLogger,
  fallbackCode: string,
): FormattedError {
  let original = error.originalError
  // Mercurius re-wraps resolver errors, so the cause may sit one GraphQLError deeper.
  while (original instanceof GraphQLError && original.originalError) original = original.originalError
  const where = {
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations ? { locations: error.locations } : {}),
  }
  if (original instanceof AccessDenied) {
    return { message: original.message, ...where, extensions: { code: original.code } }
  }
  if (!original || original instanceof GraphQLError) {
    const { code, field } = (original ?? error).extensions ?? {}
    return {
      message: error.message,
      ...where,
      extensions: {
        code: typeof code === 'string' ? code : fallbackCode,
        ...(typeof field === 'string' ? { field } : {}),
      },
    }
  }
  log.error({ err: original }, 'unexpected error in a resolver')
  return { message: 'Internal server error.', ...where, extensions: { code: 'INTERNAL_SERVER_ERROR' } }
}

/** Mercurius's errorFormatter hook: every execution error passes through formatError. */
export function executionErrorFormatter(
  execution: { data?: unknown; errors: readonly GraphQLError[] },
  context: { reply?: FastifyReply; app: FastifyInstance },
) {
  const log = context.reply ? context.reply.log : context.app.log
  return {
    statusCode: httpStatus.ok,
    response: {
      // No data at all means nothing ran (an unknown operation, variables that do not coerce):
      // a request error, which GraphQL answers without the key.
      data: execution.data,
      errors: execution.errors.map((e) => formatError(e, log, 'BAD_REQUEST')),
    },
  }
}

/** A validation message without graphql-js's closing "Did you mean …?" hint. */
function withoutSuggestion(message: string): string {
  return message.replace(/ Did you mean [^?]*\?$/u, '')
}

// The root value Mercurius gives every operation: an empty object, the resolvers being the schema's.
const rootValue = {}

const mercuriusValidation = 'MER_ERR_GQL_VALIDATION'

interface MercuriusValidationError {
  code?: string
  statusCode?: number
  errors?: GraphQLError[]
}

export function registerGraphQLRoutes(
  app: FastifyInstance,
  services: Services,
  options: {
    publicUrl: string | undefined
    /** graphql-js's "Did you mean" hints name fields a caller has not found: only with introspection. */
    suggestions: boolean
    /** Served to a browser's GET without a query; where it is off, that GET is refused as any other. */
    graphiql: GraphiQLPage | undefined
  },
): void {
  // Never the Host header: a caller could point links in answers at a host of its choosing.
  const baseUrl = options.publicUrl?.replace(/\/+$/, '') ?? ''
  async function execute(
    request: FastifyRequest,
    reply: FastifyReply,
    body: GraphQLRequestBody,
    mediaType: GraphQLMediaType,
  ) {
    const info = operationInfo(body.query, body.operationName)
    request.operation = info
    const variables = body.variables
    const organizationId = variables?.organizationId
    request.organizationId =
      typeof organizationId === 'string'
        ? organizationId
        : request.principal.kind === 'api_key'
          ? request.principal.organizationId
          : undefined

    let decision: IdempotencyDecision | undefined
    const idempotencyKey = request.headers['idempotency-key']
    if (idempotencyKey !== undefined && info.type === 'mutation') {
      if (typeof idempotencyKey !== 'string' || !idempotencyKeyPattern.test(idempotencyKey)) {
        return refuse(
          reply,
          mediaType,
          httpStatus.ok,
          `Idempotency-Key must be 1 to ${limits.idempotencyKeyLengthMax} visible ASCII characters.`,
          'INVALID_IDEMPOTENCY_KEY',
        )
      }
      const scope = services.idempotency.scopeOf(request.principal)
      if (scope) {
        const input = [body.query, variables ?? null, body.operationName ?? null]
        decision = await services.idempotency.begin(scope, idempotencyKey, input)
        if (decision.kind === 'reused') {
          return refuse(
            reply,
            mediaType,
            httpStatus.ok,
            'This Idempotency-Key was already used with a different request.',
            'IDEMPOTENCY_KEY_REUSED',
          )
        }
        if (decision.kind === 'replay') {
          return reply
            .code(decision.status)
            .header('idempotency-replayed', 'true')
            .type('application/json')
            .send(decision.body)
        }
      }
    }
    const recorded = decision?.kind === 'run' ? decision : undefined

    const context: GraphQLContext & { reply: FastifyReply } = {
      principal: request.principal,
      requestId: request.id,
      services,
      baseUrl,
      clientAddress: request.ip,
      reply,
    }
    try {
      const schema = app.graphql.schema
      const compiled = compiledOperation(schema, body.query, body.operationName)
      // Mercurius refuses mutations over GET: such a request is left to it.
      const ran =
        compiled && (request.method !== 'GET' || compiled.type === 'query')
          ? await runCompiled(compiled, context, body.variables)
          : undefined
      const result = ran ?? (await app.graphql(body.query, context, body.variables, body.operationName))
      if (!ran && result.data !== undefined) learnOperation(schema, body.query, body.operationName)
      // Execution errors were already shaped by executionErrorFormatter inside app.graphql.
      if (result.data === undefined) {
        // Nothing ran, so a retry with the same key should run for real.
        await recorded?.abandon()
        const status = requestErrorStatus(httpStatus.ok, mediaType)
        return reply.code(status).send({ errors: result.errors ?? [] })
      }
      const answer = result.errors
        ? { data: result.data ?? null, errors: result.errors }
        : { data: result.data }
      if (!recorded) return reply.code(httpStatus.ok).send(answer)
      const text = JSON.stringify(answer)
      await recorded.record(httpStatus.ok, text)
      return reply.code(httpStatus.ok).type('application/json').send(text)
    } catch (thrown) {
      // Nothing ran, so a retry with the same key should run for real.
      await recorded?.abandon()
      const failure = thrown as MercuriusValidationError
      const inner = failure.errors ?? []
      if (failure.code === 'MER_ERR_METHOD_NOT_ALLOWED') {
        return reply
          .code(httpStatus.methodNotAllowed)
          .send(errorBody('Mutations are not allowed over GET; use POST.', 'METHOD_NOT_ALLOWED'))
      }
      if (failure.code === mercuriusValidation && inner.length > 0) {
        const syntax = inner.some((e) => e.message.startsWith('Syntax Error'))
        const status = requestErrorStatus(syntax ? httpStatus.malformedRequest : httpStatus.ok, mediaType)
        const code = syntax ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED'
        const errors = inner.map((e) => {
          const formatted =
            e instanceof GraphQLError
              ? formatError(e, request.log, code)
              : { message: String(e), extensions: { code } }
          return options.suggestions
            ? formatted
            : { ...formatted, message: withoutSuggestion(formatted.message) }
        })
        return reply.code(status).send({ errors })
      }
      request.log.error({ err: thrown }, 'unexpected error executing GraphQL')
      return reply.code(500).send(errorBody('Internal server error.', 'INTERNAL_SERVER_ERROR'))
    }
  }

  /**
   * What app.graphql does with an operation it has compiled and seen before, for one the route
   * compiled: variables it was given that graphql-js refuses are refused with graphql-js's errors,
   * thrown as Mercurius throws them; the run's errors, graphql-jit's refusal of the variables
   * included, pass through executionErrorFormatter.
   */
  async function runCompiled(
    compiled: CompiledOperation,
    context: GraphQLContext & { reply: FastifyReply },
    variables: Record<string, unknown> | undefined,
  ): Promise<ExecutionResult> {
    const execution = await compiled.run(rootValue, context, variables ?? {})
    // No data: graphql-jit refused the variables, before anything ran. It refuses whatever
    // graphql-js refuses (see learnOperation), so only its refusals need graphql-js's reading,
    // which Mercurius does first whenever variables were sent (graphql-js's buildExecutionContext
    // makes this same call).
    if (execution.data === undefined && variables !== undefined) {
      const read = getVariableValues(app.graphql.schema, compiled.variables, variables, { maxErrors: 50 })
      if (read.errors)
        throw Object.assign(new Error('variables refused'), {
          code: mercuriusValidation,
          errors: read.errors,
        })
    }
    if (!execution.errors) return execution
    const formatted = executionErrorFormatter(
      { data: execution.data, errors: execution.errors },
      { reply: context.reply, app },
    )
    context.reply.code(formatted.statusCode)
    // Mercurius likewise puts the formatted errors where graphql-js's were.
    return formatted.response as unknown as ExecutionResult
  }

  const post = async (request: FastifyRequest, reply: FastifyReply) => {
    const mediaType = negotiateGraphQLMediaType(request.headers.accept)
    if (!mediaType) return notAcceptable(reply)
    // Fastify reads text/plain bodies too; under application/json such a body stays a malformed
    // request (400), as it always was.
    if (mediaType === graphqlResponseJson && !isJson(request.headers['content-type'])) {
      return refuse(
        reply,
        mediaType,
        httpStatus.unsupportedMediaType,
        'Request body must be JSON (Content-Type: application/json).',
        'MALFORMED_REQUEST',
      )
    }
    const parsed = parseGraphQLRequest(request.body)
    if (!parsed.ok) return refuse(reply, mediaType, parsed.status, parsed.message, parsed.code)
    return execute(request, reply, parsed.body, mediaType)
  }

  const get = async (
    request: FastifyRequest<{ Querystring: Record<string, string> }>,
    reply: FastifyReply,
  ) => {
    const { query, variables, operationName } = request.query
    if (query === undefined && options.graphiql && (request.headers.accept ?? '').includes('text/html')) {
      return options.graphiql(reply)
    }
    const mediaType = negotiateGraphQLMediaType(request.headers.accept)
    if (!mediaType) return notAcceptable(reply)
    if (query === undefined) {
      return refuse(reply, mediaType, httpStatus.malformedRequest, 'Missing query.', 'MALFORMED_REQUEST')
    }
    let parsedVariables: unknown
    try {
      parsedVariables = variables === undefined ? undefined : JSON.parse(variables)
    } catch {
      return refuse(
        reply,
        mediaType,
        httpStatus.malformedRequest,
        'variables must be JSON.',
        'MALFORMED_REQUEST',
      )
    }
    const parsed = parseGraphQLRequest({ query, variables: parsedVariables, operationName })
    if (!parsed.ok) return refuse(reply, mediaType, parsed.status, parsed.message, parsed.code)
    return execute(request, reply, parsed.body, mediaType)
  }

  const config = { authenticated: true, graphqlOverHttp: true }
  for (const url of ['/graphql', '/graphql/']) {
    app.post(url, { config, onSend: inNegotiatedMediaType }, post)
    app.get<{ Querystring: Record<string, string> }>(url, { config, onSend: inNegotiatedMediaType }, get)
  }
}

/** A request error: refused before anything ran, so its answer has no data key. */
function refuse(
  reply: FastifyReply,
  mediaType: GraphQLMediaType,
  status: number,
  message: string,
  code: ErrorCode,
) {
  return reply.code(requestErrorStatus(status, mediaType, code)).send(errorBody(message, code))
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json'
}

function notAcceptable(reply: FastifyReply) {
  return reply
    .code(httpStatus.notAcceptable)
    .send(
      errorBody(
        `Accept names no media type this endpoint answers in: ask for ${graphqlResponseJson} or application/json.`,
        'NOT_ACCEPTABLE',
      ),
    )
}

/**
 * Every JSON answer of the route, refusals before the handler (429) included, goes out in the
 * media type the client asked for; the GraphiQL page keeps its own.
 */
const inNegotiatedMediaType: onSendHookHandler = (request, reply, payload, done) => {
  const contentType = reply.getHeader('content-type')
  if (
    typeof contentType === 'string' &&
    contentType.startsWith('application/json') &&
    negotiateGraphQLMediaType(request.headers.accept) === graphqlResponseJson
  ) {
    reply.type(`${graphqlResponseJson}; charset=utf-8`)
  }
  done(null, payload)
}
