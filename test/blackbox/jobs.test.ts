// Background jobs that can be seen: a failing extraction is retried, then fails on the receipt, and an operator can retry it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Clock } from '../../src/kernel/clock.js'
import { json, operatorCli } from '../support/cli.js'
import { multipart, pdfWithText } from '../support/files.js'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-jobs-'))
let server: TestServer

/** The system clock, moved forward on demand, so the backoff between attempts passes at once. */
function steppingClock(): Clock & { advance(ms: number): void } {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms
    },
  }
}
const clock = steppingClock()

/** The operator CLI from the sources, on the server's data, as an operator beside it would run it. */
const daybook = operatorCli(dataDir, { fromSources: true })

beforeAll(async () => {
  server = await startServer({ dataDir, clock })
})
afterAll(async () => {
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function gql(tenant: Tenant, query: string, variables: Record<string, unknown> = {}) {
  return (await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)).body
}

interface ReceiptState {
  id: string
  status: string
  vendorName: string | null
  amount: number | null
  extractionError: string | null
}

async function receipts(tenant: Tenant, args = '') {
  const body = await gql(
    tenant,
    `query ($org: UUID!) { listReceipts(organizationId: $org${args}) { totalCount items { id status vendorName amount extractionError } } }`,
  )
  expect(body.errors).toBeUndefined()
  return body.data?.listReceipts as { totalCount: number; items: ReceiptState[] }
}

/** Polls, stepping the clock past each backoff, until the receipt satisfies `done`. */
async function waitFor(tenant: Tenant, id: string, done: (receipt: ReceiptState) => boolean) {
  for (let i = 0; i < 300; i++) {
    const found = (await receipts(tenant)).items.find((r) => r.id === id)
    if (found && done(found)) return found
    clock.advance(60_000)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`receipt ${id} never reached the awaited state`)
}

/** A receipt attached to an event whose stored file is gone, so every attempt to read it throws. */
async function receiptWithMissingFile(tenant: Tenant) {
  const created = await gql(
    tenant,
    'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "Corner Cafe", amount: "18.40", transactionDate: "2026-03-02") { eventId } }',
  )
  const eventId = created.data?.createLedgerEvent.eventId as string
  const pdf = await pdfWithText(['Corner Cafe', '2026-03-02', 'Total $18.40'])
  const uploaded = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers: tenant.bearer,
    body: multipart([{ name: 'file', filename: 'cafe.pdf', bytes: pdf, type: 'application/pdf' }]),
  })
  expect(uploaded.status).toBe(201)
  const { s3Key } = (await uploaded.json()) as { s3Key: string }
  const stored = path.join(dataDir, 'objects', s3Key)
  const bytes = readFileSync(stored)
  rmSync(stored)
  const attached = await gql(
    tenant,
    'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success receiptId error } }',
    { e: eventId, k: s3Key },
  )
  expect(attached.data?.attachReceiptToEvent).toMatchObject({ success: true })
  return {
    receiptId: attached.data?.attachReceiptToEvent.receiptId as string,
    restore: () => writeFileSync(stored, bytes),
  }
}

describe('failed extraction', () => {
  it('is retried, then recorded on the receipt and listed; an operator retry reads it again', {
    timeout: 120_000,
  }, async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const { receiptId, restore } = await receiptWithMissingFile(tenant)

    const failed = await waitFor(tenant, receiptId, (r) => r.extractionError !== null)
    expect(failed.extractionError).toMatch(/^Extraction gave up after 3 attempts: .*missing/)
    expect(failed.vendorName).toBeNull()

    const failedList = await receipts(tenant, ', extractionFailed: true')
    expect(failedList.items.map((r) => r.id)).toEqual([receiptId])
    expect((await receipts(tenant, ', extractionFailed: false')).totalCount).toBe(0)
    expect((await receipts(other, ', extractionFailed: true')).totalCount).toBe(0)

    const listed = json(await daybook('jobs', 'list-failed', '--org-id', tenant.organizationId))
    expect(listed.jobs).toEqual([
      {
        id: expect.any(String),
        organizationId: tenant.organizationId,
        kind: 'extract_receipt',
        subjectId: receiptId,
        attempts: 3,
        lastError: expect.stringMatching(/missing/),
        failedAt: expect.stringMatching(/Z$/),
      },
    ])
    expect(json(await daybook('jobs', 'list-failed', '--org-id', other.organizationId))).toEqual({ jobs: [] })

    // The file is back (restored from a backup, say); the operator asks for the job to run again.
    restore()
    const retried = json(await daybook('jobs', 'retry', '--org-id', tenant.organizationId))
    expect(retried).toEqual({ organizationId: tenant.organizationId, retried: [listed.jobs[0].id] })
    const read = await waitFor(tenant, receiptId, (r) => r.vendorName !== null)
    expect(read).toMatchObject({ vendorName: 'Corner Cafe', amount: 18.4, extractionError: null })
    expect((await receipts(tenant, ', extractionFailed: true')).totalCount).toBe(0)
    expect(json(await daybook('jobs', 'list-failed', '--org-id', tenant.organizationId))).toEqual({
      jobs: [],
    })
  })

  it('retries one job by id, and refuses an unknown job or organization with one line and exit 1', {
    timeout: 120_000,
  }, async () => {
    const tenant = await createTenant(server)
    const { receiptId } = await receiptWithMissingFile(tenant)
    await waitFor(tenant, receiptId, (r) => r.extractionError !== null)
    const [job] = json(await daybook('jobs', 'list-failed', '--org-id', tenant.organizationId)).jobs

    const unknownJob = await daybook(
      'jobs',
      'retry',
      '--org-id',
      tenant.organizationId,
      '--job-id',
      '00000000-0000-4000-8000-000000000000',
    )
    expect(unknownJob.code).toBe(1)
    expect(unknownJob.stdout).toBe('')
    expect(unknownJob.stderr.trim().split('\n')).toHaveLength(1)
    const otherOrganization = await createTenant(server)
    const crossTenant = await daybook(
      'jobs',
      'retry',
      '--org-id',
      otherOrganization.organizationId,
      '--job-id',
      job.id,
    )
    expect(crossTenant.code).toBe(1)
    const noOrganization = await daybook('jobs', 'retry', '--org-id', '00000000-0000-4000-8000-000000000000')
    expect(noOrganization).toMatchObject({ code: 1, stderr: 'Organization Not Found.\n' })

    const retried = json(
      await daybook('jobs', 'retry', '--org-id', tenant.organizationId, '--job-id', job.id),
    )
    expect(retried.retried).toEqual([job.id])
    // Picked up again: the file is still missing, so it fails anew after three more attempts.
    const cleared = (await receipts(tenant)).items.find((r) => r.id === receiptId)
    expect(cleared?.extractionError ?? null).toBeNull()
    await waitFor(tenant, receiptId, (r) => r.extractionError !== null)
    const again = json(await daybook('jobs', 'list-failed', '--org-id', tenant.organizationId)).jobs
    expect(again).toEqual([expect.objectContaining({ id: job.id, attempts: 3 })])
    expect(again[0].failedAt > job.failedAt).toBe(true)
  })
})
