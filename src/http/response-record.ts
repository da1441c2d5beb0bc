import type { FastifyInstance } from 'fastify'
import { graphqlRequestLogLine } from './request-log.js'
import type { ServerLog } from './server-log.js'
import type { ServerMetrics } from './server-metrics.js'

/** Counts every answer in the metrics; a GraphQL request's also goes to the request log. */
export function recordEachResponse(app: FastifyInstance, metrics: ServerMetrics, log: ServerLog): void {
  const logsRequests = log.logger.isLevelEnabled('info')
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const seconds = reply.elapsedTime / 1000
    const status = reply.statusCode
    const operation = request.operation
    if (!operation) {
      metrics.countOther(request.routeOptions.url ?? 'unmatched', request.method, status)
      return done()
    }
    metrics.countOperation(operation, status, seconds)
    if (logsRequests) {
      const record = {
        requestId: request.id,
        organizationId: request.organizationId,
        operation,
        credential: request.principal.kind,
        status: reply.statusCode,
        durationMs: Math.round(seconds * 10_000) / 10,
      }
      log.destination.write(graphqlRequestLogLine(record, Date.now()))
    }
    done()
  })
}
