// Intake mail is bounded per address and per organization each hour: past a quota a message is refused whole, over HTTP and SMTP, and nothing is stored.
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/kernel/limits.js'
import { createTenant, type Tenant, unique } from '../support/fixtures.js'
import { freePort } from '../support/free-port.js'
import { startServer, type TestServer } from '../support/server.js'

const secret = 'intake-secret-for-intake-quotas-0123'
const perAddress = limits.intakeDocumentsPerAddressPerHourMax
const perOrganization = limits.intakeDocumentsPerOrganizationPerHourMax
// Attachments per message: a message has at most intakeMessagePartsMax parts, itself and its text included.
const batch = 50
let server: TestServer
let serial = 0

beforeAll(async () => {
  // No reading: the quotas count what is received, and the reader need not churn through it.
  server = await startServer({
    env: { INTAKE_WEBHOOK_SECRET: secret, SMTP_PORT: String(await freePort()), JOB_WORKER: 'off' },
  })
})
afterAll(() => server.close())

/** `count` distinct one-line PDFs: intake takes each for a receipt of its own. */
function pdfs(count: number) {
  return Array.from({ length: count }, () => {
    serial++
    return { filename: `r${serial}.pdf`, bytes: Buffer.from(`%PDF-1.4\n% receipt ${serial}\n%%EOF\n`) }
  })
}

function email(to: string, attachments: Array<{ filename: string; bytes: Buffer }>): string {
  const boundary = 'daybook-boundary'
  return [
    'From: shop@example.com',
    `To: ${to}`,
    'Subject: receipts',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}\r\nContent-Type: text/plain\r\n\r\nreceipts attached`,
    ...attachments.map(
      (a) =>
        `--${boundary}\r\nContent-Type: application/pdf\r\nContent-Disposition: attachment; filename="${a.filename}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${a.bytes.toString('base64')}`,
    ),
    `--${boundary}--`,
    '',
  ].join('\r\n')
}

async function post(to: string, count: number) {
  const response = await fetch(`${server.url}/intake/email`, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', 'x-intake-secret': secret },
    body: email(to, pdfs(count)),
  })
  // biome-ignore lint/suspicious/noExplicitAny: answers of every shape
  const body = (await response.json()) as any
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body }
}

async function address(tenant: Tenant): Promise<string> {
  const mailbox = `${unique('quota').replace(' ', '')}@example.com`
  const created = await server.gql(
    'mutation ($org: UUID!, $a: String!) { createIntakeAddress(organizationId: $org, addressType: "email", address: $a) { success } }',
    { org: tenant.organizationId, a: mailbox },
    tenant.bearer,
  )
  expect(created.body.data?.createIntakeAddress).toEqual({ success: true })
  return mailbox
}

async function receiptCount(tenant: Tenant): Promise<number> {
  const answer = await server.gql(
    'query ($org: UUID!) { listReceipts(organizationId: $org) { totalCount } }',
    { org: tenant.organizationId },
    tenant.bearer,
  )
  return answer.body.data?.listReceipts.totalCount as number
}

/** Fills the address to its quota, in messages of `batch` documents. */
async function fill(mailbox: string, documents = perAddress) {
  for (let sent = 0; sent < documents; sent += batch) {
    const answer = await post(mailbox, Math.min(batch, documents - sent))
    expect(answer.status, JSON.stringify(answer.body)).toBe(202)
  }
}

function expectRefused(answer: Awaited<ReturnType<typeof post>>, said: RegExp) {
  expect(answer.status).toBe(429)
  expect(answer.body.errors[0]).toMatchObject({
    message: expect.stringMatching(said),
    extensions: { code: 'RATE_LIMITED' },
  })
  const seconds = Number(answer.retryAfter)
  expect(seconds).toBeGreaterThanOrEqual(1)
  expect(seconds).toBeLessThanOrEqual(limits.intakeQuotaWindowMs / 1000)
}

describe('intake quotas', () => {
  it('refuses a message past the address quota, over HTTP and SMTP, and stores none of it', {
    timeout: 120_000,
  }, async () => {
    const tenant = await createTenant(server)
    const mailbox = await address(tenant)
    await fill(mailbox)
    expect(await receiptCount(tenant)).toBe(perAddress)

    expectRefused(await post(mailbox, 1), new RegExp(`This intake address may receive at most ${perAddress}`))
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: server.app.smtpPort as number,
      secure: false,
      ignoreTLS: true,
    })
    try {
      const [attachment] = pdfs(1)
      const sent = transport.sendMail({
        from: 'shop@example.com',
        to: mailbox,
        subject: 'one more',
        text: 'receipt attached',
        attachments: [{ filename: attachment?.filename, content: attachment?.bytes }],
      })
      await expect(sent).rejects.toMatchObject({
        responseCode: 450,
        response: expect.stringMatching(/may receive at most/),
      })
    } finally {
      transport.close()
    }
    expect(await receiptCount(tenant)).toBe(perAddress)

    // Another address of the organization still has room of its own.
    const other = await address(tenant)
    expect((await post(other, 1)).status).toBe(202)
  })

  it('refuses a message past the organization quota, whichever address it is for, and no other organization', {
    timeout: 120_000,
  }, async () => {
    const tenant = await createTenant(server)
    for (let filled = 0; filled < perOrganization; filled += perAddress) await fill(await address(tenant))
    expect(await receiptCount(tenant)).toBe(perOrganization)

    const fresh = await address(tenant)
    expectRefused(
      await post(fresh, 1),
      new RegExp(`organization's intake addresses may receive at most ${perOrganization}`),
    )
    expect(await receiptCount(tenant)).toBe(perOrganization)

    const neighbour = await createTenant(server)
    expect((await post(await address(neighbour), 1)).status).toBe(202)
    expect(await receiptCount(neighbour)).toBe(1)
  })
})
