// Prometheus text exposition for GET /metrics: request counts and latencies per operation,
// quota rejections, and a gauge read at scrape time (the job queue's depth). Small enough to keep
// in-house. Every request updates a counter and a histogram, so the request path only joins label
// values into a key and bumps numbers; label text is escaped and histograms made cumulative when
// /metrics is scraped.

const latencyBucketsSeconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const escapeLabelValue = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')

function labelText(names: readonly string[], values: readonly string[], extra = ''): string {
  const pairs = names.map((name, i) => `${name}="${escapeLabelValue(values[i] ?? '')}"`)
  if (extra) pairs.push(extra)
  return pairs.length ? `{${pairs.join(',')}}` : ''
}

// A separator no label value can hold unescaped, so distinct value lists never share a key.
const keyOf = (values: readonly string[]) => values.join('\u0000')

abstract class Family<Entry> {
  protected readonly series = new Map<string, { values: readonly string[]; entry: Entry }>()

  constructor(
    readonly name: string,
    readonly help: string,
    protected readonly labelNames: readonly string[],
  ) {}

  protected entryFor(values: readonly string[], create: () => Entry): Entry {
    const key = keyOf(values)
    let found = this.series.get(key)
    if (!found) {
      found = { values, entry: create() }
      this.series.set(key, found)
    }
    return found.entry
  }

  abstract render(lines: string[]): void
}

export class Counter extends Family<{ value: number }> {
  inc(...values: string[]): void {
    this.entryFor(values, () => ({ value: 0 })).value++
  }

  render(lines: string[]): void {
    lines.push(`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`)
    for (const { values, entry } of this.series.values()) {
      lines.push(`${this.name}${labelText(this.labelNames, values)} ${entry.value}`)
    }
  }
}

interface HistogramEntry {
  /** Observations per bucket, not cumulative: one increment per observation. */
  perBucket: number[]
  count: number
  sum: number
}

export class Histogram extends Family<HistogramEntry> {
  observe(seconds: number, ...values: string[]): void {
    const entry = this.entryFor(values, () => ({
      perBucket: latencyBucketsSeconds.map(() => 0),
      count: 0,
      sum: 0,
    }))
    let i = 0
    while (i < latencyBucketsSeconds.length && seconds > (latencyBucketsSeconds[i] as number)) i++
    if (i < latencyBucketsSeconds.length) entry.perBucket[i] = (entry.perBucket[i] as number) + 1
    entry.count++
    entry.sum += seconds
  }

  render(lines: string[]): void {
    lines.push(`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`)
    for (const { values, entry } of this.series.values()) {
      let cumulative = 0
      latencyBucketsSeconds.forEach((le, i) => {
        cumulative += entry.perBucket[i] ?? 0
        lines.push(`${this.name}_bucket${labelText(this.labelNames, values, `le="${le}"`)} ${cumulative}`)
      })
      lines.push(
        `${this.name}_bucket${labelText(this.labelNames, values, 'le="+Inf"')} ${entry.count}`,
        `${this.name}_sum${labelText(this.labelNames, values)} ${entry.sum}`,
        `${this.name}_count${labelText(this.labelNames, values)} ${entry.count}`,
      )
    }
  }
}

export class Metrics {
  private readonly families: Array<{ render(lines: string[]): void }> = []
  private readonly gauges: { name: string; help: string; read: () => Promise<number> }[] = []

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    const counter = new Counter(name, help, labelNames)
    this.families.push(counter)
    return counter
  }

  histogram(name: string, help: string, labelNames: readonly string[]): Histogram {
    const histogram = new Histogram(name, help, labelNames)
    this.families.push(histogram)
    return histogram
  }

  gauge(name: string, help: string, read: () => Promise<number>): void {
    this.gauges.push({ name, help, read })
  }

  async render(): Promise<string> {
    const lines: string[] = []
    for (const family of this.families) family.render(lines)
    for (const { name, help, read } of this.gauges) {
      let value = Number.NaN
      try {
        value = await read()
      } catch {
        // An unreadable gauge is reported as NaN rather than failing the scrape.
      }
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${value}`)
    }
    return `${lines.join('\n')}\n`
  }
}
