// No mail flood stops the server: SMTP refuses big messages early, cuts off undeclared ones, bounds connections, messages, parts and time.
import { createHash } from 'node:crypto'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/kernel/limits.js'
import { pdfWithText } from '../support/files.js'
import { createTenant, type Tenant, unique } from '../support/fixtures.js'
import { freePort } from '../support/free-port.js'
import { startServer, type TestServer } from '../support/server.js'
import { SmtpClient } from '../support/smtp-client.js'

const secret = 'intake-secret-for-smtp-limits-0123'
const connectionsMax = 4
const idleTimeoutMs = 1_000
const messageTimeoutMs = 3_000
const mebibyte = 1024 * 1024
let server: TestServer
let tenant: Tenant
let mailbox: string

beforeAll(async () => {
  server = await startServer({
    env: {
      INTAKE_WEBHOOK_SECRET: secret,
      SMTP_PORT: String(await freePort()),
      SMTP_MAX_CONNECTIONS: String(connectionsMax),
      SMTP_IDLE_TIMEOUT_MS: String(idleTimeoutMs),
      SMTP_MESSAGE_TIMEOUT_MS: String(messageTimeoutMs),
    },
  })
  tenant = await createTenant(server)
  mailbox = `${unique('limits').replace(' ', '')}@example.com`
  const created = await server.gql(
    'mutation ($org: UUID!, $a: String!) { createIntakeAddress(organizationId: $org, addressType: "email", address: $a) { success } }',
    { org: tenant.organizationId, a: mailbox },
    tenant.bearer,
  )
  expect(created.body.data?.createIntakeAddress).toEqual({ success: true })
})
afterAll(() => server.close())

const smtpPort = () => server.app.smtpPort as number
const open = () => SmtpClient.open(smtpPort())

/** A connection past its greeting; a test that just left the connection limit may wait a moment. */
async function greeted(): Promise<SmtpClient> {
  for (let attempt = 0; ; attempt++) {
    const client = await open()
    const greeting = await client.reply()
    if (greeting.code === 220) return client
    client.close()
    if (attempt === 40) throw new Error(`no greeting: ${greeting.code} ${greeting.text}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function receiptCount(): Promise<number> {
  const answer = await server.gql(
    'query ($org: UUID!) { listReceipts(organizationId: $org) { totalCount } }',
    { org: tenant.organizationId },
    tenant.bearer,
  )
  return answer.body.data?.listReceipts.totalCount as number
}

/** How long /healthz takes, in milliseconds. */
async function healthzMs(): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${server.url}/healthz`)
  expect(response.status).toBe(200)
  return performance.now() - started
}

/** A multipart message with `parts` MIME nodes in all: the root and parts - 1 short text parts. */
function messageWithParts(parts: number): string {
  const lines = [
    `To: ${mailbox}`,
    'From: shop@example.com',
    'Subject: parts',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="part-boundary"',
    '',
  ]
  for (let i = 1; i < parts; i++) lines.push('--part-boundary', 'Content-Type: text/plain', '', `line ${i}`)
  lines.push('--part-boundary--', '')
  return lines.join('\r\n')
}

/**
 * The most the process may grow while `senders` oversized messages arrive at once. Growth is read as
 * RSS, which also holds garbage the collector has not yet returned, so the bound allows a few copies
 * of each message up to the limit; it stays far below the messages' own sizes, which is the point:
 * memory follows the limit, never the message.
 */
const rssBoundBytes = (senders: number) => senders * 5 * limits.intakeMessageBytesMax

/** An endless base64 attachment, as a mail client would send a large file, in 64 KiB pieces. */
function* oversizedAttachment(totalBytes: number): Generator<Buffer> {
  const head = Buffer.from(
    [
      `To: ${mailbox}`,
      'From: shop@example.com',
      'Subject: a very large scan',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: application/pdf',
      'Content-Disposition: attachment; filename="scan.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      '',
    ].join('\r\n'),
  )
  const line = `${Buffer.alloc(57, 7).toString('base64')}\r\n`
  const piece = Buffer.from(line.repeat(Math.floor((64 * 1024) / line.length)))
  yield head
  for (let sent = head.length; sent < totalBytes; sent += piece.length) yield piece
}

describe('size', () => {
  it('advertises the limit and refuses a message whose declared SIZE is over it at MAIL FROM', async () => {
    const client = await greeted()
    const ehlo = await client.command('EHLO client.example.com')
    expect(ehlo.text).toContain(`SIZE ${limits.intakeMessageBytesMax}`)
    const refused = await client.command(
      `MAIL FROM:<shop@example.com> SIZE=${limits.intakeMessageBytesMax + 1}`,
    )
    expect(refused.code).toBe(552)
    expect(refused.text).toMatch(/exceeds fixed maximum message size/)
    // The same connection may go on with a message that fits.
    expect((await client.command('MAIL FROM:<shop@example.com> SIZE=1000')).code).toBe(250)
    client.close()
  })

  it('cuts off a 1 GiB message sent without SIZE as soon as it passes the limit, in memory bounded by the limit', async () => {
    const before = await receiptCount()
    const client = await greeted()
    expect((await client.startMessage(mailbox)).code).toBe(354)
    const rssBefore = process.memoryUsage().rss
    let rssPeak = rssBefore
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
    }, 5)
    const answer = client.reply()
    const written = await client.stream(oversizedAttachment(1024 * mebibyte))
    await client.closed
    clearInterval(sampler)
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
    expect(await answer).toMatchObject({ code: 552 })
    expect((await answer).text).toMatch(/larger than \d+ bytes/)
    // The server hung up near the limit instead of reading the whole stream.
    expect(written).toBeLessThan(limits.intakeMessageBytesMax + 16 * mebibyte)
    expect(rssPeak - rssBefore).toBeLessThan(rssBoundBytes(1))
    expect(await receiptCount()).toBe(before)
    expect(await healthzMs()).toBeLessThan(1_000)
  })

  it('keeps two parallel oversized senders to the limit each', async () => {
    const rssBefore = process.memoryUsage().rss
    let rssPeak = rssBefore
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
    }, 5)
    const outcomes = await Promise.all(
      [1, 2].map(async () => {
        const client = await greeted()
        expect((await client.startMessage(mailbox)).code).toBe(354)
        const answer = client.reply()
        const written = await client.stream(oversizedAttachment(512 * mebibyte))
        await client.closed
        return { answer: await answer, written }
      }),
    )
    clearInterval(sampler)
    for (const outcome of outcomes) {
      expect(outcome.answer.code).toBe(552)
      expect(outcome.written).toBeLessThan(limits.intakeMessageBytesMax + 16 * mebibyte)
    }
    expect(rssPeak - rssBefore).toBeLessThan(rssBoundBytes(2))
  })
})

describe('connections and time', () => {
  it(`refuses connection number ${connectionsMax + 1} while ${connectionsMax} are open, and takes it once one leaves`, async () => {
    const held: SmtpClient[] = []
    for (let i = 0; i < connectionsMax; i++) {
      const client = await open()
      expect((await client.reply()).code).toBe(220)
      held.push(client)
    }
    const extra = await open()
    const refused = await extra.reply()
    expect(refused.code).toBe(421)
    expect(refused.text).toMatch(/Too many connected clients/)
    await extra.closed
    held.pop()?.close()
    // The server notices the departure within a moment.
    held.push(await greeted())
    for (const client of held) client.close()
  })

  it('drops a sender that stalls in the middle of a message after the idle timeout', async () => {
    const client = await greeted()
    expect((await client.startMessage(mailbox)).code).toBe(354)
    client.socket.write(`To: ${mailbox}\r\nSubject: stalled\r\n\r\nTOTAL`)
    const stalledAt = performance.now()
    const answer = await client.reply()
    const closedAt = await client.closed
    expect(answer.code).toBe(421)
    expect(closedAt - stalledAt).toBeGreaterThanOrEqual(idleTimeoutMs - 100)
    expect(closedAt - stalledAt).toBeLessThan(idleTimeoutMs + 2_000)
  })

  it('drops a client that connects and says nothing after the idle timeout', async () => {
    const client = await open()
    const connectedAt = performance.now()
    expect((await client.reply()).code).toBe(220)
    expect((await client.reply()).code).toBe(421)
    expect((await client.closed) - connectedAt).toBeLessThan(idleTimeoutMs + 2_000)
  })

  it('drops a sender that trickles a message byte by byte once the message deadline passes', async () => {
    const before = await receiptCount()
    const client = await greeted()
    expect((await client.startMessage(mailbox)).code).toBe(354)
    const startedAt = performance.now()
    const answer = client.reply()
    // Every write comes well inside the idle timeout, so only the message deadline can end this.
    while (!client.isClosed && performance.now() - startedAt < messageTimeoutMs + 3_000) {
      client.socket.write('x')
      await new Promise((resolve) => setTimeout(resolve, idleTimeoutMs / 4))
    }
    const closedAt = await client.closed
    expect((await answer).code).toBe(421)
    expect((await answer).text).toMatch(/took too long/)
    expect(closedAt - startedAt).toBeGreaterThanOrEqual(messageTimeoutMs - 100)
    expect(closedAt - startedAt).toBeLessThan(messageTimeoutMs + 2_000)
    expect(await receiptCount()).toBe(before)
  })

  it(`takes ${limits.smtpMessagesPerConnectionMax} messages on one connection, then asks the sender to reconnect`, async () => {
    const client = await greeted()
    expect((await client.command('EHLO client.example.com')).code).toBe(250)
    for (let i = 1; i <= limits.smtpMessagesPerConnectionMax; i++) {
      expect((await client.command('MAIL FROM:<shop@example.com>')).code).toBe(250)
      expect((await client.command(`RCPT TO:<${mailbox}>`)).code).toBe(250)
      expect((await client.command('DATA')).code).toBe(354)
      const accepted = await client.finishMessage(`Subject: r${i}\r\n\r\nShop ${i}\r\nTOTAL ${i}.00\r\n`)
      expect(accepted.code).toBe(250)
    }
    const refused = await client.command('MAIL FROM:<shop@example.com>')
    expect(refused.code).toBe(421)
    expect(refused.text).toMatch(/reconnect/)
    await client.closed
  })
})

describe('parts', () => {
  it(`refuses a message of 1,000 MIME parts over SMTP with a clear permanent answer, while /healthz keeps answering`, async () => {
    const before = await receiptCount()
    const client = await greeted()
    expect((await client.startMessage(mailbox)).code).toBe(354)
    const [answer, healthMs] = await Promise.all([client.finishMessage(messageWithParts(1_000)), healthzMs()])
    expect(answer.code).toBe(552)
    expect(answer.text).toContain(`at most ${limits.intakeMessagePartsMax} MIME parts`)
    expect(healthMs).toBeLessThan(1_000)
    // The connection stays usable for the next message.
    expect((await client.command('RSET')).code).toBe(250)
    client.close()
    expect(await receiptCount()).toBe(before)
  })

  it('takes a message of exactly the allowed number of parts and refuses one more', async () => {
    const client = await greeted()
    expect((await client.startMessage(mailbox)).code).toBe(354)
    expect((await client.finishMessage(messageWithParts(limits.intakeMessagePartsMax))).code).toBe(250)
    expect((await client.command('MAIL FROM:<shop@example.com>')).code).toBe(250)
    expect((await client.command(`RCPT TO:<${mailbox}>`)).code).toBe(250)
    expect((await client.command('DATA')).code).toBe(354)
    expect((await client.finishMessage(messageWithParts(limits.intakeMessagePartsMax + 1))).code).toBe(552)
    client.close()
  })

  it('refuses 1,000 parts on POST /intake/email with 413 TOO_MANY_PARTS, while /healthz keeps answering', async () => {
    const before = await receiptCount()
    const [response, healthMs] = await Promise.all([
      fetch(`${server.url}/intake/email`, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822', 'x-intake-secret': secret },
        body: messageWithParts(1_000),
      }),
      healthzMs(),
    ])
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      errors: [
        {
          message: `A message may have at most ${limits.intakeMessagePartsMax} MIME parts.`,
          extensions: { code: 'TOO_MANY_PARTS' },
        },
      ],
    })
    expect(healthMs).toBeLessThan(1_000)
    expect(await receiptCount()).toBe(before)
  })
})

describe('attachments', () => {
  it('hands a mailed PDF to the receipt pipeline byte for byte', async () => {
    const pdf = await pdfWithText(['Paper Mill', '2026-05-06', `TOTAL 12.34 ${unique('n')}`])
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort(),
      secure: false,
      ignoreTLS: true,
    })
    await transport.sendMail({
      from: 'shop@example.com',
      to: mailbox,
      subject: 'receipt',
      text: 'see attached',
      attachments: [{ filename: 'paper-mill.pdf', content: pdf, contentType: 'application/pdf' }],
    })
    const listed = await server.gql(
      'query ($org: UUID!) { listReceipts(organizationId: $org, limit: 200) { items { filename s3Key } } }',
      { org: tenant.organizationId },
      tenant.bearer,
    )
    const items = (listed.body.data?.listReceipts.items ?? []) as Array<{ filename: string; s3Key: string }>
    const receipt = items.find((item) => item.filename === 'paper-mill.pdf')
    expect(receipt).toBeDefined()
    const file = await fetch(`${server.url}/files/${receipt?.s3Key}`, { headers: tenant.bearer })
    expect(file.status).toBe(200)
    const stored = Buffer.from(await file.arrayBuffer())
    expect(createHash('sha256').update(stored).digest('hex')).toBe(
      createHash('sha256').update(pdf).digest('hex'),
    )
  })
})
