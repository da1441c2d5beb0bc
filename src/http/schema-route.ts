import type { FastifyInstance } from 'fastify'
import { printedSdl } from '../graphql/sdl.js'

export function registerSchemaRoute(app: FastifyInstance): void {
  // The contract is public: served even where introspection is off, to anyone.
  const sdl = printedSdl()
  app.get('/graphql/schema.graphql', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(sdl),
  )
}
