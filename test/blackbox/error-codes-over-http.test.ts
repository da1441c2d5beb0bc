// Every documented error code a client can meet, provoked over HTTP as a client would, and nothing changed by it.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { multipart, pdfWithText } from '../support/files.js'
import {
  accountIdByName,
  accountsByName,
  createTenant,
  createUser,
  type Tenant,
  unique,
} from '../support/fixtures.js'
import { freePort } from '../support/free-port.js'
import { garbageAfter, pdfOf } from '../support/hostile-documents.js'
import { startServer, type TestServer } from '../support/server.js'

const intakeSecret = 'intake-secret-for-error-codes-0123'
const onPostgres = Boolean(inject('databaseUrl'))

let server: TestServer

beforeAll(async () => {
  server = await startServer({
    env: {
      INTAKE_WEBHOOK_SECRET: intakeSecret,
      // On PostgreSQL this server's job worker shares the run's database and may take
      // webhooks.test.ts's deliveries: these settings send them as that file's own server would.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1,1,1',
    },
  })
})
afterAll(() => server.close())

// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
type Answer = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: any }> }

async function call(
  headers: Record<string, string>,
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Answer> {
  return (await server.gql(query, { org: tenant.organizationId, ...variables }, headers)).body as Answer
}

/** The one field a mutation or query answered, refusing any GraphQL error. */
// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
async function field<T = Record<string, any>>(
  headers: Record<string, string>,
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const answer = await call(headers, tenant, query, variables)
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined()
  return Object.values(answer.data ?? {})[0] as T
}

/** A query refused as a whole: the field is null and the first error carries the code. */
function expectQueryRefused(answer: Answer, fieldName: string, code: string, message: string) {
  expect(answer.data).toEqual({ [fieldName]: null })
  expect(answer.errors?.[0]).toMatchObject({ message, extensions: { code } })
}

async function upload(
  on: TestServer,
  headers: Record<string, string>,
  parts: Parameters<typeof multipart>[0],
) {
  const response = await fetch(`${on.url}/uploads`, { method: 'POST', headers, body: multipart(parts) })
  // biome-ignore lint/suspicious/noExplicitAny: answers of every shape
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}

async function uploadedKey(tenant: Tenant, filename: string, bytes: Buffer): Promise<string> {
  const answer = await upload(server, tenant.bearer, [{ name: 'file', filename, bytes }])
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.s3Key as string
}

async function newEvent(tenant: Tenant, merchant: string, extra = ''): Promise<string> {
  const created = await field(
    tenant.bearer,
    tenant,
    `mutation ($org: UUID!, $m: String!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: "42.00", transactionDate: "2026-03-02"${extra}) { success errorCode eventId } }`,
    { m: merchant },
  )
  expect(created).toMatchObject({ success: true })
  return created.eventId as string
}

const attach =
  'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success error errorCode receiptId } }'
const eventDocuments =
  'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { hasDocument receipts { s3Key } } }'

async function eventCount(tenant: Tenant): Promise<number> {
  const page = await field(
    tenant.bearer,
    tenant,
    'query ($org: UUID!) { listLedgerEvents(organizationId: $org) { totalCount } }',
  )
  return page.totalCount as number
}

async function receiptCount(tenant: Tenant): Promise<number> {
  const page = await field(
    tenant.bearer,
    tenant,
    'query ($org: UUID!) { listReceipts(organizationId: $org) { totalCount } }',
  )
  return page.totalCount as number
}

/** The same mutation field under five aliases: as many root fields as one request may hold. */
function fiveAliased(mutation: (index: number) => string, variables: string): string {
  const fields = Array.from({ length: 5 }, (_, index) => `m${index}: ${mutation(index)}`)
  return `mutation (${variables}) { ${fields.join(' ')} }`
}

/** The head of a HEIC photo: a receipt by its bytes, which nothing reads offline. */
function heic(): Buffer {
  return Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)])
}

/** A PDF of `count` blank pages. */
function pdfOfPages(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, index) => `${index + 3} 0 R`).join(' ')
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    ...Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] >>'),
  ])
}

describe('requests', () => {
  it('an upload the object store cannot take answers 500 INTERNAL_SERVER_ERROR, says nothing of the store, and the server goes on', async () => {
    // The operator's S3 endpoint has nothing listening: storing the file fails, which no check foresees.
    const broken = await startServer({
      env: {
        JOB_WORKER: 'off',
        S3_BUCKET: 'daybook-receipts',
        S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
        S3_ACCESS_KEY_ID: 'unreachable',
        S3_SECRET_ACCESS_KEY: 'unreachable',
      },
    })
    try {
      const tenant = await createTenant(broken)
      const bytes = await pdfWithText(['Corner Cafe', 'Total $18.40'])
      const answer = await upload(broken, tenant.bearer, [{ name: 'file', filename: 'receipt.pdf', bytes }])
      expect(answer.status).toBe(500)
      expect(answer.body).toEqual({
        errors: [{ message: 'Internal server error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      })
      expect(answer.headers.get('x-request-id')).toMatch(/\S/)
      const organizations = await broken.gql('{ myOrganizations { id } }', {}, tenant.bearer)
      expect(organizations.body).toEqual({ data: { myOrganizations: [{ id: tenant.organizationId }] } })
    } finally {
      await broken.close()
    }
  })
})

describe('business rules', () => {
  it('a search longer than 200 characters is INVALID_SEARCH; 200 are searched', async () => {
    const tenant = await createTenant(server)
    const listAccounts =
      'query ($org: UUID!, $s: String) { listAccounts(organizationId: $org, search: $s) { totalCount } }'
    expectQueryRefused(
      await call(tenant.bearer, tenant, listAccounts, { s: 'x'.repeat(201) }),
      'listAccounts',
      'INVALID_SEARCH',
      'search must be at most 200 characters, without NUL.',
    )
    expect(await field(tenant.bearer, tenant, listAccounts, { s: 'x'.repeat(200) })).toEqual({
      totalCount: 0,
    })
  })

  it('an exchange rate that is no rate, or on an event in the functional currency, is INVALID_EXCHANGE_RATE and creates nothing', async () => {
    const tenant = await createTenant(server)
    const create = `mutation ($org: UUID!, $c: String!, $r: String!) {
      createLedgerEvent(organizationId: $org, merchantName: "Hotel", amount: "100.00", transactionDate: "2026-03-02", currency: $c, exchangeRate: $r) { success error errorCode eventId }
    }`
    expect(await field(tenant.bearer, tenant, create, { c: 'USD', r: '0' })).toEqual({
      success: false,
      error: 'exchangeRate must be a positive decimal string such as "1.3542".',
      errorCode: 'INVALID_EXCHANGE_RATE',
      eventId: null,
    })
    expect(await field(tenant.bearer, tenant, create, { c: 'CAD', r: '1.35' })).toEqual({
      success: false,
      error: 'CAD is the functional currency; an event in it takes no exchange rate.',
      errorCode: 'INVALID_EXCHANGE_RATE',
      eventId: null,
    })
    expect(await eventCount(tenant)).toBe(0)
  })

  it('a processor balance CSV with an unclosed quote is INVALID_CSV, and nothing is imported', async () => {
    const tenant = await createTenant(server)
    const csv = 'id,Type,Source,Amount,Fee,Net,Currency,Created (UTC),Description\n"txn_1,charge'
    const answer = await field(
      tenant.owner.jwt,
      tenant,
      'mutation ($org: UUID!, $csv: String!) { importProcessorBalance(organizationId: $org, csv: $csv) { success error errorCode created eventCount batchId } }',
      { csv },
    )
    expect(answer).toEqual({
      success: false,
      error: 'Line 2: a quoted field is never closed.',
      errorCode: 'INVALID_CSV',
      created: 0,
      eventCount: 0,
      batchId: null,
    })
    expect(await eventCount(tenant)).toBe(0)
  })

  it('a 21st CSV import profile on one payment account is TOO_MANY_CSV_PROFILES; the 20 stay', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountIdByName(server, tenant, 'Chequing')
    const profile = (name: string) => ({
      name,
      dateColumn: 'Date',
      dateFormat: 'YYYY-MM-DD',
      amountColumn: 'Amount',
      descriptionColumn: 'Description',
    })
    const create = (index: number) =>
      `createCsvImportProfile(organizationId: $org, paymentAccountId: $account, profile: $p${index}) { success errorCode }`
    const variables = `$org: UUID!, $account: UUID!, ${[0, 1, 2, 3, 4].map((i) => `$p${i}: CsvImportProfileInput!`).join(', ')}`
    for (let round = 0; round < 4; round++) {
      const profiles = Object.fromEntries(
        [0, 1, 2, 3, 4].map((i) => [`p${i}`, profile(`Bank export ${round * 5 + i + 1}`)]),
      )
      const answer = await call(tenant.bearer, tenant, fiveAliased(create, variables), {
        account: chequing,
        ...profiles,
      })
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined()
      for (const created of Object.values(answer.data ?? {}))
        expect(created).toEqual({ success: true, errorCode: null })
    }
    const refused = await field(
      tenant.bearer,
      tenant,
      'mutation ($org: UUID!, $account: UUID!, $p: CsvImportProfileInput!) { createCsvImportProfile(organizationId: $org, paymentAccountId: $account, profile: $p) { success error errorCode csvImportProfile { id } } }',
      { account: chequing, p: profile('Bank export 21') },
    )
    expect(refused).toEqual({
      success: false,
      error: 'A payment account may keep at most 20 CSV import profiles.',
      errorCode: 'TOO_MANY_CSV_PROFILES',
      csvImportProfile: null,
    })
    const kept = await field<Array<{ name: string }>>(
      tenant.bearer,
      tenant,
      'query ($org: UUID!, $account: UUID!) { listCsvImportProfiles(organizationId: $org, paymentAccountId: $account) { name } }',
      { account: chequing },
    )
    expect(kept).toHaveLength(20)
    expect(kept.map((p) => p.name)).not.toContain('Bank export 21')
  })

  it('undoing a reconciliation with a blank or overlong reason is INVALID_REASON, and it stays finished', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountIdByName(server, tenant, 'Chequing')
    const started = await field(
      tenant.bearer,
      tenant,
      'mutation ($org: UUID!, $a: UUID!) { startReconciliation(organizationId: $org, paymentAccountId: $a, statementDate: "2026-01-31", statementBalance: "0.00") { success errorCode reconciliation { id } } }',
      { a: chequing },
    )
    expect(started).toMatchObject({ success: true })
    const reconciliationId = started.reconciliation.id as string
    const finished = await field(
      tenant.bearer,
      tenant,
      'mutation ($org: UUID!, $r: UUID!) { finishReconciliation(organizationId: $org, reconciliationId: $r) { success errorCode reconciliation { status } } }',
      { r: reconciliationId },
    )
    expect(finished).toEqual({ success: true, errorCode: null, reconciliation: { status: 'finished' } })
    const undo =
      'mutation ($org: UUID!, $r: UUID!, $why: String!) { undoReconciliation(organizationId: $org, reconciliationId: $r, reason: $why) { success error errorCode reconciliation { id } } }'
    for (const why of ['   ', 'x'.repeat(501)]) {
      expect(await field(tenant.owner.jwt, tenant, undo, { r: reconciliationId, why })).toEqual({
        success: false,
        error: 'reason must be 1 to 500 characters.',
        errorCode: 'INVALID_REASON',
        reconciliation: null,
      })
    }
    const after = await field(
      tenant.bearer,
      tenant,
      'query ($org: UUID!, $r: UUID!) { reconciliation(organizationId: $org, reconciliationId: $r) { status undoneAt undoReason } }',
      { r: reconciliationId },
    )
    expect(after).toEqual({ status: 'finished', undoneAt: null, undoReason: null })
  })

  // SQLite runs one write transaction at a time, so only PostgreSQL lets two requests race for an
  // event. The test holds the event's row lock itself to line the race up: the confirm waits for
  // the row first, then the reject (which has read the event already) waits behind it.
  it.runIf(onPostgres)(
    'rejecting an event while another request confirms it is EVENT_CHANGED, and the confirmation stands (PostgreSQL)',
    async () => {
      const tenant = await createTenant(server)
      const accounts = await accountsByName(server, tenant)
      const eventId = await newEvent(
        tenant,
        'Staples',
        `, categoryId: "${accounts['Office Expenses']}", paymentAccountId: "${accounts.Chequing}"`,
      )
      const databaseUrl = inject('databaseUrl')
      const holder = new pg.Client({ connectionString: databaseUrl })
      const watcher = new pg.Client({ connectionString: databaseUrl })
      await holder.connect()
      await watcher.connect()
      try {
        await holder.query('begin')
        await holder.query('select id from ledger_events where id = $1 for update', [eventId])
        const holderPid = (await holder.query('select pg_backend_pid() as pid')).rows[0].pid as number
        /** The backend, other than those known, that waits for one of `ahead` to let go of a lock. */
        const waiterBehind = async (ahead: number[]): Promise<number> => {
          for (let i = 0; i < 500; i++) {
            const found = await watcher.query(
              'select pid from pg_stat_activity where pg_blocking_pids(pid) && $1::int[] and not (pid = any($1::int[]))',
              [ahead],
            )
            if (found.rows[0]) return found.rows[0].pid as number
            await new Promise((resolve) => setTimeout(resolve, 20))
          }
          throw new Error('no request came to wait for the event row')
        }
        const confirming = call(
          tenant.bearer,
          tenant,
          'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success errorCode journalEntryId } }',
          { e: eventId },
        )
        const confirmPid = await waiterBehind([holderPid])
        const rejecting = call(
          tenant.bearer,
          tenant,
          'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success error errorCode reversalEntryId } }',
          { e: eventId },
        )
        await waiterBehind([holderPid, confirmPid])
        await holder.query('commit')

        const confirmed = await confirming
        const rejected = await rejecting
        expect(confirmed.data?.confirmLedgerEvent).toMatchObject({ success: true, errorCode: null })
        expect(rejected.data?.rejectLedgerEvent).toEqual({
          success: false,
          error: 'This event was changed by another request; try again.',
          errorCode: 'EVENT_CHANGED',
          reversalEntryId: null,
        })
      } finally {
        await holder.query('rollback').catch(() => undefined)
        await holder.end()
        await watcher.end()
      }
      const event = await field(
        tenant.bearer,
        tenant,
        'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { status journalEntry { totalAmount } reversalEntry { id } } }',
        { e: eventId },
      )
      expect(event).toEqual({
        status: 'confirmed',
        journalEntry: { totalAmount: '42.00' },
        reversalEntry: null,
      })
      const trial = await field(
        tenant.bearer,
        tenant,
        'query ($org: UUID!) { trialBalance(organizationId: $org) { totalDebit totalCredit } }',
      )
      expect(trial).toEqual({ totalDebit: '42.00', totalCredit: '42.00' })
    },
  )
})

describe('receipts, uploads and intake', () => {
  it('an empty file is refused by POST /uploads with 400 EMPTY_FILE', async () => {
    const tenant = await createTenant(server)
    const answer = await upload(server, tenant.bearer, [
      { name: 'file', filename: 'receipt.pdf', bytes: Buffer.alloc(0), type: 'application/pdf' },
    ])
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      errors: [{ message: 'The file is empty.', extensions: { code: 'EMPTY_FILE' } }],
    })
  })

  it('a file attached to one event is RECEIPT_ALREADY_ATTACHED on another, which stays without it', async () => {
    const tenant = await createTenant(server)
    const key = await uploadedKey(tenant, 'lunch.pdf', await pdfWithText(['Corner Cafe', 'Total $42.00']))
    const first = await newEvent(tenant, 'Corner Cafe')
    const second = await newEvent(tenant, 'Other Cafe')
    expect(await field(tenant.bearer, tenant, attach, { e: first, k: key })).toMatchObject({ success: true })
    expect(await field(tenant.bearer, tenant, attach, { e: second, k: key })).toEqual({
      success: false,
      error: 'This file is attached to another event already.',
      errorCode: 'RECEIPT_ALREADY_ATTACHED',
      receiptId: null,
    })
    expect(await field(tenant.bearer, tenant, eventDocuments, { e: second })).toEqual({
      hasDocument: false,
      receipts: [],
    })
    expect(await field(tenant.bearer, tenant, eventDocuments, { e: first })).toEqual({
      hasDocument: true,
      receipts: [{ s3Key: key }],
    })
  })

  it('a rejected receipt is RECEIPT_REJECTED when attached, corrected or rejected again, and stays as it was', async () => {
    const tenant = await createTenant(server)
    const key = await uploadedKey(tenant, 'taxi.pdf', await pdfWithText(['City Taxi', 'Total $42.00']))
    const eventId = await newEvent(tenant, 'City Taxi')
    const attached = await field(tenant.bearer, tenant, attach, { e: eventId, k: key })
    expect(attached).toMatchObject({ success: true })
    const receiptId = attached.receiptId as string
    const reject =
      'mutation ($org: UUID!, $r: UUID!) { rejectReceipt(organizationId: $org, receiptId: $r) { success error errorCode receipt { status event { id } } } }'
    expect(await field(tenant.bearer, tenant, reject, { r: receiptId })).toEqual({
      success: true,
      error: null,
      errorCode: null,
      receipt: { status: 'rejected', event: null },
    })
    // Extraction may have read the receipt before the rejection; nothing changes it after.
    const receipts =
      'query ($org: UUID!) { listReceipts(organizationId: $org) { items { id status vendorName amount receiptDate event { id } } } }'
    const rejected = await field(tenant.bearer, tenant, receipts)

    expect(await field(tenant.bearer, tenant, reject, { r: receiptId })).toEqual({
      success: false,
      error: 'This receipt is already rejected.',
      errorCode: 'RECEIPT_REJECTED',
      receipt: null,
    })
    expect(
      await field(
        tenant.bearer,
        tenant,
        'mutation ($org: UUID!, $r: UUID!) { updateReceipt(organizationId: $org, receiptId: $r, vendorName: "Corrected Taxi", amount: "41.00") { success error errorCode receipt { id } } }',
        { r: receiptId },
      ),
    ).toEqual({
      success: false,
      error: 'This receipt was rejected.',
      errorCode: 'RECEIPT_REJECTED',
      receipt: null,
    })
    expect(await field(tenant.bearer, tenant, attach, { e: eventId, k: key })).toEqual({
      success: false,
      error: 'This receipt was rejected.',
      errorCode: 'RECEIPT_REJECTED',
      receiptId: null,
    })

    expect(rejected.items).toEqual([
      expect.objectContaining({ id: receiptId, status: 'rejected', event: null }),
    ])
    expect(await field(tenant.bearer, tenant, receipts)).toEqual(rejected)
    expect(await field(tenant.bearer, tenant, eventDocuments, { e: eventId })).toEqual({
      hasDocument: false,
      receipts: [],
    })
  })

  it('listing receipts by a source there is not is INVALID_SOURCE', async () => {
    const tenant = await createTenant(server)
    expectQueryRefused(
      await call(
        tenant.bearer,
        tenant,
        'query ($org: UUID!) { listReceipts(organizationId: $org, source: "fax") { totalCount } }',
      ),
      'listReceipts',
      'INVALID_SOURCE',
      'source must be one of: web_upload, email, sms, mailbox_scan, cloud_drive.',
    )
  })

  it('an intake address label over 100 characters is INVALID_LABEL, and the address stays free', async () => {
    const tenant = await createTenant(server)
    const address = `${unique('label').replace(' ', '-')}@in.example.com`
    const create =
      'mutation ($org: UUID!, $a: String!, $l: String) { createIntakeAddress(organizationId: $org, addressType: "email", address: $a, label: $l) { success error errorCode intakeAddress { address label } } }'
    expect(await field(tenant.bearer, tenant, create, { a: address, l: 'x'.repeat(101) })).toEqual({
      success: false,
      error: 'label must be at most 100 characters.',
      errorCode: 'INVALID_LABEL',
      intakeAddress: null,
    })
    expect(
      await field(
        tenant.bearer,
        tenant,
        'query ($org: UUID!) { listIntakeAddresses(organizationId: $org) { id } }',
      ),
    ).toEqual([])
    expect(await field(tenant.bearer, tenant, create, { a: address, l: 'x'.repeat(100) })).toMatchObject({
      success: true,
      intakeAddress: { address },
    })
  })

  describe('mail posted to POST /intake/email', () => {
    async function mailbox(tenant: Tenant): Promise<string> {
      const address = `${unique('mail').replace(' ', '-')}@in.example.com`
      const created = await field(
        tenant.bearer,
        tenant,
        'mutation ($org: UUID!, $a: String!) { createIntakeAddress(organizationId: $org, addressType: "email", address: $a) { success } }',
        { a: address },
      )
      expect(created).toEqual({ success: true })
      return address
    }

    const message = (to: string, extraHeader = '') =>
      `From: shop@example.com\r\nTo: ${to}\r\nSubject: Receipt\r\n${extraHeader}Content-Type: text/plain\r\n\r\nTotal $42.00\r\n`

    async function post(contentType: string, body: string) {
      const response = await fetch(`${server.url}/intake/email`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'x-intake-secret': intakeSecret },
        body,
      })
      return { status: response.status, body: await response.json() }
    }

    it('sent as text/plain instead of message/rfc822 is 415 UNSUPPORTED_MEDIA_TYPE, and nothing is filed', async () => {
      const tenant = await createTenant(server)
      const answer = await post('text/plain', message(await mailbox(tenant)))
      expect(answer).toEqual({
        status: 415,
        body: {
          errors: [
            {
              message: 'Send the raw message as Content-Type: message/rfc822.',
              extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
            },
          ],
        },
      })
      expect(await receiptCount(tenant)).toBe(0)
    })

    it('whose header cannot be parsed (a field over 1 MiB) is 400 MALFORMED_MESSAGE, and nothing is filed', async () => {
      const tenant = await createTenant(server)
      const raw = message(await mailbox(tenant), `X-Padding: ${'a'.repeat(1100 * 1024)}\r\n`)
      const answer = await post('message/rfc822', raw)
      expect(answer).toEqual({
        status: 400,
        body: {
          errors: [
            { message: 'The message could not be parsed.', extensions: { code: 'MALFORMED_MESSAGE' } },
          ],
        },
      })
      expect(await receiptCount(tenant)).toBe(0)
    })
  })

  // A document that cannot be read reaches a client as its receipt's extractionError and
  // extractionErrorCode, once the extraction job has run.
  it('a receipt whose document cannot be read says why in its extractionError and its code', {
    timeout: 90_000,
  }, async () => {
    const tenant = await createTenant(server)
    const documents = [
      {
        name: 'photo.heic',
        bytes: heic(),
        reason: /^Receipts can be .*; this is image\/heic\.$/,
        code: 'UNSUPPORTED_TYPE',
      },
      {
        name: 'scan.pdf',
        bytes: await pdfWithText([]),
        reason: /^The PDF has no text layer/,
        code: 'NO_TEXT_FOUND',
      },
      {
        name: 'damaged.pdf',
        bytes: garbageAfter('%PDF-1.4\n'),
        reason: /^The PDF could not be read: /,
        code: 'UNREADABLE_DOCUMENT',
      },
      {
        name: 'long.pdf',
        bytes: pdfOfPages(101),
        reason: /^The PDF has 101 pages; receipts may have at most 100\.$/,
        code: 'DOCUMENT_OVER_LIMIT',
      },
    ]
    const ids: string[] = []
    for (const document of documents) {
      const key = await uploadedKey(tenant, document.name, document.bytes)
      const attached = await field(tenant.bearer, tenant, attach, {
        e: await newEvent(tenant, document.name),
        k: key,
      })
      expect(attached).toMatchObject({ success: true })
      ids.push(attached.receiptId as string)
    }
    type Receipt = {
      id: string
      status: string
      vendorName: string | null
      extractionError: string | null
      extractionErrorCode: string | null
    }
    const failed = async () =>
      (
        await field(
          tenant.bearer,
          tenant,
          'query ($org: UUID!) { listReceipts(organizationId: $org, extractionFailed: true) { items { id status vendorName extractionError extractionErrorCode } } }',
        )
      ).items as Receipt[]
    let receipts = await failed()
    for (let i = 0; i < 600 && receipts.length < documents.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      receipts = await failed()
    }
    const byId = new Map(receipts.map((receipt) => [receipt.id, receipt]))
    documents.forEach((document, index) => {
      expect(byId.get(ids[index] as string), document.name).toEqual({
        id: ids[index],
        status: 'reviewed',
        vendorName: null,
        extractionError: expect.stringMatching(document.reason),
        extractionErrorCode: document.code,
      })
    })
  })
})

describe('webhooks', () => {
  const create = (url: string) =>
    `createWebhookEndpoint(organizationId: $org, url: "${url}", description: $d) { success error errorCode secret endpoint { id } }`

  it('a 21st endpoint is WEBHOOK_ENDPOINTS_TOO_MANY; the 20 stay', async () => {
    const tenant = await createTenant(server)
    for (let round = 0; round < 4; round++) {
      const answer = await call(
        tenant.owner.jwt,
        tenant,
        fiveAliased((i) => create(`https://203.0.113.9/hook/${round * 5 + i}`), '$org: UUID!, $d: String'),
      )
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined()
      for (const created of Object.values(answer.data ?? {})) expect(created).toMatchObject({ success: true })
    }
    const refused = await field(
      tenant.owner.jwt,
      tenant,
      `mutation ($org: UUID!, $d: String) { ${create('https://203.0.113.9/hook/20')} }`,
    )
    expect(refused).toEqual({
      success: false,
      error: 'An organization may have at most 20 webhook endpoints.',
      errorCode: 'WEBHOOK_ENDPOINTS_TOO_MANY',
      secret: null,
      endpoint: null,
    })
    const listed = await field<Array<{ url: string }>>(
      tenant.owner.jwt,
      tenant,
      'query ($org: UUID!) { listWebhookEndpoints(organizationId: $org) { url } }',
    )
    expect(listed).toHaveLength(20)
    expect(listed.map((endpoint) => endpoint.url)).not.toContain('https://203.0.113.9/hook/20')
  })

  it('a description over 500 characters is WEBHOOK_DESCRIPTION_TOO_LONG, and no endpoint is made', async () => {
    const tenant = await createTenant(server)
    const mutation = `mutation ($org: UUID!, $d: String) { ${create('https://203.0.113.9/hook')} }`
    expect(await field(tenant.owner.jwt, tenant, mutation, { d: 'x'.repeat(501) })).toEqual({
      success: false,
      error: 'description must be at most 500 characters.',
      errorCode: 'WEBHOOK_DESCRIPTION_TOO_LONG',
      secret: null,
      endpoint: null,
    })
    expect(
      await field(
        tenant.owner.jwt,
        tenant,
        'query ($org: UUID!) { listWebhookEndpoints(organizationId: $org) { id } }',
      ),
    ).toEqual([])
    expect(await field(tenant.owner.jwt, tenant, mutation, { d: 'x'.repeat(500) })).toMatchObject({
      success: true,
    })
  })
})

// No GraphQL field or HTTP route creates users: only the operator does, with `daybook user create`,
// which prints the failure's message. Its two codes are read here from the service that command
// calls (test/support/error-code-log.ts lists them as codes no HTTP answer carries).
describe('codes only the operator meets', () => {
  it('creating a user with a short password is WEAK_PASSWORD, and with a taken email EMAIL_TAKEN; no user is made', async () => {
    const { access } = server.app.core.services
    const tenant = await createTenant(server)
    const email = `${unique('weak').replace(' ', '-')}@example.com`
    expect(await access.createUser({ email, password: 'short' })).toEqual({
      ok: false,
      error: { code: 'WEAK_PASSWORD', message: 'password must be at least 8 characters.', field: 'password' },
    })
    expect(await access.addMemberAsOperator(tenant.organizationId, email, 'member')).toMatchObject({
      ok: false,
      error: { code: 'USER_NOT_FOUND' },
    })

    const taken = await createUser(server)
    expect(
      await access.createUser({ email: taken.email.toUpperCase(), password: 'another long password' }),
    ).toEqual({
      ok: false,
      error: { code: 'EMAIL_TAKEN', message: 'A user with this email already exists.', field: 'email' },
    })
    // The first user's password still signs in.
    const signIn = await server.gql(
      'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }',
      { e: taken.email, p: taken.password },
    )
    expect(signIn.body.errors).toBeUndefined()
    expect(signIn.body.data?.tokenAuth.token).toEqual(expect.any(String))
  })
})
