import SQLite from 'better-sqlite3'
import Fastify from 'fastify'
import pg from 'pg'
import { limits } from '../src/kernel/limits.js'
import { accountColumnsSql } from '../src/modules/accounts/account-store.js'
import { ledgerEventColumns } from '../src/modules/ledger-events/ledger-event-row-store.js'
import { numberedPlaceholders, statementCache } from './statements.js'

// The listLedgerEvents baselines: a bare Fastify route that runs the SQL the full stack runs for
// the same request and answers the same JSON. No authentication, no quota, no GraphQL.
// The ledger section's page (filtered by status, dates and amount, with account names) runs the
// page query and the count query Kysely builds, then the look-up of the accounts the page names.
// BARE_LIST_PAGE=status serves the peer section's page instead: needs_review events, scalar
// fields only, the page and its total from one statement.
// BARE_SQLITE_FILE opens that file read-only; BARE_DATABASE_URL pg pools of the server's sizes.

// The same columns the stores select, so the baseline cannot drift from what the full stack reads.
const selectColumns = ledgerEventColumns.map((c) => `"${c}"`).join(', ')

const where =
  'where "organization_id" = ? and "status" in (?) and "transaction_date" >= ? and "transaction_date" <= ? and "amount_minor" >= ?'
const statusWhere = 'where "organization_id" = ? and "status" in (?)'
// Daybook's statement for a page and its total (src/db/sql-helpers.ts pageWithCount): the count
// rides on every row as an uncorrelated subquery. Kept here alone so the bench changes with it.
const pageWithTotalSql = (whereSql: string) =>
  `select ${selectColumns}, (select count(*) as "count" from "ledger_events" ${whereSql}) as "daybook_total_count" from "ledger_events" ${whereSql} order by "transaction_date" desc, "id" desc limit ? offset ?`
const filteredPageSql = pageWithTotalSql(where)
const statusPageSql = pageWithTotalSql(statusWhere)
const accountsSql = (n: number) =>
  `select ${accountColumnsSql} from "accounts" where "organization_id" = ? and "id" in (${new Array(n).fill('?').join(', ')})`

type Row = Record<string, unknown> & {
  id: string
  event_type: string
  merchant_name: string
  memo: string
  amount_minor: number | string
  currency: string
  transaction_date: string
  status: string
  category_id: string | null
  payment_account_id: string | null
  tax_amount_minor: number | string | null
  has_document: number
  source: string
  created_at: string
}

interface Engine {
  /**
   * `onePlan`: run as Daybook runs the statement of the status page on PostgreSQL, prepared under
   * a name on a connection that plans it once (src/db/engine.ts); the others run unnamed, planned
   * for their values, as Daybook runs its filtered pages.
   */
  all(text: string, params: unknown[], onePlan?: boolean): Promise<Array<Record<string, unknown>>>
}

function sqliteEngine(file: string): Engine {
  const statement = statementCache(new SQLite(file, { readonly: true }))
  return {
    all: async (text, params) => statement(text).all(...params) as Array<Record<string, unknown>>,
  }
}

function postgresEngine(url: string): Engine {
  const pool = new pg.Pool({ connectionString: url, max: limits.postgresPoolConnectionsMax })
  pool.on('error', () => {})
  const onePlanPool = new pg.Pool({
    connectionString: url,
    max: limits.postgresOnePlanConnectionsMax,
    onConnect: async (client) => {
      await client.query('set plan_cache_mode = force_generic_plan')
    },
  })
  onePlanPool.on('error', () => {})
  const numbered = new Map<string, { text: string; name: string }>()
  return {
    all: async (text, params, onePlan = false) => {
      let query = numbered.get(text)
      if (query === undefined) {
        query = { text: numberedPlaceholders(text), name: `bare_${numbered.size}` }
        numbered.set(text, query)
      }
      if (!onePlan) return (await pool.query(query.text, params)).rows
      return (await onePlanPool.query({ name: query.name, text: query.text, values: params })).rows
    },
  }
}

const engine = process.env.BARE_DATABASE_URL
  ? postgresEngine(process.env.BARE_DATABASE_URL)
  : sqliteEngine(process.env.BARE_SQLITE_FILE ?? '')

const money = (minor: number | string): string => {
  const digits = String(minor).padStart(3, '0')
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`
}
const toMinor = (amount: string): number => {
  const [whole = '0', fraction = ''] = amount.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

type CountedRow = Row & { daybook_total_count: number | string | bigint }

// The bench reads first pages of lists that are never empty, so every page has a row to carry it.
const totalOf = (rows: CountedRow[]) => Number(rows[0]?.daybook_total_count ?? 0)

interface FilteredVariables {
  organizationId: string
  status: string[]
  dateFrom: string
  dateTo: string
  amountMin: string
  limit: number
}

async function filteredPage(v: FilteredVariables) {
  const filter = [v.organizationId, v.status[0], v.dateFrom, v.dateTo, toMinor(v.amountMin)]
  const rows = (await engine.all(filteredPageSql, [...filter, ...filter, v.limit, 0])) as CountedRow[]
  const ids = [
    ...new Set(
      rows.flatMap((r) => [r.category_id, r.payment_account_id].filter((id): id is string => id !== null)),
    ),
  ]
  const accounts =
    ids.length === 0 ? [] : await engine.all(accountsSql(ids.length), [v.organizationId, ...ids])
  const names = new Map(accounts.map((a) => [a.id as string, a.name as string]))
  const ref = (id: string | null) => (id === null ? null : { id, name: names.get(id) ?? '' })
  return {
    data: {
      listLedgerEvents: {
        totalCount: totalOf(rows),
        pageSize: v.limit,
        offset: 0,
        items: rows.map((r) => ({
          id: r.id,
          eventType: r.event_type,
          merchantName: r.merchant_name,
          functionalAmount: money(r.amount_minor),
          functionalCurrency: r.currency,
          transactionDate: r.transaction_date,
          status: r.status,
          memo: r.memo,
          hasDocument: Number(r.has_document) !== 0,
          category: ref(r.category_id),
          paymentAccount: ref(r.payment_account_id),
          taxAmount: r.tax_amount_minor === null ? null : money(r.tax_amount_minor),
          source: r.source,
          createdAt: r.created_at,
        })),
      },
    },
  }
}

interface StatusVariables {
  organizationId: string
  status: string[]
  limit: number
}

async function statusPage(v: StatusVariables) {
  const filter = [v.organizationId, v.status[0]]
  const rows = (await engine.all(statusPageSql, [...filter, ...filter, v.limit, 0], true)) as CountedRow[]
  return {
    data: {
      listLedgerEvents: {
        totalCount: totalOf(rows),
        items: rows.map((r) => ({
          id: r.id,
          eventType: r.event_type,
          merchantName: r.merchant_name,
          functionalAmount: money(r.amount_minor),
          functionalCurrency: r.currency,
          transactionDate: r.transaction_date,
          status: r.status,
          memo: r.memo,
          hasDocument: Number(r.has_document) !== 0,
          source: r.source,
          createdAt: r.created_at,
        })),
      },
    },
  }
}

const listPage: (variables: never) => Promise<unknown> =
  process.env.BARE_LIST_PAGE === 'status' ? statusPage : filteredPage

const app = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 })
app.post('/graphql', async (request) => listPage((request.body as { variables: never }).variables))
await app.listen({ host: '127.0.0.1', port: 0 })
const address = app.server.address()
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
)
