import { createHash } from 'node:crypto'
import Fastify from 'fastify'
import mercurius from 'mercurius'
import { RateLimiterMemory } from 'rate-limiter-flexible'

// The stack the foundation is built on, with nothing of Daybook's own: Fastify and Mercurius with
// graphql-jit, the API key looked up by its SHA-256 in memory, one rate-limiter-flexible point
// drawn in memory, the quota headers, and a resolver answering from memory. No database, logging,
// request ids, metrics or limits. Whatever Daybook does, it does at least this, so this rate
// bounds the full stack's on the machine. BOUND_API_KEY, BOUND_ORG_ID and BOUND_ORG_NAME make
// its answer the full stack's.

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex')
const organization = { id: process.env.BOUND_ORG_ID ?? '', name: process.env.BOUND_ORG_NAME ?? '' }
const keys = new Map([[keyHash(process.env.BOUND_API_KEY ?? ''), organization]])
// The quota the bench gives Daybook, so that neither runs out during a run.
const quotaPerHour = 1_000_000_000
const quota = new RateLimiterMemory({ points: quotaPerHour, duration: 3_600 })

const app = Fastify({ logger: false })
await app.register(mercurius, {
  schema: 'type Organization { id: ID! name: String! } type Query { myOrganizations: [Organization!]! }',
  resolvers: { Query: { myOrganizations: async () => [organization] } },
  jit: 1,
})
app.addHook('preHandler', async (request, reply) => {
  const bearer = request.headers.authorization?.slice('Bearer '.length) ?? ''
  const org = keys.get(keyHash(bearer))
  if (!org) return reply.code(401).send({ errors: [{ message: 'Unauthorized' }] })
  const drawn = await quota.consume(org.id)
  reply
    .header('x-ratelimit-limit', String(quotaPerHour))
    .header('x-ratelimit-remaining', String(drawn.remainingPoints))
    .header('x-ratelimit-reset', String(Math.ceil((Date.now() + drawn.msBeforeNext) / 1000)))
})
await app.listen({ host: '127.0.0.1', port: 0 })
const address = app.server.address()
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
)
