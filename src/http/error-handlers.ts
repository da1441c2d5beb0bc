import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type GraphQLMediaType, negotiateGraphQLMediaType } from './media-type.js'
import { errorBody, httpStatus, statusForFrameworkError } from './status-policy.js'

/** Fastify's own errors and unknown routes answer in the same JSON error shape as the API. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const mapped = statusForFrameworkError(
      error as { code?: string; statusCode?: number },
      mediaTypeOfRefusal(request),
    )
    if (mapped.status >= 500) request.log.error({ err: error }, 'unhandled error')
    return reply.code(mapped.status).send(errorBody(mapped.message, mapped.code))
  })
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(httpStatus.notFound)
      .send(errorBody(`No route for ${request.method} ${request.url}.`, 'NOT_FOUND')),
  )
}

/** Framework refusals on a GraphQL route follow the media type the client asked for. */
function mediaTypeOfRefusal(request: FastifyRequest): GraphQLMediaType {
  if (!request.routeOptions.config.graphqlOverHttp) return 'application/json'
  return negotiateGraphQLMediaType(request.headers.accept) ?? 'application/json'
}
