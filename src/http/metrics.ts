import cluster from 'node:cluster'
import { AggregatorRegistry, Gauge, type Metric, Registry } from 'prom-client'
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

  counter(name: string, help: string, labelNames: readonly string[] = []): TalliedCounter {
    const counter = new TalliedCounter(name, help, labelNames)
    this.registry.registerMetric(counter as unknown as Metric)
    return counter
  }

  histogram(name: string, help: string, labelNames: readonly string[]): TalliedHistogram {
    const histogram = new TalliedHistogram(name, help, labelNames, latencyBucketsSeconds)
    this.registry.registerMetric(histogram as unknown as Metric)
    return histogram
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

// Counters and histograms are counted in plain numbers on the request path and read by prom-client's
// registry only when scraped: prom-client's own check and hash a series' labels at every inc() and
// observe(), which cost a request about 20 µs for its counter and its histogram, where a series
// looked up once costs an addition. The registry renders, and the workers' figures sum, any metric
// that answers get() with prom-client's shape ({ name, help, type, values, aggregator }).

type Labels = Record<string, string>

interface Sample {
  labels: Labels
  value: number
  metricName?: string
}

/** A counter or histogram: its series by their label values, each made once, read when scraped. */
abstract class TalliedMetric<Series extends { readonly labels: Labels }> {
  abstract readonly type: 'counter' | 'histogram'
  readonly aggregator = 'sum'
  private readonly series = new Map<string, Series>()

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
  ) {}

  /** The series of these label values, given in the order of the metric's label names. */
  of(...values: string[]): Series {
    const key = values.join('\u0000')
    let series = this.series.get(key)
    if (series === undefined) {
      if (values.length !== this.labelNames.length)
        throw new Error(`expected ${this.labelNames.length} label values, got ${values.length}`)
      series = this.newSeries(
        Object.fromEntries(this.labelNames.map((name, i) => [name, values[i] as string])),
      )
      this.series.set(key, series)
    }
    return series
  }

  async get() {
    const values = [...this.series.values()].flatMap((series) => this.samples(series))
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator }
  }

  reset(): void {
    this.series.clear()
  }

  protected abstract newSeries(labels: Labels): Series
  protected abstract samples(series: Series): Sample[]
}

/** One set of label values of a counter. */
export class CounterSeries {
  count = 0
  constructor(readonly labels: Labels) {}

  inc(): void {
    this.count++
  }
}

export class TalliedCounter extends TalliedMetric<CounterSeries> {
  readonly type = 'counter'

  constructor(name: string, help: string, labelNames: readonly string[]) {
    super(name, help, labelNames)
    // A counter without labels is one series, at 0 until counted, as Prometheus expects.
    if (labelNames.length === 0) this.of()
  }

  protected newSeries(labels: Labels): CounterSeries {
    return new CounterSeries(labels)
  }

  protected samples(series: CounterSeries): Sample[] {
    return [{ labels: series.labels, value: series.count }]
  }
}

/** One set of label values of a histogram: a count per bucket, the last for values past every bound. */
export class HistogramSeries {
  readonly bucketCounts: number[]
  sum = 0
  count = 0

  constructor(
    readonly labels: Labels,
    private readonly upperBounds: readonly number[],
  ) {
    this.bucketCounts = new Array<number>(upperBounds.length + 1).fill(0)
  }

  observe(value: number): void {
    let bucket = 0
    while (bucket < this.upperBounds.length && value > (this.upperBounds[bucket] as number)) bucket++
    this.bucketCounts[bucket] = (this.bucketCounts[bucket] as number) + 1
    this.sum += value
    this.count++
  }
}

export class TalliedHistogram extends TalliedMetric<HistogramSeries> {
  readonly type = 'histogram'

  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    private readonly upperBounds: readonly number[],
  ) {
    super(name, help, labelNames)
  }

  protected newSeries(labels: Labels): HistogramSeries {
    return new HistogramSeries(labels, this.upperBounds)
  }

  /** Prometheus's cumulative buckets (`le`), then the sum and the count. */
  protected samples(series: HistogramSeries): Sample[] {
    const bucketName = `${this.name}_bucket`
    let cumulative = 0
    const buckets = this.upperBounds.map((bound, i) => {
      cumulative += series.bucketCounts[i] as number
      return { labels: { ...series.labels, le: String(bound) }, value: cumulative, metricName: bucketName }
    })
    return [
      ...buckets,
      { labels: { ...series.labels, le: '+Inf' }, value: series.count, metricName: bucketName },
      { labels: series.labels, value: series.sum, metricName: `${this.name}_sum` },
      { labels: series.labels, value: series.count, metricName: `${this.name}_count` },
    ]
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
