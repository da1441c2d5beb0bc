// No tenant's documents stall another's: PDF bombs written past a naive pre-check are refused, and organizations take turns at the reader.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { pdfWithText } from '../support/files.js'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { freePort } from '../support/free-port.js'
import { tenantGql } from '../support/graphql.js'
import { deflatedGibibyte, pdfBombsPastAPreCheck } from '../support/hostile-documents.js'
import { attachReceipt, intakeMailbox, smtpTransport } from '../support/receipts.js'
import { startServer, type TestServer } from '../support/server.js'

// What another tenant's ordinary receipt may wait while the bombs are in the queue (issue 52).
const ordinaryReceiptWaitMaxMs = 5_000

type ReceiptState = {
  id: string
  filename: string
  vendorName: string | null
  extractionError: string | null
}

async function receipts(server: TestServer, tenant: Tenant): Promise<ReceiptState[]> {
  const body = await tenantGql(
    server,
    tenant,
    'query ($org: UUID!) { listReceipts(organizationId: $org, limit: 200) { items { id filename vendorName extractionError } } }',
  )
  return body.data?.listReceipts.items as ReceiptState[]
}

const settled = (state: ReceiptState | undefined) =>
  state !== undefined && (state.vendorName !== null || state.extractionError !== null)

/** Waits until every receipt named is read or has failed. */
async function settledAll(
  server: TestServer,
  tenant: Tenant,
  which: (state: ReceiptState) => boolean,
  count: number,
): Promise<ReceiptState[]> {
  for (let i = 0; i < 1_500; i++) {
    const states = (await receipts(server, tenant)).filter(which)
    if (states.length === count && states.every(settled)) return states
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the receipts were never settled')
}

const ordinary = (vendor: string) => pdfWithText([vendor, '2026-03-02', 'Total $18.40'])

describe('documents of one tenant and another', () => {
  it('one mail of four PDF bombs written past a naive pre-check: each refused, and another tenant’s receipt reads within 5 s', {
    timeout: 300_000,
  }, async () => {
    const smtpPort = await freePort()
    const server = await startServer({ env: { SMTP_PORT: String(smtpPort) } })
    const bombs = pdfBombsPastAPreCheck(await deflatedGibibyte())
    try {
      const mailer = await createTenant(server)
      const neighbour = await createTenant(server)
      const mailerBox = await intakeMailbox(server, mailer, 'inbox')
      const neighbourBox = await intakeMailbox(server, neighbour, 'inbox')
      const transport = smtpTransport(smtpPort)
      const mail = async (to: string, attachments: Array<{ name: string; bytes: Buffer }>) => {
        const sent = await transport.sendMail({
          from: 'anyone@example.net',
          to,
          subject: 'receipts',
          text: 'receipts attached',
          attachments: attachments.map((file) => ({
            filename: file.name,
            content: file.bytes,
            contentType: 'application/pdf',
          })),
        })
        expect(sent.response).toMatch(/^250/)
      }
      try {
        // The reader has read a receipt before: what is measured is the wait, not its first start.
        await mail(neighbourBox, [{ name: 'warm.pdf', bytes: await ordinary('Warm Bakery') }])
        await settledAll(server, neighbour, (state) => state.filename === 'warm.pdf', 1)

        await mail(mailerBox, bombs)
        const good = await ordinary('Corner Cafe')
        const started = performance.now()
        await mail(neighbourBox, [{ name: 'good.pdf', bytes: good }])
        const [read] = await settledAll(server, neighbour, (state) => state.filename === 'good.pdf', 1)
        const waitedMs = performance.now() - started
        expect(read).toMatchObject({ vendorName: 'Corner Cafe', extractionError: null })
        expect(waitedMs).toBeLessThan(ordinaryReceiptWaitMaxMs)
      } finally {
        transport.close()
      }

      const refused = await settledAll(server, mailer, () => true, bombs.length)
      for (const bomb of bombs) {
        expect(
          refused.find((state) => state.filename === bomb.name),
          bomb.name,
        ).toMatchObject({
          vendorName: null,
          extractionError: expect.stringMatching(/decodes to more than 64 MiB/),
        })
      }
    } finally {
      await server.close()
    }
  })

  it('takes organizations in turn: one receipt queued behind another organization’s many is read second at the latest', {
    timeout: 300_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-fair-'))
    const many = 8
    try {
      const first = await startServer({ dataDir, env: { JOB_WORKER: 'off' } })
      const busy = await createTenant(first)
      const quiet = await createTenant(first)
      for (let i = 0; i < many; i++)
        await attachReceipt(first, busy, `busy-${i}.pdf`, await ordinary(`Busy Shop ${i}`), 'application/pdf')
      await attachReceipt(first, quiet, 'quiet.pdf', await ordinary('Quiet Shop'), 'application/pdf')
      await first.close()

      const second = await startServer({ dataDir })
      try {
        await settledAll(second, busy, () => true, many)
        await settledAll(second, quiet, () => true, 1)
        const finished = async (tenant: Tenant) =>
          (
            await second.app.core.database.db
              .selectFrom('jobs')
              .select('updated_at')
              .where('organization_id', '=', tenant.organizationId)
              .where('kind', '=', 'extract_receipt')
              .where('status', '=', 'done')
              .execute()
          ).map((row) => row.updated_at)
        const busyDone = await finished(busy)
        const [quietDone] = await finished(quiet)
        expect(busyDone).toHaveLength(many)
        expect(busyDone.filter((at) => at < (quietDone as string)).length).toBeLessThanOrEqual(1)
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
