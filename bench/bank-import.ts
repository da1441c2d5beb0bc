import { newId } from '../src/kernel/ids.js'
import {
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  graphqlRequest,
  startDaybook,
} from './harness.js'
import {
  type BenchOrg,
  createOrgs,
  dayString,
  type EventRow,
  expenseBrandNames,
  insertEventsMultiRow,
  openBenchDb,
  randomSource,
  seedEvents,
  vendors,
} from './seed.js'

// Issue: importing a bank statement into a large ledger. One organization with a million events
// and a hundred category rules takes a 10,000-row statement whose first half it already holds
// (the statement overlaps the last import); the import is timed over GraphQL against a raw bulk
// INSERT of the same rows.

const eventsInOrganization = 1_000_000
const statementRows = 10_000
const warmupRows = 1_000
const ruleCount = 100

const importMutation = `mutation Import($organizationId: UUID!, $paymentAccountId: UUID!, $rows: [BankStatementRowInput!]!) {
  importBankStatement(organizationId: $organizationId, paymentAccountId: $paymentAccountId, rows: $rows) {
    importedCount skippedCount success error errorCode
  }
}`

const ruleMutation = `mutation Rule($organizationId: UUID!, $vendorPattern: String!, $categoryId: UUID!) {
  createCategoryRule(organizationId: $organizationId, vendorPattern: $vendorPattern, categoryId: $categoryId) {
    success errorCode error
  }
}`

interface StatementRow {
  transactionDate: string
  description: string
  amount: string
  eventType: string
}

type ImportAnswer = {
  data?: {
    importBankStatement: {
      importedCount: number
      skippedCount: number
      success: boolean
      error: string | null
    } | null
  }
  errors?: unknown
}

export async function benchBankImport(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await freshEngine(engine)
  try {
    return await importFigures(engine, target)
  } finally {
    await disposeEngine(target)
  }
}

const signed = (minor: number, eventType: string) => {
  const digits = String(minor).padStart(3, '0')
  return `${eventType === 'income' ? '' : '-'}${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/**
 * A statement for one payment account: the account's latest `duplicates` events exactly as they
 * are stored, then as many new rows dated on the days after them (the period the ledger has not
 * seen yet), sorted by date like a bank's export.
 */
async function statementFor(
  target: EngineTarget,
  org: BenchOrg,
  paymentAccountId: string,
  duplicates: number,
  fresh: number,
  seed: number,
): Promise<StatementRow[]> {
  const db = await openBenchDb(target)
  try {
    const existing = await db.all<{
      transaction_date: string
      amount_minor: number | string
      event_type: string
      merchant_name: string
    }>(
      `select transaction_date, amount_minor, event_type, merchant_name from ledger_events
       where organization_id = ? and payment_account_id = ?
       order by transaction_date desc, id desc limit ?`,
      [org.id, paymentAccountId, duplicates],
    )
    if (existing.length !== duplicates) throw new Error(`only ${existing.length} events to duplicate`)
    const rows: StatementRow[] = existing.map((e) => ({
      transactionDate: e.transaction_date,
      description: e.merchant_name,
      amount: signed(Number(e.amount_minor), e.event_type),
      eventType: e.event_type,
    }))
    const last = existing[0]?.transaction_date as string
    const first = existing.at(-1)?.transaction_date as string
    const days = Math.max(1, Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1)
    const random = randomSource(seed)
    const choices = vendors.filter((v) => v.eventType !== 'transfer')
    for (let i = 0; i < fresh; i++) {
      const vendor = choices[Math.floor(random() * choices.length)] as (typeof choices)[number]
      const minor = Math.max(100, Math.round(vendor.typicalMinor * 3 ** (random() * 2 - 1)))
      rows.push({
        transactionDate: dayString(1 + Math.floor(random() * days), last),
        description: vendor.name,
        amount: signed(minor, vendor.eventType),
        eventType: vendor.eventType,
      })
    }
    return rows.sort((x, y) =>
      x.transactionDate < y.transactionDate ? -1 : x.transactionDate > y.transactionDate ? 1 : 0,
    )
  } finally {
    await db.close()
  }
}

/** 100 rules: a prefix for each of the 75 expense brands, and 25 narrower store-number prefixes. */
function rulePatterns(org: BenchOrg): Array<{ vendorPattern: string; categoryId: string }> {
  const expenses = org.accounts.expenses
  const rules = expenseBrandNames.map((brand, b) => ({
    vendorPattern: `${brand} #%`,
    categoryId: expenses[b % expenses.length] as string,
  }))
  for (const [b, brand] of expenseBrandNames.slice(0, ruleCount - rules.length).entries()) {
    rules.push({
      vendorPattern: `${brand} #${String(1000 + b * 37).slice(0, 3)}%`,
      categoryId: expenses[(b + 3) % expenses.length] as string,
    })
  }
  return rules
}

async function importFigures(engine: 'sqlite' | 'postgres', target: EngineTarget): Promise<Figure[]> {
  const [org] = (await createOrgs(target, ['Import Org'])) as [BenchOrg]
  const seedSeconds = await seedEvents(target, [{ org, count: eventsInOrganization, seed: 2024 }])
  console.log(`Bank import [${engine}] seeded ${eventsInOrganization} events in ${seedSeconds.toFixed(1)} s`)
  const half = statementRows / 2
  const statement = await statementFor(target, org, org.accounts.chequing, half, half, 31)
  const warmup = await statementFor(target, org, org.accounts.creditCard, warmupRows / 2, warmupRows / 2, 32)
  const headers = { authorization: `Bearer ${org.key}` }

  const daybook = await startDaybook(target)
  let rulesSeconds: number
  let warmupSeconds: number
  let importSeconds: number
  let importStartedAt = ''
  let outcome: NonNullable<NonNullable<ImportAnswer['data']>['importBankStatement']> | null | undefined
  try {
    const rulesStarted = performance.now()
    for (const rule of rulePatterns(org)) {
      const answer = await graphqlRequest<{
        data?: { createCategoryRule: { success: boolean; error: string | null } | null }
      }>(daybook.url, { query: ruleMutation, variables: { organizationId: org.id, ...rule } }, headers)
      if (!answer.data?.createCategoryRule?.success)
        throw new Error(`createCategoryRule failed: ${JSON.stringify(answer).slice(0, 300)}`)
    }
    rulesSeconds = (performance.now() - rulesStarted) / 1000

    const importStatement = async (paymentAccountId: string, rows: StatementRow[]) => {
      const started = performance.now()
      const answer = await graphqlRequest<ImportAnswer>(
        daybook.url,
        { query: importMutation, variables: { organizationId: org.id, paymentAccountId, rows } },
        headers,
      )
      return { answer, seconds: (performance.now() - started) / 1000 }
    }
    const warm = await importStatement(org.accounts.creditCard, warmup)
    const warmOutcome = warm.answer.data?.importBankStatement
    if (warmOutcome?.importedCount !== warmupRows / 2 || warmOutcome.skippedCount !== warmupRows / 2)
      throw new Error(`the warm-up import answered ${JSON.stringify(warm.answer).slice(0, 300)}`)
    warmupSeconds = warm.seconds
    importStartedAt = new Date().toISOString()
    const timed = await importStatement(org.accounts.chequing, statement)
    importSeconds = timed.seconds
    outcome = timed.answer.data?.importBankStatement
    if (outcome?.importedCount !== half || outcome.skippedCount !== half) {
      throw new Error(
        `importBankStatement should import ${half} rows and skip ${half}; it answered ${JSON.stringify(timed.answer).slice(0, 500)}`,
      )
    }
  } finally {
    await daybook.stop()
  }

  // What the rules did, then the baseline: the same 10,000 rows inserted raw, in one transaction.
  const db = await openBenchDb(target)
  let categorized: number
  let rawSeconds: number
  try {
    const [counted] = await db.all<{ n: number | string }>(
      `select count(*) as n from ledger_events
       where organization_id = ? and payment_account_id = ? and created_at >= ? and category_rule_id is not null`,
      [org.id, org.accounts.chequing, importStartedAt],
    )
    categorized = Number(counted?.n)
    const createdAt = new Date().toISOString()
    const rows: EventRow[] = statement.map((row) => ({
      id: newId(),
      organizationId: org.id,
      eventType: row.eventType,
      merchantName: row.description,
      amountMinor: Number(row.amount.replace('-', '').replace('.', '')),
      transactionDate: row.transactionDate,
      status: 'needs_review',
      categoryId: null,
      paymentAccountId: org.accounts.chequing,
      taxAmountMinor: null,
      taxAccountId: null,
      createdAt,
    }))
    const started = performance.now()
    await db.transaction((tx) => insertEventsMultiRow(tx, rows, 1000))
    rawSeconds = (performance.now() - started) / 1000
  } finally {
    await db.close()
  }

  const importMs = importSeconds * 1000
  const rawMs = rawSeconds * 1000
  return [
    {
      section: 'Bank import',
      name: `importBankStatement, ${statementRows.toLocaleString('en-US')} rows (half exact duplicates) into an organization with ${eventsInOrganization.toLocaleString('en-US')} events and ${ruleCount} category rules`,
      engine,
      value: importMs,
      unit: 'ms',
      baselineName: 'raw multi-row INSERT of the same 10,000 rows, one transaction',
      baseline: rawMs,
      ratio: rawMs / importMs,
      target: '>= 0.3',
      extra: `importedCount ${outcome?.importedCount}, skippedCount ${outcome?.skippedCount}; ${categorized.toLocaleString('en-US')} of the new events categorized by the rules; warm-up import of ${warmupRows.toLocaleString('en-US')} rows first (${(warmupSeconds * 1000).toFixed(0)} ms); ${ruleCount} createCategoryRule calls took ${rulesSeconds.toFixed(1)} s; seed: ${eventsInOrganization.toLocaleString('en-US')} events by bulk SQL in ${seedSeconds.toFixed(0)} s${engine === 'postgres' ? ' (VACUUM ANALYZE included)' : ''}`,
    },
  ]
}
