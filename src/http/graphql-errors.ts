import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { GraphQLError } from 'graphql'
import type { ErrorCode } from '../kernel/error-codes.js'
import { AccessDenied } from '../modules/access/access-denied.js'
import { type GraphQLMediaType, graphqlResponseJson } from './media-type.js'
import { errorBody, httpStatus, requestErrorStatus } from './status-policy.js'

interface FormattedError {
  message: string
  path?: ReadonlyArray<string | number>
  locations?: ReadonlyArray<{ line: number; column: number }>
  /** `field` names the argument a failure is about, where it is about one. */
  extensions: { code: string; field?: string }
}

/**
 * Deliberate errors keep their message; anything else is a bug, logged and masked. A refused
 * value is BAD_USER_INPUT whichever path refused it.
 */
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
        code:
          typeof code === 'string' ? code : isValueRefusal(error.message) ? 'BAD_USER_INPUT' : fallbackCode,
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

// graphql-js's words for a value that does not fit its type: a variable's (its coercion of the
// variables) and a literal's in the query text (ValuesOfCorrectTypeRule, and the built-in
// scalars' own refusals, which that rule passes on). Such a value is the client's data, not its
// document, so it is answered BAD_USER_INPUT whichever scalar or path refused it; a test pins each
// wording, so a graphql-js that words them otherwise fails it rather than changing the code.
const valueRefusals = [
  /^Variable "\$[^"]+" got invalid value /u,
  /^Variable "\$[^"]+" of required type "[^"]+" was not provided\.$/u,
  /^Variable "\$[^"]+" of non-null type "[^"]+" must not be null\.$/u,
  /^Expected value of type "[^"]+", found /u,
  /^Field "[^"]+" of required type "[^"]+" was not provided\.$/u,
  /^Field "[^"]+" is not defined by type "[^"]+"\./u,
  /^(?:Int|Float|String|Boolean|ID) cannot represent /u,
]

/** Whether a request error refuses a value (BAD_USER_INPUT) rather than the document. */
export function isValueRefusal(message: string): boolean {
  return valueRefusals.some((pattern) => pattern.test(message))
}

/** A validation message without graphql-js's closing "Did you mean …?" hint. */
function withoutSuggestion(message: string): string {
  return message.replace(/ Did you mean [^?]*\?$/u, '')
}

export const mercuriusValidation = 'MER_ERR_GQL_VALIDATION'

interface MercuriusValidationError {
  code?: string
  statusCode?: number
  errors?: GraphQLError[]
}

/**
 * The answer to what app.graphql, or a compiled operation's run, threw: a mutation over GET, a
 * document or variables that do not validate, or a bug.
 */
export function answerExecutionFailure(
  thrown: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  mediaType: GraphQLMediaType,
  suggestions: boolean,
): FastifyReply {
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
      return suggestions ? formatted : { ...formatted, message: withoutSuggestion(formatted.message) }
    })
    return reply.code(status).send({ errors })
  }
  request.log.error({ err: thrown }, 'unexpected error executing GraphQL')
  return reply.code(500).send(errorBody('Internal server error.', 'INTERNAL_SERVER_ERROR'))
}

/** A request error: refused before anything ran, so its answer has no data key. */
export function refuse(
  reply: FastifyReply,
  mediaType: GraphQLMediaType,
  status: number,
  message: string,
  code: ErrorCode,
) {
  return reply.code(requestErrorStatus(status, mediaType, code)).send(errorBody(message, code))
}

export function notAcceptable(reply: FastifyReply) {
  return reply
    .code(httpStatus.notAcceptable)
    .send(
      errorBody(
        `Accept names no media type this endpoint answers in: ask for ${graphqlResponseJson} or application/json.`,
        'NOT_ACCEPTABLE',
      ),
    )
}
