import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'

const run = promisify(execFile)

export interface Figure {
  section: string
  name: string
  engine: string
  value: number
  unit: string
  baselineName: string
  baseline: number
  /** value / baseline for rates (higher is better) and for costs whose target reads <=; baseline / value for times. */
  ratio: number
  target: string
  extra?: string
}

export interface EngineTarget {
  engine: 'sqlite' | 'postgres'
  env: Record<string, string>
  /** The checkout whose compiled server and CLI run; this one when absent. */
  build?: string
}

/** A fresh data directory, or a fresh PostgreSQL database on the server named by BENCH_DATABASE_URL. */
export async function freshEngine(engine: 'sqlite' | 'postgres'): Promise<EngineTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-bench-'))
  if (engine === 'sqlite') return { engine, env: { DATA_DIR: dataDir } }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (!serverUrl) throw new Error('BENCH_DATABASE_URL is not set')
  const name = `daybook_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { engine, env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() } }
}

export function postgresAvailable(): boolean {
  return Boolean(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)
}

export async function daybookCli(target: EngineTarget, ...args: string[]): Promise<Record<string, string>> {
  const { stdout } = await run(process.execPath, ['bin/daybook.js', ...args], {
    cwd: target.build,
    env: { ...process.env, ...target.env, LOG_LEVEL: 'silent' },
  })
  return JSON.parse(stdout)
}

export interface RunningServer {
  url: string
  process: ChildProcess
  stop(): Promise<void>
}

function waitForPort(child: ChildProcess, pattern: RegExp): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const onData = (chunk: Buffer) => {
      seen += chunk.toString()
      const match = pattern.exec(seen)
      if (match) {
        child.stdout?.off('data', onData)
        resolve(Number(match[1]))
      }
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${seen.slice(-500)}`)))
  })
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
}

/**
 * The real server, compiled, in its own process, as `npm start` runs it. Its log goes to a file in
 * its data directory, as in a deployment: read through a pipe, every request's log line would cost
 * the load generator in this process time of its own.
 */
export async function startDaybook(
  target: EngineTarget,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const logFile = path.join(target.env.DATA_DIR ?? tmpdir(), `daybook-${Date.now()}.log`)
  const logFd = openSync(logFile, 'w')
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: target.build,
    env: {
      ...process.env,
      ...target.env,
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_HOUR: '1000000000',
      ...env,
    },
    stdio: ['ignore', logFd, 'inherit'],
  })
  closeSync(logFd)
  const port = await waitForLogLine(child, logFile, /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/)
  return { url: `http://127.0.0.1:${port}`, process: child, stop: stopper(child) }
}

async function waitForLogLine(child: ChildProcess, logFile: string, pattern: RegExp): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}: ${readFileSync(logFile, 'utf8').slice(-500)}`)
    }
    const match = pattern.exec(readFileSync(logFile, 'utf8'))
    if (match) return Number(match[1])
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function startBare(): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await waitForPort(child, /\{"port":(\d+)\}/)
  return { url: `http://127.0.0.1:${port}`, process: child, stop: stopper(child) }
}

export interface LoadResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
  non2xx: number
}

export async function load(options: {
  url: string
  body: unknown
  headers?: Record<string, string>
  connections?: number
  durationSeconds?: number
  warmUpSeconds?: number
}): Promise<LoadResult> {
  const common = {
    url: `${options.url}/graphql`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(options.body),
    connections: options.connections ?? 32,
  }
  const warmUpSeconds = options.warmUpSeconds ?? 2
  if (warmUpSeconds > 0) await autocannon({ ...common, duration: warmUpSeconds })
  const result = await autocannon({ ...common, duration: options.durationSeconds ?? 10 })
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

// ---- helpers for sections with per-request bodies and their own baselines -----------------------

/** Removes an engine's data directory and, on PostgreSQL, drops its database. */
export async function disposeEngine(target: EngineTarget): Promise<void> {
  if (target.env.DATA_DIR) rmSync(target.env.DATA_DIR, { recursive: true, force: true })
  const databaseUrl = target.env.DATABASE_URL
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (target.engine !== 'postgres' || !databaseUrl || !serverUrl) return
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`)
  } finally {
    await admin.end()
  }
}

/** A baseline server script of bench/ that prints {"port":N} once it listens; TypeScript through tsx. */
export async function startBareScript(
  script: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : []
  const child = spawn(process.execPath, [...loader, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await waitForPort(child, /\{"port":(\d+)\}/)
  return { url: `http://127.0.0.1:${port}`, process: child, stop: stopper(child) }
}

/** One POST /graphql through fetch, answered as parsed JSON. */
export async function graphqlRequest<T = unknown>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`POST /graphql answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

export interface LoadRequest {
  body: unknown
  headers?: Record<string, string>
}

/**
 * Like load, but the requests take turns (each with its own body and headers), and a body that
 * fails `verifyBody` counts as a mismatch.
 */
export async function loadRequests(options: {
  url: string
  requests: LoadRequest[]
  connections?: number
  durationSeconds?: number
  warmUpSeconds?: number
  verifyBody?: (body: string) => boolean
  /** Runs between the warm-up and the measured interval, to read counters at its start. */
  beforeInterval?: () => Promise<void>
}): Promise<LoadResult & { mismatches: number; total: number }> {
  const prepared = options.requests.map((r) => ({
    body: JSON.stringify(r.body),
    headers: { 'content-type': 'application/json', ...r.headers },
  }))
  let next = 0
  const verify = options.verifyBody
  const common = {
    url: `${options.url}/graphql`,
    connections: options.connections ?? 32,
    ...(verify ? { verifyBody: (body: string | Buffer | undefined) => verify(String(body ?? '')) } : {}),
    requests: [
      {
        method: 'POST' as const,
        setupRequest: (request: autocannon.Request) => {
          const chosen = prepared[next++ % prepared.length] as (typeof prepared)[number]
          return { ...request, method: 'POST' as const, body: chosen.body, headers: chosen.headers }
        },
      },
    ],
  }
  await autocannon({ ...common, duration: options.warmUpSeconds ?? 2 })
  await options.beforeInterval?.()
  const result = await autocannon({ ...common, duration: options.durationSeconds ?? 10 })
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    total: result.requests.total,
  }
}

/**
 * Sends each body exactly once over `connections` connections and times the whole batch: for
 * mutations where every request must act on something different. `onBody` sees every answer.
 */
export async function runBodies(options: {
  url: string
  bodies: unknown[]
  headers?: Record<string, string>
  connections: number
  onBody?: (body: string) => void
}): Promise<{
  seconds: number
  completed: number
  p50Ms: number
  p99Ms: number
  errors: number
  non2xx: number
}> {
  const bodies = options.bodies.map((b) => JSON.stringify(b))
  const headers = { 'content-type': 'application/json', ...options.headers }
  let next = 0
  let answered = 0
  let lastAnswerAt = 0
  const started = performance.now()
  const result = await autocannon({
    url: `${options.url}/graphql`,
    connections: options.connections,
    amount: bodies.length,
    // autocannon notices that the amount is reached only at its next sample; at the default of
    // one sample a second, a batch that takes 0.4 s would be timed as 1 s.
    sampleInt: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          method: 'POST',
          headers,
          body: bodies[Math.min(next++, bodies.length - 1)],
        }),
        onResponse: (_status: number, body: string) => {
          if (++answered === bodies.length) lastAnswerAt = performance.now()
          options.onBody?.(body)
        },
      },
    ],
  })
  // The batch ends with its last answer, not when autocannon next looks.
  const seconds = ((lastAnswerAt || performance.now()) - started) / 1000
  return {
    seconds,
    completed: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}
