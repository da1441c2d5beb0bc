import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { benchFoundation } from './foundation.js'
import { type Figure, postgresAvailable } from './harness.js'

// `npm run bench`: every figure of the issues in one run, each beside its baseline as a ratio,
// written to docs/benchmarks.md. PostgreSQL figures need BENCH_DATABASE_URL (or DATABASE_URL).
const engines: Array<'sqlite' | 'postgres'> = postgresAvailable() ? ['sqlite', 'postgres'] : ['sqlite']
const sections: Array<(engine: 'sqlite' | 'postgres') => Promise<Figure[]>> = [benchFoundation]

const figures: Figure[] = []
for (const section of sections) {
  for (const engine of engines) {
    const results = await section(engine)
    for (const figure of results) {
      console.log(
        `${figure.section} [${engine}] ${figure.name}: ${figure.value.toFixed(1)} ${figure.unit} (ratio ${figure.ratio.toFixed(2)})`,
      )
    }
    figures.push(...results)
  }
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
const lines = [
  '# Benchmarks',
  '',
  'Written by `npm run bench`; do not edit by hand. Every figure stands beside its baseline, measured',
  'in the same run on the same machine, and the ratio is what the targets speak of.',
  '',
  `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, ${os.type()} ${os.release()}, Node.js ${process.version}.`,
  `Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Engines: ${engines.join(', ')}.`,
  'Load generator: autocannon in a separate process on the same machine (2 s warm-up, then 10 s).',
  '',
  '| section | figure | engine | value | baseline | ratio | target | notes |',
  '|---|---|---|---|---|---|---|---|',
  ...figures.map(
    (f) =>
      `| ${f.section} | ${f.name} | ${f.engine} | ${f.value.toFixed(1)} ${f.unit} | ${f.baseline.toFixed(1)} ${f.unit} (${f.baselineName}) | ${f.ratio.toFixed(2)} | ${f.target} | ${f.extra ?? ''} |`,
  ),
  '',
]
writeFileSync('docs/benchmarks.md', lines.join('\n'))
console.log('wrote docs/benchmarks.md')
process.exit(0)
