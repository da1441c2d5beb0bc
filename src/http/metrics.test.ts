// The /metrics families render as Prometheus text, each server in a registry of its own.
import { describe, expect, it } from 'vitest'
import { Metrics } from './metrics.js'

function requestMetrics(metrics = new Metrics()) {
  return {
    metrics,
    requests: metrics.counter('daybook_graphql_requests_total', 'GraphQL requests.', [
      'operation',
      'type',
      'status',
    ]),
    durations: metrics.histogram('daybook_graphql_request_duration_seconds', 'GraphQL latency.', [
      'operation',
      'type',
    ]),
  }
}

interface Sample {
  name: string
  labels: Record<string, string>
  value: string
}

/** The samples of a Prometheus text exposition; label order carries no meaning, so it is dropped. */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line)
      if (!match) throw new Error(`not a sample line: ${line}`)
      const labels: Record<string, string> = {}
      for (const pair of (match[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[pair[1] ?? ''] = pair[2] ?? ''
      }
      return { name: match[1] ?? '', labels, value: match[3] ?? '' }
    })
}

/** The value of the one sample with this name and exactly these labels. */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): string | undefined {
  const found = samplesOf(text).filter(
    (sample) =>
      sample.name === name &&
      Object.keys(sample.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
  expect(found.length).toBeLessThanOrEqual(1)
  return found[0]?.value
}

describe('Metrics', () => {
  it('counts requests per label set and renders cumulative latency buckets', async () => {
    const { metrics, requests, durations } = requestMetrics()
    const query = { operation: 'myOrganizations', type: 'query' }
    requests.of('myOrganizations', 'query', '200').inc()
    requests.of('myOrganizations', 'query', '200').inc()
    requests.of('createContact', 'mutation', '200').inc()
    durations.of('myOrganizations', 'query').observe(0.003)
    durations.of('myOrganizations', 'query').observe(0.2)
    const text = await metrics.render()
    expect(text).toContain('# TYPE daybook_graphql_requests_total counter')
    expect(sampleValue(text, 'daybook_graphql_requests_total', { ...query, status: '200' })).toBe('2')
    expect(
      sampleValue(text, 'daybook_graphql_requests_total', {
        operation: 'createContact',
        type: 'mutation',
        status: '200',
      }),
    ).toBe('1')
    expect(text).toContain('# TYPE daybook_graphql_request_duration_seconds histogram')
    const bucket = (le: string) =>
      sampleValue(text, 'daybook_graphql_request_duration_seconds_bucket', { ...query, le })
    expect([bucket('0.001'), bucket('0.005'), bucket('0.1'), bucket('0.25'), bucket('+Inf')]).toEqual([
      '0',
      '1',
      '1',
      '2',
      '2',
    ])
    expect(sampleValue(text, 'daybook_graphql_request_duration_seconds_count', query)).toBe('2')
    expect(Number(sampleValue(text, 'daybook_graphql_request_duration_seconds_sum', query))).toBeCloseTo(
      0.203,
    )
  })

  it('escapes label values a client chose, so one cannot forge another series', async () => {
    const metrics = new Metrics()
    const requests = metrics.counter('daybook_http_requests_total', 'Other requests.', [
      'route',
      'method',
      'status',
    ])
    requests.of('a"} 99\nforged 1', 'GET', '404').inc()
    const text = await metrics.render()
    expect(text).toContain('route="a\\"} 99\\nforged 1"')
    expect(text).not.toMatch(/^forged/m)
  })

  it('reads gauges when scraped, and reports an unreadable one as NaN without failing the scrape', async () => {
    const metrics = new Metrics()
    let depth = 3
    metrics.gauge('daybook_job_queue_depth', 'Jobs queued or running.', async () => depth)
    metrics.gauge('daybook_broken_gauge', 'A gauge whose source fails.', async () => {
      throw new Error('database gone')
    })
    expect(await metrics.render()).toMatch(/^daybook_job_queue_depth 3$/m)
    depth = 0
    const text = await metrics.render()
    expect(text).toMatch(/^daybook_job_queue_depth 0$/m)
    expect(Number(sampleValue(text, 'daybook_broken_gauge'))).toBeNaN()
  })

  it('keeps each server apart: the same names register twice and count separately', async () => {
    const first = requestMetrics()
    const second = requestMetrics()
    const rejections = first.metrics.counter('daybook_rate_limit_rejections_total', 'Quota refusals.')
    first.requests.of('a', 'query', '200').inc()
    expect(await first.metrics.render()).toMatch(/^daybook_rate_limit_rejections_total 0$/m)
    rejections.of().inc()
    expect(await first.metrics.render()).toMatch(/^daybook_rate_limit_rejections_total 1$/m)
    const secondText = await second.metrics.render()
    expect(secondText).not.toContain('operation="a"')
    expect(secondText).not.toContain('daybook_rate_limit_rejections_total')
    expect(first.metrics.contentType).toMatch(/^text\/plain; version=0\.0\.4/)
  })
})
