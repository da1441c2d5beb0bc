import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import {
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  graphqlRequest,
  type LoadRequest,
  loadRequests,
  type RunningServer,
  startDaybook,
} from './harness.js'
import { allCores, pinProcesses, processTree } from './processes.js'
import { type BenchOrg, createOrgs, seedEvents } from './seed.js'

// Issue: the role and scope check must add no measurable cost. The review queue's page served by
// this build and by the build before it (BENCH_BASELINE_REF, main by default), each on its own
// database seeded alike, the two taking turns in rounds under the same load.

const organizations = 4
const eventsPerOrganization = 20_000
const reviewShare = 0.15
const pageSize = 25
const connections = 32
const rounds = 6
const firstWarmUpSeconds = 15
const warmUpSecondsBetweenRounds = 2
const serverCore = '0'
const loadCore = '1'

const pageQuery = `query Queue($organizationId: UUID!, $status: [String!], $limit: Int) {
  listLedgerEvents(organizationId: $organizationId, status: $status, limit: $limit) {
    totalCount
    items { id eventType merchantName functionalAmount functionalCurrency transactionDate status memo hasDocument source createdAt }
  }
}`

interface Build {
  name: string
  commit: string
  target: EngineTarget
  server?: RunningServer
  requests: LoadRequest[]
  rates: number[]
  p50s: number[]
}

export async function benchAccess(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const baselineRef = process.env.BENCH_BASELINE_REF ?? 'main'
  const baseline = checkOutBaseline(baselineRef)
  const builds: Build[] = []
  try {
    builds.push(await prepare('this build', git(['rev-parse', '--short', 'HEAD']), undefined, engine))
    builds.push(await prepare(`${baselineRef}`, baseline.commit, baseline.folder, engine))
    await samePages(builds)
    const restore = pin(builds)
    try {
      for (let round = 0; round < rounds; round++) {
        // The order flips each round, so neither build always runs on a machine the other warmed.
        const order = round % 2 === 0 ? builds : [...builds].reverse()
        for (const build of order)
          await measure(build, round === 0 ? firstWarmUpSeconds : warmUpSecondsBetweenRounds)
      }
    } finally {
      restore()
    }
    return [figure(engine, builds as [Build, Build])]
  } finally {
    for (const build of builds) {
      await build.server?.stop()
      await disposeEngine(build.target)
    }
    baseline.remove()
  }
}

function git(args: string[], cwd?: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
}

/**
 * The baseline's server compiled from a worktree of its commit, on this checkout's packages: the
 * two builds differ in Daybook's code alone.
 */
function checkOutBaseline(ref: string): { folder: string; commit: string; remove(): void } {
  const commit = git(['rev-parse', '--short', ref])
  const folder = mkdtempSync(path.join(tmpdir(), 'daybook-baseline-'))
  git(['worktree', 'add', '--detach', '--force', folder, commit])
  const remove = () => git(['worktree', 'remove', '--force', folder])
  try {
    symlinkSync(path.resolve('node_modules'), path.join(folder, 'node_modules'))
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
      cwd: folder,
      stdio: 'inherit',
    })
    // The API is measured, not the web app; the server only wants its folder to exist.
    if (existsSync('dist/web')) symlinkSync(path.resolve('dist/web'), path.join(folder, 'dist/web'))
  } catch (error) {
    remove()
    throw error
  }
  return { folder, commit, remove }
}

async function prepare(
  name: string,
  commit: string,
  folder: string | undefined,
  engine: 'sqlite' | 'postgres',
): Promise<Build> {
  const fresh = await freshEngine(engine)
  const target: EngineTarget = folder ? { ...fresh, build: folder } : fresh
  const build: Build = { name, commit, target, requests: [], rates: [], p50s: [] }
  const orgs: BenchOrg[] = await createOrgs(
    target,
    Array.from({ length: organizations }, (_, i) => `Access Org ${i + 1}`),
  )
  await seedEvents(
    target,
    orgs.map((org, i) => ({ org, count: eventsPerOrganization, seed: 4500 + i, reviewShare })),
  )
  build.requests = orgs.map((org) => ({
    body: {
      query: pageQuery,
      variables: { organizationId: org.id, status: ['needs_review'], limit: pageSize },
    },
    headers: { authorization: `Bearer ${org.key}` },
  }))
  build.server = await startDaybook(target)
  return build
}

/** Both builds must count the same events for each organization before either is timed. */
async function samePages(builds: Build[]): Promise<void> {
  const counts = await Promise.all(
    builds.map(async (build) => {
      const server = build.server as RunningServer
      const totals: number[] = []
      for (const request of build.requests) {
        const answer = await graphqlRequest<{
          data?: { listLedgerEvents: { totalCount: number; items: unknown[] } | null }
          errors?: unknown
        }>(server.url, request.body, request.headers)
        const page = answer.data?.listLedgerEvents
        if (answer.errors || !page || page.items.length !== pageSize)
          throw new Error(`${build.name} answered ${JSON.stringify(answer).slice(0, 400)}`)
        totals.push(page.totalCount)
      }
      return totals
    }),
  )
  if (JSON.stringify(counts[0]) !== JSON.stringify(counts[1]))
    throw new Error(`the builds count differently: ${JSON.stringify(counts)}`)
}

function pin(builds: Build[]): () => void {
  if (os.cpus().length < 2) return () => {}
  const pids = builds.flatMap((build) => {
    const pid = build.server?.process.pid
    return pid ? processTree(pid) : []
  })
  pinProcesses(pids, serverCore)
  pinProcesses([process.pid], loadCore)
  return () => pinProcesses([process.pid], allCores)
}

async function measure(build: Build, warmUpSeconds: number): Promise<void> {
  const server = build.server as RunningServer
  const result = await loadRequests({
    url: server.url,
    requests: build.requests,
    connections,
    warmUpSeconds,
    verifyBody: (body) => !body.includes('"errors"'),
  })
  if (result.errors > 0 || result.non2xx > 0 || result.mismatches > 0 || result.total === 0)
    throw new Error(`${build.name} answered errors under load: ${JSON.stringify(result)}`)
  build.rates.push(result.requestsPerSecond)
  build.p50s.push(result.p50Ms)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

function figure(engine: 'sqlite' | 'postgres', [current, baseline]: [Build, Build]): Figure {
  const value = median(current.rates)
  const base = median(baseline.rates)
  const perRound = (build: Build) => build.rates.map((rate) => rate.toFixed(0)).join(' / ')
  return {
    section: 'Access',
    name: `review queue page (listLedgerEvents needs_review, limit ${pageSize}, totalCount) with the role and scope check, API key, ${connections} connections`,
    engine,
    value,
    unit: 'req/s',
    baselineName: `the same page served by ${baseline.name} (${baseline.commit}), before roles and scopes`,
    baseline: base,
    ratio: value / base,
    target: '>= 0.95',
    extra: [
      `medians of ${rounds} rounds, the builds taking turns (the order flipping each round); this build (${current.commit}): ${perRound(current)} req/s, p50 ${median(current.p50s)} ms; ${baseline.name}: ${perRound(baseline)} req/s, p50 ${median(baseline.p50s)} ms`,
      `each build on its own database, ${(organizations * eventsPerOrganization).toLocaleString('en-US')} events over ${organizations} organizations seeded alike; both compiled from source on the same packages`,
      `servers on core ${serverCore}, load generator on core ${loadCore}; ${firstWarmUpSeconds} s warm-up in each build's first round, ${warmUpSecondsBetweenRounds} s after, then 10 s`,
    ].join('; '),
  }
}
