// Prometheus text exposition for GET /metrics: request counts and latencies per operation,
// quota rejections, and a gauge read at scrape time (the job queue's depth). Small enough to keep
// in-house: counters and fixed-bucket histograms keyed by label sets.

const latencyBucketsSeconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

type Labels = Record<string, string>

const labelText = (labels: Labels) => {
  const pairs = Object.entries(labels).map(
    ([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`,
  )
  return pairs.length ? `{${pairs.join(',')}}` : ''
}

interface Histogram {
  labels: Labels
  buckets: number[]
  count: number
  sum: number
}

export class Metrics {
  private readonly counters = new Map<string, Map<string, { labels: Labels; value: number }>>()
  private readonly histograms = new Map<string, Map<string, Histogram>>()
  private readonly help = new Map<string, string>()
  private readonly gauges = new Map<string, () => Promise<number>>()

  count(name: string, help: string, labels: Labels = {}, by = 1): void {
    this.help.set(name, help)
    const series = this.counters.get(name) ?? new Map()
    this.counters.set(name, series)
    const key = labelText(labels)
    const entry = series.get(key) ?? { labels, value: 0 }
    entry.value += by
    series.set(key, entry)
  }

  observe(name: string, help: string, labels: Labels, seconds: number): void {
    this.help.set(name, help)
    const series = this.histograms.get(name) ?? new Map()
    this.histograms.set(name, series)
    const key = labelText(labels)
    const entry = series.get(key) ?? { labels, buckets: latencyBucketsSeconds.map(() => 0), count: 0, sum: 0 }
    latencyBucketsSeconds.forEach((le, i) => {
      if (seconds <= le) entry.buckets[i] = (entry.buckets[i] ?? 0) + 1
    })
    entry.count++
    entry.sum += seconds
    series.set(key, entry)
  }

  gauge(name: string, help: string, read: () => Promise<number>): void {
    this.help.set(name, help)
    this.gauges.set(name, read)
  }

  async render(): Promise<string> {
    const lines: string[] = []
    for (const [name, series] of this.counters) {
      lines.push(`# HELP ${name} ${this.help.get(name)}`, `# TYPE ${name} counter`)
      for (const { labels, value } of series.values()) lines.push(`${name}${labelText(labels)} ${value}`)
    }
    for (const [name, series] of this.histograms) {
      lines.push(`# HELP ${name} ${this.help.get(name)}`, `# TYPE ${name} histogram`)
      for (const h of series.values()) {
        latencyBucketsSeconds.forEach((le, i) => {
          lines.push(`${name}_bucket${labelText({ ...h.labels, le: String(le) })} ${h.buckets[i]}`)
        })
        lines.push(`${name}_bucket${labelText({ ...h.labels, le: '+Inf' })} ${h.count}`)
        lines.push(
          `${name}_sum${labelText(h.labels)} ${h.sum}`,
          `${name}_count${labelText(h.labels)} ${h.count}`,
        )
      }
    }
    for (const [name, read] of this.gauges) {
      let value = Number.NaN
      try {
        value = await read()
      } catch {
        // An unreadable gauge is reported as NaN rather than failing the scrape.
      }
      lines.push(`# HELP ${name} ${this.help.get(name)}`, `# TYPE ${name} gauge`, `${name} ${value}`)
    }
    return `${lines.join('\n')}\n`
  }
}
