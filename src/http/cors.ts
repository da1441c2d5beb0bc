import cors, { type FastifyCorsOptions } from '@fastify/cors'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { limits } from '../kernel/limits.js'

// Browser pages of the operator's chosen origins may call the API (DESIGN 7.8, CORS_ORIGINS).
// Credentials travel in the Authorization header, never in cookies, so no answer allows
// credentials, and a page of any other origin gets no Access-Control-Allow-Origin and so cannot
// read an answer.

/** The routes a browser client calls: GraphQL, the SDL, uploads and the receipts they link to. */
function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? ''
  return (
    pathname === '/graphql' ||
    pathname === '/graphql/' ||
    pathname === '/graphql/schema.graphql' ||
    pathname === '/uploads' ||
    pathname.startsWith('/files/')
  )
}

export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  // Without origins no route takes part in CORS, and answers keep their headers as they were.
  if (origins.length === 0) return
  const allowed: FastifyCorsOptions = {
    origin: [...origins],
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key'],
    // What a browser client must read besides the body: its quota, when to retry, which request
    // the server logged, whether an answer was replayed for its Idempotency-Key, and the release.
    exposedHeaders: [
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-Request-Id',
      'Idempotency-Replayed',
      'Daybook-Version',
    ],
    maxAge: limits.corsPreflightMaxAgeSeconds,
  }
  const refused: FastifyCorsOptions = { origin: false }
  await app.register(cors, {
    // Decided per request, so a preflight for a route outside the API is answered 404 as if no
    // CORS existed, rather than approved.
    delegator: (request: FastifyRequest, callback) =>
      callback(null, isApiPath(request.url) ? allowed : refused),
  })
}
