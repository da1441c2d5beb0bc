import {
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  graphqlRequest,
  runBodies,
  startDaybook,
} from './harness.js'
import {
  type BenchOrg,
  classifiedEvents,
  createOrgs,
  dayString,
  type EventRow,
  openBenchDb,
  randomSource,
  seedEvents,
  vendors,
} from './seed.js'

// Issue "Reconciliation, closed periods and an audit trail": what the audit trail costs. One
// Daybook build confirms classified events and imports a 10,000-row statement with the trail on,
// and with it off (DAYBOOK_AUDIT_TRAIL=off, which only a benchmark may set). The two take turns
// over the rounds, each on a fresh server over the same database, so drift falls on both.

const eventsInOrganization = 100_000
const rounds = 5
const confirmWarmup = 200
const confirmCount = 2_000
const confirmConnections = 16
const importRows = 10_000
/** Sealing runs behind the writes; each timed batch starts once the last one's has settled. */
const settleMs = 3_000

type Mode = 'on' | 'off'

const confirmMutation = `mutation Confirm($organizationId: UUID!, $eventId: UUID!) {
  confirmLedgerEvent(organizationId: $organizationId, eventId: $eventId) { success errorCode }
}`

const importMutation = `mutation Import($organizationId: UUID!, $paymentAccountId: UUID!, $rows: [BankStatementRowInput!]!) {
  importBankStatement(organizationId: $organizationId, paymentAccountId: $paymentAccountId, rows: $rows) {
    importedCount skippedCount success error errorCode
  }
}`

interface Measured {
  confirmsPerSecond: number
  importSeconds: number
}

export async function benchAudit(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await freshEngine(engine)
  try {
    return await auditFigures(engine, target)
  } finally {
    await disposeEngine(target)
  }
}

async function auditFigures(engine: 'sqlite' | 'postgres', target: EngineTarget): Promise<Figure[]> {
  const [org] = (await createOrgs(target, ['Audit Org'])) as [BenchOrg]
  const perRun = confirmWarmup + confirmCount
  const classified = classifiedEvents(org, rounds * 2 * perRun, 77)
  const seedSeconds = await seedEvents(target, [
    { org, count: eventsInOrganization, seed: 4242, extra: classified },
  ])
  console.log(
    `Audit [${engine}] seeded ${eventsInOrganization + classified.length} events in ${seedSeconds.toFixed(1)} s`,
  )

  const measured: Record<Mode, Measured[]> = { on: [], off: [] }
  const recordsPerRound: number[] = []
  let run = 0
  for (let round = 0; round < rounds; round++) {
    // on, off; off, on; on, off: neither mode always runs first.
    const order: Mode[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on']
    for (const mode of order) {
      const events = classified.slice(run * perRun, (run + 1) * perRun)
      const before = await countAuditRecords(target, org)
      measured[mode].push(await measure(target, org, mode, events, run))
      const written = (await countAuditRecords(target, org)) - before
      // With the trail, at least a record per confirm and per imported event; without it, none.
      if (mode === 'on' ? written < perRun + importRows : written !== 0)
        throw new Error(`the audit trail ${mode} wrote ${written} records in a round`)
      if (mode === 'on') recordsPerRound.push(written)
      run++
    }
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)] as number
  }
  const confirmOn = median(measured.on.map((m) => m.confirmsPerSecond))
  const confirmOff = median(measured.off.map((m) => m.confirmsPerSecond))
  const importOn = median(measured.on.map((m) => m.importSeconds))
  const importOff = median(measured.off.map((m) => m.importSeconds))
  const list = (values: number[], digits: number) => values.map((v) => v.toFixed(digits)).join(', ')
  const offName = 'the same build with DAYBOOK_AUDIT_TRAIL=off'
  return [
    {
      section: 'Audit',
      name: `confirmLedgerEvent with the audit trail, ${confirmCount.toLocaleString('en-US')} classified events, ${confirmConnections} connections`,
      engine,
      value: confirmOn,
      unit: 'confirms/s',
      baselineName: offName,
      baseline: confirmOff,
      ratio: confirmOn / confirmOff,
      target: '>= 0.85',
      extra: `median of ${rounds} rounds, the modes taking turns on fresh servers (on: ${list(
        measured.on.map((m) => m.confirmsPerSecond),
        0,
      )}; off: ${list(
        measured.off.map((m) => m.confirmsPerSecond),
        0,
      )}); ${confirmWarmup} confirms of warm-up per server; ${eventsInOrganization.toLocaleString('en-US')} events in the organization; ${(recordsPerRound[0] ?? 0).toLocaleString('en-US')} records per round with the trail, sealed behind the writes`,
    },
    {
      section: 'Audit',
      name: `importBankStatement of ${importRows.toLocaleString('en-US')} new rows with the audit trail`,
      engine,
      value: importRows / importOn,
      unit: 'rows/s',
      baselineName: offName,
      baseline: importRows / importOff,
      ratio: importOff / importOn,
      target: 'measured',
      extra: `median of ${rounds} rounds: ${(importOn * 1000).toFixed(0)} ms with the trail, ${(importOff * 1000).toFixed(0)} ms without (on: ${list(
        measured.on.map((m) => m.importSeconds * 1000),
        0,
      )} ms; off: ${list(
        measured.off.map((m) => m.importSeconds * 1000),
        0,
      )} ms); one record per imported event, written in the import's transaction`,
    },
  ]
}

async function measure(
  target: EngineTarget,
  org: BenchOrg,
  mode: Mode,
  events: EventRow[],
  run: number,
): Promise<Measured> {
  const daybook = await startDaybook(target, { DAYBOOK_AUDIT_TRAIL: mode })
  const headers = { authorization: `Bearer ${org.key}` }
  const failures: string[] = []
  let confirmed = 0
  const check = (body: string) => {
    if (body.includes('"success":true')) confirmed++
    else if (failures.length < 5) failures.push(body.slice(0, 300))
  }
  const confirmBody = (event: EventRow) => ({
    query: confirmMutation,
    variables: { organizationId: org.id, eventId: event.id },
  })
  try {
    await runBodies({
      url: daybook.url,
      bodies: events.slice(0, confirmWarmup).map(confirmBody),
      headers,
      connections: confirmConnections,
      onBody: check,
    })
    await settle()
    confirmed = 0
    const confirm = await runBodies({
      url: daybook.url,
      bodies: events.slice(confirmWarmup).map(confirmBody),
      headers,
      connections: confirmConnections,
      onBody: check,
    })
    if (failures.length > 0 || confirmed !== confirmCount)
      throw new Error(
        `confirmLedgerEvent (${mode}): ${confirmed} of ${confirmCount}; ${failures.join(' | ')}`,
      )
    await settle()

    const rows = statementRows(run)
    const started = performance.now()
    const answer = await graphqlRequest<{
      data?: { importBankStatement: { importedCount: number; success: boolean } | null }
    }>(
      daybook.url,
      {
        query: importMutation,
        variables: { organizationId: org.id, paymentAccountId: org.accounts.chequing, rows },
      },
      headers,
    )
    const importSeconds = (performance.now() - started) / 1000
    if (answer.data?.importBankStatement?.importedCount !== importRows)
      throw new Error(`importBankStatement (${mode}) answered ${JSON.stringify(answer).slice(0, 300)}`)
    await settle()
    return { confirmsPerSecond: confirmCount / confirm.seconds, importSeconds }
  } finally {
    await daybook.stop()
  }
}

/** 10,000 rows the account has never seen: each run's in its own stretch of days after the seed. */
function statementRows(run: number) {
  const random = randomSource(900 + run)
  const expense = vendors.filter((vendor) => vendor.eventType === 'expense')
  return Array.from({ length: importRows }, (_, i) => {
    const vendor = expense[Math.floor(random() * expense.length)] as (typeof expense)[number]
    const minor = Math.max(100, Math.round(vendor.typicalMinor * 3 ** (random() * 2 - 1)))
    return {
      transactionDate: dayString(run * 60 + Math.floor((i / importRows) * 60), '2026-01-01'),
      description: vendor.name,
      amount: `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`,
      eventType: 'expense',
    }
  })
}

async function countAuditRecords(target: EngineTarget, org: BenchOrg): Promise<number> {
  const db = await openBenchDb(target, { poolSize: 1 })
  try {
    const [row] = await db.all<{ records: number | string }>(
      'select count(*) as records from audit_records where organization_id = ?',
      [org.id],
    )
    return Number(row?.records)
  } finally {
    await db.close()
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, settleMs))
