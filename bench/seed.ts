import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { newId } from '../src/kernel/ids.js'
import { daybookCli, type EngineTarget } from './harness.js'
import { numberedPlaceholders, statementCache } from './statements.js'

// Bulk data for the ledger and bank-import sections, written straight through the database
// driver while no server runs. Organizations come from the CLI first, so each has the default
// chart; events then reference that chart's accounts, read back with SQL.

// ---- a small database handle for both engines ---------------------------------------------------

export interface BenchDb {
  engine: 'sqlite' | 'postgres'
  /** `?` placeholders on both engines. */
  all<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  run(text: string, params?: unknown[]): Promise<void>
  /** One transaction on one connection; `work` gets a handle bound to it. */
  transaction<T>(work: (tx: BenchDb) => Promise<T>, options?: { immediate?: boolean }): Promise<T>
  close(): Promise<void>
  /** The underlying better-sqlite3 database (SQLite only). */
  sqlite?: SQLite.Database
}

export function sqliteFile(target: EngineTarget): string {
  return path.join(target.env.DATA_DIR ?? '', 'daybook.sqlite')
}

/** Opens the engine's database the way the server does (WAL, NORMAL sync on SQLite). */
export async function openBenchDb(
  target: EngineTarget,
  options: { poolSize?: number; cacheMiB?: number } = {},
): Promise<BenchDb> {
  if (target.engine === 'sqlite') {
    const file = new SQLite(sqliteFile(target))
    file.pragma('journal_mode = WAL')
    file.pragma('synchronous = NORMAL')
    file.pragma('busy_timeout = 10000')
    file.pragma('foreign_keys = ON')
    if (options.cacheMiB) file.pragma(`cache_size = -${options.cacheMiB * 1024}`)
    const prepare = statementCache(file)
    const handle: BenchDb = {
      engine: 'sqlite',
      sqlite: file,
      all: async <T>(text: string, params: unknown[] = []) => prepare(text).all(...params) as T[],
      run: async (text, params = []) => {
        const statement = prepare(text)
        if (statement.reader) statement.all(...params)
        else statement.run(...params)
      },
      transaction: async (work, opts) => {
        file.exec(opts?.immediate === false ? 'begin' : 'begin immediate')
        try {
          const result = await work(handle)
          file.exec('commit')
          return result
        } catch (error) {
          file.exec('rollback')
          throw error
        }
      },
      close: async () => {
        file.close()
      },
    }
    return handle
  }
  // With JIT off, as Daybook's own connections run, so a bare query is timed as Daybook runs it.
  const pool = new pg.Pool({
    connectionString: target.env.DATABASE_URL,
    max: options.poolSize ?? 4,
    options: '-c jit=off',
  })
  pool.on('error', () => {})
  const over = (client: pg.Pool | pg.PoolClient): Omit<BenchDb, 'transaction' | 'close'> => ({
    engine: 'postgres',
    all: async <T>(text: string, params: unknown[] = []) =>
      (await client.query(numberedPlaceholders(text), params)).rows as T[],
    run: async (text, params = []) => {
      await client.query(numberedPlaceholders(text), params)
    },
  })
  return {
    ...over(pool),
    transaction: async (work) => {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const tx: BenchDb = {
          ...over(client),
          transaction: () => Promise.reject(new Error('no nested transactions')),
          close: async () => {},
        }
        const result = await work(tx)
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

// ---- organizations --------------------------------------------------------------------------------

export interface OrgAccounts {
  chequing: string
  creditCard: string
  gstPayable: string
  /** Expense-classified accounts (Cost of Goods Sold included), in chart order. */
  expenses: string[]
  incomes: string[]
}

export interface BenchOrg {
  id: string
  name: string
  key: string
  accounts: OrgAccounts
}

/** Organizations and API keys through the CLI, as an operator makes them; accounts read by SQL. */
export async function createOrgs(target: EngineTarget, names: string[]): Promise<BenchOrg[]> {
  const made: Array<{ id: string; name: string; key: string }> = []
  const makeOne = async (name: string) => {
    const org = await daybookCli(target, 'org', 'create', '--name', name)
    const key = await daybookCli(target, 'api-key', 'create', '--org-id', org.id ?? '', '--name', 'bench')
    return { id: org.id ?? '', name, key: key.key ?? '' }
  }
  // The first call migrates a fresh database; the rest may then run two at a time.
  const [first, ...rest] = names
  if (first !== undefined) made.push(await makeOne(first))
  for (let i = 0; i < rest.length; i += 2) {
    made.push(...(await Promise.all(rest.slice(i, i + 2).map(makeOne))))
  }
  const db = await openBenchDb(target)
  try {
    const orgs: BenchOrg[] = []
    for (const org of made) orgs.push({ ...org, accounts: await readAccounts(db, org.id) })
    return orgs
  } finally {
    await db.close()
  }
}

export async function readAccounts(db: BenchDb, organizationId: string): Promise<OrgAccounts> {
  const rows = await db.all<{ id: string; classification: string; system_role: string | null }>(
    'select id, classification, system_role from accounts where organization_id = ? order by created_at, name',
    [organizationId],
  )
  const role = (name: string) => {
    const found = rows.find((r) => r.system_role === name)
    if (!found) throw new Error(`organization ${organizationId} has no ${name} account`)
    return found.id
  }
  return {
    chequing: role('chequing'),
    creditCard: role('credit_card'),
    gstPayable: role('gst_hst_payable'),
    expenses: rows.filter((r) => r.classification === 'expense').map((r) => r.id),
    incomes: rows.filter((r) => r.classification === 'revenue').map((r) => r.id),
  }
}

// ---- realistic event data ------------------------------------------------------------------------

/** A small deterministic generator (mulberry32), so every run seeds the same ledger. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const expenseBrands = [
  'TIM HORTONS',
  'STARBUCKS',
  'SHELL',
  'PETRO-CANADA',
  'ESSO',
  'COSTCO WHOLESALE',
  'AMAZON.CA',
  'STAPLES',
  'BEST BUY',
  'HOME DEPOT',
  'CANADIAN TIRE',
  'LOBLAWS',
  'METRO',
  'SOBEYS',
  'SAFEWAY',
  'WALMART',
  'UBER',
  'UBER EATS',
  'LYFT',
  'AIR CANADA',
  'WESTJET',
  'VIA RAIL',
  'MARRIOTT',
  'HILTON',
  'AIRBNB',
  'ROGERS',
  'BELL CANADA',
  'TELUS',
  'HYDRO ONE',
  'ENBRIDGE GAS',
  'TORONTO HYDRO',
  'GOOGLE WORKSPACE',
  'MICROSOFT 365',
  'ADOBE',
  'DROPBOX',
  'ZOOM',
  'SLACK',
  'GITHUB',
  'SHOPIFY',
  'MAILCHIMP',
  'QUICKBOOKS',
  'INTUIT',
  'FEDEX',
  'UPS',
  'CANADA POST',
  'PUROLATOR',
  'DHL',
  'IMPARK PARKING',
  'GREEN P PARKING',
  'PRESTO',
  'IKEA',
  'WAYFAIR',
  'DELL CANADA',
  'APPLE STORE',
  'LINKEDIN ADS',
  'FACEBOOK ADS',
  'GOOGLE ADS',
  'INDEED',
  'WEWORK',
  'REGUS',
  'INTACT INSURANCE',
  'AVIVA',
  'RBC BANK FEE',
  'TD BANK FEE',
  'SCOTIABANK FEE',
  'BMO SERVICE CHARGE',
  'KPMG',
  'DELOITTE',
  'LAWSON LLP',
  'BDO CANADA',
  'SWISS CHALET',
  'THE KEG',
  'BOSTON PIZZA',
  'PIZZA PIZZA',
  'SUBWAY',
]
const incomeBrands = [
  'STRIPE PAYOUT',
  'SQUARE DEPOSIT',
  'PAYPAL TRANSFER',
  'SHOPIFY PAYOUT',
  'INTERAC E-TRF ACME CORP',
  'INTERAC E-TRF NORTHWIND',
  'DEPOSIT CONTOSO LTD',
  'DEPOSIT FABRIKAM INC',
  'INTEREST PAID',
  'CRA GST REFUND',
]
const storesPerBrand = 4

export interface Vendor {
  name: string
  brand: string
  eventType: 'expense' | 'income' | 'transfer'
  /** Index into the organization's expense or income accounts. */
  categoryIndex: number
  /** Typical amount in minor units; a purchase varies around it. */
  typicalMinor: number
}

/** 300 expense vendors (75 brands × 4 stores), 10 income payers and a card payment. */
export function vendorList(): Vendor[] {
  const random = randomSource(7)
  const vendors: Vendor[] = []
  for (const [b, brand] of expenseBrands.entries()) {
    const typicalMinor = Math.round(10 ** (2.7 + random() * 2.3)) // $5 to $1,000
    for (let s = 0; s < storesPerBrand; s++) {
      vendors.push({
        name: `${brand} #${1000 + b * 37 + s * 113}`,
        brand,
        eventType: 'expense',
        categoryIndex: b,
        typicalMinor,
      })
    }
  }
  for (const [b, brand] of incomeBrands.entries()) {
    vendors.push({
      name: brand,
      brand,
      eventType: 'income',
      categoryIndex: b,
      typicalMinor: Math.round(10 ** (4 + random() * 2)), // $100 to $10,000
    })
  }
  vendors.push({
    name: 'PAYMENT - THANK YOU',
    brand: 'PAYMENT',
    eventType: 'transfer',
    categoryIndex: 0,
    typicalMinor: 150_000,
  })
  return vendors
}

export const vendors = vendorList()
export const expenseBrandNames = expenseBrands

export const seedFirstDate = '2024-01-01'
export const seedDays = 731 // 2024-01-01 through 2025-12-31

export function dayString(offset: number, from = seedFirstDate): string {
  const date = new Date(`${from}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

export interface EventRow {
  id: string
  organizationId: string
  eventType: string
  merchantName: string
  amountMinor: number
  transactionDate: string
  status: string
  categoryId: string | null
  paymentAccountId: string | null
  taxAmountMinor: number | null
  taxAccountId: string | null
  createdAt: string
}

export const eventColumns = [
  'id',
  'organization_id',
  'event_type',
  'merchant_name',
  'merchant_key',
  'memo',
  'memo_key',
  'amount_minor',
  'currency',
  'transaction_date',
  'status',
  'category_id',
  'payment_account_id',
  'contact_id',
  'tax_amount_minor',
  'tax_from_code',
  'tax_account_id',
  'sales_tax_code',
  'category_rule_id',
  'reference',
  'source',
  'backfill_id',
  'batch_id',
  'has_document',
  'journal_entry_id',
  'reversal_entry_id',
  'created_at',
  'updated_at',
] as const

/** Every column of ledger_events, NOT NULL ones filled the way the service fills them. */
export function eventValues(e: EventRow): unknown[] {
  return [
    e.id,
    e.organizationId,
    e.eventType,
    e.merchantName,
    e.merchantName.toLowerCase(),
    '',
    '',
    e.amountMinor,
    'CAD',
    e.transactionDate,
    e.status,
    e.categoryId,
    e.paymentAccountId,
    null,
    e.taxAmountMinor,
    0,
    e.taxAccountId,
    null,
    null,
    null,
    'bank_import',
    null,
    null,
    0,
    null,
    null,
    e.createdAt,
    e.createdAt,
  ]
}

const dayCache = new Map<number, { date: string; created: string }>()
function day(offset: number) {
  let cached = dayCache.get(offset)
  if (!cached) {
    cached = { date: dayString(offset), created: `${dayString(offset + 1)}T14:05:00.000Z` }
    dayCache.set(offset, cached)
  }
  return cached
}

/**
 * `count` events of one organization over two years: ~84% expenses at 300 vendors, ~12% income,
 * ~4% card payments; statuses 55% confirmed, 30% needs_review (`reviewShare`, taken from the
 * confirmed), 10% ignored, 3% synced, 2% pending; 60% on Chequing, 40% on the Credit Card; a
 * category from the vendor's account, except for 2% of the events still waiting for review.
 * Seeded confirmed events carry no journal entry.
 */
export function* ledgerEvents(
  org: BenchOrg,
  count: number,
  seed: number,
  reviewShare = 0.3,
): Generator<EventRow> {
  const confirmedShare = 0.85 - reviewShare
  const random = randomSource(seed)
  const expenseVendors = vendors.filter((v) => v.eventType === 'expense')
  const incomeVendors = vendors.filter((v) => v.eventType === 'income')
  const cardPayment = vendors.find((v) => v.eventType === 'transfer') as Vendor
  const { accounts } = org
  for (let i = 0; i < count; i++) {
    const kind = random()
    const vendor =
      kind < 0.84
        ? (expenseVendors[Math.floor(random() * expenseVendors.length)] as Vendor)
        : kind < 0.96
          ? (incomeVendors[Math.floor(random() * incomeVendors.length)] as Vendor)
          : cardPayment
    const s = random()
    const status =
      s < confirmedShare
        ? 'confirmed'
        : s < 0.85
          ? 'needs_review'
          : s < 0.95
            ? 'ignored'
            : s < 0.98
              ? 'synced'
              : 'pending'
    const onCard = vendor.eventType === 'expense' && random() < 0.4
    let categoryId: string | null
    if (vendor.eventType === 'expense')
      categoryId = accounts.expenses[vendor.categoryIndex % accounts.expenses.length] ?? null
    else if (vendor.eventType === 'income')
      categoryId = accounts.incomes[vendor.categoryIndex % accounts.incomes.length] ?? null
    else categoryId = accounts.creditCard
    if ((status === 'needs_review' || status === 'pending') && random() < 0.02) categoryId = null
    // Around the vendor's typical amount, from a third of it to three times it, to the cent.
    const amountMinor = Math.max(100, Math.round(vendor.typicalMinor * 3 ** (random() * 2 - 1)))
    const { date, created } = day(Math.floor(random() * seedDays))
    yield {
      id: newId(),
      organizationId: org.id,
      eventType: vendor.eventType,
      merchantName: vendor.name,
      amountMinor,
      transactionDate: date,
      status,
      categoryId,
      paymentAccountId: onCard ? accounts.creditCard : accounts.chequing,
      taxAmountMinor: null,
      taxAccountId: null,
      createdAt: created,
    }
  }
}

/**
 * Expense events waiting for review with category, payment account and tax (13% HST included)
 * set: confirming one posts three journal lines. Dated in 2023, outside every list window.
 */
export function classifiedEvents(org: BenchOrg, count: number, seed: number): EventRow[] {
  const random = randomSource(seed)
  const expenseVendors = vendors.filter((v) => v.eventType === 'expense')
  const rows: EventRow[] = []
  for (let i = 0; i < count; i++) {
    const vendor = expenseVendors[Math.floor(random() * expenseVendors.length)] as Vendor
    const amountMinor = Math.max(200, Math.round(vendor.typicalMinor * 3 ** (random() * 2 - 1)))
    const offset = Math.floor(random() * 365)
    rows.push({
      id: newId(),
      organizationId: org.id,
      eventType: 'expense',
      merchantName: vendor.name,
      amountMinor,
      transactionDate: dayString(offset, '2023-01-01'),
      status: 'needs_review',
      categoryId: org.accounts.expenses[vendor.categoryIndex % org.accounts.expenses.length] ?? null,
      paymentAccountId: random() < 0.6 ? org.accounts.chequing : org.accounts.creditCard,
      taxAmountMinor: Math.round((amountMinor * 13) / 113),
      taxAccountId: org.accounts.gstPayable,
      createdAt: `${dayString(offset + 1, '2023-01-01')}T14:05:00.000Z`,
    })
  }
  return rows
}

// ---- writing ------------------------------------------------------------------------------------

const insertPrefix = `insert into ledger_events (${eventColumns.join(', ')}) values `
const rowPlaceholders = `(${eventColumns.map(() => '?').join(', ')})`

/** Plain multi-row INSERT statements of `chunkRows` rows each, inside the caller's transaction. */
export async function insertEventsMultiRow(tx: BenchDb, rows: EventRow[], chunkRows = 1000): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkRows) {
    const chunk = rows.slice(start, start + chunkRows)
    const params: unknown[] = []
    for (const row of chunk) params.push(...eventValues(row))
    await tx.run(insertPrefix + chunk.map(() => rowPlaceholders).join(', '), params)
  }
}

const pgColumnTypes: Record<(typeof eventColumns)[number], string> = {
  id: 'text',
  organization_id: 'text',
  event_type: 'text',
  merchant_name: 'text',
  merchant_key: 'text',
  memo: 'text',
  memo_key: 'text',
  amount_minor: 'int8',
  currency: 'text',
  transaction_date: 'text',
  status: 'text',
  category_id: 'text',
  payment_account_id: 'text',
  contact_id: 'text',
  tax_amount_minor: 'int8',
  tax_from_code: 'int4',
  tax_account_id: 'text',
  sales_tax_code: 'text',
  category_rule_id: 'text',
  reference: 'text',
  source: 'text',
  backfill_id: 'text',
  batch_id: 'text',
  has_document: 'int4',
  journal_entry_id: 'text',
  reversal_entry_id: 'text',
  created_at: 'text',
  updated_at: 'text',
}
const unnestInsert = `insert into ledger_events (${eventColumns.join(', ')}) select * from unnest(${eventColumns
  .map((c, i) => `$${i + 1}::${pgColumnTypes[c]}[]`)
  .join(', ')})`

/** PostgreSQL: one statement per chunk, each column sent as one array (no 65,535-parameter bound). */
async function insertEventsUnnest(client: pg.ClientBase, rows: EventRow[]): Promise<void> {
  const columns: unknown[][] = eventColumns.map(() => new Array(rows.length))
  for (const [r, row] of rows.entries()) {
    const values = eventValues(row)
    for (let c = 0; c < values.length; c++) (columns[c] as unknown[])[r] = values[c]
  }
  await client.query(unnestInsert, columns)
}

export interface SeedPlan {
  org: BenchOrg
  count: number
  seed: number
  /** Extra rows written with the organization's events (classified events to confirm). */
  extra?: EventRow[]
  /** The share of the events waiting for review; ledgerEvents' own when not given. */
  reviewShare?: number
}

/**
 * Writes the seed's pages out before any server is measured: left dirty in shared buffers, they
 * are written by whichever server is measured first, as its reads evict them. CHECKPOINT needs a
 * superuser or the pg_checkpoint role; without either the measurement goes on and says so.
 */
export async function writeDirtyPages(client: { query: (text: string) => Promise<unknown> }): Promise<void> {
  try {
    await client.query('checkpoint')
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error
    console.warn(
      'bench: CHECKPOINT refused (no pg_checkpoint role); the first server measured writes the seed out',
    )
  }
}

/** What seedEvents does after writing the rows, for a figure's notes. */
export function seedAftercareNote(engine: 'sqlite' | 'postgres'): string {
  return engine === 'postgres' ? ' (VACUUM ANALYZE and CHECKPOINT included)' : ''
}

/**
 * Writes every plan's events in transactions of `batchRows` rows: prepared multi-row INSERTs on
 * SQLite, array INSERT ... SELECT unnest(...) on PostgreSQL, which then gets VACUUM ANALYZE so
 * the planner knows the tables and autovacuum does not start in the middle of a measurement, and a
 * CHECKPOINT. Returns the seconds it took.
 */
export async function seedEvents(target: EngineTarget, plans: SeedPlan[]): Promise<number> {
  const started = performance.now()
  const batchRows = 50_000
  const batches = function* (): Generator<EventRow[]> {
    for (const plan of plans) {
      let batch: EventRow[] = []
      for (const row of ledgerEvents(plan.org, plan.count, plan.seed, plan.reviewShare)) {
        batch.push(row)
        if (batch.length === batchRows) {
          yield batch
          batch = []
        }
      }
      batch.push(...(plan.extra ?? []))
      if (batch.length > 0) yield batch
    }
  }
  if (target.engine === 'sqlite') {
    const db = await openBenchDb(target, { cacheMiB: 1024 })
    try {
      const file = db.sqlite as SQLite.Database
      const chunkRows = 500
      const full = file.prepare(insertPrefix + new Array(chunkRows).fill(rowPlaceholders).join(', '))
      const one = file.prepare(insertPrefix + rowPlaceholders)
      const write = file.transaction((rows: EventRow[]) => {
        let start = 0
        for (; start + chunkRows <= rows.length; start += chunkRows) {
          const params: unknown[] = []
          for (let r = start; r < start + chunkRows; r++) params.push(...eventValues(rows[r] as EventRow))
          full.run(params)
        }
        for (; start < rows.length; start++) one.run(eventValues(rows[start] as EventRow))
      })
      for (const batch of batches()) write(batch)
      file.pragma('wal_checkpoint(TRUNCATE)')
    } finally {
      await db.close()
    }
  } else {
    const client = new pg.Client({ connectionString: target.env.DATABASE_URL })
    await client.connect()
    try {
      for (const batch of batches()) {
        await client.query('begin')
        for (let start = 0; start < batch.length; start += 10_000) {
          await insertEventsUnnest(client, batch.slice(start, start + 10_000))
        }
        await client.query('commit')
      }
      await client.query('vacuum (analyze) ledger_events')
      await client.query('analyze')
      await writeDirtyPages(client)
    } finally {
      await client.end()
    }
  }
  return (performance.now() - started) / 1000
}
