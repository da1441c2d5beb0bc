import { type CounterSeries, type HistogramSeries, Metrics, type TalliedCounter } from './metrics.js'
import type { OperationInfo } from './operation-info.js'

interface OperationSeries {
  durations: HistogramSeries
  byStatus: Map<number, CounterSeries>
}

/** The figures the server keeps of its requests, and the registry /metrics renders. */
export class ServerMetrics {
  readonly registry = new Metrics()
  private readonly graphqlRequests = this.registry.counter(
    'daybook_graphql_requests_total',
    'GraphQL requests by operation and HTTP status.',
    ['operation', 'type', 'status'],
  )
  private readonly graphqlDurations = this.registry.histogram(
    'daybook_graphql_request_duration_seconds',
    'GraphQL request latency by operation.',
    ['operation', 'type'],
  )
  private readonly otherRequests = this.registry.counter(
    'daybook_http_requests_total',
    'Other HTTP requests by route and status.',
    ['route', 'method', 'status'],
  )
  readonly rateLimitRejections: TalliedCounter = this.registry.counter(
    'daybook_rate_limit_rejections_total',
    'API-key requests refused for the hourly quota.',
  )
  // Operations are cached by their text, so the same few objects come back on every request and
  // carry their series with them.
  private readonly seriesOfOperation = new WeakMap<OperationInfo, OperationSeries>()

  constructor(jobQueueDepth: () => Promise<number>) {
    this.registry.gauge('daybook_job_queue_depth', 'Jobs queued or running.', jobQueueDepth)
  }

  countOperation(operation: OperationInfo, status: number, seconds: number): void {
    const series = this.operationSeries(operation)
    let requests = series.byStatus.get(status)
    if (requests === undefined) {
      requests = this.graphqlRequests.of(operation.name, operation.type, String(status))
      series.byStatus.set(status, requests)
    }
    requests.inc()
    series.durations.observe(seconds)
  }

  countOther(route: string, method: string, status: number): void {
    this.otherRequests.of(route, method, String(status)).inc()
  }

  private operationSeries(operation: OperationInfo): OperationSeries {
    let series = this.seriesOfOperation.get(operation)
    if (series === undefined) {
      series = {
        durations: this.graphqlDurations.of(operation.name, operation.type),
        byStatus: new Map(),
      }
      this.seriesOfOperation.set(operation, series)
    }
    return series
  }
}
