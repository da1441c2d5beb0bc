// uploadFile, the bank-file preview and import, and pages() against the compiled Daybook server.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDaybookClient, type DaybookClient } from '../src/daybook-client.js'
import { assertSuccess } from '../src/daybook-error.js'
import {
  ImportBankStatementDocument,
  ImportBankStatementFileDocument,
  ListAccountsDocument,
  ListLedgerEventsDocument,
  PreviewBankStatementFileDocument,
} from '../src/generated/graphql.js'
import { type DaybookServer, startDaybook } from './support/daybook-server.js'

// A Canadian bank's OFX 1.02 statement: jseutter/ofxparse, tests/fixtures/bank_medium.ofx (MIT),
// a byte copy of file 3236ab085b84b4b2ccfcb654ec097e42f9916cc7.
const statement = readFileSync(new URL('./fixtures/ofxparse_bank_medium_CAD.ofx', import.meta.url))

let server: DaybookServer
let client: DaybookClient
let organizationId: string
let chequingId: string

beforeAll(async () => {
  server = await startDaybook()
  const tenant = await server.createTenant('Bank Files')
  organizationId = tenant.organizationId
  client = createDaybookClient({ url: server.url, apiKey: tenant.apiKey })
  const { listAccounts } = await client.request(ListAccountsDocument, { organizationId, search: 'Chequing' })
  const chequing = listAccounts?.items.find((account) => account.name === 'Chequing')
  if (!chequing) throw new Error('the default chart has no Chequing')
  chequingId = chequing.id
})

afterAll(async () => {
  await server?.stop()
})

async function eventsFrom2009() {
  const { listLedgerEvents } = await client.request(ListLedgerEventsDocument, {
    organizationId,
    dateFrom: '2009-01-01',
    dateTo: '2009-12-31',
    sortBy: 'transactionDate',
    sortDir: 'asc',
  })
  return listLedgerEvents?.items ?? []
}

describe('a bank statement file', () => {
  it('is uploaded, previewed without a write, imported, and skipped when imported again', async () => {
    const file = await client.uploadFile(statement, { filename: 'bank_medium.ofx' })
    expect(file).toEqual({
      s3Key: expect.stringContaining(organizationId),
      filename: 'bank_medium.ofx',
      contentType: expect.any(String),
      size: statement.byteLength,
      sha256: createHash('sha256').update(statement).digest('hex'),
    })
    const uploaded = { organizationId, paymentAccountId: chequingId, s3Key: file.s3Key }

    const preview = await client.request(PreviewBankStatementFileDocument, uploaded)
    assertSuccess(preview.importBankStatementFile)
    expect(preview.importBankStatementFile).toMatchObject({
      format: 'OFX',
      currency: 'CAD',
      importedCount: 0,
      skippedCount: 0,
      accountMismatch: false,
      balanceCheck: { openingBalance: null, closingBalance: '382.34', balanced: null },
    })
    expect(
      preview.importBankStatementFile.rows.map((row) => [
        row.amount,
        row.eventType,
        row.direction,
        row.isDuplicate,
      ]),
    ).toEqual([
      ['6.60', 'expense', 'out', false],
      ['316.67', 'expense', 'out', false],
      ['22.00', 'expense', 'out', false],
    ])
    expect(preview.importBankStatementFile.rows[0]).toMatchObject({
      rowIndex: 0,
      transactionDate: '2009-04-01',
      reference: '0000123456782009040100001',
    })
    expect(await eventsFrom2009()).toEqual([])

    const imported = await client.request(ImportBankStatementFileDocument, uploaded)
    assertSuccess(imported.importBankStatementFile)
    expect(imported.importBankStatementFile).toMatchObject({ importedCount: 3, skippedCount: 0 })
    const events = await eventsFrom2009()
    expect(events.map((event) => [event.functionalAmount, event.status, event.direction])).toEqual([
      ['6.60', 'needs_review', 'out'],
      ['316.67', 'needs_review', 'out'],
      ['22.00', 'needs_review', 'out'],
    ])

    const again = await client.request(ImportBankStatementFileDocument, uploaded)
    expect(again.importBankStatementFile).toMatchObject({ success: true, importedCount: 0, skippedCount: 3 })
    expect(again.importBankStatementFile?.rows.map((row) => [row.isDuplicate, row.duplicateReason])).toEqual([
      [true, 'reference'],
      [true, 'reference'],
      [true, 'reference'],
    ])
    expect(await eventsFrom2009()).toHaveLength(3)
  })

  it("a refused upload is thrown with the server's code and status", async () => {
    await expect(client.uploadFile(new Uint8Array(0), { filename: 'empty.ofx' })).rejects.toMatchObject({
      name: 'DaybookError',
      code: 'EMPTY_FILE',
      status: 400,
    })
    await expect(
      client.uploadFile(new Uint8Array([0, 159, 146, 150, 1, 2, 3, 4]), { filename: 'noise.bin' }),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', status: 415 })
    const stranger = createDaybookClient({ url: server.url, apiKey: 'dbk_not_a_key' })
    await expect(stranger.uploadFile(statement, { filename: 'bank_medium.ofx' })).rejects.toMatchObject({
      code: 'INVALID_API_KEY',
      status: 401,
    })
  })
})

describe('pages', () => {
  it('reads a list of many pages, each item once, in the order of one long page', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => ({
      transactionDate: `2010-01-${String(index + 1).padStart(2, '0')}`,
      description: `Paged Supplier ${index}`,
      amount: `-${index + 1}.00`,
      eventType: 'expense',
    }))
    const imported = await client.request(ImportBankStatementDocument, {
      organizationId,
      paymentAccountId: chequingId,
      rows,
    })
    expect(imported.importBankStatement).toMatchObject({ success: true, importedCount: 7 })
    const variables = { organizationId, search: 'Paged Supplier', sortBy: 'transactionDate', sortDir: 'asc' }

    const sizes: number[] = []
    const merchants: string[] = []
    for await (const page of client.pages(
      ListLedgerEventsDocument,
      { ...variables, limit: 3 },
      (data) => data.listLedgerEvents,
    )) {
      sizes.push(page.items.length)
      merchants.push(...page.items.map((event) => event.merchantName))
    }
    expect(sizes).toEqual([3, 3, 1])
    const { listLedgerEvents } = await client.request(ListLedgerEventsDocument, { ...variables, limit: 200 })
    expect(merchants).toEqual(listLedgerEvents?.items.map((event) => event.merchantName))
    expect(merchants).toHaveLength(7)
  })
})
