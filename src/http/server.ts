import { randomUUID } from 'node:crypto'
import multipart from '@fastify/multipart'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify'
import { NoSchemaIntrospectionCustomRule } from 'graphql'
import mercurius from 'mercurius'
import pino from 'pino'
import type { Services } from '../app.js'
import type { Config } from '../config.js'
import { allResolvers } from '../graphql/resolvers.js'
import { loadSdl } from '../graphql/sdl.js'
import { validationRules } from '../graphql/validation.js'
import { limits } from '../kernel/limits.js'
import type { Principal } from '../modules/access/principal.js'
import { executionErrorFormatter, registerGraphQLRoutes } from './graphql-route.js'
import { registerIntakeRoutes } from './intake-routes.js'
import { Metrics } from './metrics.js'
import type { OperationInfo } from './operation-info.js'
import { type ApiKeyRateLimiter, rateLimitMessage } from './rate-limit.js'
import { errorBody, httpStatus, statusForFrameworkError } from './status-policy.js'
import { registerUploadRoutes } from './uploads-route.js'

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal
    /** Set by the GraphQL route, for the request log and the metrics. */
    operation: OperationInfo | undefined
    organizationId: string | undefined
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
  // Log lines are written asynchronously and in batches (per 4 KiB, or every 200 ms at most) rather
  // than with a system call each; whatever is left is flushed when the server closes.
  const logStream = pino.destination({ dest: 1, sync: false, minLength: 4096 })
  const logFlush = setInterval(() => logStream.flush(), 200)
  logFlush.unref()
  const app = Fastify({
    loggerInstance: pino(
      {
        level: config.logLevel,
        redact: [
          'req.headers.authorization',
          'req.headers["x-intake-secret"]',
          'req.headers["idempotency-key"]',
        ],
      },
      logStream,
    ) as FastifyBaseLogger,
    bodyLimit: limits.graphqlBodyBytesMax,
    genReqId: () => randomUUID(),
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  })

  app.decorateRequest('principal', { getter: () => ({ kind: 'anonymous' }) as Principal })
  app.decorateRequest('operation', undefined)
  app.decorateRequest('organizationId', undefined)
  const metrics = new Metrics()
  metrics.gauge('daybook_job_queue_depth', 'Jobs queued or running.', () => services.jobs.depth())
  app.addHook('onClose', async () => {
    clearInterval(logFlush)
    logStream.flushSync()
  })
  // While shutting down, connections are closed as soon as they fall idle: otherwise a keep-alive
  // connection whose request was in flight at SIGTERM would hold the server open until its idle
  // timeout. Polling here keeps the request path free of any shutdown check.
  app.addHook('preClose', (done) => {
    const timer = setInterval(() => app.server.closeIdleConnections(), 50)
    timer.unref()
    app.server.once('close', () => clearInterval(timer))
    done()
  })
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const seconds = reply.elapsedTime / 1000
    const operation = request.operation
    if (!operation) {
      metrics.count('daybook_http_requests_total', 'Other HTTP requests by route and status.', {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: String(reply.statusCode),
      })
      return done()
    }
    const labels = { operation: operation.name, type: operation.type }
    metrics.count('daybook_graphql_requests_total', 'GraphQL requests by operation and HTTP status.', {
      ...labels,
      status: String(reply.statusCode),
    })
    metrics.observe(
      'daybook_graphql_request_duration_seconds',
      'GraphQL request latency by operation.',
      labels,
      seconds,
    )
    // Never variables or headers: they carry amounts, names and credentials.
    request.log.info(
      {
        organizationId: request.organizationId,
        operation: operation.name,
        operationType: operation.type,
        credential: request.principal.kind,
        status: reply.statusCode,
        durationMs: Math.round(seconds * 10_000) / 10,
      },
      'graphql request',
    )
    done()
  })
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
      metrics.count('daybook_rate_limit_rejections_total', 'API-key requests refused for the hourly quota.')
      reply.header('retry-after', String(decision.retryAfterSeconds))
      return reply
        .code(httpStatus.rateLimited)
        .send({ errors: [{ message: rateLimitMessage(decision.limit) }] })
    }
  })

  // Bodies must be valid UTF-8: a lenient decoder would store U+FFFD in place of what was sent.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string
    try {
      text = utf8.decode(body as Buffer)
    } catch {
      return done(
        Object.assign(new Error('Request body is not valid UTF-8.'), { statusCode: 400 }),
        undefined,
      )
    }
    parseJson(request, text, done)
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

  registerGraphQLRoutes(app, services, config.publicUrl)
  await app.register(multipart)
  registerUploadRoutes(app, services)
  registerIntakeRoutes(app, services, config.intakeWebhookSecret)

  app.get('/metrics', async (_request, reply) =>
    reply.type('text/plain; version=0.0.4; charset=utf-8').send(await metrics.render()),
  )

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
