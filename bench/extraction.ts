import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  disposeEngine,
  type Figure,
  freshEngine,
  graphqlRequest,
  type LoadResult,
  loadRequests,
  type RunningServer,
  startDaybook,
} from './harness.js'
import { type BenchOrg, createOrgs, ledgerEvents, seedEvents } from './seed.js'

// Issue: reading documents never holds up the requests of other tenants. The latency of
// listLedgerEvents with no extraction running, then while 10 large receipts are being read; the
// ratio is the first over the second.

const run = promisify(execFile)
const receiptCount = 10
const eventCount = 20_000
const connections = 8
const durationSeconds = 10

const listQuery = `query List($organizationId: UUID!, $limit: Int) {
  listLedgerEvents(organizationId: $organizationId, status: ["needs_review"], sortBy: "transactionDate", limit: $limit) {
    totalCount items { id merchantName functionalAmount transactionDate status hasDocument }
  }
}`

const attachMutation = `mutation Attach($organizationId: UUID!, $eventId: UUID!, $s3Key: String!) {
  attachReceiptToEvent(organizationId: $organizationId, eventId: $eventId, s3Key: $s3Key) { success receiptId errorCode }
}`

const receiptsQuery = `query Receipts($organizationId: UUID!) {
  listReceipts(organizationId: $organizationId, limit: 100) { items { id status extractionError } }
}`

/** A page-sized scan of a long till slip: 3307 x 4677 pixels (A4 at 400 dpi), noise and a slight skew. */
async function renderLargeReceipt(directory: string, index: number): Promise<string> {
  const lines = [
    `STORE ${index + 1} HARDWARE`,
    '123 MAIN STREET',
    `2025-06-${String(10 + index).padStart(2, '0')}`,
  ]
  for (let item = 0; item < 40; item++)
    lines.push(`ITEM ${item + 1} WIDGET ${index}-${item}   ${(item + 3).toFixed(2)}`)
  lines.push('SUBTOTAL   900.00', 'GST 5%   45.00', 'TOTAL   945.00')
  const file = path.join(directory, `receipt-${index}.jpg`)
  // biome-ignore format: one ImageMagick command line
  await run('convert', [
    '-size', '3307x4677', 'xc:white', '-font', 'DejaVu-Sans-Mono', '-pointsize', '64', '-fill', '#222222',
    '-annotate', '+120+160', lines.join('\n'), '-attenuate', '0.5', '+noise', 'Gaussian', '-rotate', '1.5',
    '-quality', '85', file,
  ])
  return file
}

async function upload(server: RunningServer, org: BenchOrg, file: string): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([readFileSync(file)], { type: 'image/jpeg' }), path.basename(file))
  const response = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${org.key}` },
    body: form,
  })
  if (response.status !== 201)
    throw new Error(`POST /uploads answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { s3Key: string }).s3Key
}

async function receiptsStillDraft(server: RunningServer, org: BenchOrg): Promise<number> {
  const answer = await graphqlRequest<{
    data?: { listReceipts: { items: Array<{ status: string; extractionError: string | null }> } }
  }>(
    server.url,
    { query: receiptsQuery, variables: { organizationId: org.id } },
    { authorization: `Bearer ${org.key}` },
  )
  const items = answer.data?.listReceipts.items ?? []
  return items.filter((item) => item.status === 'draft' && item.extractionError === null).length
}

function describe(result: LoadResult): string {
  return `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.requestsPerSecond.toFixed(0)} req/s`
}

export async function benchExtraction(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await freshEngine(engine)
  const directory = mkdtempSync(path.join(tmpdir(), 'daybook-bench-receipts-'))
  try {
    const [org] = await createOrgs(target, ['Extraction Org'])
    if (!org) throw new Error('the organization was not created')
    const events = [...ledgerEvents(org, receiptCount, 78)]
    await seedEvents(target, [{ org, count: eventCount, seed: 77, extra: events }])
    const files = await Promise.all(
      Array.from({ length: receiptCount }, (_, i) => renderLargeReceipt(directory, i)),
    )
    const daybook = await startDaybook(target)
    try {
      const requests = [
        {
          body: { query: listQuery, variables: { organizationId: org.id, limit: 25 } },
          headers: { authorization: `Bearer ${org.key}` },
        },
      ]
      const verifyBody = (body: string) => body.includes('"totalCount"')
      const quiet = await loadRequests({
        url: daybook.url,
        requests,
        connections,
        durationSeconds,
        verifyBody,
      })

      const keys = []
      for (const file of files) keys.push(await upload(daybook, org, file))
      const started = performance.now()
      for (const [i, s3Key] of keys.entries()) {
        const answer = await graphqlRequest<{ data?: { attachReceiptToEvent: { success: boolean } } }>(
          daybook.url,
          { query: attachMutation, variables: { organizationId: org.id, eventId: events[i]?.id, s3Key } },
          { authorization: `Bearer ${org.key}` },
        )
        if (!answer.data?.attachReceiptToEvent.success) {
          throw new Error(`attachReceiptToEvent failed: ${JSON.stringify(answer).slice(0, 300)}`)
        }
      }
      const busy = await loadRequests({
        url: daybook.url,
        requests,
        connections,
        durationSeconds,
        verifyBody,
      })
      const draftAfter = await receiptsStillDraft(daybook, org)
      let draft = draftAfter
      while (draft > 0 && performance.now() - started < 600_000) {
        await new Promise((resolve) => setTimeout(resolve, 1000))
        draft = await receiptsStillDraft(daybook, org)
      }
      const extractionSeconds = (performance.now() - started) / 1000
      const errors =
        quiet.errors + quiet.non2xx + quiet.mismatches + busy.errors + busy.non2xx + busy.mismatches
      return [
        {
          section: 'Extraction',
          name: `listLedgerEvents (needs_review, limit 25, with totalCount) p50 latency while ${receiptCount} large receipts are read, ${connections} connections`,
          engine,
          value: busy.p50Ms,
          unit: 'ms',
          baselineName: 'the same page with no extraction running',
          baseline: quiet.p50Ms,
          ratio: quiet.p50Ms / Math.max(busy.p50Ms, 0.001),
          target: '>= 0.8',
          extra: `while reading: ${describe(busy)}; quiet: ${describe(quiet)}; ${receiptCount} JPEG scans of 3307 x 4677 pixels (${(files.reduce((sum, file) => sum + readFileSync(file).length, 0) / receiptCount / 1e6).toFixed(1)} MB each) attached over GraphQL; ${receiptCount - draftAfter} of them read by the end of the ${durationSeconds} s window, all ${draft === 0 ? '' : 'but not '}finished after ${extractionSeconds.toFixed(0)} s; ${eventCount.toLocaleString('en-US')} events in the organization${errors > 0 ? `; ${errors} failed requests` : ''}`,
        },
      ]
    } finally {
      await daybook.stop()
    }
  } finally {
    rmSync(directory, { recursive: true, force: true })
    await disposeEngine(target)
  }
}
