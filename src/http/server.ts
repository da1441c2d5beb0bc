import multipart from '@fastify/multipart'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify'
import type { Config } from '../config.js'
import { sequentialIds } from '../kernel/ids.js'
import { limits } from '../kernel/limits.js'
import type { Services } from '../services.js'
import { registerAppRoutes } from './app-route.js'
import { authenticateMarkedRoutes, type RateLimiter } from './authentication.js'
import { registerCompression } from './compression.js'
import { registerCors } from './cors.js'
import { registerErrorHandlers } from './error-handlers.js'
import { registerGraphiQL } from './graphiql.js'
import { registerGraphQLEngine } from './graphql-engine.js'
import { registerGraphQLRoutes } from './graphql-route.js'
import { registerIntakeRoutes } from './intake-routes.js'
import { registerInvoicePdfRoute } from './invoice-pdf-route.js'
import { requireUtf8Json } from './json-body.js'
import { registerOperationalRoutes } from './operational-routes.js'
import { decorateRequestContext, startRequestContext } from './request-context.js'
import { LazyRequestLogger } from './request-logger.js'
import { recordEachResponse } from './response-record.js'
import { registerSchemaRoute } from './schema-route.js'
import { openServerLog, type ServerLog } from './server-log.js'
import { ServerMetrics } from './server-metrics.js'
import { registerUploadRoutes } from './uploads-route.js'

export interface HttpDeps {
  config: Config
  services: Services
  rateLimiter: RateLimiter
  healthCheck: () => Promise<void>
}

// Fastify runs hooks in the order they were added and gives a route the hooks added before it, so
// the order of the steps below is part of what every answer looks like.
export async function buildHttpServer(deps: HttpDeps): Promise<FastifyInstance> {
  const { config, services, rateLimiter } = deps
  const log = openServerLog(config.logLevel)
  const app = createFastify(config, log)
  decorateRequestContext(app)
  await registerCompression(app)
  // Before the hook that authenticates, so a preflight is answered without a credential and a
  // refusal (401, 429) still carries the headers a browser needs to read it.
  await registerCors(app, config.corsOrigins)
  const metrics = new ServerMetrics(() => services.jobs.depth())
  registerShutdown(app, log)
  recordEachResponse(app, metrics, log)
  startRequestContext(app)
  authenticateMarkedRoutes(app, services, rateLimiter, metrics.rateLimitRejections)
  requireUtf8Json(app)
  registerErrorHandlers(app)
  await registerGraphQLEngine(app, config.introspection)
  registerGraphQLRoutes(app, services, {
    publicUrl: config.publicUrl,
    suggestions: config.introspection,
    graphiql: config.graphiql ? registerGraphiQL(app) : undefined,
  })
  registerSchemaRoute(app)
  registerInvoicePdfRoute(app, services)
  await registerMultipartRoutes(app, services, config.intakeWebhookSecret)
  await registerAppRoutes(app)
  registerOperationalRoutes(app, metrics.registry, deps)
  return app
}

function createFastify(config: Config, log: ServerLog): FastifyInstance {
  return Fastify({
    loggerInstance: log.logger as FastifyBaseLogger,
    bodyLimit: limits.graphqlBodyBytesMax,
    trustProxy: config.trustProxy,
    genReqId: sequentialIds(),
    childLoggerFactory: (parent, bindings, options) => new LazyRequestLogger(parent, bindings, options),
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  })
}

function registerShutdown(app: FastifyInstance, log: ServerLog): void {
  app.addHook('onClose', async () => {
    log.close()
  })
  // While shutting down, connections are closed as soon as they fall idle: otherwise a keep-alive
  // connection whose request was in flight at SIGTERM would hold the server open until its idle
  // timeout. Polling here keeps the request path free of any shutdown check.
  app.addHook('preClose', (done) => {
    const timer = setInterval(() => app.server.closeIdleConnections(), limits.shutdownIdleSweepMs)
    timer.unref()
    app.server.once('close', () => clearInterval(timer))
    done()
  })
}

// The routes that take multipart bodies, in a scope of their own: @fastify/multipart adds an
// async onResponse hook that would otherwise run on every GraphQL request.
async function registerMultipartRoutes(
  app: FastifyInstance,
  services: Services,
  intakeWebhookSecret: string | undefined,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart)
    registerUploadRoutes(scope, services)
    registerIntakeRoutes(scope, services, intakeWebhookSecret)
  })
}
