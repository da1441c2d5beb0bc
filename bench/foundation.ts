import {
  daybookCli,
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  type LoadResult,
  load,
  startBare,
  startDaybook,
} from './harness.js'

// Issue: the full stack (authentication, quota, GraphQL, database) against a bare route.
const rounds = 4
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
  try {
    const body = { query: '{ myOrganizations { id name } }' }
    const headers = { authorization: `Bearer ${key.key}` }
    // The two take turns, several times, so that a machine whose speed drifts over a minute (a
    // shared host) weighs on both alike; each figure is the mean of its rounds.
    const fullRounds: LoadResult[] = []
    const bareRounds: LoadResult[] = []
    for (let round = 0; round < rounds; round++) {
      const warmUpSeconds = round === 0 ? 2 : 0
      fullRounds.push(
        await load({ url: daybook.url, body, headers, durationSeconds: roundSeconds, warmUpSeconds }),
      )
      bareRounds.push(await load({ url: bare.url, body, durationSeconds: roundSeconds, warmUpSeconds }))
    }
    const full = meanOf(fullRounds)
    const baseline = meanOf(bareRounds)
    if (full.errors > 0 || full.non2xx > 0)
      throw new Error(`full stack answered errors: ${JSON.stringify(full)}`)
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
        extra: `p50 ${full.p50Ms} ms, p99 ${full.p99Ms} ms (bare: p50 ${baseline.p50Ms} ms, p99 ${baseline.p99Ms} ms)`,
      },
    ]
  } finally {
    await daybook.stop()
    await bare.stop()
    await disposeEngine(target)
  }
}
