// Every feed type an organization can produce through the API reaches its webhook once, in feed order, signed, equal to the feed, and nothing of another organization.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedTypes } from '../../src/modules/audit/event-feed.js'
import { multipart, pdfWithText } from '../support/files.js'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

/** The one feed type no API call produces: it comes of five days of failures (webhooks.test.ts). */
const notProducedHere = new Set(['webhook_endpoint.disabled'])

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** A receiver on loopback that keeps every request and answers 200. */
class Receiver {
  readonly requests: Received[] = []
  private readonly server: Server

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        this.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
        response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks')
      })
    })
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

let server: TestServer
const receivers: Receiver[] = []

beforeAll(async () => {
  server = await startServer({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOW_HTTP: 'true' } })
})
afterAll(async () => {
  await server.close()
  for (const receiver of receivers) await receiver.close()
})

async function receiver(): Promise<{ receiver: Receiver; url: string }> {
  const made = new Receiver()
  receivers.push(made)
  return { receiver: made, url: await made.listen() }
}

type Body = {
  data?: Record<string, unknown>
  errors?: Array<{ message: string; extensions?: { code?: string } }>
}

async function call<T>(auth: Record<string, string>, query: string, variables: Record<string, unknown> = {}) {
  const body = (await server.gql(query, variables, auth)).body as Body
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return Object.values(body.data ?? {})[0] as T
}

/** A mutation of the tenant that must succeed; answers its payload. */
async function act<T = Record<string, unknown>>(
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
  auth = tenant.bearer,
): Promise<T> {
  const payload = await call<Record<string, unknown>>(auth, query, {
    org: tenant.organizationId,
    ...variables,
  })
  expect(payload, `${query}\n${JSON.stringify(payload)}`).toMatchObject({ success: true })
  return payload as T
}

type FeedEvent = {
  id: string
  seq: number
  type: string
  occurredAt: string
  actorType: string
  actorId: string | null
  entityId: string
  data: string
}

/** The organization's whole feed after `after`, read page by page as a client reads it. */
async function feedAfter(tenant: Tenant, after: number): Promise<{ items: FeedEvent[]; lastSeq: number }> {
  const items: FeedEvent[] = []
  let from = after
  for (;;) {
    const page = await call<{ items: FeedEvent[]; lastSeq: number }>(
      tenant.bearer,
      'query ($org: UUID!, $after: Int) { events(organizationId: $org, after: $after, limit: 1000) { lastSeq items { id seq type occurredAt actorType actorId entityId data } } }',
      { org: tenant.organizationId, after: from },
    )
    items.push(...page.items)
    if (page.lastSeq === from) return { items, lastSeq: from }
    from = page.lastSeq
  }
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 30_000) {
  const until = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const createEndpoint = (tenant: Tenant, url: string) =>
  act<{ secret: string; endpoint: { id: string; eventTypes: string[] | null } }>(
    tenant,
    'mutation ($org: UUID!, $url: String!) { createWebhookEndpoint(organizationId: $org, url: $url, description: "every type") { success error errorCode secret endpoint { id eventTypes } } }',
    { url },
    tenant.owner.jwt,
  )

async function createEvent(tenant: Tenant, merchant: string, amount = '12.34', date = '2026-03-02') {
  const created = await act<{ eventId: string }>(
    tenant,
    'mutation ($org: UUID!, $m: String!, $a: String!, $d: String!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d) { success error eventId } }',
    { m: merchant, a: amount, d: date },
  )
  return created.eventId
}

const classify = (tenant: Tenant, eventId: string, categoryId?: string, paymentId?: string) =>
  act(
    tenant,
    'mutation ($org: UUID!, $e: UUID!, $c: UUID, $p: UUID) { updateStagedEntry(organizationId: $org, eventId: $e, categoryId: $c, paymentId: $p) { success error } }',
    { e: eventId, c: categoryId, p: paymentId },
  )

const confirm = (tenant: Tenant, eventId: string) =>
  act(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
    { e: eventId },
  )

async function upload(tenant: Tenant, bytes: Buffer, filename: string, type: string): Promise<string> {
  const response = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers: tenant.bearer,
    body: multipart([{ name: 'file', filename, bytes, type }]),
  })
  const body = (await response.json()) as { s3Key?: string }
  expect(response.status, JSON.stringify(body)).toBe(201)
  return body.s3Key as string
}

/** An OFX 1 statement of one debit on an account the file names, as banks send it. */
const ofx = (acctId: string) =>
  Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CAD<BANKACCTFROM><BANKID>001<ACCTID>${acctId}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20260301<DTEND>20260331\n<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260310120000[-5:EST]<TRNAMT>-7.25<FITID>HOOK-1<NAME>Bank Coffee</STMTTRN>\n</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20260331</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`,
  )

const reconciliationFields = 'success error errorCode reconciliation { id status clearedEventIds }'

describe('webhooks of every feed type', () => {
  it('delivers every type the organization makes once, in seq order, signed, as the feed tells it, and nothing of another', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const { receiver: hook, url } = await receiver()
    const { receiver: otherHook, url: otherUrl } = await receiver()
    const otherStart = (await feedAfter(other, 0)).lastSeq
    await createEndpoint(other, otherUrl)
    const start = (await feedAfter(tenant, 0)).lastSeq
    const created = await createEndpoint(tenant, url)
    expect(created.endpoint.eventTypes).toBeNull()
    const accounts = await accountsByName(server, tenant)
    const chequing = accounts.Chequing as string
    const office = accounts['Office Expenses'] as string

    // account.created, contact.created, contact.updated
    await act(
      tenant,
      'mutation ($org: UUID!) { createAccount(organizationId: $org, name: "Hook Supplies", accountType: "expense", classification: "expense") { success error } }',
    )
    const contact = await act<{ contact: { id: string } }>(
      tenant,
      'mutation ($org: UUID!) { createContact(organizationId: $org, displayName: "Hook Vendor", contactType: "vendor") { success error contact { id } } }',
    )
    await act(
      tenant,
      'mutation ($org: UUID!, $c: UUID!) { updateContact(organizationId: $org, contactId: $c, email: "ap@hook.example") { success error } }',
      { c: contact.contact.id },
    )

    // ledger_event.created, .updated, .classified, .confirmed
    const cleared = await createEvent(tenant, 'Paper Co')
    await act(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { updateLedgerEvent(organizationId: $org, eventId: $e, memo: "printer paper") { success error } }',
      { e: cleared },
    )
    await classify(tenant, cleared, office, chequing)
    await confirm(tenant, cleared)

    // ledger_event.synced
    const synced = await createEvent(tenant, 'Ink Ltd', '5.00')
    await classify(tenant, synced, office, chequing)
    await confirm(tenant, synced)
    const marked = await act<{ syncedCount: number }>(
      tenant,
      'mutation ($org: UUID!, $ids: [UUID!]!) { markLedgerEventsSynced(organizationId: $org, eventIds: $ids) { success error syncedCount errors { errorCode } } }',
      { ids: [synced] },
    )
    expect(marked.syncedCount).toBe(1)

    // ledger_event.rejected
    const rejected = await createEvent(tenant, 'Mistake Inc', '3.00')
    await act(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
      { e: rejected },
    )

    // ledger_event.reconciled, reconciliation.finished, reconciliation.undone
    const started = await act<{ reconciliation: { id: string } }>(
      tenant,
      `mutation ($org: UUID!, $a: UUID!) { startReconciliation(organizationId: $org, paymentAccountId: $a, statementDate: "2026-03-31", statementBalance: "-12.34") { ${reconciliationFields} } }`,
      { a: chequing },
    )
    const reconciliationId = started.reconciliation.id
    await act(
      tenant,
      `mutation ($org: UUID!, $r: UUID!, $ids: [UUID!]!) { setReconciliationCleared(organizationId: $org, reconciliationId: $r, eventIds: $ids, cleared: true) { ${reconciliationFields} } }`,
      { r: reconciliationId, ids: [cleared] },
    )
    const finished = await act<{ reconciliation: { status: string; clearedEventIds: string[] } }>(
      tenant,
      `mutation ($org: UUID!, $r: UUID!) { finishReconciliation(organizationId: $org, reconciliationId: $r) { ${reconciliationFields} } }`,
      { r: reconciliationId },
    )
    expect(finished.reconciliation).toMatchObject({ status: 'finished', clearedEventIds: [cleared] })
    await act(
      tenant,
      `mutation ($org: UUID!, $r: UUID!) { undoReconciliation(organizationId: $org, reconciliationId: $r, reason: "statement re-read") { ${reconciliationFields} } }`,
      { r: reconciliationId },
      tenant.owner.jwt,
    )

    // reconciliation.cancelled
    const dropped = await act<{ reconciliation: { id: string } }>(
      tenant,
      `mutation ($org: UUID!, $a: UUID!) { startReconciliation(organizationId: $org, paymentAccountId: $a, statementDate: "2026-03-31", statementBalance: "0.00") { ${reconciliationFields} } }`,
      { a: chequing },
    )
    await act(
      tenant,
      `mutation ($org: UUID!, $r: UUID!) { cancelReconciliation(organizationId: $org, reconciliationId: $r, reason: "wrong account") { ${reconciliationFields} } }`,
      { r: dropped.reconciliation.id },
      tenant.owner.jwt,
    )

    // bank_import.completed, and account.updated: the account remembers the id the file names.
    const imported = await act<{ importedCount: number; statementAccountId: string }>(
      tenant,
      'mutation ($org: UUID!, $a: UUID!, $k: String!) { importBankStatementFile(organizationId: $org, paymentAccountId: $a, s3Key: $k) { success error errorCode importedCount statementAccountId } }',
      { a: chequing, k: await upload(tenant, ofx('4242'), 'statement.ofx', 'application/octet-stream') },
    )
    expect(imported).toMatchObject({ importedCount: 1, statementAccountId: '001:4242' })

    // receipt.received and receipt.matched for each; receipt.extracted for the readable one,
    // receipt.failed for the PDF without a text layer.
    const attach = async (eventId: string, bytes: Buffer, filename: string) =>
      (
        await act<{ receiptId: string }>(
          tenant,
          'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success error errorCode receiptId } }',
          { e: eventId, k: await upload(tenant, bytes, filename, 'application/pdf') },
        )
      ).receiptId
    const readable = await attach(
      await createEvent(tenant, 'Staples', '22.60', '2026-04-02'),
      await pdfWithText(['Staples', 'Invoice date: 2026-04-02', 'Paper 20.00', 'HST 2.60', 'Total 22.60']),
      'staples.pdf',
    )
    const unreadable = await attach(
      await createEvent(tenant, 'Scanner', '9.99'),
      await pdfWithText([]),
      'scan.pdf',
    )
    await waitFor('both receipts read', async () => {
      const read = (await feedAfter(tenant, start)).items.filter(
        (e) =>
          (e.type === 'receipt.extracted' && e.entityId === readable) ||
          (e.type === 'receipt.failed' && e.entityId === unreadable),
      )
      return read.length === 2 ? true : undefined
    })

    // organization.lock_date_changed
    await act(
      tenant,
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2026-01-31") { success error } }',
      {},
      tenant.owner.jwt,
    )

    // organization.profile_changed
    await act(
      tenant,
      'mutation ($org: UUID!) { updateOrganizationProfile(organizationId: $org, province: "CA-ON") { success error } }',
      {},
      tenant.owner.jwt,
    )

    // sales_tax_return.filed, of a period before every event here
    await act(
      tenant,
      'mutation ($org: UUID!) { fileSalesTaxReturn(organizationId: $org, startDate: "2000-01-01", endDate: "2000-03-31") { success error } }',
      {},
      tenant.owner.jwt,
    )

    // journal_entry.created and journal_entry.reversed: an accrual reversed on a later day
    await act(
      tenant,
      `mutation ($org: UUID!, $lines: [JournalLineInput!]!) {
        createJournalEntry(organizationId: $org, date: "2026-02-27", lines: $lines, reverseOn: "2026-03-01") { success error }
      }`,
      {
        lines: [
          { accountId: accounts['Office Expenses'], debit: '75.00' },
          { accountId: accounts['Accounts Payable'], credit: '75.00' },
        ],
      },
    )

    // fiscal_year.closed and fiscal_year.reopened, of a year before every event here
    await act(
      tenant,
      'mutation ($org: UUID!) { closeFiscalYear(organizationId: $org, endDate: "2000-12-31") { success error } }',
      {},
      tenant.owner.jwt,
    )
    await act(
      tenant,
      'mutation ($org: UUID!) { reopenFiscalYear(organizationId: $org, endDate: "2000-12-31", reason: "Closed by mistake") { success error } }',
      {},
      tenant.owner.jwt,
    )

    // invoice.created, .approved, .paid and .voided, and payment.recorded
    const customer = await act<{ contact: { id: string } }>(
      tenant,
      'mutation ($org: UUID!) { createContact(organizationId: $org, displayName: "Hook Customer", contactType: "customer") { success error contact { id } } }',
    )
    const invoiceFields = 'success error errorCode invoice { id total }'
    const newInvoice = async () =>
      (
        await act<{ invoice: { id: string; total: string } }>(
          tenant,
          `mutation ($org: UUID!, $input: InvoiceInput!) { createInvoice(organizationId: $org, input: $input) { ${invoiceFields} } }`,
          {
            input: {
              kind: 'invoice',
              contactId: customer.contact.id,
              issueDate: '2026-03-05',
              lines: [{ quantity: '1', unitPrice: '40.00', accountId: accounts['Sales Revenue'] }],
            },
          },
        )
      ).invoice
    const approve = (id: string) =>
      act(
        tenant,
        `mutation ($org: UUID!, $i: UUID!) { approveInvoice(organizationId: $org, invoiceId: $i) { ${invoiceFields} } }`,
        { i: id },
      )
    const paidInvoice = await newInvoice()
    await approve(paidInvoice.id)
    await act(
      tenant,
      `mutation ($org: UUID!, $i: UUID!, $p: UUID!) { recordInvoicePayment(organizationId: $org, invoiceId: $i, amount: "40.00", date: "2026-03-06", paymentAccountId: $p) { ${invoiceFields} } }`,
      { i: paidInvoice.id, p: chequing },
    )
    const voided = await newInvoice()
    await approve(voided.id)
    await act(
      tenant,
      `mutation ($org: UUID!, $i: UUID!) { voidInvoice(organizationId: $org, invoiceId: $i) { ${invoiceFields} } }`,
      { i: voided.id },
    )

    // The other organization's events, which its own endpoint is sent.
    await createEvent(other, 'Elsewhere Ltd')
    await act(
      other,
      'mutation ($org: UUID!) { createContact(organizationId: $org, displayName: "Elsewhere Vendor", contactType: "vendor") { success error } }',
    )
    await act(
      other,
      'mutation ($org: UUID!) { createAccount(organizationId: $org, name: "Elsewhere Costs", accountType: "expense", classification: "expense") { success error } }',
    )

    // The feed holds every type this organization can make, and only those.
    const feed = (await feedAfter(tenant, start)).items
    const expected = new Set<string>(feedTypes.filter((type) => !notProducedHere.has(type)))
    expect(new Set(feed.map((e) => e.type))).toEqual(expected)
    expect(feed.map((e) => e.seq)).toEqual(feed.map((_, index) => start + index + 1))

    const feedIds = new Set(feed.map((e) => e.id))
    await waitFor('every event at the receiver', () =>
      hook.requests.filter((r) => feedIds.has(String(r.headers['webhook-id']))).length >= feed.length
        ? true
        : undefined,
    )
    const signer = new Webhook(created.secret)
    const received = hook.requests.map((request) => {
      expect(request.headers['content-type']).toBe('application/json')
      signer.verify(request.body, request.headers as Record<string, string>)
      const body = JSON.parse(request.body) as {
        type: string
        timestamp: string
        data: Omit<FeedEvent, 'data'> & { data: unknown }
      }
      expect(body.data.id).toBe(request.headers['webhook-id'])
      expect(body.type).toBe(body.data.type)
      expect(body.timestamp).toBe(body.data.occurredAt)
      return body.data
    })
    // Every type arrived; each event once, by webhook-id, in the feed's order; each body is the feed's event.
    expect(new Set(received.map((e) => e.type))).toEqual(expected)
    const ids = hook.requests.map((r) => String(r.headers['webhook-id']))
    expect(new Set(ids).size).toBe(ids.length)
    expect(received.map((e) => e.seq)).toEqual(feed.map((e) => e.seq))
    expect(received.map((e) => ({ ...e, data: JSON.stringify(e.data) }))).toEqual(feed)

    // The dispatcher's own record: one delivery per event, each answered 2xx once. (On PostgreSQL
    // another test file's server may claim one first and be refused the loopback address: an
    // attempt without an answer, never a second message.)
    const delivered = await waitFor('every delivery recorded', async () => {
      const page = await call<{
        totalCount: number
        items: Array<{
          eventId: string
          seq: number
          status: string
          attempts: Array<{ statusCode: number | null }>
        }>
      }>(
        tenant.owner.jwt,
        'query ($org: UUID!, $e: UUID!) { listWebhookDeliveries(organizationId: $org, endpointId: $e, limit: 200) { totalCount items { eventId seq status attempts { statusCode } } } }',
        { org: tenant.organizationId, e: created.endpoint.id },
      )
      return page.items.every((d) => d.status === 'delivered') ? page : undefined
    })
    expect(delivered.totalCount).toBe(feed.length)
    expect(
      delivered.items.map((d) => [
        d.eventId,
        d.seq,
        d.attempts.filter((a) => a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300).length,
      ]),
    ).toEqual(feed.map((e) => [e.id, e.seq, 1]).reverse())

    // The other organization's events reached its endpoint, and never this one.
    const theirs = (await feedAfter(other, otherStart)).items
    expect(theirs.map((e) => e.type)).toEqual(['ledger_event.created', 'contact.created', 'account.created'])
    const theirIds = new Set(theirs.map((e) => e.id))
    await waitFor("the other organization's events at its endpoint", () =>
      otherHook.requests.filter((r) => theirIds.has(String(r.headers['webhook-id']))).length >= theirs.length
        ? true
        : undefined,
    )
    const theirEntities = new Set(theirs.map((e) => e.entityId))
    expect(received.filter((e) => theirIds.has(e.id) || theirEntities.has(e.entityId))).toEqual([])
    expect(hook.requests.filter((r) => r.body.includes(other.organizationId))).toEqual([])
    expect(hook.requests).toHaveLength(feed.length)
  }, 60_000)
})
