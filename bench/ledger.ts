import { isDeepStrictEqual } from 'node:util'
import { newId } from '../src/kernel/ids.js'
import {
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  graphqlRequest,
  loadRequests,
  runBodies,
  startBareScript,
  startDaybook,
} from './harness.js'
import {
  type BenchDb,
  type BenchOrg,
  classifiedEvents,
  createOrgs,
  type EventRow,
  openBenchDb,
  seedAftercareNote,
  seedEvents,
  sqliteFile,
} from './seed.js'

// Issue: the ledger at size. One million events over ten organizations; a filtered list page
// over GraphQL against the same SQL behind a bare route, and confirms per second against raw
// journal inserts through the driver.

const organizations = 10
const eventsPerOrganization = 100_000
const confirmWarmup = 200
const confirmCount = 2_000
const confirmConnections = 16
// confirmLedgerEvents: a warm-up batch, then batches one after another, as a bookkeeper's
// "confirm these 500" is one request at a time.
const batchSize = 500
const batchRounds = 4
const batchedCount = batchSize * batchRounds
const listConnections = 32

const listQuery = `query List($organizationId: UUID!, $status: [String!], $dateFrom: String, $dateTo: String,
  $amountMin: String, $sortBy: String, $limit: Int) {
  listLedgerEvents(organizationId: $organizationId, status: $status, dateFrom: $dateFrom, dateTo: $dateTo,
    amountMin: $amountMin, sortBy: $sortBy, limit: $limit) {
    totalCount
    pageSize
    offset
    items {
      id eventType merchantName functionalAmount functionalCurrency transactionDate status memo hasDocument
      category { id name }
      paymentAccount { id name }
      taxAmount source createdAt
    }
  }
}`

const listVariables = {
  status: ['needs_review'],
  dateFrom: '2025-07-01',
  dateTo: '2025-09-30',
  amountMin: '50.00',
  sortBy: 'transactionDate',
  limit: 25,
}

const confirmManyMutation = `mutation ConfirmMany($organizationId: UUID!, $eventIds: [UUID!]!) {
  confirmLedgerEvents(organizationId: $organizationId, eventIds: $eventIds) { success confirmedCount errorCode results { eventId success errorCode } }
}`

type ConfirmManyAnswer = {
  data?: { confirmLedgerEvents: { success: boolean; confirmedCount: number; results: unknown[] } | null }
  errors?: unknown
}

const confirmMutation = `mutation Confirm($organizationId: UUID!, $eventId: UUID!) {
  confirmLedgerEvent(organizationId: $organizationId, eventId: $eventId) { success eventId journalEntryId errorCode }
}`

type ListAnswer = {
  data?: { listLedgerEvents: { totalCount: number; items: unknown[] } | null }
  errors?: unknown
}

export async function benchLedger(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await freshEngine(engine)
  try {
    return await ledgerFigures(engine, target)
  } finally {
    await disposeEngine(target)
  }
}

type ListLoad = Awaited<ReturnType<typeof loadRequests>>
type ConfirmRun = Awaited<ReturnType<typeof runBodies>>
type ListRequest = {
  body: { query: string; variables: Record<string, unknown> }
  headers: Record<string, string>
}

/** The seeded ledger: its organizations, and the classified events of the first set apart per phase. */
interface SeededLedger {
  orgs: BenchOrg[]
  first: BenchOrg
  warmupEvents: EventRow[]
  confirmEvents: EventRow[]
  bareWarmupEvents: EventRow[]
  bareConfirmEvents: EventRow[]
  rawEvents: EventRow[]
  batchWarmupEvents: EventRow[]
  batchEvents: EventRow[]
  seedNote: string
}

async function ledgerFigures(engine: 'sqlite' | 'postgres', target: EngineTarget): Promise<Figure[]> {
  const seeded = await seedLedger(engine, target)
  const { first } = seeded
  const requests = seeded.orgs.map((org) => ({
    body: { query: listQuery, variables: { organizationId: org.id, ...listVariables } },
    headers: { authorization: `Bearer ${org.key}` },
  }))

  const { full, fullAnswers, confirm, batched } = await measureFullStack(target, first, requests, seeded)
  const postedByDaybook = confirmWarmup + confirmCount + batchSize + batchedCount
  await expectPosted(target, first, postedByDaybook)

  // ---- the baselines: a bare route over the same SQL, and raw journal inserts ----
  // Both bare servers open the database the full stack used.
  const bareEnv: Record<string, string> =
    engine === 'sqlite'
      ? { BARE_SQLITE_FILE: sqliteFile(target) }
      : { BARE_DATABASE_URL: target.env.DATABASE_URL ?? '' }
  const baseline = await measureBareList(bareEnv, requests, fullAnswers)
  const leastConfirm = await measureLeastConfirm(
    bareEnv,
    first,
    seeded.bareWarmupEvents,
    seeded.bareConfirmEvents,
  )
  await expectPosted(target, first, postedByDaybook + confirmWarmup + confirmCount)

  const raw = await rawPostings(target, first, seeded.rawEvents)

  const totalCount = (fullAnswers[0]?.data?.listLedgerEvents?.totalCount ?? 0).toLocaleString('en-US')
  return ledgerRows(engine, {
    full,
    baseline,
    confirm,
    batched,
    leastConfirm,
    raw,
    totalCount,
    seedNote: seeded.seedNote,
  })
}

async function seedLedger(engine: 'sqlite' | 'postgres', target: EngineTarget): Promise<SeededLedger> {
  const orgStarted = performance.now()
  const orgs = await createOrgs(
    target,
    Array.from({ length: organizations }, (_, i) => `Ledger Org ${i + 1}`),
  )
  const orgSeconds = (performance.now() - orgStarted) / 1000
  const [first] = orgs as [BenchOrg]
  // Classified events in the first organization: to warm up and confirm over GraphQL, the same
  // again for the bare confirm route, and as many for the raw baseline to post entries for.
  const classified = classifiedEvents(
    first,
    2 * confirmWarmup + 3 * confirmCount + batchSize + batchedCount,
    99,
  )
  const [
    warmupEvents,
    confirmEvents,
    bareWarmupEvents,
    bareConfirmEvents,
    rawEvents,
    batchWarmupEvents,
    batchEvents,
  ] = slices(classified, [
    confirmWarmup,
    confirmCount,
    confirmWarmup,
    confirmCount,
    confirmCount,
    batchSize,
    batchedCount,
  ]) as [EventRow[], EventRow[], EventRow[], EventRow[], EventRow[], EventRow[], EventRow[]]
  const seedSeconds = await seedEvents(
    target,
    orgs.map((org, i) => ({
      org,
      count: eventsPerOrganization,
      seed: 1000 + i,
      ...(i === 0 ? { extra: classified } : {}),
    })),
  )
  console.log(
    `Ledger [${engine}] seeded ${organizations * eventsPerOrganization + classified.length} events in ${seedSeconds.toFixed(1)} s (organizations through the CLI: ${orgSeconds.toFixed(1)} s)`,
  )
  const seedNote = `seed: ${(organizations * eventsPerOrganization).toLocaleString('en-US')} events over ${organizations} organizations by bulk SQL in ${seedSeconds.toFixed(0)} s${seedAftercareNote(engine)}, organizations through the CLI in ${orgSeconds.toFixed(0)} s`
  return {
    orgs,
    first,
    warmupEvents,
    confirmEvents,
    bareWarmupEvents,
    bareConfirmEvents,
    rawEvents,
    batchWarmupEvents,
    batchEvents,
    seedNote,
  }
}

/** Counts the confirms that answered success and keeps the first few that did not. */
class ConfirmTally {
  confirmed = 0
  readonly failures: string[] = []
  readonly check = (body: string) => {
    if (body.includes('"success":true')) this.confirmed++
    else if (this.failures.length < 5) this.failures.push(body.slice(0, 300))
  }
}

const confirmBody = (org: BenchOrg) => (event: EventRow) => ({
  query: confirmMutation,
  variables: { organizationId: org.id, eventId: event.id },
})

/**
 * The full stack: each list page checked once, the list under load, then confirms after a
 * warm-up, then confirms of many: a warm-up batch, then batches one after another.
 */
async function measureFullStack(
  target: EngineTarget,
  first: BenchOrg,
  requests: ListRequest[],
  seeded: SeededLedger,
): Promise<{ full: ListLoad; fullAnswers: ListAnswer[]; confirm: ConfirmRun; batched: BatchRun }> {
  const daybook = await startDaybook(target)
  let full: ListLoad
  let fullAnswers: ListAnswer[]
  let confirm: ConfirmRun
  let batched: BatchRun
  const tally = new ConfirmTally()
  try {
    fullAnswers = []
    for (const request of requests) {
      const answer = await graphqlRequest<ListAnswer>(daybook.url, request.body, request.headers)
      const page = answer.data?.listLedgerEvents
      if (answer.errors || !page || page.items.length !== listVariables.limit || page.totalCount < 100) {
        throw new Error(`listLedgerEvents answered unexpectedly: ${JSON.stringify(answer).slice(0, 500)}`)
      }
      fullAnswers.push(answer)
    }
    full = await loadRequests({
      url: daybook.url,
      requests,
      connections: listConnections,
      verifyBody: (body) => !body.includes('"errors"'),
    })
    if (full.errors > 0 || full.non2xx > 0 || full.mismatches > 0)
      throw new Error(`listLedgerEvents under load answered errors: ${JSON.stringify(full)}`)

    const headers = { authorization: `Bearer ${first.key}` }
    await runBodies({
      url: daybook.url,
      bodies: seeded.warmupEvents.map(confirmBody(first)),
      headers,
      connections: confirmConnections,
      onBody: tally.check,
    })
    tally.confirmed = 0
    confirm = await runBodies({
      url: daybook.url,
      bodies: seeded.confirmEvents.map(confirmBody(first)),
      headers,
      connections: confirmConnections,
      onBody: tally.check,
    })
    await confirmBatch(daybook.url, headers, first, seeded.batchWarmupEvents)
    const batchMs: number[] = []
    for (const batch of slices(seeded.batchEvents, Array(batchRounds).fill(batchSize))) {
      batchMs.push(await confirmBatch(daybook.url, headers, first, batch))
    }
    batched = { batchMs, seconds: batchMs.reduce((sum, ms) => sum + ms, 0) / 1000 }
  } finally {
    await daybook.stop()
  }
  if (
    tally.failures.length > 0 ||
    tally.confirmed !== confirmCount ||
    confirm.non2xx > 0 ||
    confirm.errors > 0
  ) {
    throw new Error(
      `confirmLedgerEvent: ${tally.confirmed} of ${confirmCount} confirmed; first failures: ${tally.failures.join(' | ')}`,
    )
  }
  return { full, fullAnswers, confirm, batched }
}

type BatchRun = { batchMs: number[]; seconds: number }

/** One confirmLedgerEvents call, timed to its answer; fails the run unless every event was confirmed. */
async function confirmBatch(
  url: string,
  headers: Record<string, string>,
  org: BenchOrg,
  events: EventRow[],
): Promise<number> {
  const started = performance.now()
  const answer = await graphqlRequest<ConfirmManyAnswer>(
    url,
    { query: confirmManyMutation, variables: { organizationId: org.id, eventIds: events.map((e) => e.id) } },
    headers,
  )
  const ms = performance.now() - started
  const payload = answer.data?.confirmLedgerEvents
  if (answer.errors || !payload?.success || payload.confirmedCount !== events.length)
    throw new Error(`confirmLedgerEvents answered unexpectedly: ${JSON.stringify(answer).slice(0, 500)}`)
  return ms
}

/** The bare list route: the same answers as the full stack, then the same load. */
async function measureBareList(
  bareEnv: Record<string, string>,
  requests: ListRequest[],
  fullAnswers: ListAnswer[],
): Promise<ListLoad> {
  const bare = await startBareScript('bench/ledger-bare-server.ts', bareEnv)
  try {
    for (const [index, request] of requests.entries()) {
      const answer = await graphqlRequest<ListAnswer>(bare.url, request.body)
      if (!isDeepStrictEqual(answer, fullAnswers[index]))
        throw new Error(
          `the bare route answers differently from the full stack: ${JSON.stringify(answer).slice(0, 300)} vs ${JSON.stringify(fullAnswers[index]).slice(0, 300)}`,
        )
    }
    return await loadRequests({
      url: bare.url,
      requests: requests.map((r) => ({ body: r.body })),
      connections: listConnections,
    })
  } finally {
    await bare.stop()
  }
}

/** The least a confirm can be over HTTP: its indispensable SQL behind a bare route. */
async function measureLeastConfirm(
  bareEnv: Record<string, string>,
  first: BenchOrg,
  bareWarmupEvents: EventRow[],
  bareConfirmEvents: EventRow[],
): Promise<ConfirmRun> {
  const bareConfirm = await startBareScript('bench/confirm-bare-server.ts', bareEnv)
  let leastConfirm: ConfirmRun
  const tally = new ConfirmTally()
  try {
    await runBodies({
      url: bareConfirm.url,
      bodies: bareWarmupEvents.map(confirmBody(first)),
      connections: confirmConnections,
      onBody: tally.check,
    })
    leastConfirm = await runBodies({
      url: bareConfirm.url,
      bodies: bareConfirmEvents.map(confirmBody(first)),
      connections: confirmConnections,
      onBody: tally.check,
    })
  } finally {
    await bareConfirm.stop()
  }
  if (tally.failures.length > 0 || tally.confirmed !== confirmWarmup + confirmCount)
    throw new Error(
      `the bare confirm route posted ${tally.confirmed} events; first failures: ${tally.failures.join(' | ')}`,
    )
  return leastConfirm
}

function ledgerRows(
  engine: 'sqlite' | 'postgres',
  measured: {
    full: ListLoad
    baseline: ListLoad
    confirm: ConfirmRun
    batched: BatchRun
    leastConfirm: ConfirmRun
    raw: { perSecond: number; seconds: number }
    totalCount: string
    seedNote: string
  },
): Figure[] {
  const { full, baseline, confirm, batched, leastConfirm, raw, totalCount, seedNote } = measured
  const confirmsPerSecond = confirmCount / confirm.seconds
  const batchedPerSecond = batchedCount / batched.seconds
  const leastPerSecond = confirmCount / leastConfirm.seconds
  const rawName =
    engine === 'sqlite'
      ? 'raw entry + 3 lines per transaction, better-sqlite3, one connection'
      : `raw entry + 3 lines per transaction, pg pool of 10, ${confirmConnections} at a time`
  return [
    {
      section: 'Ledger',
      name: `listLedgerEvents (needs_review, 3-month window, amountMin, by date, limit 25) over 1M events, API key, ${listConnections} connections`,
      engine,
      value: full.requestsPerSecond,
      unit: 'req/s',
      baselineName: 'bare Fastify route, same page + count + accounts SQL, same JSON',
      baseline: baseline.requestsPerSecond,
      ratio: full.requestsPerSecond / baseline.requestsPerSecond,
      target: '>= 0.5',
      extra: `p50 ${full.p50Ms} ms, p99 ${full.p99Ms} ms (bare: p50 ${baseline.p50Ms} ms, p99 ${baseline.p99Ms} ms); requests rotate over the ${organizations} organizations, each page counts ~${totalCount} of its 100,000 events; ${seedNote}`,
    },
    {
      section: 'Ledger',
      name: `confirmLedgerEvent, ${confirmCount.toLocaleString('en-US')} classified events (3 journal lines each), ${confirmConnections} connections`,
      engine,
      value: confirmsPerSecond,
      unit: 'confirms/s',
      baselineName: rawName,
      baseline: raw.perSecond,
      ratio: confirmsPerSecond / raw.perSecond,
      target: '>= 0.5',
      extra: `p50 ${confirm.p50Ms} ms, p99 ${confirm.p99Ms} ms; ${confirmWarmup} confirms of warm-up first; ${confirmCount.toLocaleString('en-US')} confirms took ${confirm.seconds.toFixed(2)} s, raw ${raw.seconds.toFixed(2)} s; ${(confirmsPerSecond / leastPerSecond).toFixed(2)} of the least confirm over HTTP (next row)`,
    },
    {
      section: 'Ledger',
      name: `confirmLedgerEvents, ${batchSize} classified events per call (3 journal lines each), ${batchRounds} calls one after another`,
      engine,
      value: batchedPerSecond,
      unit: 'confirms/s',
      baselineName: 'confirmLedgerEvent, one event per call (two rows up)',
      baseline: confirmsPerSecond,
      ratio: batchedPerSecond / confirmsPerSecond,
      target: '>= 5',
      extra: `${(batchedPerSecond / raw.perSecond).toFixed(2)} of the ${rawName} rate (target >= 0.5); calls took ${batched.batchMs.map((ms) => ms.toFixed(0)).join(' / ')} ms; a call of ${batchSize} of warm-up first`,
    },
    {
      section: 'Ledger',
      name: `the least confirm over HTTP: claim + entry + 3 lines + account and day totals behind a bare Fastify route, same JSON, ${confirmConnections} connections`,
      engine,
      value: leastPerSecond,
      unit: 'confirms/s',
      baselineName: rawName,
      baseline: raw.perSecond,
      ratio: leastPerSecond / raw.perSecond,
      target: 'bound',
      extra: `what any confirm served over HTTP can reach here: no authentication, quota, GraphQL or checks, ${engine === 'sqlite' ? 'group commit as in Daybook' : 'named statements and totals shards as in Daybook'}; p50 ${leastConfirm.p50Ms} ms, p99 ${leastConfirm.p99Ms} ms; ${confirmWarmup} of warm-up first`,
    },
  ]
}

/** The journal writes alone: one transaction per event, an entry and its three lines. */
async function rawPostings(
  target: EngineTarget,
  org: BenchOrg,
  events: EventRow[],
): Promise<{ perSecond: number; seconds: number }> {
  const db = await openBenchDb(target, { poolSize: 10 })
  try {
    const post = async (tx: BenchDb, event: EventRow) => {
      const entryId = newId()
      const tax = event.taxAmountMinor ?? 0
      const now = new Date().toISOString()
      await tx.run(
        `insert into journal_entries (id, organization_id, event_id, kind, reverses_entry_id, txn_date, total_minor, currency, created_at)
         values (?, ?, ?, 'posting', null, ?, ?, 'CAD', ?)`,
        [entryId, org.id, event.id, event.transactionDate, event.amountMinor, now],
      )
      await tx.run(
        `insert into journal_lines (id, entry_id, organization_id, line_no, account_id, contact_id, debit_minor, credit_minor, txn_date)
         values (?, ?, ?, 1, ?, null, ?, 0, ?), (?, ?, ?, 2, ?, null, ?, 0, ?), (?, ?, ?, 3, ?, null, 0, ?, ?)`,
        [
          newId(),
          entryId,
          org.id,
          event.categoryId,
          event.amountMinor - tax,
          event.transactionDate,
          newId(),
          entryId,
          org.id,
          event.taxAccountId,
          tax,
          event.transactionDate,
          newId(),
          entryId,
          org.id,
          event.paymentAccountId,
          event.amountMinor,
          event.transactionDate,
        ],
      )
    }
    const started = performance.now()
    if (db.engine === 'sqlite') {
      for (const event of events) await db.transaction((tx) => post(tx, event))
    } else {
      let next = 0
      const worker = async () => {
        while (next < events.length) {
          const event = events[next++] as EventRow
          await db.transaction((tx) => post(tx, event))
        }
      }
      await Promise.all(Array.from({ length: confirmConnections }, worker))
    }
    const seconds = (performance.now() - started) / 1000
    return { perSecond: events.length / seconds, seconds }
  } finally {
    await db.close()
  }
}

/** Consecutive slices of the given lengths. */
function slices<T>(rows: T[], lengths: number[]): T[][] {
  let start = 0
  return lengths.map((length) => {
    const slice = rows.slice(start, start + length)
    start += length
    return slice
  })
}

/** Fails the run unless the organization's journal holds exactly `expected` entries of 3 lines. */
async function expectPosted(target: EngineTarget, org: BenchOrg, expected: number): Promise<void> {
  const db = await openBenchDb(target, { poolSize: 1 })
  try {
    const [posted] = await db.all<{ entries: number | string; lines: number | string }>(
      `select (select count(*) from journal_entries where organization_id = ?) as entries,
              (select count(*) from journal_lines where organization_id = ?) as lines`,
      [org.id, org.id],
    )
    if (Number(posted?.entries) !== expected || Number(posted?.lines) !== 3 * expected)
      throw new Error(`the journal holds ${JSON.stringify(posted)}, not ${expected} entries`)
  } finally {
    await db.close()
  }
}
