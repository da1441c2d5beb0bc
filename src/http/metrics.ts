import { Counter, Gauge, Histogram, Registry } from 'prom-client'

// GET /metrics on prom-client: request counts and latencies per operation, quota rejections, and
// gauges read at scrape time (the job queue's depth). Each server has a registry of its own, never
// prom-client's global one, so several servers in one process (the tests) keep apart.

const latencyBucketsSeconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export class Metrics {
  private readonly registry = new Registry()
  /** The Prometheus text exposition format the scrape answers in. */
  readonly contentType = this.registry.contentType

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
    return this.registry.metrics()
  }
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
