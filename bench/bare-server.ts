import Fastify from 'fastify'

// The baseline: a bare Fastify route answering the same JSON as the full stack, with no auth,
// no quota, no GraphQL and no database. The full stack is reported as a fraction of it.
const app = Fastify({ logger: false })
const answer = {
  data: { myOrganizations: [{ id: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890', name: 'Bench Org' }] },
}
app.post('/graphql', async () => answer)
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
const address = app.server.address()
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
)
