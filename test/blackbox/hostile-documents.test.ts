// Hostile documents: each ends failed with a reason while the server keeps answering and its memory stays bounded.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { pdfWithText } from '../support/files.js'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { freePort } from '../support/free-port.js'
import { tenantGql } from '../support/graphql.js'
import {
  garbageAfter,
  jpegPixelBomb,
  pdfInflatingToOneGibibyte,
  pdfSlowToRead,
  pdfWithDeepNesting,
  pdfWithTenThousandPages,
  pngPixelBomb,
  truncated,
} from '../support/hostile-documents.js'
import { attachReceipt, intakeMailbox, smtpTransport } from '../support/receipts.js'
import { startServer, type TestServer } from '../support/server.js'

// The server runs in this test process, so this process's resident memory is the server's. A
// 1 GiB stream inflated in it would pass this by four times over.
const serverGrowthMaxBytes = 256 * 1024 * 1024
const healthAnswerMaxMs = 1_000
const mailSecret = 'intake-secret-for-hostile-mail-0123'

/** Polls GET /healthz until stopped, and the resident memory of this process, keeping the worst of each. */
function watch(server: TestServer) {
  let running = true
  let slowestMs = 0
  let failures = 0
  const baselineBytes = process.memoryUsage.rss()
  let peakBytes = baselineBytes
  const memory = setInterval(() => {
    peakBytes = Math.max(peakBytes, process.memoryUsage.rss())
  }, 20)
  const polling = (async () => {
    while (running) {
      const started = performance.now()
      const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) }).catch(
        () => undefined,
      )
      slowestMs = Math.max(slowestMs, performance.now() - started)
      if (response?.status !== 200) failures++
      await response?.body?.cancel()
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  return async () => {
    running = false
    await polling
    clearInterval(memory)
    return { slowestMs, failures, growthBytes: peakBytes - baselineBytes }
  }
}

/** The ids of the receipts made from these files, in their order; each name is used once. */
async function receiptIdsByFilename(server: TestServer, tenant: Tenant, names: string[]): Promise<string[]> {
  const body = await tenantGql(
    server,
    tenant,
    'query ($org: UUID!) { listReceipts(organizationId: $org, limit: 200) { items { id filename } } }',
  )
  const items = body.data?.listReceipts.items as Array<{ id: string; filename: string }>
  return names.map((name) => {
    const found = items.filter((item) => item.filename === name)
    expect(found, name).toHaveLength(1)
    return found[0]?.id as string
  })
}

type ReceiptState = { id: string; vendorName: string | null; extractionError: string | null }

/** Waits until every receipt is read or has failed; extraction runs one document at a time. */
async function settledAll(server: TestServer, tenant: Tenant, ids: string[]) {
  for (let i = 0; i < 900; i++) {
    const body = await tenantGql(
      server,
      tenant,
      'query ($org: UUID!) { listReceipts(organizationId: $org, limit: 200) { items { id vendorName extractionError } } }',
    )
    const items = body.data?.listReceipts.items as ReceiptState[]
    const byId = new Map(items.map((item) => [item.id, item]))
    const states = ids.map((id) => byId.get(id))
    if (states.every((state) => state && (state.vendorName !== null || state.extractionError !== null)))
      return states as ReceiptState[]
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the receipts were never settled')
}

type HostileDocument = { name: string; bytes: Buffer; contentType: string; reason: RegExp }

/** The hostile corpus, made here; each document with the reason its receipt must end with. */
async function hostileCorpus(good: Buffer): Promise<HostileDocument[]> {
  const pdf = 'application/pdf'
  const png = 'image/png'
  const jpeg = 'image/jpeg'
  return [
    {
      name: 'bomb.pdf',
      bytes: await pdfInflatingToOneGibibyte(),
      contentType: pdf,
      reason: /decodes to more than 64 MiB/,
    },
    {
      name: 'pages.pdf',
      bytes: pdfWithTenThousandPages(),
      contentType: pdf,
      reason: /10,000 pages; receipts may have at most 100/,
    },
    {
      name: 'nested.pdf',
      bytes: pdfWithDeepNesting(),
      contentType: pdf,
      reason: /^The PDF could not be read/,
    },
    {
      name: 'bomb.png',
      bytes: pngPixelBomb(),
      contentType: png,
      reason: /too large to read \(100000x100000 pixels/,
    },
    {
      name: 'bomb.jpg',
      bytes: jpegPixelBomb(),
      contentType: jpeg,
      reason: /too large to read \(65535x65535 pixels/,
    },
    { name: 'truncated.pdf', bytes: truncated(good), contentType: pdf, reason: /^The PDF could not be read/ },
    {
      name: 'garbage.pdf',
      bytes: garbageAfter('%PDF-1.4\n'),
      contentType: pdf,
      reason: /^The PDF could not be read/,
    },
    {
      name: 'garbage.png',
      bytes: garbageAfter('\x89PNG\r\n\x1a\n'),
      contentType: png,
      reason: /PNG image is damaged/,
    },
    {
      name: 'garbage.jpg',
      bytes: garbageAfter('\xff\xd8\xff'),
      contentType: jpeg,
      reason: /JPEG image is damaged/,
    },
    // Under the cap on decoded size but heavy to read: a cap on the reading process (its
    // memory or its time) ends it, and the next document gets a new one.
    {
      name: 'slow.pdf',
      bytes: pdfSlowToRead(),
      contentType: pdf,
      reason: /^Reading the document (needed more than \d+ MiB of memory|took longer than \d+ s)/,
    },
  ]
}

// Long enough for the good receipt when the reading process, which runs at a lower priority,
// shares a busy machine with other test files; short enough that the slow document's cut comes soon.
const readingTimeoutMs = 15_000

/** Every hostile receipt failed with its reason, and the good one after them was read. */
function expectSettled(corpus: HostileDocument[], states: ReceiptState[]) {
  corpus.forEach((document, index) => {
    expect(states[index], document.name).toMatchObject({
      vendorName: null,
      extractionError: expect.stringMatching(document.reason),
    })
  })
  // Read by the reading process that replaced the one the slow document ended.
  expect(states.at(-1)).toMatchObject({ vendorName: 'Corner Cafe', extractionError: null })
}

function expectHealthy(health: { slowestMs: number; failures: number; growthBytes: number }) {
  expect(health.failures).toBe(0)
  expect(health.slowestMs).toBeLessThan(healthAnswerMaxMs)
  expect(health.growthBytes).toBeLessThan(serverGrowthMaxBytes)
}

describe('hostile documents', () => {
  it('uploaded, each fails with its reason; /healthz answers within 1 s throughout and memory stays bounded', {
    timeout: 300_000,
  }, async () => {
    const good = await pdfWithText(['Corner Cafe', '2026-03-02', 'Total $18.40'])
    const corpus = await hostileCorpus(good)
    const server = await startServer({ env: { EXTRACTION_TIMEOUT_MS: String(readingTimeoutMs) } })
    try {
      const tenant = await createTenant(server)
      const stop = watch(server)
      const ids: string[] = []
      for (const document of corpus)
        ids.push(await attachReceipt(server, tenant, document.name, document.bytes))
      const goodId = await attachReceipt(server, tenant, 'good.pdf', good)
      const states = await settledAll(server, tenant, [...ids, goodId])
      const health = await stop()

      expectSettled(corpus, states)
      const failed = await tenantGql(
        server,
        tenant,
        'query ($org: UUID!) { listReceipts(organizationId: $org, extractionFailed: true, limit: 200) { totalCount } }',
      )
      expect(failed.data?.listReceipts.totalCount).toBe(corpus.length)
      expectHealthy(health)
    } finally {
      await server.close()
    }
  })

  it('mailed to an intake address, each fails with its reason, and SMTP and /healthz keep answering', {
    timeout: 300_000,
  }, async () => {
    const good = await pdfWithText(['Corner Cafe', '2026-03-02', 'Total $18.40'])
    const corpus = await hostileCorpus(good)
    const smtpPort = await freePort()
    const server = await startServer({
      env: {
        EXTRACTION_TIMEOUT_MS: String(readingTimeoutMs),
        SMTP_PORT: String(smtpPort),
        INTAKE_WEBHOOK_SECRET: mailSecret,
      },
    })
    try {
      const tenant = await createTenant(server)
      const mailbox = await intakeMailbox(server, tenant, 'hostile')
      const transport = smtpTransport(smtpPort)
      const stop = watch(server)
      const mailed = [...corpus, { name: 'good.pdf', bytes: good, contentType: 'application/pdf' }]
      for (const document of mailed) {
        const sent = await transport.sendMail({
          from: 'shop@example.com',
          to: mailbox,
          subject: document.name,
          text: 'receipt attached',
          attachments: [
            { filename: document.name, content: document.bytes, contentType: document.contentType },
          ],
        })
        expect(sent.response, document.name).toMatch(/^250/)
      }
      const ids = await receiptIdsByFilename(
        server,
        tenant,
        mailed.map((document) => document.name),
      )
      const states = await settledAll(server, tenant, ids)
      const health = await stop()
      transport.close()
      expectSettled(corpus, states)
      expectHealthy(health)
    } finally {
      await server.close()
    }
  })

  it('a restart fails, without running it, a job that stopped the process on its last attempt, and reads the rest', {
    timeout: 300_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-restart-'))
    const good = await pdfWithText(['Corner Cafe', '2026-03-02', 'Total $18.40'])
    try {
      const first = await startServer({ dataDir, env: { JOB_WORKER: 'off' } })
      const tenant = await createTenant(first)
      const crashedId = await attachReceipt(first, tenant, 'crashed.pdf', good)
      const bombId = await attachReceipt(first, tenant, 'bomb.pdf', await pdfInflatingToOneGibibyte())
      const goodId = await attachReceipt(first, tenant, 'good.pdf', good)
      // As the database looks after a process died reading this document on its third and
      // last attempt: claimed (the attempt counted), under a lease that has run out.
      await first.app.core.database.db
        .updateTable('jobs')
        .set({ status: 'running', attempts: 3, locked_until: '2000-01-01T00:00:00.000Z' })
        .where('organization_id', '=', tenant.organizationId)
        .where('subject_id', '=', crashedId)
        .execute()
      await first.close()

      const second = await startServer({ dataDir })
      try {
        const stop = watch(second)
        const [crashed, bomb, read] = await settledAll(second, tenant, [crashedId, bombId, goodId])
        const health = await stop()
        expect(crashed).toMatchObject({
          vendorName: null,
          extractionError: expect.stringMatching(
            /process stopped while this job ran, on its last attempt of 3/,
          ),
        })
        expect(bomb?.extractionError).toMatch(/decodes to more than 64 MiB/)
        expect(read).toMatchObject({ vendorName: 'Corner Cafe', extractionError: null })
        expect(health.failures).toBe(0)
        expect(health.slowestMs).toBeLessThan(healthAnswerMaxMs)
        expect(health.growthBytes).toBeLessThan(serverGrowthMaxBytes)
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
