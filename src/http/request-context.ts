import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { Principal } from '../modules/access/principal.js'
import type { OperationInfo } from './operation-info.js'

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

export function decorateRequestContext(app: FastifyInstance): void {
  // Null only until the first hook sets it: Fastify refuses an object as a request's initial value.
  app.decorateRequest<null>('principal', null)
  app.decorateRequest('operation', undefined)
  app.decorateRequest('organizationId', undefined)
}

/** The server's release (package.json, semantic versioning: docs/versioning.md). */
export const daybookVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

/** Every answer names its request and the release that gave it, and every request starts anonymous. */
export function startRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    reply.header('daybook-version', daybookVersion)
    request.principal = anonymous
    done()
  })
}
