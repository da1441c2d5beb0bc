import { createHash } from 'node:crypto'
import Fastify from 'fastify'
import mercurius from 'mercurius'

// The stack the foundation is built on, with nothing of Daybook's own: Fastify and Mercurius with
// graphql-jit, the API key looked up by its SHA-256 in memory, one count of a fixed hourly window
// in memory, the quota headers, and a resolver answering from memory. No database, logging,
// request ids, metrics or limits. Whatever Daybook does, it does at least this, so this rate
// bounds the full stack's on the machine. BOUND_API_KEY, BOUND_ORG_ID and BOUND_ORG_NAME make
// its answer the full stack's.

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex')
const organization = { id: process.env.BOUND_ORG_ID ?? '', name: process.env.BOUND_ORG_NAME ?? '' }
const keys = new Map([[keyHash(process.env.BOUND_API_KEY ?? ''), organization]])
// The quota the bench gives Daybook, so that neither runs out during a run.
const quotaPerHour = 1_000_000_000
const windows = new Map<string, { count: number; endsAtMs: number }>()

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
  const nowMs = Date.now()
  let window = windows.get(org.id)
  if (!window || window.endsAtMs <= nowMs) {
    window = { count: 0, endsAtMs: nowMs + 3_600_000 }
    windows.set(org.id, window)
  }
  window.count++
  reply
    .header('x-ratelimit-limit', String(quotaPerHour))
    .header('x-ratelimit-remaining', String(Math.max(0, quotaPerHour - window.count)))
})
await app.listen({ host: '127.0.0.1', port: 0 })
const address = app.server.address()
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
)
