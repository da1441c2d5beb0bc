import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { sql } from 'kysely'
import { expect } from 'vitest'
import type { DatabaseHandle } from '../../src/db/engine.js'

// The crash suites run the real server and the operator CLI as child processes, from the sources
// under test (through tsx), so they neither need nor rebuild dist/.
const fromSources = ['--import', 'tsx']

export interface CrashEnv {
  dataDir: string
  databaseUrl: string | undefined
}

function baseEnv(target: CrashEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, LOG_LEVEL: 'warn' }
  delete env.DAYBOOK_FAULT_POINT
  delete env.DAYBOOK_FAULT_MARKER_FILE
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl
  else delete env.DATABASE_URL
  return env
}

export function cli(target: CrashEnv, ...args: string[]): Record<string, string> {
  const out = execFileSync(process.execPath, [...fromSources, 'src/cli/main.ts', ...args], {
    env: baseEnv(target),
  })
  return JSON.parse(out.toString())
}

/** The operator CLI started and left running, for a test that kills it in the middle of its work. */
export function spawnCli(target: CrashEnv, ...args: string[]): RunningCli {
  const child = spawn(process.execPath, [...fromSources, 'src/cli/main.ts', ...args], {
    env: baseEnv(target),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, exited }
}

export interface RunningCli {
  child: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** A new organization with an API key, made by the operator CLI. */
export function tenant(target: CrashEnv, name: string): { organizationId: string; key: string } {
  const org = cli(target, 'org', 'create', '--name', name)
  const key = cli(target, 'api-key', 'create', '--org-id', org.id ?? '').key ?? ''
  return { organizationId: org.id ?? '', key }
}

export interface RunningServer {
  child: ChildProcess
  url: string
  /** Settles when the process is gone, with how it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export function start(target: CrashEnv, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [...fromSources, 'src/main.ts'], {
    env: {
      ...baseEnv(target),
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_HOUR: '1000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  return new Promise((resolve, reject) => {
    let seen = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen)
      if (match) resolve({ child, url: match[1] as string, exited })
    })
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited with ${code ?? signal} before listening: ${stderr.slice(-2000)}`)),
    )
  })
}

export function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

export interface Answer {
  status: number
  replayed: boolean
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
  body: { data?: Record<string, any> | null; errors?: unknown[] }
}

export async function gql(
  url: string,
  key: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
    body: JSON.stringify({ query, variables }),
  })
  return {
    status: response.status,
    replayed: response.headers.get('idempotency-replayed') === 'true',
    body: (await response.json()) as Answer['body'],
  }
}

/**
 * The killed process's claims (an Idempotency-Key held for 60 s, a job for 5 minutes) end now
 * rather than when their time runs out: the database then is as it would be after the wait.
 */
export async function endLeasesOfKilledServer(database: DatabaseHandle, organizationId: string) {
  const past = '2000-01-01T00:00:00.000Z'
  await database.db
    .updateTable('idempotency_keys')
    .set({ locked_until: past })
    .where('status', '=', 'running')
    .where('scope_key', 'like', `org:${organizationId}:%`)
    .execute()
  await database.db
    .updateTable('jobs')
    .set({ locked_until: past })
    .where('status', '=', 'running')
    .where('organization_id', '=', organizationId)
    .execute()
}

/** What must hold in the books after any crash, read straight from the database. */
export async function assertBooksConsistent(database: DatabaseHandle, organizationId: string) {
  const { db } = database
  const unbalanced = await sql<{ id: string }>`
    select e.id from journal_entries e join journal_lines l on l.entry_id = e.id
    where e.organization_id = ${organizationId}
    group by e.id, e.total_minor
    having sum(l.debit_minor) <> sum(l.credit_minor) or sum(l.debit_minor) <> e.total_minor`.execute(db)
  expect(unbalanced.rows).toEqual([])
  const withoutLines = await sql<{ id: string }>`
    select e.id from journal_entries e
    where e.organization_id = ${organizationId}
      and not exists (select 1 from journal_lines l where l.entry_id = e.id)`.execute(db)
  expect(withoutLines.rows).toEqual([])
  const driftedTotals = await sql<{ id: string }>`
    select a.id from accounts a
    left join (
      select account_id, sum(debit_minor) as d, sum(credit_minor) as c from journal_lines
      where organization_id = ${organizationId} group by account_id
    ) t on t.account_id = a.id
    left join (
      select account_id, sum(debit_minor) as d, sum(credit_minor) as c from account_totals
      where organization_id = ${organizationId} group by account_id
    ) s on s.account_id = a.id
    where a.organization_id = ${organizationId}
      and (coalesce(s.d, 0) <> coalesce(t.d, 0) or coalesce(s.c, 0) <> coalesce(t.c, 0))`.execute(db)
  expect(driftedTotals.rows).toEqual([])
  const driftedDays = await sql<{ account_id: string }>`
    select l.account_id from journal_lines l
    where l.organization_id = ${organizationId}
    group by l.account_id, l.txn_date
    having sum(l.debit_minor) <> (select coalesce(sum(t.debit_minor), 0) from account_day_totals t
      where t.organization_id = ${organizationId} and t.account_id = l.account_id and t.txn_date = l.txn_date)
      or sum(l.credit_minor) <> (select coalesce(sum(t.credit_minor), 0) from account_day_totals t
      where t.organization_id = ${organizationId} and t.account_id = l.account_id and t.txn_date = l.txn_date)`.execute(
    db,
  )
  expect(driftedDays.rows).toEqual([])
  const doublePosted = await sql<{ event_id: string }>`
    select event_id from journal_entries where organization_id = ${organizationId} and kind = 'posting'
    group by event_id having count(*) > 1`.execute(db)
  expect(doublePosted.rows).toEqual([])
}
