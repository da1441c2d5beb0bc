import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import type { ApiKeyQuota, QuotaDecision } from '../modules/access/api-key-quota.js'
import type { Services } from '../services.js'
import type { TalliedCounter } from './metrics.js'
import { rateLimitMessage } from './rate-limit.js'
import { errorBody, httpStatus } from './status-policy.js'

export type RateLimiter = Pick<ApiKeyQuota, 'consume' | 'consumeNow'>

/**
 * Routes marked `authenticated` read the Authorization header into the request's principal, and
 * an API key's request counts against its hourly quota.
 */
export function authenticateMarkedRoutes(
  app: FastifyInstance,
  services: Services,
  rateLimiter: RateLimiter,
  rateLimitRejections: TalliedCounter,
): void {
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
}

/** Adds to Vary what CORS or compression put there already, rather than replacing it. */
function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary')
  reply.header('vary', current === undefined ? field : `${String(current)}, ${field}`)
}
