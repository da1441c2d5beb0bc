import {
  daybookCli,
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  type LoadResult,
  load,
  startBare,
  startBareScript,
  startDaybook,
} from './harness.js'

// Issue: the full stack (authentication, quota, GraphQL, database) against a bare route.
const rounds = 8
const roundSeconds = 5

function meanOf(results: LoadResult[]): LoadResult {
  const mean = (pick: (r: LoadResult) => number) =>
    results.reduce((sum, r) => sum + pick(r), 0) / results.length
  return {
    requestsPerSecond: mean((r) => r.requestsPerSecond),
    p50Ms: mean((r) => r.p50Ms),
    p99Ms: mean((r) => r.p99Ms),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  }
}

export async function benchFoundation(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target: EngineTarget = await freshEngine(engine)
  const org = await daybookCli(target, 'org', 'create', '--name', 'Bench Org')
  const key = await daybookCli(target, 'api-key', 'create', '--org-id', org.id ?? '')
  const daybook = await startDaybook(target)
  const bare = await startBare()
  const bound = await startBareScript('bench/stack-bound-server.ts', {
    BOUND_API_KEY: key.key ?? '',
    BOUND_ORG_ID: org.id ?? '',
    BOUND_ORG_NAME: 'Bench Org',
  })
  try {
    const body = { query: '{ myOrganizations { id name } }' }
    const headers = { authorization: `Bearer ${key.key}` }
    // They take turns, several times, so that a machine whose speed drifts over a minute (a
    // shared host) weighs on all alike; each figure is the mean of its rounds.
    const fullRounds: LoadResult[] = []
    const bareRounds: LoadResult[] = []
    const boundRounds: LoadResult[] = []
    for (let round = 0; round < rounds; round++) {
      const warmUpSeconds = round === 0 ? 2 : 0
      fullRounds.push(
        await load({ url: daybook.url, body, headers, durationSeconds: roundSeconds, warmUpSeconds }),
      )
      bareRounds.push(await load({ url: bare.url, body, durationSeconds: roundSeconds, warmUpSeconds }))
      boundRounds.push(
        await load({ url: bound.url, body, headers, durationSeconds: roundSeconds, warmUpSeconds }),
      )
    }
    const full = meanOf(fullRounds)
    const baseline = meanOf(bareRounds)
    const least = meanOf(boundRounds)
    if (full.errors > 0 || full.non2xx > 0)
      throw new Error(`full stack answered errors: ${JSON.stringify(full)}`)
    if (least.errors > 0 || least.non2xx > 0)
      throw new Error(`the stack alone answered errors: ${JSON.stringify(least)}`)
    return [
      {
        section: 'Foundation',
        name: `myOrganizations with an API key (auth + quota + GraphQL + database), 32 connections, ${rounds} alternating rounds of ${roundSeconds} s`,
        engine,
        value: full.requestsPerSecond,
        unit: 'req/s',
        baselineName: 'bare Fastify route, same JSON',
        baseline: baseline.requestsPerSecond,
        ratio: full.requestsPerSecond / baseline.requestsPerSecond,
        target: '>= 0.6',
        extra: `p50 ${full.p50Ms} ms, p99 ${full.p99Ms} ms (bare: p50 ${baseline.p50Ms} ms, p99 ${baseline.p99Ms} ms); ${(full.requestsPerSecond / least.requestsPerSecond).toFixed(2)} of the stack alone (next row)`,
      },
      {
        section: 'Foundation',
        name: `the stack alone: Fastify + Mercurius (graphql-jit), API key by SHA-256 and quota both in memory, answer from memory; 32 connections, the same rounds`,
        engine,
        value: least.requestsPerSecond,
        unit: 'req/s',
        baselineName: 'bare Fastify route, same JSON',
        baseline: baseline.requestsPerSecond,
        ratio: least.requestsPerSecond / baseline.requestsPerSecond,
        target: 'bound',
        extra: `what any full stack built on these parts can reach here, with no database, shared quota, logging, request ids, metrics or limits; p50 ${least.p50Ms} ms, p99 ${least.p99Ms} ms`,
      },
    ]
  } finally {
    await daybook.stop()
    await bare.stop()
    await bound.stop()
    await disposeEngine(target)
  }
}
