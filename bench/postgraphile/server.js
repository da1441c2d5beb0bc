import http from 'node:http'
import pg from 'pg'
import postgraphileModule from 'postgraphile'

// The peer of the bench's peer section: PostGraphile 4, a GraphQL layer generated from the schema,
// serving Daybook's tables read-only. Its pool is as large as Daybook's (postgresPoolConnectionsMax
// in src/kernel/limits.ts), so both reach PostgreSQL through as many connections. Prints
// {"port":N} once it listens, as the bench's bare servers do.

const poolConnectionsMax = 10

const { postgraphile } = postgraphileModule
const databaseUrl = process.env.PEER_DATABASE_URL
if (!databaseUrl) throw new Error('PEER_DATABASE_URL is not set')

const pool = new pg.Pool({ connectionString: databaseUrl, max: poolConnectionsMax })
pool.on('error', () => {})

const middleware = postgraphile(pool, 'public', {
  disableDefaultMutations: true,
  watchPg: false,
  graphiql: false,
  ignoreRBAC: false,
  dynamicJson: true,
  setofFunctionsContainNulls: false,
  disableQueryLog: true,
  retryOnInitFail: false,
})

const server = http.createServer(middleware)
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  )
})
