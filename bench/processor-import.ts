import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { buildCore } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { formatMoney } from '../src/kernel/money.js'
import type { Figure } from './harness.js'

// The payment-processor import at scale: a generated 100,000-row Stripe balance history export
// imported by the operator CLI in one run, then imported again (every row a duplicate), then
// deleted. Run after `npm run build`:
//   node --import tsx bench/processor-import.ts [rows]                       (SQLite)
//   DATABASE_URL=postgres://... node --import tsx bench/processor-import.ts  (a fresh PostgreSQL database)

const run = promisify(execFile)
const bin = path.resolve('bin/daybook.js')
const header =
  'id,Type,Source,Amount,Fee,Net,Currency,Created (UTC),Available On (UTC),Description,Customer Facing Amount,Customer Facing Currency,Transfer,Transfer Date (UTC)'

/** A deterministic generator, so every engine imports the same file. */
function generator(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/** Rows newest first, as Stripe exports them: mostly charges, with refunds, disputes, fees and daily payouts. */
function generateCsv(count: number): { text: string; netMinor: bigint; appFees: number; events: number } {
  const random = generator(42)
  const lines: string[] = []
  const start = Date.UTC(2023, 0, 1)
  const spanMs = 2 * 365 * 86_400_000
  let netMinor = 0n
  let appFees = 0
  let events = 0
  for (let i = 0; i < count; i++) {
    // Oldest first while generating; reversed below.
    const at = new Date(start + Math.floor((i / count) * spanMs))
    const created = `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)}`
    const pick = random()
    let type: string
    let source: string
    let amount: bigint
    let fee: bigint
    let description: string
    const charge = BigInt(500 + Math.floor(random() * 50_000))
    if (pick < 0.8) {
      type = 'charge'
      source = `ch_${i}`
      amount = charge
      fee = (charge * 29n) / 1000n + 30n
      description = `Order ${100_000 + i}`
    } else if (pick < 0.85) {
      type = 'refund'
      source = `ch_${i - 7}`
      amount = -charge
      fee = random() < 0.5 ? -((charge * 29n) / 1000n + 30n) : 0n
      description = `REFUND FOR CHARGE (Order ${100_000 + i - 7})`
    } else if (pick < 0.86) {
      type = 'adjustment'
      source = `ch_${i - 30}`
      amount = -charge
      fee = 1500n
      description = `Chargeback withdrawal for ch_${i - 30}`
    } else if (pick < 0.89) {
      type = 'stripe_fee'
      source = ''
      amount = -BigInt(100 + Math.floor(random() * 2_000))
      fee = 0n
      description = 'Radar for Fraud Teams'
    } else if (pick < 0.9) {
      type = 'application_fee'
      source = `fee_${i}`
      amount = BigInt(50 + Math.floor(random() * 500))
      fee = 0n
      description = ''
      appFees++
    } else if (pick < 0.92) {
      type = 'transfer'
      source = `tr_${i}`
      amount = -BigInt(1_000 + Math.floor(random() * 20_000))
      fee = 0n
      description = `Transfer to acct_${i % 97}`
    } else {
      type = 'payout'
      source = `po_${i}`
      amount = -BigInt(10_000 + Math.floor(random() * 200_000))
      fee = random() < 0.1 ? 50n : 0n
      description = 'STRIPE PAYOUT'
    }
    const net = amount - fee
    if (type !== 'application_fee') {
      netMinor += net
      events += (amount !== 0n ? 1 : 0) + (fee !== 0n ? 1 : 0)
    }
    const money = (minor: bigint) => formatMoney(minor, 2)
    lines.push(
      [
        `txn_${i.toString(36).padStart(8, '0')}`,
        type,
        source,
        money(amount),
        money(fee),
        money(net),
        'usd',
        created,
        created,
        description.includes(',') ? `"${description}"` : description,
        type === 'charge' || type === 'refund' ? money(amount) : '',
        type === 'charge' || type === 'refund' ? 'usd' : '',
        '',
        '',
      ].join(','),
    )
  }
  lines.reverse()
  return { text: `${header}\n${lines.join('\n')}\n`, netMinor, appFees, events }
}

async function daybook(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ stdout: string; ms: number }> {
  const started = performance.now()
  const { stdout } = await run(process.execPath, [bin, ...args], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent', JOB_WORKER: 'off' },
    maxBuffer: 16 * 1024 * 1024,
  })
  return { stdout: stdout.trim(), ms: performance.now() - started }
}

/** The import, a re-import and the deletion of a generated file, timed through the CLI. */
export async function benchProcessorImport(engine: 'sqlite' | 'postgres', rows = 100_000): Promise<Figure[]> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'daybook-bench-processor-'))
  const serverUrl =
    engine === 'postgres' ? (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL) : undefined
  let databaseUrl: string | undefined
  let dropDatabase: (() => Promise<void>) | undefined
  if (serverUrl) {
    const name = `daybook_bench_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    }
  }
  const env = { DATA_DIR: path.join(scratch, 'data'), DATABASE_URL: databaseUrl ?? '' }
  try {
    const generated = generateCsv(rows)
    const file = path.join(scratch, 'balance_history.csv')
    writeFileSync(file, generated.text)
    const engineName = databaseUrl ? 'PostgreSQL' : 'SQLite'
    console.log(
      `${engineName}: ${rows.toLocaleString('en-US')} rows (${(statSync(file).size / 1024 / 1024).toFixed(1)} MiB), ${generated.events.toLocaleString('en-US')} events expected`,
    )
    await daybook(env, 'org', 'create', '--name', 'Bench Shop')

    const dry = await daybook(env, 'import-processor-balance', file, '--org-name', 'Bench Shop', '--dry-run')
    console.log(
      `dry run (rolled back)    ${(dry.ms / 1000).toFixed(1)} s  ${dry.stdout.replaceAll('\n', ' | ')}`,
    )
    const first = await daybook(env, 'import-processor-balance', file, '--org-name', 'Bench Shop')
    console.log(
      `import                   ${(first.ms / 1000).toFixed(1)} s  ${first.stdout.replaceAll('\n', ' | ')}`,
    )
    const again = await daybook(env, 'import-processor-balance', file, '--org-name', 'Bench Shop')
    console.log(
      `re-import (all dupes)    ${(again.ms / 1000).toFixed(1)} s  ${again.stdout.replaceAll('\n', ' | ')}`,
    )

    const core = await buildCore(
      loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent', JOB_WORKER: 'off' }),
    )
    try {
      const organization = await core.services.organizations.findByName('Bench Shop')
      if (!organization) throw new Error('bench organization is missing')
      const scope = await core.services.access.authorizeOperator(organization.id)
      const stripe = await core.services.ports.accounts.accountByName(core.database.db, scope, 'Stripe')
      const balance = stripe ? stripe.debitTotalMinor - stripe.creditTotalMinor : 0n
      console.log(
        `Stripe balance ${formatMoney(balance, 2)}, sum of Net ${formatMoney(generated.netMinor, 2)}: ${balance === generated.netMinor ? 'equal' : 'DIFFERENT'}`,
      )
    } finally {
      await core.close()
    }

    const deleted = await daybook(env, 'delete-processor-imports', '--org-name', 'Bench Shop')
    console.log(`delete all               ${(deleted.ms / 1000).toFixed(1)} s  ${deleted.stdout}`)
    return [
      {
        section: 'Processor import',
        name: `import-processor-balance of a ${rows.toLocaleString('en-US')}-row Stripe export (${generated.events.toLocaleString('en-US')} posted events), one CLI run`,
        engine,
        value: first.ms / 1000,
        unit: 's',
        baselineName: 'the same run with --dry-run (the same work, rolled back)',
        baseline: dry.ms / 1000,
        ratio: dry.ms / first.ms,
        target: 'one run',
        extra: `re-import (every row a duplicate) ${(again.ms / 1000).toFixed(1)} s; delete-processor-imports ${(deleted.ms / 1000).toFixed(1)} s; Stripe balance equals the sum of Net`,
      },
    ]
  } finally {
    await dropDatabase?.()
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite'
  await benchProcessorImport(engine, Number(process.argv[2] ?? 100_000))
}
