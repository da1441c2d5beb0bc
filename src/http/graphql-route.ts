import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { GraphQLError } from 'graphql'
import type { Services } from '../app.js'
import type { GraphQLContext } from '../graphql/context.js'
import { AccessDenied } from '../modules/access/access-denied.js'
import { graphiqlPage } from './graphiql.js'
import { errorBody, httpStatus } from './status-policy.js'

interface GraphQLRequestBody {
  query: string
  variables?: Record<string, unknown> | undefined
  operationName?: string | undefined
}

type Parsed =
  | { ok: true; body: GraphQLRequestBody }
  | { ok: false; status: number; message: string; code: string }

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
  // Mercurius would execute a JSON string as a document AST; Daybook only takes GraphQL text.
  if (isJsonObject(query)) return malformed('Syntax Error: query must be GraphQL text, not JSON.')
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
  // No Daybook string may hold NUL: PostgreSQL cannot store one and SQLite cuts text short at it.
  if (query.includes('\u0000') || /\\u0000/i.test(query) || hasNul(variables)) {
    return {
      ok: false,
      status: httpStatus.ok,
      message: 'Strings must not contain NUL characters.',
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

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(hasNul)
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || hasNul(inner))
  }
  return false
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
  extensions: { code: string }
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
    const code = (original ?? error).extensions?.code
    return {
      message: error.message,
      ...where,
      extensions: { code: typeof code === 'string' ? code : fallbackCode },
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
      data: execution.data ?? null,
      errors: execution.errors.map((e) => formatError(e, log, 'INTERNAL_SERVER_ERROR')),
    },
  }
}

interface MercuriusValidationError {
  code?: string
  statusCode?: number
  errors?: GraphQLError[]
}

export function registerGraphQLRoutes(app: FastifyInstance, services: Services): void {
  async function execute(request: FastifyRequest, reply: FastifyReply, body: GraphQLRequestBody) {
    const context: GraphQLContext & { reply: FastifyReply } = {
      principal: request.principal,
      requestId: request.id,
      services,
      reply,
    }
    try {
      const result = await app.graphql(body.query, context, body.variables, body.operationName)
      // Execution errors were already shaped by executionErrorFormatter inside app.graphql.
      const answer = result.errors
        ? { data: result.data ?? null, errors: result.errors }
        : { data: result.data }
      return reply.code(httpStatus.ok).send(answer)
    } catch (thrown) {
      const failure = thrown as MercuriusValidationError
      const inner = failure.errors ?? []
      if (failure.code === 'MER_ERR_METHOD_NOT_ALLOWED') {
        return reply
          .code(httpStatus.methodNotAllowed)
          .send(errorBody('Mutations are not allowed over GET; use POST.', 'METHOD_NOT_ALLOWED'))
      }
      if (failure.code === 'MER_ERR_GQL_VALIDATION' && inner.length > 0) {
        const syntax = inner.some((e) => e.message.startsWith('Syntax Error'))
        const status = syntax ? httpStatus.malformedRequest : httpStatus.ok
        const code = syntax ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED'
        const errors = inner.map((e) =>
          e instanceof GraphQLError
            ? formatError(e, request.log, code)
            : { message: String(e), extensions: { code } },
        )
        return reply.code(status).send({ data: null, errors })
      }
      request.log.error({ err: thrown }, 'unexpected error executing GraphQL')
      return reply.code(500).send(errorBody('Internal server error.', 'INTERNAL_SERVER_ERROR'))
    }
  }

  const post = async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = parseGraphQLRequest(request.body)
    if (!parsed.ok) return reply.code(parsed.status).send(errorBody(parsed.message, parsed.code))
    return execute(request, reply, parsed.body)
  }

  const get = async (
    request: FastifyRequest<{ Querystring: Record<string, string> }>,
    reply: FastifyReply,
  ) => {
    const { query, variables, operationName } = request.query
    if (query === undefined) {
      if ((request.headers.accept ?? '').includes('text/html')) {
        return reply.type('text/html; charset=utf-8').send(graphiqlPage)
      }
      return reply.code(httpStatus.malformedRequest).send(errorBody('Missing query.', 'MALFORMED_REQUEST'))
    }
    let parsedVariables: unknown
    try {
      parsedVariables = variables === undefined ? undefined : JSON.parse(variables)
    } catch {
      return reply
        .code(httpStatus.malformedRequest)
        .send(errorBody('variables must be JSON.', 'MALFORMED_REQUEST'))
    }
    const parsed = parseGraphQLRequest({ query, variables: parsedVariables, operationName })
    if (!parsed.ok) return reply.code(parsed.status).send(errorBody(parsed.message, parsed.code))
    return execute(request, reply, parsed.body)
  }

  for (const url of ['/graphql', '/graphql/']) {
    app.post(url, { config: { authenticated: true } }, post)
    app.get(url, { config: { authenticated: true } }, get)
  }
}
