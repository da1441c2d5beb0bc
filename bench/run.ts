import { readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { benchAccess } from './access.js'
import { benchAudit } from './audit.js'
import { benchBankImport } from './bank-import.js'
import { benchExtraction } from './extraction.js'
import { benchFoundation } from './foundation.js'
import { type Figure, postgresAvailable } from './harness.js'
import { benchInvoices } from './invoices.js'
import { benchLedger } from './ledger.js'
import { benchPeer } from './peer.js'
import { benchProcessorImport } from './processor-import.js'
import { benchReports } from './reports.js'
import { benchRules } from './rules.js'
import { benchWebApp } from './web-app.js'
import { benchWebhooks } from './webhooks.js'

// `npm run bench`: every figure of the issues in one run, each beside its baseline as a ratio,
// written to docs/benchmarks.md. PostgreSQL figures need BENCH_DATABASE_URL (or DATABASE_URL).
// BENCH_ENGINES=postgres reruns one engine; by default SQLite, and PostgreSQL when a server is named.
const availableEngines: Array<'sqlite' | 'postgres'> = postgresAvailable()
  ? ['sqlite', 'postgres']
  : ['sqlite']
const engines = process.env.BENCH_ENGINES
  ? process.env.BENCH_ENGINES.split(',').map((name) => {
      const engine = availableEngines.find((e) => e === name.trim())
      if (!engine)
        throw new Error(`BENCH_ENGINES: ${name} is not available; available: ${availableEngines.join(', ')}`)
      return engine
    })
  : availableEngines
const allSections: Record<
  string,
  { title: string; run: (engine: 'sqlite' | 'postgres') => Promise<Figure[]> }
> = {
  foundation: { title: 'Foundation', run: benchFoundation },
  ledger: { title: 'Ledger', run: benchLedger },
  'bank-import': { title: 'Bank import', run: benchBankImport },
  rules: { title: 'Rules', run: benchRules },
  reports: { title: 'Reports', run: benchReports },
  audit: { title: 'Audit', run: benchAudit },
  webhooks: { title: 'Webhooks', run: benchWebhooks },
  'processor-import': { title: 'Processor import', run: (engine) => benchProcessorImport(engine) },
  extraction: { title: 'Extraction', run: benchExtraction },
  peer: { title: 'Peer', run: benchPeer },
  'web-app': { title: 'Web app', run: benchWebApp },
  access: { title: 'Access', run: benchAccess },
  invoices: { title: 'Invoices', run: benchInvoices },
}
// BENCH_SECTIONS=reports,ledger reruns only those sections; the other rows of the file stay.
const chosen = (process.env.BENCH_SECTIONS ?? Object.keys(allSections).join(','))
  .split(',')
  .map((s) => s.trim())
const sections = chosen.map((name) => {
  const section = allSections[name]
  if (!section)
    throw new Error(`unknown bench section ${name}; known: ${Object.keys(allSections).join(', ')}`)
  return section
})

const runStarted = performance.now()
const loadAtStart = os.loadavg()[0] ?? 0
const figures: Figure[] = []
for (const section of sections) {
  for (const engine of engines) {
    const results = await section.run(engine)
    for (const figure of results) {
      console.log(
        `${figure.section} [${engine}] ${figure.name}: ${figure.value.toFixed(1)} ${figure.unit} (ratio ${figure.ratio.toFixed(2)})`,
      )
    }
    figures.push(...results)
  }
}

// Rows of sections (or engines) not rerun this time are kept from the previous file, each with its
// own notes; a section's figures may carry another section's name (reports measures a journal entry).
const rerun = new Set([
  ...sections.flatMap((s) => engines.map((engine) => `${s.title}|${engine}`)),
  ...figures.map((f) => `${f.section}|${f.engine}`),
])
let previous = ''
try {
  previous = readFileSync('docs/benchmarks.md', 'utf8')
} catch {
  previous = ''
}
const keptRows = previous
  .split('\n')
  .filter(
    (line) =>
      /^\| [A-Z]/.test(line) &&
      !line.startsWith('| section') &&
      !rerun.has(`${line.split('|')[1]?.trim()}|${line.split('|')[3]?.trim()}`),
  )
const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
const lines = [
  '# Benchmarks',
  '',
  'Written by `npm run bench`; do not edit by hand. Every figure stands beside its baseline, measured',
  'in the same run on the same machine, and the ratio is what the targets speak of. Rows whose target',
  'reads "bound" measure the least that anything serving the same request must do on this machine',
  '(docs/decisions/0012-throughput-bounds.md).',
  '',
  `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, ${os.type()} ${os.release()}, Node.js ${process.version}.`,
  `Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Engines: ${engines.join(', ')}. Sections run: ${chosen.join(', ')} (rows of other sections are from earlier runs).`,
  'Load generator: autocannon in the bench process; the server and every baseline server run in processes of',
  'their own on the same machine, Daybook logging at info to a file. Rates: 2 s warm-up, then 10 s (the',
  'foundation servers take turns in rounds); confirms and imports are timed batches (see notes).',
  `Whole run: ${((performance.now() - runStarted) / 60_000).toFixed(1)} min, seeding included. One-minute load average at the start ${loadAtStart.toFixed(1)}, at the end ${(os.loadavg()[0] ?? 0).toFixed(1)}: other work on the machine lowers the figures.`,
  '',
  '| section | figure | engine | value | baseline | ratio | target | notes |',
  '|---|---|---|---|---|---|---|---|',
  ...keptRows,
  ...figures.map(
    (f) =>
      `| ${f.section} | ${f.name} | ${f.engine} | ${f.value.toFixed(1)} ${f.unit} | ${f.baseline.toFixed(1)} ${f.unit} (${f.baselineName}) | ${f.ratio.toFixed(2)} | ${f.target} | ${f.extra ?? ''} |`,
  ),
  '',
]
writeFileSync('docs/benchmarks.md', lines.join('\n'))
console.log('wrote docs/benchmarks.md')
process.exit(0)
