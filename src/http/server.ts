import compress from '@fastify/compress'
import multipart from '@fastify/multipart'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type onRequestHookHandler,
} from 'fastify'
import { NoSchemaIntrospectionCustomRule } from 'graphql'
import type { CompilerOptions } from 'graphql-jit'
import mercurius, { type MercuriusOptions } from 'mercurius'
import pino from 'pino'
import type { Config } from '../config.js'
import { jitCompilerOptions } from '../graphql/compiled-operations.js'
import { allResolvers } from '../graphql/resolvers.js'
import { loadSdl, printedSdl } from '../graphql/sdl.js'
import { validationRules } from '../graphql/validation.js'
import { sequentialIds } from '../kernel/ids.js'
import { limits } from '../kernel/limits.js'
import type { ApiKeyQuota, QuotaDecision } from '../modules/access/api-key-quota.js'
import type { Principal } from '../modules/access/principal.js'
import type { Services } from '../services.js'
import { registerAppRoutes } from './app-route.js'
import { registerCors } from './cors.js'
import { registerGraphiQL } from './graphiql.js'
import { executionErrorFormatter } from './graphql-errors.js'
import { registerGraphQLRoutes } from './graphql-route.js'
import { registerIntakeRoutes } from './intake-routes.js'
import { BatchedLogDestination } from './log-destination.js'
import { type GraphQLMediaType, negotiateGraphQLMediaType } from './media-type.js'
import { type CounterSeries, type HistogramSeries, Metrics } from './metrics.js'
import type { OperationInfo } from './operation-info.js'
import { rateLimitMessage } from './rate-limit.js'
import { graphqlRequestLogLine } from './request-log.js'
import { LazyRequestLogger } from './request-logger.js'
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
    /** The GraphQL over HTTP routes, whose answers follow the media type the client accepts. */
    graphqlOverHttp?: boolean
  }
}

// Every request's principal until it is authenticated; routes without credentials keep it.
const anonymous: Principal = Object.freeze({ kind: 'anonymous' })

interface OperationSeries {
  durations: HistogramSeries
  byStatus: Map<number, CounterSeries>
}

export interface HttpDeps {
  config: Config
  services: Services
  rateLimiter: Pick<ApiKeyQuota, 'consume' | 'consumeNow'>
  healthCheck: () => Promise<void>
}

export async function buildHttpServer(deps: HttpDeps): Promise<FastifyInstance> {
  const { config, services, rateLimiter } = deps
  const logDestination = new BatchedLogDestination()
  const flushLog = () => logDestination.flush()
  process.once('exit', flushLog)
  const logger = pino(
    {
      level: config.logLevel,
      redact: [
        'req.headers.authorization',
        'req.headers["x-intake-secret"]',
        'req.headers["idempotency-key"]',
      ],
    },
    logDestination,
  )
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: limits.graphqlBodyBytesMax,
    trustProxy: config.trustProxy,
    genReqId: sequentialIds(),
    childLoggerFactory: (parent, bindings, options) => new LazyRequestLogger(parent, bindings, options),
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  })

  // Null only until the first hook sets it: Fastify refuses an object as a request's initial value.
  app.decorateRequest<null>('principal', null)
  app.decorateRequest('operation', undefined)
  app.decorateRequest('organizationId', undefined)
  // Before any route exists, so every route gets its hook. Request bodies stay as sent: a
  // compressed body would bypass what the body limits mean.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: limits.compressionThresholdBytes,
    globalDecompression: false,
  })
  // Before the hook that authenticates, so a preflight is answered without a credential and a
  // refusal (401, 429) still carries the headers a browser needs to read it.
  await registerCors(app, config.corsOrigins)
  const metrics = new Metrics()
  const graphqlRequests = metrics.counter(
    'daybook_graphql_requests_total',
    'GraphQL requests by operation and HTTP status.',
    ['operation', 'type', 'status'],
  )
  const graphqlDurations = metrics.histogram(
    'daybook_graphql_request_duration_seconds',
    'GraphQL request latency by operation.',
    ['operation', 'type'],
  )
  const otherRequests = metrics.counter(
    'daybook_http_requests_total',
    'Other HTTP requests by route and status.',
    ['route', 'method', 'status'],
  )
  const rateLimitRejections = metrics.counter(
    'daybook_rate_limit_rejections_total',
    'API-key requests refused for the hourly quota.',
  )
  // Operations are cached by their text, so the same few objects come back on every request and
  // carry their series with them.
  const seriesOfOperation = new WeakMap<OperationInfo, OperationSeries>()
  const operationSeries = (operation: OperationInfo): OperationSeries => {
    let series = seriesOfOperation.get(operation)
    if (series === undefined) {
      series = {
        durations: graphqlDurations.of(operation.name, operation.type),
        byStatus: new Map(),
      }
      seriesOfOperation.set(operation, series)
    }
    return series
  }
  metrics.gauge('daybook_job_queue_depth', 'Jobs queued or running.', () => services.jobs.depth())
  app.addHook('onClose', async () => {
    process.off('exit', flushLog)
    logDestination.close()
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
  const logsRequests = logger.isLevelEnabled('info')
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const seconds = reply.elapsedTime / 1000
    const status = reply.statusCode
    const operation = request.operation
    if (!operation) {
      otherRequests.of(request.routeOptions.url ?? 'unmatched', request.method, String(status)).inc()
      return done()
    }
    const series = operationSeries(operation)
    let requests = series.byStatus.get(status)
    if (requests === undefined) {
      requests = graphqlRequests.of(operation.name, operation.type, String(status))
      series.byStatus.set(status, requests)
    }
    requests.inc()
    series.durations.observe(seconds)
    if (logsRequests) {
      const record = {
        requestId: request.id,
        organizationId: request.organizationId,
        operation,
        credential: request.principal.kind,
        status: reply.statusCode,
        durationMs: Math.round(seconds * 10_000) / 10,
      }
      logDestination.write(graphqlRequestLogLine(record, Date.now()))
    }
    done()
  })
  /** Sets the quota's headers; false when the request is refused for it, its answer sent. */
  const admitted = (reply: FastifyReply, decision: QuotaDecision): boolean => {
    reply.header('x-ratelimit-limit', String(decision.limit))
    reply.header('x-ratelimit-remaining', String(decision.remaining))
    if (decision.allowed) return true
    rateLimitRejections.of().inc()
    reply.header('retry-after', String(decision.retryAfterSeconds))
    reply.code(httpStatus.rateLimited).send(errorBody(rateLimitMessage(decision.limit), 'RATE_LIMITED'))
    return false
  }
  const authenticateSlowly = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    request.principal = await services.access.authenticate(request.headers.authorization)
    if (request.principal.kind !== 'api_key') return true
    return admitted(reply, await rateLimiter.consume(request.principal))
  }
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    request.principal = anonymous
    done()
  })
  // A callback hook: nearly every request of an API client is decided from memory (a key seen
  // lately, a quota window with room), and then needs no promise nor a turn of the event loop.
  const authenticate: onRequestHookHandler = (request, reply, done) => {
    // Every authenticated answer is its caller's own: no cache may keep it or hand it to another.
    reply.header('cache-control', 'no-store')
    addVary(reply, 'Authorization')
    const principal = services.access.authenticateNow(request.headers.authorization)
    if (principal !== undefined) {
      request.principal = principal
      if (principal.kind !== 'api_key') return done()
      const decision = rateLimiter.consumeNow(principal)
      if (decision !== undefined) {
        if (admitted(reply, decision)) done()
        return
      }
    }
    authenticateSlowly(request, reply).then((go) => go && done(), done)
  }
  // Given to the routes that authenticate when they are added, after the global hooks (CORS first,
  // so that a refusal carries its headers): reading a request's route options builds them afresh.
  app.addHook('onRoute', (route) => {
    if (!route.config?.authenticated) return
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat()
    route.onRequest = [authenticate, ...own]
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

  const options: MercuriusOptions & { compilerOptions: Partial<CompilerOptions> } = {
    schema: loadSdl(),
    resolvers: allResolvers() as never,
    routes: false,
    jit: 1,
    // The same options as the route's own compiled operations, so both run the same code.
    compilerOptions: jitCompilerOptions,
    errorFormatter: executionErrorFormatter as never,
    cache: limits.graphqlQueryCacheEntriesMax,
    // Validation results are cached per query text, so introspection is decided for the whole
    // server, never per caller.
    validationRules: config.introspection
      ? validationRules
      : [...validationRules, NoSchemaIntrospectionCustomRule],
    graphql: { parseOptions: { maxTokens: limits.queryTokensMax } },
  }
  await app.register(mercurius, options)

  registerGraphQLRoutes(app, services, {
    publicUrl: config.publicUrl,
    suggestions: config.introspection,
    graphiql: config.graphiql ? registerGraphiQL(app) : undefined,
  })

  // The contract is public: served even where introspection is off, to anyone.
  const sdl = printedSdl()
  app.get('/graphql/schema.graphql', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(sdl),
  )
  // The routes that take multipart bodies, in a scope of their own: @fastify/multipart adds an
  // async onResponse hook that would otherwise run on every GraphQL request.
  await app.register(async (scope) => {
    await scope.register(multipart)
    registerUploadRoutes(scope, services)
    registerIntakeRoutes(scope, services, config.intakeWebhookSecret)
  })

  await registerAppRoutes(app)

  app.get('/metrics', async (_request, reply) => {
    try {
      return reply.type(metrics.contentType).send(await metrics.render())
    } catch {
      // Under WORKERS the supervising process sums the figures; a scrape it cannot answer is retried.
      return reply.code(503).type('text/plain; charset=utf-8').send('metrics unavailable\n')
    }
  })

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

/** Adds to Vary what CORS or compression put there already, rather than replacing it. */
function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary')
  reply.header('vary', current === undefined ? field : `${String(current)}, ${field}`)
}

/** Framework refusals on a GraphQL route follow the media type the client asked for. */
function mediaTypeOfRefusal(request: FastifyRequest): GraphQLMediaType {
  if (!request.routeOptions.config.graphqlOverHttp) return 'application/json'
  return negotiateGraphQLMediaType(request.headers.accept) ?? 'application/json'
}
