import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { NoSchemaIntrospectionCustomRule } from 'graphql'
import mercurius from 'mercurius'
import type { Services } from '../app.js'
import type { Config } from '../config.js'
import { allResolvers } from '../graphql/resolvers.js'
import { loadSdl } from '../graphql/sdl.js'
import { validationRules } from '../graphql/validation.js'
import { limits } from '../kernel/limits.js'
import type { Principal } from '../modules/access/principal.js'
import { executionErrorFormatter, registerGraphQLRoutes } from './graphql-route.js'
import { type ApiKeyRateLimiter, rateLimitMessage } from './rate-limit.js'
import { errorBody, httpStatus, statusForFrameworkError } from './status-policy.js'

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal
  }
  interface FastifyContextConfig {
    /** Routes that read the Authorization header and count against an API key's quota. */
    authenticated?: boolean
  }
}

export interface HttpDeps {
  config: Config
  services: Services
  rateLimiter: ApiKeyRateLimiter
  healthCheck: () => Promise<void>
}

export async function buildHttpServer(deps: HttpDeps): Promise<FastifyInstance> {
  const { config, services, rateLimiter } = deps
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-intake-secret"]'],
    },
    bodyLimit: limits.graphqlBodyBytesMax,
    genReqId: () => randomUUID(),
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  })

  app.decorateRequest('principal', { getter: () => ({ kind: 'anonymous' }) as Principal })
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
    if (!request.routeOptions.config.authenticated) return
    const principal = await services.access.authenticate(request.headers.authorization)
    Object.defineProperty(request, 'principal', { value: principal, writable: true })
    if (principal.kind !== 'api_key') return
    const decision = await rateLimiter.consume(principal.apiKeyId)
    reply.header('x-ratelimit-limit', String(decision.limit))
    reply.header('x-ratelimit-remaining', String(decision.remaining))
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds))
      return reply
        .code(httpStatus.rateLimited)
        .send({ errors: [{ message: rateLimitMessage(decision.limit) }] })
    }
  })

  app.setErrorHandler((error, request, reply) => {
    const mapped = statusForFrameworkError(error as { code?: string; statusCode?: number })
    if (mapped.status >= 500) request.log.error({ err: error }, 'unhandled error')
    return reply.code(mapped.status).send(errorBody(mapped.message, mapped.code))
  })
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(httpStatus.notFound)
      .send(errorBody(`No route for ${request.method} ${request.url}.`, 'NOT_FOUND')),
  )

  await app.register(mercurius, {
    schema: loadSdl(),
    resolvers: allResolvers() as never,
    routes: false,
    jit: 1,
    errorFormatter: executionErrorFormatter as never,
    cache: 1024,
    // Validation results are cached per query text, so introspection is decided for the whole
    // server, never per caller.
    validationRules: config.introspection
      ? validationRules
      : [...validationRules, NoSchemaIntrospectionCustomRule],
    graphql: { parseOptions: { maxTokens: limits.queryTokensMax } },
  })

  registerGraphQLRoutes(app, services)

  app.get('/healthz', async (_request, reply) => {
    try {
      await deps.healthCheck()
      return reply.send({ status: 'ok' })
    } catch {
      return reply.code(503).send({ status: 'unavailable' })
    }
  })

  return app
}
