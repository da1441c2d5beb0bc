import { randomUUID } from 'node:crypto'
import SQLite from 'better-sqlite3'
import Fastify from 'fastify'
import pg from 'pg'
import { numberedPlaceholders, statementCache } from './statements.js'

// The least a confirm can be over HTTP: a bare Fastify route that runs only the SQL a correct
// confirm cannot do without (claim the event with a guarded UPDATE, insert the entry and its
// three lines, add to the account and day totals the balances and reports read) and answers the
// same JSON as confirmLedgerEvent. No authentication, no quota, no GraphQL, no checks beyond the
// claim. It uses every trick Daybook uses (group commit on SQLite, named statements and rotating
// totals shards on PostgreSQL), so it bounds from above what any confirm over HTTP reaches here.
// BARE_SQLITE_FILE opens that file; BARE_DATABASE_URL a pg pool of the server's size.

const claimSql = `update ledger_events set status = 'confirmed', journal_entry_id = ?, updated_at = ?
  where organization_id = ? and id = ? and status || '' in ('needs_review', 'pending')
  returning amount_minor, tax_amount_minor, tax_account_id, category_id, payment_account_id, transaction_date`
const entrySql = `insert into journal_entries (id, organization_id, event_id, kind, reverses_entry_id, txn_date, total_minor, currency, created_at)
  values (?, ?, ?, 'posting', null, ?, ?, 'CAD', ?)`
const linesSql = `insert into journal_lines (id, entry_id, organization_id, line_no, account_id, contact_id, debit_minor, credit_minor, txn_date)
  values (?, ?, ?, 1, ?, null, ?, 0, ?), (?, ?, ?, 2, ?, null, ?, 0, ?), (?, ?, ?, 3, ?, null, 0, ?, ?)`
const totalsSql = `insert into account_totals (organization_id, account_id, shard, debit_minor, credit_minor)
  values (?, ?, ?, ?, ?), (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)
  on conflict (organization_id, account_id, shard) do update set debit_minor = account_totals.debit_minor + excluded.debit_minor,
    credit_minor = account_totals.credit_minor + excluded.credit_minor`
const dayTotalsSql = `insert into account_day_totals (organization_id, account_id, txn_date, debit_minor, credit_minor)
  values (?, ?, ?, ?, ?), (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)
  on conflict (organization_id, account_id, txn_date) do update set debit_minor = account_day_totals.debit_minor + excluded.debit_minor,
    credit_minor = account_day_totals.credit_minor + excluded.credit_minor`

interface Claimed {
  amount_minor: bigint | string
  tax_amount_minor: bigint | string | null
  tax_account_id: string
  category_id: string
  payment_account_id: string
  transaction_date: string
}

/** The statements after the claim, as [sql, parameters], accounts in a fixed order. */
function posting(organizationId: string, eventId: string, entryId: string, event: Claimed, shard: number) {
  const gross = BigInt(event.amount_minor)
  const tax = BigInt(event.tax_amount_minor ?? 0)
  const date = event.transaction_date
  const lines: Array<[string, bigint, bigint]> = [
    [event.category_id, gross - tax, 0n],
    [event.tax_account_id, tax, 0n],
    [event.payment_account_id, 0n, gross],
  ]
  const sorted = [...lines].sort(([a], [b]) => (a < b ? -1 : 1))
  return [
    [entrySql, [entryId, organizationId, eventId, date, gross, new Date().toISOString()]],
    [
      linesSql,
      lines.flatMap(([account, debit, credit], i) => [
        randomUUID(),
        entryId,
        organizationId,
        account,
        i < 2 ? debit : credit,
        date,
      ]),
    ],
    [
      totalsSql,
      sorted.flatMap(([account, debit, credit]) => [organizationId, account, shard, debit, credit]),
    ],
    [
      dayTotalsSql,
      sorted.flatMap(([account, debit, credit]) => [organizationId, account, date, debit, credit]),
    ],
  ] as const
}

type Confirm = (organizationId: string, eventId: string) => Promise<string | null>

function sqliteConfirm(file: string): Confirm {
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('cache_size = -65536')
  db.pragma('wal_autocheckpoint = 10000')
  db.defaultSafeIntegers(true)
  const statement = statementCache(db)
  // Called inside the batch's transaction, better-sqlite3 runs each confirm in a savepoint.
  const confirmOne = db.transaction((organizationId: string, eventId: string): string | null => {
    const entryId = randomUUID()
    const claimed = statement(claimSql).get(entryId, new Date().toISOString(), organizationId, eventId)
    if (!claimed) return null
    for (const [text, params] of posting(organizationId, eventId, entryId, claimed as Claimed, 0))
      statement(text).run(...params)
    return entryId
  })
  type Waiting = { organizationId: string; eventId: string; settle: (id: string | null) => void }
  let waiting: Waiting[] = []
  const runBatch = db.transaction((batch: Waiting[]) =>
    batch.map((w) => {
      try {
        return confirmOne(w.organizationId, w.eventId)
      } catch {
        return null
      }
    }),
  )
  return (organizationId, eventId) =>
    new Promise((settle) => {
      waiting.push({ organizationId, eventId, settle })
      if (waiting.length > 1) return
      setImmediate(() => {
        const batch = waiting
        waiting = []
        const ids = runBatch(batch)
        for (const [i, w] of batch.entries()) w.settle(ids[i] ?? null)
      })
    })
}

function postgresConfirm(url: string): Confirm {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  pool.on('error', () => {})
  const numbered = new Map<string, { name: string; text: string }>()
  const named = (text: string) => {
    let query = numbered.get(text)
    if (!query) {
      query = { name: `bare_${numbered.size}`, text: numberedPlaceholders(text) }
      numbered.set(text, query)
    }
    return query
  }
  const shards = 16
  let nextShard = 0
  return async (organizationId, eventId) => {
    const client = await pool.connect()
    try {
      await client.query('begin')
      const entryId = randomUUID()
      const claimed = await client.query({
        ...named(claimSql),
        values: [entryId, new Date().toISOString(), organizationId, eventId],
      })
      if (claimed.rows.length === 0) {
        await client.query('rollback')
        return null
      }
      nextShard = (nextShard + 1) % shards
      for (const [text, values] of posting(organizationId, eventId, entryId, claimed.rows[0], nextShard))
        await client.query({ ...named(text), values: values as unknown[] })
      await client.query('commit')
      return entryId
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
  }
}

const confirm = process.env.BARE_DATABASE_URL
  ? postgresConfirm(process.env.BARE_DATABASE_URL)
  : sqliteConfirm(process.env.BARE_SQLITE_FILE ?? '')

const app = Fastify({ logger: false })
app.post('/graphql', async (request) => {
  const { organizationId, eventId } = (
    request.body as { variables: { organizationId: string; eventId: string } }
  ).variables
  const journalEntryId = await confirm(organizationId, eventId)
  return {
    data: {
      confirmLedgerEvent: {
        success: journalEntryId !== null,
        eventId,
        journalEntryId,
        errorCode: journalEntryId === null ? 'EVENT_ALREADY_CONFIRMED' : null,
      },
    },
  }
})
await app.listen({ host: '127.0.0.1', port: 0 })
const address = app.server.address()
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
)
