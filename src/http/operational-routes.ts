import type { FastifyInstance } from 'fastify'
import type { Metrics } from './metrics.js'

/** The figures and the health an operator watches, open to anyone. */
export function registerOperationalRoutes(
  app: FastifyInstance,
  metrics: Metrics,
  health: { healthCheck: () => Promise<void> },
): void {
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
      await health.healthCheck()
      return reply.send({ status: 'ok' })
    } catch {
      return reply.code(503).send({ status: 'unavailable' })
    }
  })
}
