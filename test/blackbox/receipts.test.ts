// Receipts over HTTP: uploads, attachment, intake addresses, email and SMS intake, extraction, matching.
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipart, pdfWithText, pngWithText, tinyPng } from '../support/files.js'
import { createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { freePort } from '../support/free-port.js'
import { startServer, type TestServer } from '../support/server.js'

const secret = 'intake-secret-for-tests-0123456789'
let server: TestServer

beforeAll(async () => {
  server = await startServer({ env: { INTAKE_WEBHOOK_SECRET: secret, SMTP_PORT: String(await freePort()) } })
})
afterAll(() => server.close())

async function gql(
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
  headers = tenant.bearer,
) {
  return (await server.gql(query, { org: tenant.organizationId, ...variables }, headers)).body
}

async function upload(headers: Record<string, string>, parts: Parameters<typeof multipart>[0]) {
  const response = await fetch(`${server.url}/uploads`, { method: 'POST', headers, body: multipart(parts) })
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, any>,
  }
}

async function event(tenant: Tenant, amount: string, date: string, merchant = 'Vendor') {
  const body = await gql(
    tenant,
    'mutation ($org: UUID!, $a: String!, $d: String!, $m: String!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d) { eventId } }',
    { a: amount, d: date, m: merchant },
  )
  return body.data?.createLedgerEvent.eventId as string
}

const receiptFields =
  'id vendorName amount receiptDate status source imageUrl filename s3Key uploadedAt extractionError event { id merchantName status }'

async function receipts(tenant: Tenant, args = '') {
  const body = await gql(
    tenant,
    `query ($org: UUID!) { listReceipts(organizationId: $org${args}) { totalCount items { ${receiptFields} } } }`,
  )
  return body.data?.listReceipts as { totalCount: number; items: Array<Record<string, any>> }
}

/** Extraction runs in the background; wait until the receipt leaves draft or records a failure. */
async function settled(tenant: Tenant, id: string) {
  for (let i = 0; i < 300; i++) {
    const found = (await receipts(tenant, ', limit: 200')).items.find((r) => r.id === id)
    if (found && (found.status !== 'draft' || found.extractionError)) return found
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`receipt ${id} was never read`)
}

async function sendEmail(raw: string, headers: Record<string, string> = { 'x-intake-secret': secret }) {
  const response = await fetch(`${server.url}/intake/email`, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', ...headers },
    body: raw,
  })
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

function email(
  to: string,
  subject: string,
  text: string,
  attachments: Array<{ filename: string; type: string; bytes: Buffer }> = [],
) {
  const boundary = 'daybook-boundary'
  const head = [`From: shop@example.com`, `To: ${to}`, `Subject: ${subject}`, 'MIME-Version: 1.0']
  if (attachments.length === 0)
    return [...head, 'Content-Type: text/plain; charset=utf-8', '', text].join('\r\n')
  const parts = [
    `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}`,
    ...attachments.map(
      (a) =>
        `--${boundary}\r\nContent-Type: ${a.type}\r\nContent-Disposition: attachment; filename="${a.filename}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${a.bytes.toString('base64')}`,
    ),
  ]
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    ...parts,
    `--${boundary}--`,
    '',
  ].join('\r\n')
}

async function intakeAddress(tenant: Tenant, addressType: string, address: string) {
  const body = await gql(
    tenant,
    'mutation ($org: UUID!, $t: String!, $a: String!) { createIntakeAddress(organizationId: $org, addressType: $t, address: $a, label: "Inbox") { success error errorCode intakeAddress { id addressType address label } } }',
    { t: addressType, a: address },
  )
  return body.data?.createIntakeAddress
}

describe('uploads', () => {
  it('stores a receipt file and answers 201 with its key, counting against the quota', async () => {
    const tenant = await createTenant(server)
    const answer = await upload(tenant.bearer, [
      { name: 'file', filename: 'lunch.png', bytes: tinyPng, type: 'image/png' },
    ])
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      s3Key: expect.stringMatching(new RegExp(`^${tenant.organizationId}/`)),
      filename: 'lunch.png',
      contentType: 'image/png',
      size: tinyPng.length,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(answer.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/)
  })

  it('trusts the bytes, not the declared type: a text file is refused with 415', async () => {
    const tenant = await createTenant(server)
    const answer = await upload(tenant.bearer, [
      { name: 'file', filename: 'x.png', bytes: Buffer.from('not an image'), type: 'image/png' },
    ])
    expect(answer.status).toBe(415)
    expect(answer.body.errors[0].extensions.code).toBe('UNSUPPORTED_FILE_TYPE')
  })

  it('refuses a file over 20 MiB with 413', async () => {
    const tenant = await createTenant(server)
    const big = Buffer.concat([tinyPng, Buffer.alloc(20 * 1024 * 1024)])
    const answer = await upload(tenant.bearer, [
      { name: 'file', filename: 'big.png', bytes: big, type: 'image/png' },
    ])
    expect(answer.status).toBe(413)
  })

  it('needs a credential, and for people an organization they belong to', async () => {
    const tenant = await createTenant(server)
    const parts = [{ name: 'file', filename: 'a.png', bytes: tinyPng }]
    expect((await upload({}, parts)).status).toBe(401)
    expect((await upload({ authorization: 'Bearer dbk_nope' }, parts)).status).toBe(401)
    expect((await upload(tenant.owner.jwt, parts)).status).toBe(400)
    const ok = await upload(tenant.owner.jwt, [
      { name: 'organizationId', value: tenant.organizationId },
      ...parts,
    ])
    expect(ok.status).toBe(201)
    const other = await createTenant(server)
    const refused = await upload(tenant.bearer, [
      { name: 'organizationId', value: other.organizationId },
      ...parts,
    ])
    expect(refused.status).toBe(403)
    expect(refused.body.errors[0].message).toBe('API Key Not Authorized For This Organization.')
  })

  it('serves the file back to its organization only', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const { body } = await upload(tenant.bearer, [{ name: 'file', filename: 'a.png', bytes: tinyPng }])
    const mine = await fetch(`${server.url}/files/${body.s3Key}`, { headers: tenant.bearer })
    expect(mine.status).toBe(200)
    expect(Buffer.from(await mine.arrayBuffer()).equals(tinyPng)).toBe(true)
    expect((await fetch(`${server.url}/files/${body.s3Key}`, { headers: other.bearer })).status).toBe(404)
  })
})

describe('attachReceiptToEvent', () => {
  const attach =
    'mutation ($org: UUID!, $e: UUID!, $k: String!, $f: String) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k, filename: $f) { success error errorCode receiptId } }'

  it('links an uploaded file to an event as a reviewed web_upload receipt', async () => {
    const tenant = await createTenant(server)
    const eventId = await event(tenant, '12.00', '2026-03-01')
    const { body } = await upload(tenant.bearer, [{ name: 'file', filename: 'scan.png', bytes: tinyPng }])
    const attached = (await gql(tenant, attach, { e: eventId, k: body.s3Key, f: 'Lunch receipt.png' })).data
      ?.attachReceiptToEvent
    expect(attached).toMatchObject({ success: true, receiptId: expect.any(String) })
    const detail = await gql(
      tenant,
      'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { hasDocument receipts { id filename s3Key uploadedAt } } }',
      { e: eventId },
    )
    expect(detail.data?.getLedgerEvent).toEqual({
      hasDocument: true,
      receipts: [
        {
          id: attached.receiptId,
          filename: 'Lunch receipt.png',
          s3Key: body.s3Key,
          uploadedAt: expect.stringMatching(/Z$/),
        },
      ],
    })
    const listed = (await receipts(tenant)).items
    expect(listed[0]).toMatchObject({
      id: attached.receiptId,
      source: 'web_upload',
      status: 'reviewed',
      event: { id: eventId },
    })
    expect(listed[0]?.imageUrl).toBe(`/files/${body.s3Key}`)
    const filtered = await gql(
      tenant,
      'query ($org: UUID!) { listLedgerEvents(organizationId: $org, hasDocument: true) { totalCount } }',
    )
    expect(filtered.data?.listLedgerEvents.totalCount).toBe(1)
  })

  it('refuses a key that does not exist or belongs to another organization, the same way', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const eventId = await event(tenant, '12.00', '2026-03-01')
    const theirs = (await upload(other.bearer, [{ name: 'file', filename: 'x.png', bytes: tinyPng }])).body
      .s3Key
    const foreign = (await gql(tenant, attach, { e: eventId, k: theirs })).data?.attachReceiptToEvent
    const missing = (
      await gql(tenant, attach, { e: eventId, k: `${tenant.organizationId}/2026/01/nothing.png` })
    ).data?.attachReceiptToEvent
    expect(foreign).toEqual({
      success: false,
      error: missing.error,
      errorCode: 'FILE_NOT_FOUND',
      receiptId: null,
    })
    expect((await receipts(tenant)).totalCount).toBe(0)
    const foreignEvent = await event(other, '1.00', '2026-03-01')
    const mine = (await upload(tenant.bearer, [{ name: 'file', filename: 'x.png', bytes: tinyPng }])).body
      .s3Key
    expect(
      (await gql(tenant, attach, { e: foreignEvent, k: mine })).data?.attachReceiptToEvent.errorCode,
    ).toBe('EVENT_NOT_FOUND')
  })
})

describe('intake addresses', () => {
  it('stores e-mail lower-cased and phone numbers as digits', async () => {
    const tenant = await createTenant(server)
    const mailbox = `${unique('Receipts').replace(' ', '.')}@Example.COM`
    expect(await intakeAddress(tenant, 'email', mailbox)).toMatchObject({
      success: true,
      intakeAddress: { addressType: 'email', address: mailbox.toLowerCase(), label: 'Inbox' },
    })
    const phone = `+1 (416) 555-${String(Math.floor(Math.random() * 9000) + 1000)}`
    const sms = await intakeAddress(tenant, 'sms', phone)
    expect(sms.intakeAddress.address).toBe(phone.replace(/\D/g, ''))
    const listed = await gql(
      tenant,
      'query ($org: UUID!) { listIntakeAddresses(organizationId: $org) { id addressType address label active created } }',
    )
    expect(listed.data?.listIntakeAddresses).toHaveLength(2)
  })

  it.each([
    ['email', 'not-an-address', 'INVALID_EMAIL'],
    ['sms', '123456', 'INVALID_ADDRESS'],
    ['sms', '1234567890123456', 'INVALID_ADDRESS'],
    ['sms', '416-CALL-NOW', 'INVALID_ADDRESS'],
    ['fax', '4165550000', 'INVALID_ADDRESS_TYPE'],
  ])('refuses %s %j', async (type, address, code) => {
    const tenant = await createTenant(server)
    expect(await intakeAddress(tenant, type, address)).toMatchObject({
      success: false,
      errorCode: code,
      intakeAddress: null,
    })
  })

  it('gives an address to one organization only, even under a race', async () => {
    const tenants = await Promise.all([createTenant(server), createTenant(server)])
    const address = `${unique('race').replace(' ', '-')}@example.com`
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => intakeAddress(tenants[i % 2] as Tenant, 'email', address)),
    )
    expect(answers.filter((a) => a.success)).toHaveLength(1)
    for (const lost of answers.filter((a) => !a.success)) {
      expect(lost).toEqual({
        success: false,
        error: 'This address is not available.',
        errorCode: 'ADDRESS_UNAVAILABLE',
        intakeAddress: null,
      })
    }
  })

  it('needs an owner, an admin or an API key to create or delete', async () => {
    const tenant = await createTenant(server)
    const member = await createUser(server)
    await server.gql(
      'mutation ($org: UUID!, $e: String!) { addMember(organizationId: $org, email: $e, role: "member") { success } }',
      { org: tenant.organizationId, e: member.email },
      tenant.owner.jwt,
    )
    const body = await gql(
      tenant,
      'mutation ($org: UUID!) { createIntakeAddress(organizationId: $org, addressType: "sms", address: "4165550199") { success } }',
      {},
      member.jwt,
    )
    expect(body.errors?.[0]?.message).toBe('Must Be Owner Or Admin.')
  })
})

describe('e-mail and SMS intake', () => {
  it('checks the secret and refuses unknown recipients, storing nothing', async () => {
    const tenant = await createTenant(server)
    expect((await sendEmail(email('x@example.com', 'r', 'TOTAL 1.00'), {})).status).toBe(401)
    expect(
      (
        await sendEmail(email('x@example.com', 'r', 'TOTAL 1.00'), {
          'x-intake-secret': 'wrong-secret-wrong-secret-wrong',
        })
      ).status,
    ).toBe(401)
    const unknown = await sendEmail(
      email(`${unique('nobody').replace(' ', '')}@example.com`, 'r', 'TOTAL 1.00'),
    )
    expect(unknown.status).toBe(404)
    expect((await receipts(tenant)).totalCount).toBe(0)
  })

  it('files a receipt written in the body, and the same message twice as one receipt', async () => {
    const tenant = await createTenant(server)
    const mailbox = `${unique('body').replace(' ', '')}@example.com`
    await intakeAddress(tenant, 'email', mailbox)
    const message = email(
      mailbox,
      'Your receipt',
      'Blue Bottle Coffee\n2026-03-05\nLatte 5.25\nHST 0.68\nTOTAL $5.93\n',
    )
    const first = await sendEmail(message)
    expect(first).toEqual({ status: 202, body: { receiptIds: [expect.any(String)] } })
    const again = await sendEmail(message)
    expect(again.body.receiptIds).toEqual(first.body.receiptIds)
    const receipt = await settled(tenant, first.body.receiptIds[0])
    expect(receipt).toMatchObject({
      source: 'email',
      status: 'processed',
      vendorName: 'Blue Bottle Coffee',
      amount: 5.93,
      receiptDate: '2026-03-05',
    })
  })

  it('makes one receipt per image or PDF attachment and none for the body', async () => {
    const tenant = await createTenant(server)
    const mailbox = `${unique('files').replace(' ', '')}@example.com`
    await intakeAddress(tenant, 'email', mailbox)
    const pdf = await pdfWithText([
      'Staples',
      'Invoice date: 2026-04-02',
      'Paper 20.00',
      'HST 2.60',
      'Total 22.60',
    ])
    const answer = await sendEmail(
      email(mailbox, 'two receipts', 'See attached', [
        { filename: 'staples.pdf', type: 'application/pdf', bytes: pdf },
        { filename: 'photo.png', type: 'image/png', bytes: tinyPng },
        { filename: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not a receipt') },
      ]),
    )
    expect(answer.status).toBe(202)
    expect(answer.body.receiptIds).toHaveLength(2)
    const fromPdf = await settled(tenant, answer.body.receiptIds[0])
    expect(fromPdf).toMatchObject({
      status: 'processed',
      vendorName: 'Staples',
      amount: 22.6,
      receiptDate: '2026-04-02',
      filename: 'staples.pdf',
    })
    const blank = await settled(tenant, answer.body.receiptIds[1])
    expect(blank).toMatchObject({ status: 'draft', extractionError: expect.any(String) })
  })

  it('reads a photographed receipt with OCR', async () => {
    const tenant = await createTenant(server)
    const mailbox = `${unique('ocr').replace(' ', '')}@example.com`
    await intakeAddress(tenant, 'email', mailbox)
    const png = pngWithText([
      'TIM HORTONS',
      '2026-05-14',
      'COFFEE      2.10',
      'DONUT       1.89',
      'GST         0.20',
      'TOTAL       4.19',
    ])
    const answer = await sendEmail(
      email(mailbox, 'photo', '', [{ filename: 'tims.png', type: 'image/png', bytes: png }]),
    )
    const receipt = await settled(tenant, answer.body.receiptIds[0])
    expect(receipt).toMatchObject({ status: 'processed', amount: 4.19, receiptDate: '2026-05-14' })
    expect(String(receipt.vendorName).toUpperCase()).toContain('TIM HORTONS')
  })

  it('takes SMS with media, routed by the digits of the number', async () => {
    const tenant = await createTenant(server)
    const number = `1416555${String(Math.floor(Math.random() * 9000) + 1000)}`
    await intakeAddress(tenant, 'sms', number)
    const pdf = await pdfWithText(['Esso', '2026-06-01', 'Fuel 60.00', 'Total 60.00'])
    const response = await fetch(`${server.url}/intake/sms`, {
      method: 'POST',
      headers: { 'x-intake-secret': secret },
      body: multipart([
        { name: 'from', value: '15145550000' },
        {
          name: 'to',
          value: `+${number.slice(0, 1)} (${number.slice(1, 4)}) ${number.slice(4, 7)}-${number.slice(7)}`,
        },
        { name: 'body', value: 'gas' },
        { name: 'media', filename: 'esso.pdf', bytes: pdf, type: 'application/pdf' },
      ]),
    })
    expect(response.status).toBe(202)
    const { receiptIds } = (await response.json()) as { receiptIds: string[] }
    expect(await settled(tenant, receiptIds[0] as string)).toMatchObject({ source: 'sms', amount: 60 })
  })

  it('stops routing to a deleted address, which can then be taken again', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const mailbox = `${unique('gone').replace(' ', '')}@example.com`
    const created = await intakeAddress(tenant, 'email', mailbox)
    const deleted = await gql(
      tenant,
      'mutation ($org: UUID!, $id: UUID!) { deleteIntakeAddress(organizationId: $org, intakeAddressId: $id) { success error } }',
      { id: created.intakeAddress.id },
    )
    expect(deleted.data?.deleteIntakeAddress).toEqual({ success: true, error: null })
    expect((await sendEmail(email(mailbox, 'r', 'TOTAL 1.00'))).status).toBe(404)
    expect(await intakeAddress(other, 'email', mailbox)).toMatchObject({ success: true })
    expect((await sendEmail(email(mailbox, 'r', 'Shop\nTOTAL 3.00'))).status).toBe(202)
    expect((await receipts(tenant)).totalCount).toBe(0)
    expect((await receipts(other)).totalCount).toBe(1)
  })

  it('accepts mail over SMTP from a real client and refuses unknown recipients', async () => {
    const tenant = await createTenant(server)
    const mailbox = `${unique('smtp').replace(' ', '')}@example.com`
    await intakeAddress(tenant, 'email', mailbox)
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: server.app.smtpPort,
      secure: false,
      ignoreTLS: true,
    })
    await transport.sendMail({
      from: 'shop@example.com',
      to: mailbox,
      subject: 'receipt',
      text: 'Corner Store\n2026-02-03\nTOTAL 7.77',
    })
    await expect(
      transport.sendMail({
        from: 'shop@example.com',
        to: 'nobody-here@example.com',
        subject: 'x',
        text: 'TOTAL 1.00',
      }),
    ).rejects.toThrow(/550/)
    let listed = await receipts(tenant)
    for (let i = 0; i < 50 && listed.totalCount === 0; i++) listed = await receipts(tenant)
    expect(listed.totalCount).toBe(1)
    expect(await settled(tenant, listed.items[0]?.id)).toMatchObject({
      source: 'email',
      amount: 7.77,
      vendorName: 'Corner Store',
    })
  })
})

describe('matching', () => {
  async function received(tenant: Tenant, text: string) {
    const mailbox = `${unique('match').replace(' ', '')}@example.com`
    await intakeAddress(tenant, 'email', mailbox)
    const answer = await sendEmail(email(mailbox, 'receipt', text))
    return settled(tenant, answer.body.receiptIds[0])
  }

  it('attaches to the one event with the same amount from 3 days before to 7 after', async () => {
    const tenant = await createTenant(server)
    await event(tenant, '41.50', '2026-03-01', 'Too early')
    const target = await event(tenant, '41.50', '2026-03-12', 'Restaurant')
    await event(tenant, '41.51', '2026-03-10', 'Other amount')
    const receipt = await received(tenant, 'Chez Nous\n2026-03-09\nTOTAL 41.50')
    expect(receipt.event).toMatchObject({ id: target })
    const detail = await gql(
      tenant,
      'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { hasDocument } }',
      { e: target },
    )
    expect(detail.data?.getLedgerEvent.hasDocument).toBe(true)
  })

  it('leaves it waiting with two candidates, then attaches when an import brings the only one', async () => {
    const tenant = await createTenant(server)
    await event(tenant, '18.00', '2026-04-02')
    await event(tenant, '18.00', '2026-04-03')
    const ambiguous = await received(tenant, 'Deli\n2026-04-01\nTOTAL 18.00')
    expect(ambiguous.event).toBeNull()

    const waiting = await received(tenant, 'Bookshop\n2026-05-01\nTOTAL 77.70')
    expect(waiting.event).toBeNull()
    const accounts = await gql(
      tenant,
      'query ($org: UUID!) { listAccounts(organizationId: $org, search: "Chequing") { items { id } } }',
    )
    await gql(
      tenant,
      'mutation ($org: UUID!, $a: UUID!) { importBankStatement(organizationId: $org, paymentAccountId: $a, rows: [{ transactionDate: "2026-05-03", description: "BOOKSHOP", amount: "-77.70", eventType: "expense" }]) { importedCount } }',
      { a: accounts.data?.listAccounts.items[0].id },
    )
    let found = waiting
    for (let i = 0; i < 100 && !found.event; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      found = (await receipts(tenant, ', limit: 200')).items.find((r) => r.id === waiting.id) ?? found
    }
    expect(found.event).toMatchObject({ merchantName: 'BOOKSHOP' })
  })

  it('lets a person correct, reject and filter receipts', async () => {
    const tenant = await createTenant(server)
    const receipt = await received(tenant, 'Hardware Store\n2026-07-01\nTOTAL 10.00')
    const updated = await gql(
      tenant,
      'mutation ($org: UUID!, $r: UUID!) { updateReceipt(organizationId: $org, receiptId: $r, vendorName: "Home Hardware", amount: "11.00") { success receipt { vendorName amount status } } }',
      { r: receipt.id },
    )
    expect(updated.data?.updateReceipt).toEqual({
      success: true,
      receipt: { vendorName: 'Home Hardware', amount: 11, status: 'processed' },
    })
    const bad = await gql(
      tenant,
      'mutation ($org: UUID!, $r: UUID!) { updateReceipt(organizationId: $org, receiptId: $r, amount: "-3") { success errorCode } }',
      {
        r: receipt.id,
      },
    )
    expect(bad.data?.updateReceipt).toEqual({ success: false, errorCode: 'INVALID_AMOUNT' })
    expect((await receipts(tenant, ', search: "home hard"')).totalCount).toBe(1)
    expect((await receipts(tenant, ', source: "sms"')).totalCount).toBe(0)
    const rejected = await gql(
      tenant,
      'mutation ($org: UUID!, $r: UUID!) { rejectReceipt(organizationId: $org, receiptId: $r) { success receipt { status } } }',
      {
        r: receipt.id,
      },
    )
    expect(rejected.data?.rejectReceipt).toEqual({ success: true, receipt: { status: 'rejected' } })
    expect((await receipts(tenant, ', status: "rejected"')).totalCount).toBe(1)
    const invalid = await gql(
      tenant,
      'query ($org: UUID!) { listReceipts(organizationId: $org, status: "lost") { totalCount } }',
    )
    expect(invalid.errors?.[0]?.extensions?.code).toBe('INVALID_STATUS')
  })

  it('counts receipts by date in the dashboard', async () => {
    const tenant = await createTenant(server)
    await received(tenant, 'Florist\n2026-08-10\nTOTAL 30.00')
    const body = await gql(
      tenant,
      'query ($org: UUID!) { dashboardSummary(organizationId: $org, startDate: "2026-08-01", endDate: "2026-08-31") { receiptCount } }',
    )
    expect(body.data?.dashboardSummary.receiptCount).toBe(1)
  })
})
