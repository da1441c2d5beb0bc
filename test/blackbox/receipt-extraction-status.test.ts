// A receipt says where its reading stands and how sure each field is, on upload and intake, and only sure fields match an event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipart, pngWithText, tinyPng } from '../support/files.js'
import { createTenant, type Tenant, unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const secret = 'intake-secret-for-tests-0123456789'
let server: TestServer

beforeAll(async () => {
  server = await startServer({ env: { INTAKE_WEBHOOK_SECRET: secret } })
})
afterAll(() => server.close())

const fields =
  'id status vendorName vendorNameConfidence amount currency amountConfidence receiptDate receiptDateConfidence extractionStatus extractionErrorCode event { id }'

async function gql(tenant: Tenant, query: string, variables: Record<string, unknown> = {}) {
  return (await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)).body
}

async function receipt(tenant: Tenant, id: string): Promise<Record<string, any> | undefined> {
  const body = await gql(
    tenant,
    `query ($org: UUID!) { listReceipts(organizationId: $org, limit: 200) { items { ${fields} } } }`,
  )
  const items = (body.data?.listReceipts.items ?? []) as Array<Record<string, any>>
  return items.find((item) => item.id === id)
}

/** Waits until the receipt's reading is no longer pending, whatever its review status. */
async function read(tenant: Tenant, id: string): Promise<Record<string, any>> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const found = await receipt(tenant, id)
    if (found && found.extractionStatus !== 'pending') return found
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`receipt ${id} was never read`)
}

async function event(tenant: Tenant, amount: string, date: string): Promise<string> {
  const body = await gql(
    tenant,
    'mutation ($org: UUID!, $a: String!, $d: String!) { createLedgerEvent(organizationId: $org, merchantName: "Shop", amount: $a, transactionDate: $d) { eventId } }',
    { a: amount, d: date },
  )
  return body.data?.createLedgerEvent.eventId
}

async function attachUpload(tenant: Tenant, bytes: Buffer, filename: string, type: string): Promise<string> {
  const response = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers: tenant.bearer,
    body: multipart([{ name: 'file', filename, bytes, type }]),
  })
  expect(response.status).toBe(201)
  const { s3Key } = (await response.json()) as { s3Key: string }
  const eventId = await event(tenant, '1.00', '2025-01-01')
  const body = await gql(
    tenant,
    'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success receiptId } }',
    { e: eventId, k: s3Key },
  )
  expect(body.data?.attachReceiptToEvent.success).toBe(true)
  return body.data?.attachReceiptToEvent.receiptId
}

async function mailed(tenant: Tenant, text: string): Promise<string> {
  const mailbox = `${unique('status').replace(' ', '')}@example.com`
  await gql(
    tenant,
    'mutation ($org: UUID!, $a: String!) { createIntakeAddress(organizationId: $org, addressType: "email", address: $a, label: "Inbox") { success } }',
    { a: mailbox },
  )
  const message = [
    'From: shop@example.com',
    `To: ${mailbox}`,
    'Subject: receipt',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
  ].join('\r\n')
  const response = await fetch(`${server.url}/intake/email`, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', 'x-intake-secret': secret },
    body: message,
  })
  return ((await response.json()) as { receiptIds: string[] }).receiptIds[0] as string
}

describe('extraction status', () => {
  it('an uploaded receipt is reviewed at once, pending until read, then done with a confidence per field', async () => {
    const tenant = await createTenant(server)
    const png = pngWithText([
      'HARBOUR HARDWARE',
      '2025-06-14 10:12',
      'SUBTOTAL 40.00',
      'GST 2.00',
      'TOTAL 42.00',
    ])
    const id = await attachUpload(tenant, png, 'receipt.png', 'image/png')
    const before = await receipt(tenant, id)
    expect(before).toMatchObject({ status: 'reviewed' })
    expect(['pending', 'done']).toContain(before?.extractionStatus)

    const after = await read(tenant, id)
    expect(after).toMatchObject({
      status: 'reviewed',
      extractionStatus: 'done',
      amount: 42,
      currency: 'CAD',
      receiptDate: '2025-06-14',
    })
    expect(after.amountConfidence).toBeGreaterThanOrEqual(0.8)
    expect(after.receiptDateConfidence).toBeGreaterThanOrEqual(0.8)
    expect(after.vendorNameConfidence).toBeGreaterThan(0)
  })

  it('an image without text is nothing_found, a damaged document failed', async () => {
    const tenant = await createTenant(server)
    const blank = await read(tenant, await attachUpload(tenant, tinyPng, 'blank.png', 'image/png'))
    expect(blank).toMatchObject({ status: 'reviewed', extractionStatus: 'nothing_found', amount: null })
    const damaged = Buffer.from('%PDF-1.7\nnot really a PDF at all')
    const broken = await read(tenant, await attachUpload(tenant, damaged, 'broken.pdf', 'application/pdf'))
    expect(broken).toMatchObject({ extractionStatus: 'failed', extractionErrorCode: 'UNREADABLE_DOCUMENT' })
  })

  it('a mailed receipt goes from pending to done while it stays a processed draft of intake', async () => {
    const tenant = await createTenant(server)
    const found = await read(tenant, await mailed(tenant, 'Corner Bakery\n2025-02-03\nTOTAL 9.50'))
    expect(found).toMatchObject({ status: 'processed', extractionStatus: 'done', amount: 9.5 })
    const empty = await read(tenant, await mailed(tenant, '#4417 - 0042'))
    expect(empty).toMatchObject({ extractionStatus: 'nothing_found', amount: null, amountConfidence: null })
  })
})

describe('matching on confident fields only', () => {
  it('a date whose day and month could be swapped matches no event by itself', async () => {
    const tenant = await createTenant(server)
    await event(tenant, '18.40', '2025-04-03')
    const id = await mailed(tenant, 'Corner Store\n04/03/2025\nTOTAL 18.40')
    const found = await read(tenant, id)
    expect(found.receiptDate).toBe('2025-04-03')
    expect(found.receiptDateConfidence).toBeLessThan(0.8)
    expect(found.event).toBeNull()
  })

  it('the same receipt with its date printed unambiguously matches', async () => {
    const tenant = await createTenant(server)
    const target = await event(tenant, '18.40', '2025-04-03')
    const found = await read(tenant, await mailed(tenant, 'Corner Store\n2025-04-03\nTOTAL 18.40'))
    expect(found.event).toMatchObject({ id: target })
  })

  it('a receipt in ringgit does not match an event of the same figure in dollars', async () => {
    const tenant = await createTenant(server)
    await event(tenant, '25.00', '2025-05-10')
    const found = await read(tenant, await mailed(tenant, 'Kedai Runcit\n2025-05-10\nTOTAL RM 25.00'))
    expect(found).toMatchObject({ currency: 'MYR', amount: 25 })
    expect(found.event).toBeNull()
  })

  it('a person’s correction is certain, and the receipt then matches', async () => {
    const tenant = await createTenant(server)
    const target = await event(tenant, '18.40', '2025-04-03')
    const id = await mailed(tenant, 'Corner Store\n04/03/2025\nTOTAL 18.40')
    await read(tenant, id)
    const body = await gql(
      tenant,
      `mutation ($org: UUID!, $r: UUID!) { updateReceipt(organizationId: $org, receiptId: $r, receiptDate: "2025-04-03") { success receipt { ${fields} } } }`,
      { r: id },
    )
    expect(body.data?.updateReceipt.receipt).toMatchObject({
      receiptDateConfidence: 1,
      event: { id: target },
    })
  })
})
