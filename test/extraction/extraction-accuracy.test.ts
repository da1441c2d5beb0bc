// The server's document reader keeps the accuracy measured on the generated corpus, for text, HTML, PDF and image receipts alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CorpusKind,
  type CorpusOutcome,
  corpus,
  corpusKinds,
  documentReader,
  type KindReport,
  measureCorpus,
} from '../support/receipt-corpus.js'

// Floors from scripts/measure-extraction.ts runs (docs/receipt-extraction.md). Text, HTML and PDF
// are deterministic and measured 26/26 on every field. Images, read by the engine Daybook ships
// (PaddleOCR, chosen on real scans), measured 19/26 vendors (it drops the spaces of tightly set
// capitals, "COSTCOWHOLESALE", and the accents of "Montréal"), 21/26 totals (an amount column it
// pairs with the line below, a euro sign it cannot read) and 26/26 dates; their floors leave room
// for two more misses, as OCR output can differ between CPUs.
const floors: Record<CorpusKind, { vendor: number; total: number; date: number }> = {
  text: { vendor: 1, total: 1, date: 1 },
  html: { vendor: 1, total: 1, date: 1 },
  pdf: { vendor: 1, total: 1, date: 1 },
  image: { vendor: 0.65, total: 0.73, date: 0.92 },
}
const overallFloors = { vendor: 0.8, total: 0.9, date: 0.9 }

function misses(outcomes: CorpusOutcome[], field: 'vendor' | 'total' | 'date'): string {
  const wrong = outcomes.filter((outcome) => !outcome[field])
  const shown = (outcome: CorpusOutcome) => {
    const result = outcome.result
    if ('code' in result) return `${result.code}: ${result.message}`
    if (field === 'vendor') return String(result.vendorName)
    if (field === 'total') return `${result.amountMinor} ${result.currency}`
    return String(result.receiptDate)
  }
  return wrong.map((outcome) => `${outcome.kind}/${outcome.id}: got ${shown(outcome)}`).join('; ')
}

describe('extraction accuracy on the generated corpus', () => {
  let reader: Awaited<ReturnType<typeof documentReader>> | undefined
  let reports: KindReport[] = []

  beforeAll(async () => {
    reader = await documentReader()
    reports = await measureCorpus(reader.read, corpusKinds)
  }, 240_000)

  afterAll(async () => {
    await reader?.close()
  })

  it('has at least 20 receipts in every kind', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20)
    for (const report of reports) expect(report.outcomes).toHaveLength(corpus.length)
  })

  it.each(corpusKinds)('%s meets its floors', (kind) => {
    const report = reports.find((candidate) => candidate.kind === kind)
    if (!report) throw new Error(`No report for ${kind}.`)
    for (const field of ['vendor', 'total', 'date'] as const) {
      expect(report[field], `${kind} ${field}: ${misses(report.outcomes, field)}`).toBeGreaterThanOrEqual(
        floors[kind][field],
      )
      expect(report[field]).toBeGreaterThan(0)
    }
  })

  it('meets the overall floors', () => {
    const outcomes = reports.flatMap((report) => report.outcomes)
    for (const field of ['vendor', 'total', 'date'] as const) {
      const share = outcomes.filter((outcome) => outcome[field]).length / outcomes.length
      expect(share, `${field}: ${misses(outcomes, field)}`).toBeGreaterThanOrEqual(overallFloors[field])
    }
  })
})
