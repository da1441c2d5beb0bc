import { isDeepStrictEqual } from 'node:util'
import { newId } from '../src/kernel/ids.js'
import { formatMoney, parseMoney } from '../src/kernel/money.js'
import {
  type InvoiceStatus,
  nextNumber,
  priceLines,
  statusAfterSettling,
  totalsOf,
} from '../src/modules/invoices/invoice.js'
import { numberKeyOf } from '../src/modules/invoices/invoice-store.js'
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
  dayString,
  openBenchDb,
  randomSource,
  writeDirtyPages,
} from './seed.js'

// Issue 44: aging and bank-line matching at size. One organization with 100,000 open documents
// over 5,000 customers and one with 1,000, written by bulk SQL as approving, paying and applying
// credit notes would have left them; then agedReceivables beside a bare SQL aggregate of the same
// buckets, and invoiceMatches of a waiting bank line in the large organization beside the small.

/** BENCH_INVOICE_SCALE=0.05 seeds the large organization at a twentieth, to try the section quickly. */
const scale = Number(process.env.BENCH_INVOICE_SCALE ?? '1')
if (!(scale > 0 && scale <= 1)) throw new Error('BENCH_INVOICE_SCALE must be in (0, 1]')
const large = { documents: Math.round(100_000 * scale), contacts: Math.round(5_000 * scale) }
const small = { documents: 1_000, contacts: 50 }
const asOf = '2026-06-30'
const runs = 30
const warmUps = 5

interface Document {
  id: string
  kind: 'invoice' | 'credit_note'
  number: string
  contactId: string
  issueDate: string
  dueDate: string
  lines: ReturnType<typeof pricedLines>
  totalMinor: bigint
  amountPaidMinor: bigint
  status: InvoiceStatus
  createdAt: string
  updatedAt: string
}

interface Payment {
  id: string
  invoiceId: string
  kind: 'payment' | 'credit'
  date: string
  amountMinor: bigint
  creditNoteId: string | null
  journalEntryId: string | null
  createdAt: string
}

interface Contact {
  id: string
  displayName: string
  createdAt: string
}

interface Books {
  contacts: Contact[]
  documents: Document[]
  payments: Payment[]
}

const nameFirst = [
  'Maple',
  'Harbour',
  'Granite',
  'Cedar',
  'Aurora',
  'Northern',
  'Prairie',
  'Lakeside',
  'Summit',
  'Riverbend',
]
const nameSecond = [
  'Dental',
  'Logistics',
  'Design',
  'Bakery',
  'Robotics',
  'Florists',
  'Builders',
  'Analytics',
  'Printing',
  'Outfitters',
]
const nameSuffix = ['Inc.', 'Ltd.', 'Co.', 'Group', 'LLP']

/** Distinct customer names: 500 combinations, numbered past them, as a long client list reads. */
function customerName(n: number): string {
  const combination = `${nameFirst[n % 10]} ${nameSecond[Math.floor(n / 10) % 10]} ${nameSuffix[Math.floor(n / 100) % 5]}`
  return n < 500 ? combination : `${combination} ${Math.floor(n / 500) + 1}`
}

/** The lines as the service prices them (HST_ON at 13% on each, rounded half-even). */
function pricedLines(subtotalsMinor: readonly bigint[], issueDate: string, incomeAccountId: string) {
  const priced = priceLines(
    subtotalsMinor.map((minor, i) => ({
      description: i === 0 ? 'Professional services' : 'Materials',
      quantity: '1',
      unitPrice: formatMoney(minor, 2),
      accountId: incomeAccountId,
      taxCode: 'HST_ON',
    })),
    'CAD',
    issueDate,
  )
  if (!priced.ok) throw new Error(`lines not priced: ${priced.error.message}`)
  return priced.value
}

/** Whole dollars from $20 to $20,000, log-uniform, sometimes with cents: repeated amounts, as real invoices have. */
function subtotalMinor(random: () => number, fromDollars: number, toDollars: number): bigint {
  const dollars = BigInt(Math.round(fromDollars * (toDollars / fromDollars) ** random()))
  const cents = random() < 0.3 ? BigInt(Math.floor(random() * 100)) : 0n
  return dollars * 100n + cents
}

const at = (date: string, secondOfDay: number): string =>
  `${date}T${new Date(secondOfDay * 1000).toISOString().slice(11, 19)}.000Z`

/**
 * Open documents at `asOf`: 96% invoices, net 30, due from 179 days before it to 29 after (every
 * bucket holds some), a fifth partly paid; 4% credit notes, due on receipt, three in ten partly
 * applied to an open invoice of their customer. Nothing is fully settled, so every document is
 * open or partially_paid. Numbers follow the order of creation, as the series hands them out.
 */
function openBooks(org: BenchOrg, contactCount: number, documentCount: number, seed: number): Books {
  const random = randomSource(seed)
  const contacts: Contact[] = Array.from({ length: contactCount }, (_, n) => ({
    id: newId(),
    displayName: customerName(n),
    createdAt: at(dayString(n % 365, '2025-01-01'), 32_400 + n),
  }))
  const income = org.accounts.incomes[0]
  if (!income) throw new Error('the chart has no income account')
  const documents: Document[] = []
  for (let d = 0; d < documentCount; d++) {
    const contact = contacts[Math.floor(random() * contacts.length)] as Contact
    const credit = random() < 0.04
    const dueDate = credit
      ? dayString(-Math.floor(random() * 120), asOf)
      : dayString(Math.floor(random() * 209) - 179, asOf)
    const issueDate = credit ? dueDate : dayString(-30, dueDate)
    const subtotals = credit
      ? [subtotalMinor(random, 20, 2_000)]
      : random() < 0.3
        ? [subtotalMinor(random, 50, 15_000), subtotalMinor(random, 20, 2_000)]
        : [subtotalMinor(random, 50, 20_000)]
    const lines = pricedLines(subtotals, issueDate, income)
    documents.push({
      id: newId(),
      kind: credit ? 'credit_note' : 'invoice',
      number: '',
      contactId: contact.id,
      issueDate,
      dueDate,
      lines,
      totalMinor: totalsOf(lines).totalMinor,
      amountPaidMinor: 0n,
      status: 'open',
      createdAt: '',
      updatedAt: '',
    })
  }
  documents.sort((a, b) => a.issueDate.localeCompare(b.issueDate))
  const highest = { invoice: 0, credit_note: 0 }
  let day = ''
  let ofDay = 0
  for (const document of documents) {
    ofDay = document.issueDate === day ? ofDay + 1 : 0
    day = document.issueDate
    document.number = nextNumber(document.kind === 'invoice' ? 'INV' : 'CN', highest[document.kind]++)
    // Written during the day it is dated, approved a minute later.
    document.createdAt = at(document.issueDate, 28_800 + ofDay * 10)
    document.updatedAt = at(document.issueDate, 28_860 + ofDay * 10)
  }
  return { contacts, documents, payments: settle(documents, random) }
}

/** Part payments of invoices and part applications of credit notes, each dated by asOf. */
function settle(documents: Document[], random: () => number): Payment[] {
  const payments: Payment[] = []
  const dated = (from: string) => {
    const days = Math.round((Date.parse(asOf) - Date.parse(from)) / 86_400_000)
    return dayString(Math.floor(random() * (days + 1)), from)
  }
  const record = (document: Document, payment: Payment) => {
    document.amountPaidMinor += payment.amountMinor
    document.status = statusAfterSettling(document.totalMinor, document.amountPaidMinor)
    document.updatedAt = payment.createdAt
  }
  const openInvoices = new Map<string, Document[]>()
  for (const document of documents) {
    if (document.kind === 'invoice') {
      openInvoices.set(document.contactId, [...(openInvoices.get(document.contactId) ?? []), document])
      if (random() >= 0.2) continue
      const date = dated(document.issueDate)
      const payment: Payment = {
        id: newId(),
        invoiceId: document.id,
        kind: 'payment',
        date,
        amountMinor: (document.totalMinor * BigInt(10 + Math.floor(random() * 81))) / 100n,
        creditNoteId: null,
        journalEntryId: newId(),
        createdAt: at(date, 50_000),
      }
      payments.push(payment)
      record(document, payment)
      continue
    }
    const target = (openInvoices.get(document.contactId) ?? []).find(
      (invoice) => invoice.totalMinor - invoice.amountPaidMinor > document.totalMinor,
    )
    if (!target || random() >= 0.3) continue
    const date = dated([document.issueDate, target.issueDate].sort().at(-1) as string)
    const application: Payment = {
      id: newId(),
      invoiceId: target.id,
      kind: 'credit',
      date,
      amountMinor: document.totalMinor / 2n,
      creditNoteId: document.id,
      journalEntryId: null,
      createdAt: at(date, 60_000),
    }
    payments.push(application)
    record(target, application)
    record(document, application)
  }
  return payments
}

// ---- writing --------------------------------------------------------------------------------------

type Column = readonly [name: string, pgType: 'text' | 'int8' | 'int4']

/** Multi-row INSERTs of 500 rows on SQLite; one INSERT ... SELECT unnest(arrays) per 10,000 on PostgreSQL. */
async function insertRows(
  tx: BenchDb,
  table: string,
  columns: readonly Column[],
  rows: unknown[][],
): Promise<void> {
  const names = columns.map(([name]) => name).join(', ')
  if (tx.engine === 'postgres') {
    const unnest = columns.map(([, type]) => `?::${type}[]`).join(', ')
    for (let start = 0; start < rows.length; start += 10_000) {
      const chunk = rows.slice(start, start + 10_000)
      await tx.run(
        `insert into ${table} (${names}) select * from unnest(${unnest})`,
        columns.map((_, c) => chunk.map((row) => row[c])),
      )
    }
    return
  }
  const placeholders = `(${columns.map(() => '?').join(', ')})`
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500)
    await tx.run(
      `insert into ${table} (${names}) values ${chunk.map(() => placeholders).join(', ')}`,
      chunk.flat(),
    )
  }
}

const contactColumns: Column[] = [
  ['id', 'text'],
  ['organization_id', 'text'],
  ['contact_type', 'text'],
  ['display_name', 'text'],
  ['name_key', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['business_number', 'text'],
  ['active', 'int4'],
  ['balance_minor', 'int8'],
  ['created_at', 'text'],
]
const invoiceColumns: Column[] = [
  ['organization_id', 'text'],
  ['id', 'text'],
  ['kind', 'text'],
  ['number', 'text'],
  ['number_key', 'text'],
  ['contact_id', 'text'],
  ['issue_date', 'text'],
  ['due_date', 'text'],
  ['currency', 'text'],
  ['status', 'text'],
  ['memo', 'text'],
  ['subtotal_minor', 'int8'],
  ['tax_total_minor', 'int8'],
  ['total_minor', 'int8'],
  ['amount_paid_minor', 'int8'],
  ['amount_due_minor', 'int8'],
  ['journal_entry_id', 'text'],
  ['void_entry_id', 'text'],
  ['exchange_rate', 'text'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
]
const lineColumns: Column[] = [
  ['organization_id', 'text'],
  ['invoice_id', 'text'],
  ['line_no', 'int4'],
  ['description', 'text'],
  ['quantity', 'text'],
  ['unit_price', 'text'],
  ['account_id', 'text'],
  ['tax_code', 'text'],
  ['amount_minor', 'int8'],
  ['tax_minor', 'int8'],
]
const paymentColumns: Column[] = [
  ['organization_id', 'text'],
  ['id', 'text'],
  ['invoice_id', 'text'],
  ['kind', 'text'],
  ['payment_date', 'text'],
  ['amount_minor', 'int8'],
  ['payment_account_id', 'text'],
  ['credit_note_id', 'text'],
  ['journal_entry_id', 'text'],
  ['event_id', 'text'],
  ['exchange_rate', 'text'],
  ['created_at', 'text'],
]

/**
 * What a customer's Accounts Receivable lines add up to: approving an invoice debits it for the
 * total, a credit note credits it, a payment credits it; a credit note applied posts nothing.
 */
function balancesOf(books: Books): Map<string, bigint> {
  const balances = new Map<string, bigint>()
  const add = (contactId: string, minor: bigint) =>
    balances.set(contactId, (balances.get(contactId) ?? 0n) + minor)
  const byId = new Map(books.documents.map((document) => [document.id, document]))
  for (const document of books.documents)
    add(document.contactId, document.kind === 'invoice' ? document.totalMinor : -document.totalMinor)
  for (const payment of books.payments) {
    if (payment.kind === 'payment')
      add((byId.get(payment.invoiceId) as Document).contactId, -payment.amountMinor)
  }
  return balances
}

/**
 * Every column the stores write (contacts, invoices, invoice_lines, invoice_payments), scoped to
 * the organization. The entries that approving and paying post are not written: neither read
 * measured here touches the journal, and the documents name entry ids as the service would.
 */
async function writeBooks(tx: BenchDb, org: BenchOrg, books: Books): Promise<void> {
  const balances = balancesOf(books)
  await insertRows(
    tx,
    'contacts',
    contactColumns,
    books.contacts.map((c) => {
      const email = `accounts@${c.displayName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`
      return [
        c.id,
        org.id,
        'customer',
        c.displayName,
        c.displayName.trim().toLowerCase(),
        email,
        '',
        null,
        1,
        balances.get(c.id) ?? 0n,
        c.createdAt,
      ]
    }),
  )
  await insertRows(
    tx,
    'invoices',
    invoiceColumns,
    books.documents.map((d) => {
      const totals = totalsOf(d.lines)
      return [
        org.id,
        d.id,
        d.kind,
        d.number,
        numberKeyOf(d.number),
        d.contactId,
        d.issueDate,
        d.dueDate,
        'CAD',
        d.status,
        '',
        totals.subtotalMinor,
        totals.taxTotalMinor,
        totals.totalMinor,
        d.amountPaidMinor,
        d.totalMinor - d.amountPaidMinor,
        newId(),
        null,
        null,
        d.createdAt,
        d.updatedAt,
      ]
    }),
  )
  await insertRows(
    tx,
    'invoice_lines',
    lineColumns,
    books.documents.flatMap((d) =>
      d.lines.map((l, i) => [
        org.id,
        d.id,
        i + 1,
        l.description,
        l.quantity,
        l.unitPrice,
        l.accountId,
        l.taxCode,
        l.amountMinor,
        l.taxMinor,
      ]),
    ),
  )
  await insertRows(
    tx,
    'invoice_payments',
    paymentColumns,
    books.payments.map((p) => [
      org.id,
      p.id,
      p.invoiceId,
      p.kind,
      p.date,
      p.amountMinor,
      p.kind === 'payment' ? org.accounts.chequing : null,
      p.creditNoteId,
      p.journalEntryId,
      null,
      null,
      p.createdAt,
    ]),
  )
}

/** Writes both organizations' books in one transaction each, then lets the planner know the tables. */
async function seedBooks(
  target: EngineTarget,
  plans: Array<{ org: BenchOrg; books: Books }>,
): Promise<number> {
  const started = performance.now()
  const db = await openBenchDb(target, { cacheMiB: 256 })
  try {
    for (const { org, books } of plans) await db.transaction((tx) => writeBooks(tx, org, books))
    if (db.engine === 'postgres') {
      await db.run('vacuum (analyze) contacts, invoices, invoice_lines, invoice_payments')
      await writeDirtyPages({ query: (text) => db.run(text) })
    } else {
      await db.run('analyze')
      db.sqlite?.pragma('wal_checkpoint(TRUNCATE)')
    }
  } finally {
    await db.close()
  }
  return (performance.now() - started) / 1000
}

// ---- agedReceivables beside the bare aggregate ----------------------------------------------------

const bucketNames = ['current', 'days1To30', 'days31To60', 'days61To90', 'over90', 'total'] as const
type Buckets = Record<(typeof bucketNames)[number], bigint>

/**
 * The report in one statement: what each receivable document approved by asOf still had due then
 * (its total less the payments and credits dated by then; a credit note's counting against its
 * customer), summed by customer into the buckets of days past due, with the customer's name and in
 * the report's order. Days past due by the engine's own date arithmetic.
 */
function agingSql(engine: 'sqlite' | 'postgres'): string {
  const late =
    engine === 'postgres'
      ? 'cast(? as date) - cast(i.due_date as date)'
      : 'cast(julianday(?) - julianday(i.due_date) as integer)'
  const bucket = (when: string) => `sum(case when ${when} then due else 0 end)`
  return `with settled as (
      select document_id, sum(amount_minor) as minor from (
        select invoice_id as document_id, amount_minor from invoice_payments
          where organization_id = ? and payment_date <= ?
        union all
        select credit_note_id, amount_minor from invoice_payments
          where organization_id = ? and payment_date <= ? and credit_note_id is not null
      ) s group by document_id
    ), due as (
      select i.contact_id, ${late} as late,
        (case when i.kind = 'credit_note' then -1 else 1 end) * (i.total_minor - coalesce(s.minor, 0)) as due
      from invoices i left join settled s on s.document_id = i.id
      where i.organization_id = ? and i.kind in ('invoice', 'credit_note')
        and i.status in ('open', 'partially_paid', 'paid') and i.issue_date <= ?
    )
    select d.contact_id, c.display_name,
      ${bucket('late <= 0')} as current, ${bucket('late between 1 and 30')} as days1to30,
      ${bucket('late between 31 and 60')} as days31to60, ${bucket('late between 61 and 90')} as days61to90,
      ${bucket('late > 90')} as over90, sum(due) as total
    from due d join contacts c on c.organization_id = ? and c.id = d.contact_id
    where due <> 0
    group by d.contact_id, c.display_name
    order by c.display_name, d.contact_id`
}

interface AgingRow {
  contact_id: string
  display_name: string
  current: bigint | string
  days1to30: bigint | string
  days31to60: bigint | string
  days61to90: bigint | string
  over90: bigint | string
  total: bigint | string
}

const agingQuery = `query ($org: UUID!, $asOf: Date) { agedReceivables(organizationId: $org, asOf: $asOf) {
  asOf rows { contactId displayName current days1To30 days31To60 days61To90 over90 total }
  totals { contactId displayName current days1To30 days31To60 days61To90 over90 total } } }`

type AnsweredRow = { contactId: string | null; displayName: string } & Record<
  (typeof bucketNames)[number],
  string
>

function minorOf(decimal: string): bigint {
  const parsed = parseMoney(decimal, 2)
  if (!parsed.ok) throw new Error(`not an amount: ${decimal}`)
  return parsed.value
}

/** The report as a client receives it: the request, its answer read as JSON; throws on an error. */
async function agingAnswer(url: string, org: BenchOrg) {
  const answer = await graphqlRequest<{
    data?: { agedReceivables: { rows: AnsweredRow[]; totals: AnsweredRow } }
    errors?: unknown
  }>(url, { query: agingQuery, variables: { org: org.id, asOf } }, { authorization: `Bearer ${org.key}` })
  if (!answer.data || answer.errors)
    throw new Error(`agedReceivables failed: ${JSON.stringify(answer.errors)}`)
  return answer.data
}

/** The report as answered over HTTP, every row in minor units, to check it against the aggregate. */
async function agingOverHttp(url: string, org: BenchOrg) {
  const answer = await agingAnswer(url, org)
  const buckets = (row: AnsweredRow): Buckets =>
    Object.fromEntries(bucketNames.map((name) => [name, minorOf(row[name])])) as Buckets
  const report = answer.agedReceivables
  return {
    rows: report.rows.map((row) => ({
      contactId: row.contactId,
      displayName: row.displayName,
      ...buckets(row),
    })),
    totals: buckets(report.totals),
  }
}

function agingParams(org: BenchOrg): string[] {
  return [org.id, asOf, org.id, asOf, asOf, org.id, asOf, org.id]
}

/**
 * The start of the measurement: the figure is of the right answer only if the report over HTTP
 * holds, customer by customer and in total, what the bare aggregate computes from the rows.
 */
async function checkAging(
  db: BenchDb,
  url: string,
  org: BenchOrg,
): Promise<{ rows: number; totals: Buckets }> {
  const answered = await agingOverHttp(url, org)
  const rows = await db.all<AgingRow>(agingSql(db.engine), agingParams(org))
  const expected = rows.map((row) => ({
    contactId: row.contact_id,
    displayName: row.display_name,
    current: BigInt(row.current),
    days1To30: BigInt(row.days1to30),
    days31To60: BigInt(row.days31to60),
    days61To90: BigInt(row.days61to90),
    over90: BigInt(row.over90),
    total: BigInt(row.total),
  }))
  const totals = Object.fromEntries(
    bucketNames.map((name) => [name, expected.reduce((sum, row) => sum + row[name], 0n)]),
  ) as Buckets
  if (!isDeepStrictEqual(answered.totals, totals))
    throw new Error(
      `agedReceivables totals ${String(Object.values(answered.totals))} are not the aggregate's ${String(Object.values(totals))}`,
    )
  // The order of rows of equal names is the engine's collation on one side and localeCompare on the other.
  const byContact = (list: Array<{ contactId: string | null }>) =>
    new Map(list.map((row) => [row.contactId, row]))
  if (!isDeepStrictEqual(byContact(answered.rows), byContact(expected)))
    throw new Error("agedReceivables rows are not the aggregate's, customer by customer")
  for (const name of bucketNames.slice(0, 5)) {
    if (totals[name] <= 0n) throw new Error(`bucket ${name} is empty at ${asOf}: the seed does not reach it`)
  }
  return { rows: expected.length, totals }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint()
  await work()
  return Number(process.hrtime.bigint() - started) / 1e6
}

/** Two ways to the same answer, timed in turns after a warm-up of each, so both see the same load on the machine. */
async function inTurns(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<{ a: number[]; b: number[] }> {
  for (let i = 0; i < warmUps; i++) {
    await a()
    await b()
  }
  const times = { a: [] as number[], b: [] as number[] }
  for (let i = 0; i < runs; i++) {
    times.a.push(await timed(a))
    times.b.push(await timed(b))
  }
  return times
}

const spread = (times: number[]) =>
  `min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)} ms`

async function agingFigures(
  engine: 'sqlite' | 'postgres',
  target: EngineTarget,
  url: string,
  org: BenchOrg,
  seedNote: string,
): Promise<Figure[]> {
  const db = await openBenchDb(target)
  db.sqlite?.defaultSafeIntegers(true)
  try {
    const checked = await checkAging(db, url, org)
    const sqlText = agingSql(engine)
    // Timed as a client sees it; turning 30,000 decimal strings back into minor units is the check's
    // work, done once above, not the report's.
    const times = await inTurns(
      () => agingAnswer(url, org),
      () => db.all(sqlText, agingParams(org)),
    )
    const value = median(times.a)
    const baseline = median(times.b)
    const driver = engine === 'postgres' ? 'pg' : 'better-sqlite3'
    const name = `agedReceivables at ${asOf}, ${large.documents.toLocaleString('en')} open invoices and credit notes over ${large.contacts.toLocaleString('en')} customers`
    const notes = `median of ${runs} sequential requests after ${warmUps} of warm-up, in turns with the aggregate (Daybook ${spread(times.a)}; aggregate ${spread(times.b)}); answer checked first: ${checked.rows.toLocaleString('en')} customer rows and the totals (${formatMoney(checked.totals.total, 2)}) equal the aggregate's; ${seedNote}`
    return [
      {
        section: 'Invoices',
        name,
        engine,
        value,
        unit: 'ms',
        baselineName: `one SQL aggregate of the same buckets by customer, through ${driver} in the bench process`,
        baseline,
        ratio: baseline / value,
        target: '>= 0.33 (within 3x)',
        extra: notes,
      },
      {
        section: 'Invoices',
        name: `${name}, time`,
        engine,
        value,
        unit: 'ms',
        baselineName: "the issue's bound",
        baseline: 200,
        ratio: 200 / value,
        target: 'measured (under 200 ms)',
        extra: `the same median; the issue records the time on this machine's kind and does not assert it`,
      },
    ]
  } finally {
    await db.close()
  }
}

// ---- invoiceMatches in a large and a small organization -----------------------------------------

const matchesQuery = `query ($org: UUID!, $event: UUID!) { invoiceMatches(organizationId: $org, eventId: $event) {
  score invoice { id number status total amountDue dueDate contact { id displayName } lines { description amount taxAmount } payments { date amount } } } }`

interface WaitingLine {
  org: BenchOrg
  eventId: string
  invoiceId: string
  number: string
  /** Open documents with the same amount due: what the lookup by amount has to choose from. */
  sameAmount: number
}

/**
 * A customer's payment as the bank reports it, imported into the review queue: money in for the
 * amount due on an invoice, naming its number. The amount chosen is the one most open invoices
 * share, the most the lookup by amount can find.
 */
async function waitingLine(
  url: string,
  target: EngineTarget,
  org: BenchOrg,
  books: Books,
): Promise<WaitingLine> {
  const counts = new Map<bigint, Document[]>()
  for (const document of books.documents) {
    if (document.kind !== 'invoice') continue
    const due = document.totalMinor - document.amountPaidMinor
    counts.set(due, [...(counts.get(due) ?? []), document])
  }
  const [amount, sharing] =
    [...counts.entries()].sort((a, b) => b[1].length - a[1].length || Number(a[0] - b[0]))[0] ?? []
  const invoice = sharing?.at(-1)
  if (amount === undefined || !sharing || !invoice) throw new Error('no open invoice to pay')
  const customer = books.contacts.find((contact) => contact.id === invoice.contactId) as Contact
  const reference = `BNK${org.id.slice(0, 8)}`
  const answer = await graphqlRequest<{
    data?: { importBankStatement: { success: boolean; importedCount: number } }
  }>(
    url,
    {
      query: `mutation ($org: UUID!, $account: UUID!, $rows: [BankStatementRowInput!]!) {
        importBankStatement(organizationId: $org, paymentAccountId: $account, rows: $rows) { success importedCount error } }`,
      variables: {
        org: org.id,
        account: org.accounts.chequing,
        rows: [
          {
            transactionDate: asOf,
            description: `E-TRANSFER ${customer.displayName.toUpperCase()}`,
            amount: formatMoney(amount, 2),
            eventType: 'income',
            memo: `Payment of ${invoice.number}`,
            reference,
          },
        ],
      },
    },
    { authorization: `Bearer ${org.key}` },
  )
  if (answer.data?.importBankStatement.importedCount !== 1)
    throw new Error(`bank line not imported: ${JSON.stringify(answer)}`)
  const db = await openBenchDb(target)
  try {
    const [event] = await db.all<{ id: string; status: string; direction: string }>(
      'select id, status, direction from ledger_events where organization_id = ? and reference = ?',
      [org.id, reference],
    )
    if (event?.status !== 'needs_review' || event.direction !== 'in')
      throw new Error(`the bank line is not money in waiting for review: ${JSON.stringify(event)}`)
    return {
      org,
      eventId: event.id,
      invoiceId: invoice.id,
      number: invoice.number,
      sameAmount: sharing.length,
    }
  } finally {
    await db.close()
  }
}

async function matchesOverHttp(url: string, line: WaitingLine) {
  const answer = await graphqlRequest<{
    data?: { invoiceMatches: Array<{ score: number; invoice: { id: string } }> }
    errors?: unknown
  }>(
    url,
    { query: matchesQuery, variables: { org: line.org.id, event: line.eventId } },
    { authorization: `Bearer ${line.org.key}` },
  )
  if (!answer.data || answer.errors)
    throw new Error(`invoiceMatches failed: ${JSON.stringify(answer.errors)}`)
  return answer.data.invoiceMatches
}

/** The invoice the line pays comes first, on amount, number and customer, or the figure is of a wrong answer. */
async function checkMatches(url: string, line: WaitingLine): Promise<number> {
  const matches = await matchesOverHttp(url, line)
  const [best] = matches
  if (best?.invoice.id !== line.invoiceId || best.score !== 1)
    throw new Error(`invoiceMatches put ${JSON.stringify(best)} first, not ${line.number} at 1.0`)
  return matches.length
}

async function matchingFigure(
  engine: 'sqlite' | 'postgres',
  url: string,
  largeLine: WaitingLine,
  smallLine: WaitingLine,
): Promise<Figure> {
  const answered = await checkMatches(url, largeLine)
  await checkMatches(url, smallLine)
  const times = await inTurns(
    () => matchesOverHttp(url, largeLine),
    () => matchesOverHttp(url, smallLine),
  )
  const value = median(times.a)
  const baseline = median(times.b)
  return {
    section: 'Invoices',
    name: `invoiceMatches for a waiting bank line, organization with ${large.documents.toLocaleString('en')} open documents`,
    engine,
    value,
    unit: 'ms',
    baselineName: `the same with ${small.documents.toLocaleString('en')} open documents`,
    baseline,
    ratio: baseline / value,
    target: '>= 0.5 (within 2x)',
    extra: `median of ${runs} sequential requests after ${warmUps} of warm-up, the organizations in turns (large ${spread(times.a)}; small ${spread(times.b)}); money in for an amount due that ${largeLine.sameAmount} open invoices share in the large organization (${smallLine.sameAmount} in the small), its number in the memo; the invoice it pays answered first at score 1 of ${answered}, with lines, payments and customer`,
  }
}

export async function benchInvoices(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await freshEngine(engine)
  try {
    const [largeOrg, smallOrg] = await createOrgs(target, ['Invoices large', 'Invoices small'])
    if (!largeOrg || !smallOrg) throw new Error('organizations were not created')
    const largeBooks = openBooks(largeOrg, large.contacts, large.documents, 44)
    const smallBooks = openBooks(smallOrg, small.contacts, small.documents, 45)
    const seconds = await seedBooks(target, [
      { org: largeOrg, books: largeBooks },
      { org: smallOrg, books: smallBooks },
    ])
    const seedNote = `seed by bulk SQL in ${seconds.toFixed(1)} s: ${largeBooks.documents.length.toLocaleString('en')} documents with ${largeBooks.documents.reduce((n, d) => n + d.lines.length, 0).toLocaleString('en')} lines and ${largeBooks.payments.length.toLocaleString('en')} payments and credits applied, and the small organization's ${smallBooks.documents.length.toLocaleString('en')}`
    const daybook = await startDaybook(target)
    try {
      const largeLine = await waitingLine(daybook.url, target, largeOrg, largeBooks)
      const smallLine = await waitingLine(daybook.url, target, smallOrg, smallBooks)
      return [
        ...(await agingFigures(engine, target, daybook.url, largeOrg, seedNote)),
        await matchingFigure(engine, daybook.url, largeLine, smallLine),
      ]
    } finally {
      await daybook.stop()
    }
  } finally {
    await disposeEngine(target)
  }
}
