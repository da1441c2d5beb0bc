import {
  daybookCli,
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  load,
  startBare,
  startDaybook,
} from './harness.js'

// Issue: the full stack (authentication, quota, GraphQL, database) against a bare route.
export async function benchFoundation(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target: EngineTarget = await freshEngine(engine)
  const org = await daybookCli(target, 'org', 'create', '--name', 'Bench Org')
  const key = await daybookCli(target, 'api-key', 'create', '--org-id', org.id ?? '')
  const daybook = await startDaybook(target)
  const bare = await startBare()
  try {
    const body = { query: '{ myOrganizations { id name } }' }
    const full = await load({ url: daybook.url, body, headers: { authorization: `Bearer ${key.key}` } })
    if (full.errors > 0 || full.non2xx > 0)
      throw new Error(`full stack answered errors: ${JSON.stringify(full)}`)
    const baseline = await load({ url: bare.url, body })
    return [
      {
        section: 'Foundation',
        name: 'myOrganizations with an API key (auth + quota + GraphQL + database), 32 connections',
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
