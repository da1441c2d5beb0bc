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
  type BenchDb,
  type BenchOrg,
  createOrgs,
  type EventRow,
  eventColumns,
  eventValues,
  ledgerEvents,
  openBenchDb,
} from './seed.js'

// Issue: reports must cost accounts x days, not events. Two organizations with 10,000 and
// 1,000,000 posted events (each with its journal entry, lines and the running totals that posting
// keeps), then the time of incomeStatement for a year and of accountBalances on each.

const chunkRows = 500

interface PostedLine {
  accountId: string
  debit: number
  credit: number
  /** What the line is to a sales tax return, as confirming a taxed event tags it. */
  tax?: { kind: 'sale' | 'purchase' | 'collected' | 'input_credit'; baseLineNo: number | null }
}

interface Posted {
  event: EventRow
  entryId: string
  lines: PostedLine[]
}

/** One event in four carries 13% HST_ON, included in its amount, as an Ontario business's would. */
const taxedShare = 4
const hstCode = 'HST_ON'

/**
 * Every seeded event confirmed, posted as DESIGN 5.4 and 8.2 say (expense, income, transfer); a
 * taxed one with its net line and its tax line tagged for the return.
 */
function posted(org: BenchOrg, count: number, seed: number, recoverable: string): Generator<Posted> {
  return (function* () {
    let n = 0
    for (const event of ledgerEvents(org, count, seed)) {
      const category = event.categoryId ?? org.accounts.expenses[0] ?? ''
      const payment = event.paymentAccountId ?? org.accounts.chequing
      const amount = event.amountMinor
      const taxed = n++ % taxedShare === 0 && event.eventType !== 'transfer'
      const tax = taxed ? Math.round((amount * 13) / 113) : 0
      const lines: PostedLine[] =
        event.eventType === 'income'
          ? [
              { accountId: payment, debit: amount, credit: 0 },
              {
                accountId: category,
                debit: 0,
                credit: amount - tax,
                ...(taxed ? { tax: { kind: 'sale' as const, baseLineNo: null } } : {}),
              },
              ...(taxed
                ? [
                    {
                      accountId: org.accounts.gstPayable,
                      debit: 0,
                      credit: tax,
                      tax: { kind: 'collected' as const, baseLineNo: 2 },
                    },
                  ]
                : []),
            ]
          : [
              {
                accountId: category,
                debit: amount - tax,
                credit: 0,
                ...(taxed ? { tax: { kind: 'purchase' as const, baseLineNo: null } } : {}),
              },
              ...(taxed
                ? [
                    {
                      accountId: recoverable,
                      debit: tax,
                      credit: 0,
                      tax: { kind: 'input_credit' as const, baseLineNo: 1 },
                    },
                  ]
                : []),
              { accountId: payment, debit: 0, credit: amount },
            ]
      const entryId = newId()
      const taxAccount = event.eventType === 'income' ? org.accounts.gstPayable : recoverable
      const taxFields = taxed ? { taxAmountMinor: tax, taxAccountId: taxAccount } : {}
      yield { event: { ...event, status: 'confirmed', categoryId: category, ...taxFields }, entryId, lines }
    }
  })()
}

async function insertChunk(tx: BenchDb, org: BenchOrg, chunk: Posted[]) {
  const eventParams: unknown[] = []
  for (const p of chunk) {
    const values = eventValues(p.event)
    values[eventColumns.indexOf('journal_entry_id')] = p.entryId
    if (p.lines.some((line) => line.tax)) values[eventColumns.indexOf('sales_tax_code')] = hstCode
    eventParams.push(...values)
  }
  const eventRow = `(${eventColumns.map(() => '?').join(', ')})`
  await tx.run(
    `insert into ledger_events (${eventColumns.join(', ')}) values ${chunk.map(() => eventRow).join(', ')}`,
    eventParams,
  )
  await tx.run(
    `insert into journal_entries (id, organization_id, event_id, kind, reverses_entry_id, txn_date, total_minor, currency, created_at) values ${chunk
      .map(() => "(?, ?, ?, 'posting', null, ?, ?, 'CAD', ?)")
      .join(', ')}`,
    chunk.flatMap((p) => [
      p.entryId,
      org.id,
      p.event.id,
      p.event.transactionDate,
      p.event.amountMinor,
      p.event.createdAt,
    ]),
  )
  const lines = chunk.flatMap((p) => p.lines.map((line, i) => ({ ...line, p, lineNo: i + 1 })))
  await tx.run(
    `insert into journal_lines (id, entry_id, organization_id, line_no, account_id, contact_id, debit_minor, credit_minor, txn_date, tax_kind, tax_code, tax_base_line_no) values ${lines
      .map(() => '(?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?)')
      .join(', ')}`,
    lines.flatMap((l) => [
      newId(),
      l.p.entryId,
      org.id,
      l.lineNo,
      l.accountId,
      l.debit,
      l.credit,
      l.p.event.transactionDate,
      l.tax?.kind ?? null,
      l.tax ? hstCode : null,
      l.tax?.baseLineNo ?? null,
    ]),
  )
}

/** Writes the posted books, then derives the running totals from the lines, as posting keeps them. */
async function seedPostedBooks(
  target: EngineTarget,
  org: BenchOrg,
  count: number,
  seed: number,
): Promise<number> {
  const started = Date.now()
  const db = await openBenchDb(target, { cacheMiB: 256 })
  try {
    const [recoverable] = await db.all<{ id: string }>(
      "select id from accounts where organization_id = ? and system_role = 'taxes_recoverable'",
      [org.id],
    )
    if (!recoverable) throw new Error(`organization ${org.id} has no taxes_recoverable account`)
    let chunk: Posted[] = []
    let pending: Posted[][] = []
    const flush = async () => {
      const work = pending
      pending = []
      await db.transaction(async (tx) => {
        for (const c of work) await insertChunk(tx, org, c)
      })
    }
    for (const p of posted(org, count, seed, recoverable.id)) {
      chunk.push(p)
      if (chunk.length === chunkRows) {
        pending.push(chunk)
        chunk = []
        if (pending.length === 40) await flush()
      }
    }
    if (chunk.length > 0) pending.push(chunk)
    if (pending.length > 0) await flush()
    await db.transaction(async (tx) => {
      await tx.run(
        `insert into account_day_totals (organization_id, account_id, txn_date, debit_minor, credit_minor)
         select organization_id, account_id, txn_date, sum(debit_minor), sum(credit_minor)
         from journal_lines where organization_id = ? group by organization_id, account_id, txn_date`,
        [org.id],
      )
      await tx.run(
        `insert into tax_day_totals (organization_id, txn_date, tax_kind, tax_code, account_id, base_account_id, debit_minor, credit_minor)
         select l.organization_id, l.txn_date, l.tax_kind, coalesce(l.tax_code, ''), l.account_id, coalesce(b.account_id, ''),
           sum(l.debit_minor), sum(l.credit_minor)
         from journal_lines l
         left join journal_lines b on b.organization_id = l.organization_id and b.entry_id = l.entry_id and b.line_no = l.tax_base_line_no
         where l.organization_id = ? and l.tax_kind is not null
         group by l.organization_id, l.txn_date, l.tax_kind, coalesce(l.tax_code, ''), l.account_id, coalesce(b.account_id, '')`,
        [org.id],
      )
      await tx.run(
        `insert into account_totals (organization_id, account_id, shard, debit_minor, credit_minor)
         select organization_id, account_id, 0, sum(debit_minor), sum(credit_minor)
         from journal_lines where organization_id = ? group by organization_id, account_id`,
        [org.id],
      )
    })
    if (db.engine === 'postgres') await db.run('analyze')
    else await db.run('analyze')
  } finally {
    await db.close()
  }
  return (Date.now() - started) / 1000
}

/** Mean time of `runs` sequential requests after a warm-up, in milliseconds. */
async function timeQuery(url: string, key: string, body: unknown, runs = 30): Promise<number> {
  const headers = { authorization: `Bearer ${key}` }
  for (let i = 0; i < 5; i++) await graphqlRequest(url, body, headers)
  const started = process.hrtime.bigint()
  for (let i = 0; i < runs; i++) {
    const answer = await graphqlRequest<{ errors?: unknown }>(url, body, headers)
    if (answer.errors) throw new Error(`report failed: ${JSON.stringify(answer.errors)}`)
  }
  return Number(process.hrtime.bigint() - started) / 1e6 / runs
}

/**
 * salesTaxReturn for a quarter at 1M events beside 10k (it must read the quarter, not the books),
 * and beside incomeStatement for the same quarter on the same books (issue figures of DESIGN 8.2).
 */
async function salesTaxFigures(
  engine: 'sqlite' | 'postgres',
  url: string,
  small: BenchOrg,
  large: BenchOrg,
): Promise<Figure[]> {
  const quarter = 'startDate: "2025-04-01", endDate: "2025-06-30"'
  const taxReturn = (org: BenchOrg) => ({
    query: `query ($org: UUID!) { salesTaxReturn(organizationId: $org, ${quarter}) { lines { line amount } payableBalance tiesOut } }`,
    variables: { org: org.id },
  })
  const income = (org: BenchOrg) => ({
    query: `query ($org: UUID!) { incomeStatement(organizationId: $org, ${quarter}) { totalIncome totalExpenses netIncome } }`,
    variables: { org: org.id },
  })
  const smallMs = await timeQuery(url, small.key, taxReturn(small))
  const largeMs = await timeQuery(url, large.key, taxReturn(large))
  const incomeMs = await timeQuery(url, large.key, income(large))
  const extra = 'mean of 30 sequential requests after 5 of warm-up; one event in four taxed HST_ON'
  return [
    {
      section: 'Sales tax',
      name: 'salesTaxReturn for a quarter, organization with 1,000,000 posted events',
      engine,
      value: largeMs,
      unit: 'ms',
      baselineName: 'the same return with 10,000 posted events',
      baseline: smallMs,
      ratio: smallMs / largeMs,
      target: '>= 0.5 (within 2x)',
      extra,
    },
    {
      section: 'Sales tax',
      name: 'salesTaxReturn for a quarter beside incomeStatement, 1,000,000 posted events',
      engine,
      value: largeMs,
      unit: 'ms',
      baselineName: 'incomeStatement for the same quarter',
      baseline: incomeMs,
      ratio: incomeMs / largeMs,
      target: '>= 0.1 (under 10x)',
      extra,
    },
  ]
}

/** createJournalEntry of 500 lines beside one of 2 (DESIGN 8.4), on the same organization. */
async function journalEntryFigure(
  engine: 'sqlite' | 'postgres',
  url: string,
  org: BenchOrg,
): Promise<Figure> {
  const expenses = org.accounts.expenses
  const entry = (lineCount: number, n: number) => {
    const debits = Array.from({ length: lineCount - 1 }, (_, i) => ({
      accountId: expenses[i % expenses.length],
      debit: '1.00',
    }))
    return {
      query:
        'mutation ($org: UUID!, $date: Date!, $lines: [JournalLineInput!]!) { createJournalEntry(organizationId: $org, date: $date, lines: $lines) { success error } }',
      variables: {
        org: org.id,
        date: `2026-01-${String((n % 28) + 1).padStart(2, '0')}`,
        lines: [...debits, { accountId: org.accounts.chequing, credit: `${lineCount - 1}.00` }],
      },
    }
  }
  const headers = { authorization: `Bearer ${org.key}` }
  const time = async (lineCount: number, runs: number) => {
    for (let i = 0; i < 3; i++) await graphqlRequest(url, entry(lineCount, i), headers)
    const started = process.hrtime.bigint()
    for (let i = 0; i < runs; i++) {
      const answer = await graphqlRequest<{ data?: { createJournalEntry?: { success: boolean } } }>(
        url,
        entry(lineCount, i),
        headers,
      )
      if (!answer.data?.createJournalEntry?.success)
        throw new Error(`entry failed: ${JSON.stringify(answer)}`)
    }
    return Number(process.hrtime.bigint() - started) / 1e6 / runs
  }
  const twoMs = await time(2, 30)
  const fiveHundredMs = await time(500, 30)
  return {
    section: 'Journal',
    name: 'createJournalEntry of 500 lines',
    engine,
    value: fiveHundredMs,
    unit: 'ms',
    baselineName: 'createJournalEntry of 2 lines',
    baseline: twoMs,
    ratio: twoMs / fiveHundredMs,
    target: '>= 0.1 (under 10x)',
    extra: 'mean of 30 sequential entries after 3 of warm-up, on the organization with 10,000 posted events',
  }
}

export async function benchReports(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await freshEngine(engine)
  try {
    const [small, large] = await createOrgs(target, ['Reports 10k', 'Reports 1M'])
    if (!small || !large) throw new Error('organizations were not created')
    const smallSeconds = await seedPostedBooks(target, small, 10_000, 61)
    const largeSeconds = await seedPostedBooks(target, large, 1_000_000, 62)
    const daybook = await startDaybook(target)
    try {
      const income = (org: BenchOrg) => ({
        query:
          'query ($org: UUID!) { incomeStatement(organizationId: $org, startDate: "2025-01-01", endDate: "2025-12-31") { totalIncome totalExpenses netIncome incomeAccounts { accountId total } expenseAccounts { accountId total } } }',
        variables: { org: org.id },
      })
      const balances = (org: BenchOrg) => ({
        query: 'query ($org: UUID!) { accountBalances(organizationId: $org) { accountId balance } }',
        variables: { org: org.id },
      })
      // In the second of the two fiscal years the books hold, so prior years' earnings are read too.
      const sheet = (org: BenchOrg) => ({
        query:
          'query ($org: UUID!) { balanceSheet(organizationId: $org, asOf: "2025-06-30") { totalAssets totalLiabilitiesAndEquity priorYearsEarnings currentYearEarnings } }',
        variables: { org: org.id },
      })
      const figures: Figure[] = []
      for (const [name, body] of [
        ['incomeStatement for 2025', income],
        ['accountBalances', balances],
        ['balanceSheet in the second fiscal year', sheet],
      ] as const) {
        const smallMs = await timeQuery(daybook.url, small.key, body(small))
        const largeMs = await timeQuery(daybook.url, large.key, body(large))
        figures.push({
          section: 'Reports',
          name: `${name}, organization with 1,000,000 posted events`,
          engine,
          value: largeMs,
          unit: 'ms',
          baselineName: 'the same report with 10,000 posted events',
          baseline: smallMs,
          ratio: smallMs / largeMs,
          target: '>= 0.5 (within 2x)',
          extra: `mean of 30 sequential requests after 5 of warm-up; seed by bulk SQL: 10k in ${smallSeconds.toFixed(0)} s, 1M in ${largeSeconds.toFixed(0)} s`,
        })
      }
      figures.push(...(await salesTaxFigures(engine, daybook.url, small, large)))
      figures.push(await journalEntryFigure(engine, daybook.url, small))
      return figures
    } finally {
      await daybook.stop()
    }
  } finally {
    await disposeEngine(target)
  }
}
