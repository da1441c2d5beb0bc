import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'
import { isDeepStrictEqual } from 'node:util'
import pg from 'pg'
import {
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  graphqlRequest,
  type LoadRequest,
  loadRequests,
  type RunningServer,
  startBareScript,
  startDaybook,
} from './harness.js'
import {
  allCores,
  databaseBackendsCpuMs,
  localPostmasterPid,
  pinProcesses,
  processTree,
  treeCpuMs,
} from './processes.js'
import { type BenchOrg, createOrgs, seedAftercareNote, seedEvents, sqliteFile } from './seed.js'

// Issue: Daybook's busiest page beside a generic GraphQL layer generated from the same tables
// (PostGraphile 4) and beside a bare route, the ceiling for any server of that page. The servers
// take turns in rounds on the same data under the same load, pinned so that they and PostgreSQL
// share one core and the load generator has the other to itself; CPU per request of each server
// and of PostgreSQL shows where the time goes.

const organizations = 10
const eventsPerOrganization = 20_000
// About 3,000 of each organization's 20,000 events wait for review.
const reviewShare = 0.15
const pageSize = 25
const connections = 32
const rounds = 3
// A server's first seconds under load go to the JIT compiling its hot paths (measured: a seventh
// of Daybook's CPU in the tenth second, none by the twentieth); no such seconds are measured.
const firstWarmUpSeconds = 20
const warmUpSecondsBetweenRounds = 2
const serverCore = '0'
const loadCore = '1'
const postgraphileFolder = 'bench/postgraphile'
// PostgreSQL's PGSTAT_IDLE_INTERVAL, and a second to spare.
const statsFlushWaitMs = 11_000

const itemFields =
  'id eventType merchantName functionalAmount functionalCurrency transactionDate status memo hasDocument source createdAt'
const daybookQuery = `query List($organizationId: UUID!, $status: [String!], $limit: Int) {
  listLedgerEvents(organizationId: $organizationId, status: $status, limit: $limit) {
    totalCount
    items { ${itemFields} }
  }
}`
// The same rows and columns under the names PostGraphile inflects from the table.
const postgraphileQuery = `query List($organizationId: String!, $first: Int!) {
  allLedgerEvents(condition: { organizationId: $organizationId, status: "needs_review" }, first: $first,
    orderBy: [TRANSACTION_DATE_DESC, ID_DESC]) {
    totalCount
    nodes { id eventType merchantName amountMinor currency transactionDate status memo hasDocument source createdAt }
  }
}`

interface PageAnswer {
  totalCount: number
  ids: string[]
  answer: unknown
}

type DaybookAnswer = {
  data?: { listLedgerEvents: { totalCount: number; items: Array<{ id: string }> } | null }
  errors?: unknown
}
type PostgraphileAnswer = {
  data?: { allLedgerEvents: { totalCount: number; nodes: Array<{ id: string }> } | null }
  errors?: unknown
}

interface Contender {
  name: string
  server: RunningServer
  requests: LoadRequest[]
  /** One organization's page, to compare with the others' before anything is measured. */
  page(request: LoadRequest): Promise<PageAnswer>
}

interface Interval {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  serverCpuMsPerRequest: number
  postgresCpuMsPerRequest: number
  transactionsPerRequest: number
}

/** What PostgreSQL's side of a measurement needs: its processes and its transaction counter. */
interface PostgresProbe {
  postmasterPid: number | undefined
  /** CPU ms spent so far by the backends of the database measured; NaN when they cannot be seen. */
  backendsCpuMs(): number
  transactions(): Promise<number>
  close(): Promise<void>
}

export async function benchPeer(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await freshEngine(engine)
  try {
    return await peerFigures(engine, target)
  } finally {
    await disposeEngine(target)
  }
}

async function peerFigures(engine: 'sqlite' | 'postgres', target: EngineTarget): Promise<Figure[]> {
  const orgs = await createOrgs(
    target,
    Array.from({ length: organizations }, (_, i) => `Peer Org ${i + 1}`),
  )
  // seedEvents ends with ANALYZE on PostgreSQL, so every server meets a planner that knows the table.
  const seedSeconds = await seedEvents(
    target,
    orgs.map((org, i) => ({ org, count: eventsPerOrganization, seed: 3000 + i, reviewShare })),
  )
  console.log(
    `Peer [${engine}] seeded ${organizations * eventsPerOrganization} events in ${seedSeconds.toFixed(1)} s`,
  )
  if (engine === 'postgres') installPostgraphile()

  const probe = engine === 'postgres' ? await postgresProbe(target) : undefined
  const notes: string[] = []
  const started: RunningServer[] = []
  try {
    const contenders = await startContenders(engine, target, orgs, started)
    const pinned = pinForMeasuring(contenders, probe)
    notes.push(...pinned.notes)
    try {
      const totalCounts = await samePages(contenders)
      notes.push(
        `one-minute load average ${(os.loadavg()[0] ?? 0).toFixed(1)} before the first round: other work on the machine lowers the figures`,
      )
      const intervals = new Map<string, Interval[]>(contenders.map((c) => [c.name, []]))
      for (let round = 0; round < rounds; round++) {
        for (const contender of contenders) {
          const warmUpSeconds = round === 0 ? firstWarmUpSeconds : warmUpSecondsBetweenRounds
          intervals.get(contender.name)?.push(await measure(contender, probe, warmUpSeconds))
          // An idle backend flushes its transaction counts up to 10 s late: they must land before
          // the next server's turn, all three reading the same database.
          if (probe) await new Promise((resolve) => setTimeout(resolve, statsFlushWaitMs))
        }
      }
      return figures(engine, intervals, totalCounts, [...notes, seedNote(seedSeconds, engine)])
    } finally {
      pinned.restore()
    }
  } finally {
    for (const server of started) await server.stop()
    await probe?.close()
  }
}

function installPostgraphile(): void {
  if (existsSync(`${postgraphileFolder}/node_modules`)) return
  // Its own folder and lock: PostGraphile 4 needs graphql 15, Daybook graphql 16.
  execFileSync('npm', ['ci', '--prefix', postgraphileFolder, '--no-audit', '--no-fund'], { stdio: 'inherit' })
}

function postgraphileVersion(): string {
  const manifest = `${postgraphileFolder}/node_modules/postgraphile/package.json`
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

async function startContenders(
  engine: 'sqlite' | 'postgres',
  target: EngineTarget,
  orgs: BenchOrg[],
  started: RunningServer[],
): Promise<Contender[]> {
  const listRequests = orgs.map((org) => ({
    body: {
      query: daybookQuery,
      variables: { organizationId: org.id, status: ['needs_review'], limit: pageSize },
    },
    headers: { authorization: `Bearer ${org.key}` },
  }))
  const listPage = (url: string) => async (request: LoadRequest) => {
    const answer = await graphqlRequest<DaybookAnswer>(url, request.body, request.headers)
    const page = answer.data?.listLedgerEvents
    if (answer.errors || !page)
      throw new Error(`listLedgerEvents answered ${JSON.stringify(answer).slice(0, 500)}`)
    return { totalCount: page.totalCount, ids: page.items.map((item) => item.id), answer }
  }
  const start = async (server: Promise<RunningServer>) => {
    const running = await server
    started.push(running)
    return running
  }

  const daybook = await start(startDaybook(target))
  const bareEnv: Record<string, string> =
    engine === 'sqlite'
      ? { BARE_SQLITE_FILE: sqliteFile(target) }
      : { BARE_DATABASE_URL: target.env.DATABASE_URL ?? '' }
  const bare = await start(
    startBareScript('bench/ledger-bare-server.ts', { ...bareEnv, BARE_LIST_PAGE: 'status' }),
  )
  const contenders: Contender[] = [
    { name: 'Daybook', server: daybook, requests: listRequests, page: listPage(daybook.url) },
  ]
  if (engine === 'postgres') {
    const postgraphile = await start(
      startBareScript(`${postgraphileFolder}/server.js`, {
        PEER_DATABASE_URL: target.env.DATABASE_URL ?? '',
      }),
    )
    contenders.push({
      name: 'PostGraphile',
      server: postgraphile,
      requests: orgs.map((org) => ({
        body: { query: postgraphileQuery, variables: { organizationId: org.id, first: pageSize } },
      })),
      page: async (request) => {
        const answer = await graphqlRequest<PostgraphileAnswer>(postgraphile.url, request.body)
        const page = answer.data?.allLedgerEvents
        if (answer.errors || !page)
          throw new Error(`allLedgerEvents answered ${JSON.stringify(answer).slice(0, 500)}`)
        return { totalCount: page.totalCount, ids: page.nodes.map((node) => node.id), answer }
      },
    })
  }
  contenders.push({ name: 'bare route', server: bare, requests: listRequests, page: listPage(bare.url) })
  return contenders
}

/**
 * Every server must answer each organization with the same total and the same page before any of
 * them is timed; the bare route must answer exactly what Daybook answers. Answers the totals.
 */
async function samePages(contenders: Contender[]): Promise<number[]> {
  const [daybook, ...others] = contenders as [Contender, ...Contender[]]
  const totalCounts: number[] = []
  for (const [index, request] of daybook.requests.entries()) {
    const expected = await daybook.page(request)
    if (expected.ids.length !== pageSize || expected.totalCount < pageSize)
      throw new Error(`Daybook answered a short page: ${JSON.stringify(expected.answer).slice(0, 500)}`)
    for (const other of others) {
      const page = await other.page(other.requests[index] as LoadRequest)
      const sameShape =
        other.requests === daybook.requests ? isDeepStrictEqual(page.answer, expected.answer) : true
      if (page.totalCount !== expected.totalCount || !isDeepStrictEqual(page.ids, expected.ids) || !sameShape)
        throw new Error(
          `${other.name} answers differently from Daybook: ${JSON.stringify(page.answer).slice(0, 400)} vs ${JSON.stringify(expected.answer).slice(0, 400)}`,
        )
    }
    totalCounts.push(expected.totalCount)
  }
  return totalCounts
}

/**
 * The load generator (this process) on one core; the servers and PostgreSQL on the other, where
 * the backends PostgreSQL starts later land too. `restore` gives everything back all cores.
 */
function pinForMeasuring(
  contenders: Contender[],
  probe: PostgresProbe | undefined,
): { notes: string[]; restore(): void } {
  if (os.cpus().length < 2)
    return { notes: ['not pinned: this machine has a single core'], restore: () => {} }
  const postmasterPid = probe?.postmasterPid
  const notes: string[] = []
  const serverPids = contenders.flatMap((c) =>
    c.server.process.pid ? processTree(c.server.process.pid) : [],
  )
  const postgresPids = postmasterPid === undefined ? [] : processTree(postmasterPid)
  const pinnedLoad = pinProcesses([process.pid], loadCore)
  const pinnedServers =
    contenders.every((c) => c.server.process.pid !== undefined) && pinProcesses(serverPids, serverCore)
  const pinnedPostgres = postgresPids.length > 0 && pinProcesses(postgresPids, serverCore)
  notes.push(
    pinnedLoad && pinnedServers
      ? `servers on core ${serverCore}, load generator on core ${loadCore}`
      : 'pinning the servers or the load generator failed: they share both cores',
  )
  if (probe && postmasterPid === undefined)
    notes.push('PostgreSQL runs elsewhere: neither pinned nor its CPU counted')
  else if (pinnedPostgres) notes.push(`PostgreSQL on core ${serverCore}`)
  else if (probe) notes.push('PostgreSQL could not be pinned: it uses both cores')
  return {
    notes,
    restore() {
      // Backends started while pinned are pinned too, so the tree is read again.
      if (postmasterPid !== undefined) pinProcesses(processTree(postmasterPid), allCores)
      pinProcesses([process.pid], allCores)
    },
  }
}

/**
 * Reads PostgreSQL's side from the server's maintenance database, so that the reads themselves are
 * no transactions of the database measured.
 */
async function postgresProbe(target: EngineTarget): Promise<PostgresProbe> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  const databaseName = new URL(target.env.DATABASE_URL ?? '').pathname.slice(1)
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  const postmasterPid = await localPostmasterPid(client)
  return {
    postmasterPid,
    backendsCpuMs: () =>
      postmasterPid === undefined ? Number.NaN : databaseBackendsCpuMs(postmasterPid, databaseName),
    async transactions() {
      const { rows } = await client.query<{ transactions: string }>(
        'select xact_commit + xact_rollback as transactions from pg_stat_database where datname = $1',
        [databaseName],
      )
      return Number(rows[0]?.transactions)
    },
    close: () => client.end(),
  }
}

async function measure(
  contender: Contender,
  probe: PostgresProbe | undefined,
  warmUpSeconds: number,
): Promise<Interval> {
  const serverPid = contender.server.process.pid ?? 0
  const read = async () => ({
    transactions: probe ? await probe.transactions() : Number.NaN,
    serverCpuMs: treeCpuMs(serverPid),
    postgresCpuMs: probe ? probe.backendsCpuMs() : Number.NaN,
  })
  let before = await read()
  const result = await loadRequests({
    url: contender.server.url,
    requests: contender.requests,
    connections,
    warmUpSeconds,
    verifyBody: (body) => !body.includes('"errors"'),
    beforeInterval: async () => {
      before = await read()
    },
  })
  const after = await read()
  if (result.errors > 0 || result.non2xx > 0 || result.mismatches > 0 || result.total === 0)
    throw new Error(`${contender.name} answered errors under load: ${JSON.stringify(result)}`)
  return {
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    serverCpuMsPerRequest: (after.serverCpuMs - before.serverCpuMs) / result.total,
    postgresCpuMsPerRequest: (after.postgresCpuMs - before.postgresCpuMs) / result.total,
    transactionsPerRequest: (after.transactions - before.transactions) / result.total,
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

type Summary = Interval & { roundsRequestsPerSecond: number[] }

function summarize(intervals: Interval[]): Summary {
  const of = (key: keyof Interval) => median(intervals.map((interval) => interval[key]))
  return {
    requestsPerSecond: of('requestsPerSecond'),
    p50Ms: of('p50Ms'),
    p99Ms: of('p99Ms'),
    serverCpuMsPerRequest: of('serverCpuMsPerRequest'),
    postgresCpuMsPerRequest: of('postgresCpuMsPerRequest'),
    transactionsPerRequest: of('transactionsPerRequest'),
    roundsRequestsPerSecond: intervals.map((interval) => interval.requestsPerSecond),
  }
}

function describe(name: string, summary: Summary, engine: 'sqlite' | 'postgres'): string {
  const postgres =
    engine === 'postgres'
      ? `, PostgreSQL ${Number.isNaN(summary.postgresCpuMsPerRequest) ? 'not counted' : `${summary.postgresCpuMsPerRequest.toFixed(3)} ms/req`}, ${summary.transactionsPerRequest.toFixed(2)} transactions/req`
      : ''
  const perRound = summary.roundsRequestsPerSecond.map((r) => r.toFixed(0)).join(' / ')
  return `${name}: CPU server ${summary.serverCpuMsPerRequest.toFixed(3)} ms/req${postgres}, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, rounds ${perRound} req/s`
}

function seedNote(seedSeconds: number, engine: 'sqlite' | 'postgres'): string {
  return `seed: ${(organizations * eventsPerOrganization).toLocaleString('en-US')} events over ${organizations} organizations by bulk SQL in ${seedSeconds.toFixed(0)} s${seedAftercareNote(engine)}`
}

function figures(
  engine: 'sqlite' | 'postgres',
  intervals: Map<string, Interval[]>,
  totalCounts: number[],
  notes: string[],
): Figure[] {
  const summaries = new Map([...intervals].map(([name, measured]) => [name, summarize(measured)]))
  const daybook = summaries.get('Daybook') as Summary
  const bare = summaries.get('bare route') as Summary
  const postgraphile = summaries.get('PostGraphile')
  const averageTotal = Math.round(totalCounts.reduce((sum, n) => sum + n, 0) / totalCounts.length)
  const extra = [
    ...[...summaries].map(([name, summary]) => describe(name, summary, engine)),
    `medians of ${rounds} rounds, the servers taking turns in each; ${firstWarmUpSeconds} s warm-up before a server's first round and ${warmUpSecondsBetweenRounds} s before the others, then 10 s`,
    `requests rotate over the ${organizations} organizations, each page counting ~${averageTotal.toLocaleString('en-US')} events`,
    ...(engine === 'postgres'
      ? [
          "PostgreSQL CPU: the backends of the bench's database; transactions from pg_stat_database, which each backend flushes at most once a second (11 s of rest after each turn let the last counts land)",
        ]
      : []),
    ...notes,
  ].join('; ')
  const page = `listLedgerEvents(status: needs_review, limit: ${pageSize}) with totalCount, ${(organizations * eventsPerOrganization).toLocaleString('en-US')} events over ${organizations} organizations, API key, ${connections} connections`
  const bareName =
    engine === 'postgres'
      ? 'bare Fastify route, the same one statement run as Daybook runs it (prepared, planned once), same JSON'
      : 'bare Fastify route, the same one statement, same JSON'
  const versusBare: Figure = {
    section: 'Peer',
    name: `list page vs bare route: ${page}`,
    engine,
    value: daybook.requestsPerSecond,
    unit: 'req/s',
    baselineName: bareName,
    baseline: bare.requestsPerSecond,
    ratio: daybook.requestsPerSecond / bare.requestsPerSecond,
    target: engine === 'postgres' ? '>= 0.9' : '>= 0.8',
    extra,
  }
  if (!postgraphile) return [versusBare]
  const peerName = `PostGraphile ${postgraphileVersion()}, allLedgerEvents (same condition, order, first ${pageSize}, totalCount)`
  return [
    {
      section: 'Peer',
      name: `list page vs PostGraphile: ${page}`,
      engine,
      value: daybook.requestsPerSecond,
      unit: 'req/s',
      baselineName: peerName,
      baseline: postgraphile.requestsPerSecond,
      ratio: daybook.requestsPerSecond / postgraphile.requestsPerSecond,
      target: '>= 1.2',
      extra,
    },
    versusBare,
    // Without PostgreSQL's processes in sight there is no such figure; the notes say why.
    ...(Number.isNaN(daybook.postgresCpuMsPerRequest)
      ? []
      : [postgresCpu(daybook, postgraphile, peerName, extra)]),
  ]
}

function postgresCpu(daybook: Summary, postgraphile: Summary, peerName: string, extra: string): Figure {
  return {
    section: 'Peer',
    name: 'PostgreSQL CPU per request vs PostGraphile, the same list page',
    engine: 'postgres',
    value: daybook.postgresCpuMsPerRequest,
    unit: 'ms/req',
    baselineName: peerName,
    baseline: postgraphile.postgresCpuMsPerRequest,
    ratio: daybook.postgresCpuMsPerRequest / postgraphile.postgresCpuMsPerRequest,
    target: '<= 1.0',
    extra: `Daybook's PostgreSQL CPU over PostGraphile's, lower is better; ${extra}`,
  }
}
