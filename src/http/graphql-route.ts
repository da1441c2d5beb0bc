import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'
import type { Services } from '../services.js'
import type { GraphiQLPage } from './graphiql.js'
import { notAcceptable, refuse } from './graphql-errors.js'
import { GraphQLExecutor } from './graphql-execution.js'
import { parseGraphQLRequest } from './graphql-request.js'
import { graphqlResponseJson, negotiateGraphQLMediaType } from './media-type.js'
import { httpStatus } from './status-policy.js'

type GetRequest = FastifyRequest<{ Querystring: Record<string, string> }>

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
  const executor = new GraphQLExecutor(app, services, baseUrl, options.suggestions)
  const post = postHandler(executor)
  const get = getHandler(executor, options.graphiql)
  const config = { authenticated: true, graphqlOverHttp: true }
  for (const url of ['/graphql', '/graphql/']) {
    app.post(url, { config, onSend: inNegotiatedMediaType }, post)
    app.get<{ Querystring: Record<string, string> }>(url, { config, onSend: inNegotiatedMediaType }, get)
  }
}

function postHandler(executor: GraphQLExecutor) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
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
    return executor.execute(request, reply, parsed.body, mediaType)
  }
}

function getHandler(executor: GraphQLExecutor, graphiql: GraphiQLPage | undefined) {
  return async (request: GetRequest, reply: FastifyReply) => {
    const { query, variables, operationName } = request.query
    if (query === undefined && graphiql && (request.headers.accept ?? '').includes('text/html')) {
      return graphiql(reply)
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
    return executor.execute(request, reply, parsed.body, mediaType)
  }
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json'
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
