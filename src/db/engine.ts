import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, type KyselyPlugin, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { limits } from '../kernel/limits.js'
import { startBackgroundCheckpoints } from './background-checkpoints.js'
import { rowsAsObjects } from './pg-rows.js'
import { StatementQuery } from './pg-statement.js'
import { type CompiledRunner, runCompiledWith, runsWithOnePlan, statementNameOf } from './prepared.js'
import type { Database } from './schema.js'
import { TenantScopeCheck } from './tenant-scope.js'

export type EngineName = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  engine: EngineName
  databaseUrl?: string
  close(): Promise<void>
}

// int8 (sums, counts, money) arrives as bigint so no amount is ever squeezed through a double.
// Set on Daybook's own pool only: libraries with pools of their own keep pg's defaults.
const int8Oid = 20
// Fifteen characters hold at most fifteen digits, below 2^53: a double holds such a value exactly,
// and reading it as a number first is about twice as fast as BigInt's reading of the text.
const parseInt8 = (text: string): bigint => (text.length < 16 ? BigInt(Number(text)) : BigInt(text))
const daybookTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === int8Oid ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

export interface OpenOptions {
  databaseUrl?: string
  dataDir: string
  /** Fail queries on an organization's tables that do not name it (tests; ADR 0026). */
  checkTenantScope?: boolean
  /** SQLite: checkpoint the WAL from a worker thread (a server's long life), reporting failures here. */
  onBackgroundCheckpointError?: (message: string) => void
}

export function openDatabase(options: OpenOptions): DatabaseHandle {
  // The check reads a query when it is compiled and leaves results alone, so the runners of
  // compiled queries (runCompiledWith) serve with it as without it; a plugin that changed results
  // would need them left out.
  const plugins = options.checkTenantScope ? [new TenantScopeCheck()] : []
  if (options.databaseUrl) return openPostgres(options.databaseUrl, plugins)
  return openSqlite(options.dataDir, plugins, options.onBackgroundCheckpointError)
}

function openPostgres(databaseUrl: string, plugins: KyselyPlugin[]): DatabaseHandle {
  const pool = daybookPool(databaseUrl, limits.postgresPoolConnectionsMax)
  // PostgreSQL plans a named statement again for each run's values for as long as that plan looks
  // cheaper than one made without them, which for a page with a parameter as its LIMIT is always:
  // the review queue's statement spent a fifth of its time in the planner, every run. The
  // statements whose plan cannot depend on their values (runsWithOnePlan) run outside a
  // transaction on connections of their own that keep one plan per statement. A setting of the
  // connection, not of a statement: Kysely's other queries keep being planned for their values.
  const onePlanPool = daybookPool(databaseUrl, limits.postgresOnePlanConnectionsMax, async (client) => {
    await client.query('set plan_cache_mode = force_generic_plan')
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins })
  runCompiledWith(db, pooledRunner(pool, onePlanPool))
  return {
    db,
    engine: 'postgres',
    databaseUrl,
    close: async () => {
      await db.destroy()
      await onePlanPool.end()
    },
  }
}

function daybookPool(
  databaseUrl: string,
  max: number,
  /** Runs on each new connection before the pool hands it out. */
  onConnect?: (client: pg.ClientBase) => Promise<void>,
): pg.Pool {
  // pg-pool awaits onConnect, though @types/pg types it as returning nothing. JIT is off: its
  // compilation costs more than it saves on Daybook's statements, which read an organization's rows
  // through indexes; on an aging of 100,000 open invoices it was 1.1 s of a 1.4 s statement.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    types: daybookTypes,
    onConnect,
    options: '-c jit=off',
  })
  pool.on('connect', useNamedStatements)
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  return pool
}

/**
 * What Kysely's PostgreSQL driver does for a compiled query outside a transaction: a pooled
 * connection for the one statement, the same result, the connection back to the pool.
 */
function pooledRunner(pool: pg.Pool, onePlanPool: pg.Pool): CompiledRunner {
  return async (text, parameters) => {
    const client = await (runsWithOnePlan(text) ? onePlanPool : pool).connect()
    try {
      const { command, rowCount, rows } = await client.query(text, parameters as unknown[])
      const changes =
        command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
      return changes
        ? { numAffectedRows: BigInt(rowCount as number), rows: rows ?? [] }
        : { rows: rows ?? [] }
    } finally {
      client.release()
    }
  }
}

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it at each run. The queries of
 * src/db/prepared.ts go under a name instead: pg prepares a named statement once per connection
 * and then only binds its parameters. A statement with parameters, or a name, runs as a
 * StatementQuery (src/db/pg-statement.ts); the others (transaction control, settings, the
 * migrations' scripts of several statements) in pg's simple protocol, their rows read as arrays
 * and built into objects by src/db/pg-rows.ts.
 */
function useNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || callback !== undefined) return query(text, values, callback)
    const name = statementNameOf(text)
    if (name !== undefined || (Array.isArray(values) && values.length > 0)) {
      const statement = new StatementQuery(text, (values ?? []) as unknown[], name, daybookTypes)
      query(statement)
      return statement.promise
    }
    return (query({ text, values, rowMode: 'array' }) as Promise<pg.QueryResult>).then((result) =>
      rowsAsObjects(text, result),
    )
  }) as typeof client.query
}

function openSqlite(
  dataDir: string,
  plugins: KyselyPlugin[],
  onCheckpointError?: (message: string) => void,
): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true })
  const fileName = path.join(dataDir, 'daybook.sqlite')
  const file = new SQLite(fileName)
  // WAL lets the CLI and readers work beside the server; NORMAL sync in WAL mode survives a
  // process crash (kill -9) without losing a committed write, which is the promise Daybook makes.
  file.pragma('journal_mode = WAL')
  file.pragma('synchronous = NORMAL')
  file.pragma(`busy_timeout = ${limits.sqliteBusyTimeoutMs}`)
  file.pragma('foreign_keys = ON')
  // A negative cache_size counts KiB rather than pages.
  file.pragma(`cache_size = -${limits.sqlitePageCacheKibibytes}`)
  // A checkpoint runs inside the commit that crosses this many WAL pages and copies each page once,
  // however often it changed. At SQLite's default (1,000 pages, a checkpoint every few dozen
  // confirms) the same hot pages (account totals, day totals, the review queue's index) were
  // copied again and again; at 10,000 (about 40 MiB of WAL) confirms run about a tenth faster.
  // A server checkpoints from a worker thread instead, and this stays as the fallback.
  file.pragma(`wal_autocheckpoint = ${limits.sqliteWalAutocheckpointPages}`)
  file.defaultSafeIntegers(true)
  const cached = withStatementCache(file)
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }), plugins })
  runCompiledWith(db, connectionRunner(file, cached.prepare))
  const checkpoints = onCheckpointError ? startBackgroundCheckpoints(fileName, onCheckpointError) : undefined
  return {
    db,
    engine: 'sqlite',
    async close() {
      // The worker's connection goes first, so that closing the last one checkpoints the WAL away.
      await checkpoints?.stop()
      await db.destroy()
    },
  }
}

/**
 * What Kysely's SQLite driver does for a compiled query, without its wait for the one connection:
 * better-sqlite3 runs a statement to its end before anything else runs, so a statement waits only
 * while a transaction is open on the connection (a batch of writes between two of its own
 * statements), and then Kysely's executor runs it once the transaction is over.
 */
function connectionRunner(
  file: SQLite.Database,
  prepare: (source: string) => SQLite.Statement,
): CompiledRunner {
  return (text, parameters) => {
    if (file.inTransaction) return undefined
    try {
      const statement = prepare(text)
      if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) })
      const { changes, lastInsertRowid } = statement.run(parameters)
      return Promise.resolve({
        numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
        insertId:
          lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
        rows: [],
      })
    } catch (error) {
      return Promise.reject(error)
    }
  }
}

/**
 * Kysely prepares every query afresh; preparing costs more than running a small query, so the
 * compiled statements are kept by SQL text. Kysely runs each statement to completion before the
 * next, so sharing one statement object is safe.
 */
function withStatementCache(file: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>()
  const prepare = (source: string): SQLite.Statement => {
    const cached = cache.get(source)
    if (cached) return cached
    const statement = file.prepare(source)
    if (cache.size >= limits.sqliteStatementsCachedMax) cache.delete(cache.keys().next().value as string)
    cache.set(source, statement)
    return statement
  }
  return new Proxy(file, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
