import cluster from 'node:cluster'
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { limits } from '../kernel/limits.js'

// GET /metrics on prom-client: request counts and latencies per operation, quota rejections, and
// gauges read at scrape time (the job queue's depth). Each server has a registry of its own, never
// prom-client's global one, so several servers in one process (the tests) keep apart. Under
// WORKERS, a scrape reaches one worker, which asks the supervising process for every worker's
// figures summed (src/workers.ts), so that counters do not jump between scrapes.

const latencyBucketsSeconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export class Metrics {
  private readonly registry = new Registry()
  /** The Prometheus text exposition format the scrape answers in. */
  readonly contentType = this.registry.contentType

  constructor() {
    if (!cluster.isWorker) return
    // Makes prom-client answer the supervisor's requests for this worker's figures.
    new AggregatorRegistry()
    AggregatorRegistry.setRegistries([this.registry])
  }

  counter<Label extends string = never>(
    name: string,
    help: string,
    labelNames: readonly Label[] = [],
  ): Counter<Label> {
    return new Counter({ name, help, labelNames, registers: [this.registry] })
  }

  histogram<Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
  ): Histogram<Label> {
    return new Histogram({
      name,
      help,
      labelNames,
      buckets: latencyBucketsSeconds,
      registers: [this.registry],
    })
  }

  /** A value read when /metrics is scraped; an unreadable one is reported as NaN rather than failing the scrape. */
  gauge(name: string, help: string, read: () => Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      // Every worker reads the same value: summing them would count it once per worker.
      aggregator: 'max',
      async collect() {
        let value = Number.NaN
        try {
          value = await read()
        } catch {
          // NaN says "unknown" to Prometheus; the other families are still worth scraping.
        }
        this.set(value)
      },
    })
  }

  render(): Promise<string> {
    return cluster.isWorker ? clusterMetrics() : this.registry.metrics()
  }
}

const metricsRequest = 'daybook:metrics-request'
const metricsAnswer = 'daybook:metrics'
let nextRequestId = 0

interface MetricsAnswer {
  type: typeof metricsAnswer
  id: number
  text?: string
  error?: string
}

/** Every worker's figures, summed by the supervising process. */
function clusterMetrics(): Promise<string> {
  const id = nextRequestId++
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', listen)
      reject(new Error('the supervising process did not answer for the metrics'))
    }, limits.clusterMetricsTimeoutMs)
    const listen = (message: MetricsAnswer) => {
      if (message?.type !== metricsAnswer || message.id !== id) return
      clearTimeout(timer)
      process.off('message', listen)
      if (message.text === undefined) reject(new Error(message.error ?? 'no metrics'))
      else resolve(message.text)
    }
    process.on('message', listen)
    process.send?.({ type: metricsRequest, id })
  })
}

/** In the supervising process: answers workers' requests for the summed figures. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== metricsRequest) return
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: metricsAnswer, id: message.id, text }),
      (error: Error) => worker.send({ type: metricsAnswer, id: message.id, error: error.message }),
    )
  })
}

/**
 * One child of a metric per set of label values, made once and kept: prom-client hashes the
 * labels on every inc() or observe() otherwise, a cost each request would pay.
 */
export function childrenOf<Child>(make: (...values: string[]) => Child): (...values: string[]) => Child {
  const children = new Map<string, Child>()
  return (...values) => {
    const key = values.join('\u0000')
    let child = children.get(key)
    if (child === undefined) {
      child = make(...values)
      children.set(key, child)
    }
    return child
  }
}
