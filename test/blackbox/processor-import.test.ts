// The payment-processor import and deletion (spec part 4 server-side commands, DESIGN 3 and 5.8):
// the operator CLI on the real Stripe files, the GraphQL admin mutations on files written here.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliOutcome, operatorCli, refused } from '../support/cli.js'
import { fixtureDataDir } from '../support/csv.js'
import { multipart, tinyPng } from '../support/files.js'
import { createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-processor-'))
const daybook = operatorCli(dataDir)
const scratch = mkdtempSync(path.join(tmpdir(), 'daybook-processor-files-'))
let server: TestServer

const stripeFile = (name: string) => path.join(fixtureDataDir, 'stripe', name)
const legacy14File = stripeFile('reunion_stripe_balance_history_2016-2017_14col.csv')
const verbatimFile = stripeFile('reunion_stripe_balance_history_rows_VERBATIM.csv')
const itemizedFile = stripeFile('hledger_stripe_balance_change_itemized.csv')

beforeAll(async () => {
  // The server runs on the data the CLI writes to, as an operator's would.
  server = await startServer({ dataDir })
})
afterAll(() => server.close())

// ---- helpers -------------------------------------------------------------------------------------

interface Summary {
  batch: string
  created: number
  appFee: number
  dupe: number
}

/** The four summary lines, exactly. */
function summaryOf(outcome: CliOutcome): Summary {
  expect(outcome.code, outcome.stderr).toBe(0)
  expect(outcome.stderr).toBe('')
  const lines = outcome.stdout.split('\n')
  expect(lines.at(-1)).toBe('')
  const [batch, created, appFee, dupe] = lines.slice(0, -1).map((line) => line)
  expect(lines).toHaveLength(5)
  expect(batch).toMatch(/^Batch: stripe:\d{8}T\d{6}Z(-\d+)?$/)
  expect(created).toMatch(/^Created: \d+$/)
  expect(appFee).toMatch(/^Skipped \(app_fee\): \d+$/)
  expect(dupe).toMatch(/^Skipped \(dupe\): \d+$/)
  const count = (line: string | undefined) => Number(line?.split(': ')[1])
  return {
    batch: batch?.slice('Batch: '.length) ?? '',
    created: count(created),
    appFee: count(appFee),
    dupe: count(dupe),
  }
}

function deletedOf(outcome: CliOutcome): number {
  expect(outcome.code, outcome.stderr).toBe(0)
  expect(outcome.stdout).toMatch(/^Deleted: \d+\n$/)
  return Number(outcome.stdout.trim().split(': ')[1])
}

/** The real exports are in US dollars, so the shop keeps its books in them (DESIGN 7.7). */
async function tenantNamed(functionalCurrency = 'USD'): Promise<Tenant & { name: string }> {
  const name = unique('Stripe Shop')
  return { ...(await createTenant(server, name, functionalCurrency)), name }
}

// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
async function gql(tenant: Tenant, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.owner.jwt)
  expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined()
  return response.body.data
}

const importMutation = `mutation ($org: UUID!, $csv: String!, $dry: Boolean, $review: Boolean) {
  importProcessorBalance(organizationId: $org, csv: $csv, dryRun: $dry, review: $review) {
    success error errorCode batchId created skippedAppFee skippedDupe eventCount dryRun
  }
}`
const deleteMutation = `mutation ($org: UUID!, $batch: String, $dry: Boolean) {
  deleteProcessorImports(organizationId: $org, batchId: $batch, dryRun: $dry) { success error errorCode deleted dryRun }
}`

/** Decimal string to minor units (two decimals in these books). */
function minor(amount: string): bigint {
  const negative = amount.startsWith('-')
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.')
  const value = BigInt(whole + fraction.padEnd(2, '0'))
  return negative ? -value : value
}

async function balances(tenant: Tenant): Promise<Record<string, bigint>> {
  const data = await gql(
    tenant,
    'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName balance } }',
  )
  return Object.fromEntries(
    (data.accountBalances as Array<{ accountName: string; balance: string }>).map((a) => [
      a.accountName,
      minor(a.balance),
    ]),
  )
}

async function expectBalancedBooks(tenant: Tenant) {
  const data = await gql(
    tenant,
    'query ($org: UUID!) { trialBalance(organizationId: $org) { totalDebit totalCredit } }',
  )
  expect(data.trialBalance.totalDebit).toBe(data.trialBalance.totalCredit)
  return data.trialBalance as { totalDebit: string; totalCredit: string }
}

interface EventRow {
  id: string
  eventType: string
  merchantName: string
  functionalAmount: string
  functionalCurrency: string
  transactionDate: string
  status: string
  memo: string
  reference: string | null
  source: string
  category: { name: string } | null
  paymentAccount: { name: string } | null
  journalEntry: { id: string; totalAmount: string } | null
}

async function events(tenant: Tenant): Promise<EventRow[]> {
  const all: EventRow[] = []
  for (let offset = 0; ; offset += 200) {
    const data = await gql(
      tenant,
      `query ($org: UUID!, $offset: Int) {
        listLedgerEvents(organizationId: $org, limit: 200, offset: $offset, sortBy: "transactionDate", sortDir: "asc") {
          totalCount
          items {
            id eventType merchantName functionalAmount functionalCurrency transactionDate status memo reference source
            category { name } paymentAccount { name } journalEntry { id totalAmount }
          }
        }
      }`,
      { offset },
    )
    all.push(...data.listLedgerEvents.items)
    if (all.length >= data.listLedgerEvents.totalCount) return all
  }
}

/** One line per event, `type category<-payment amount`, for the events whose memo names the source. */
function booking(list: EventRow[], sourceId: string): string[] {
  return list
    .filter((e) => e.memo.includes(` ${sourceId}`))
    .map((e) => `${e.eventType} ${e.category?.name}<-${e.paymentAccount?.name} ${e.functionalAmount}`)
    .sort()
}

const sumOf = (amounts: string[]) => amounts.reduce((sum, a) => sum + minor(a), 0n)

// ---- files written here ---------------------------------------------------------------------------

const legacy17Header =
  'id,Type,Source,Amount,Fee,Destination Platform Fee,Destination Platform Fee Currency,Net,Currency,Created (UTC),Available On (UTC),Description,Customer Facing Amount,Customer Facing Currency,Transfer,Transfer Date (UTC),Transfer Group,order_id (metadata)'

function legacy17Row(r: {
  id: string
  type: string
  source: string
  amount: string
  fee: string
  net: string
  created: string
  description: string
  order?: string
}): string {
  const quoted = r.description.includes(',') ? `"${r.description}"` : r.description
  return [
    r.id,
    r.type,
    r.source,
    r.amount,
    r.fee,
    '',
    '',
    r.net,
    'cad',
    r.created,
    r.created,
    quoted,
    '',
    '',
    '',
    '',
    '',
    r.order ?? '',
  ].join(',')
}

/** A 2021-style 17-column export plus a metadata column, newest first, one row of every mapped type. */
function legacy17Csv(prefix: string): string {
  const rows = [
    {
      id: 'p1',
      type: 'payout',
      source: 'po_p1',
      amount: '-1000.00',
      fee: '0.00',
      net: '-1000.00',
      created: '2021-11-20 10:00',
      description: 'STRIPE PAYOUT',
    },
    {
      id: 'af',
      type: 'application_fee',
      source: 'fee_af',
      amount: '5.00',
      fee: '0.00',
      net: '5.00',
      created: '2021-11-19 09:00',
      description: '',
    },
    {
      id: 'tr',
      type: 'transfer',
      source: 'tr_c1',
      amount: '-300.00',
      fee: '0.00',
      net: '-300.00',
      created: '2021-11-18 08:00',
      description: 'Transfer to acct_1Supplier',
    },
    {
      id: 'sf',
      type: 'stripe_fee',
      source: '',
      amount: '-12.50',
      fee: '0.00',
      net: '-12.50',
      created: '2021-11-17 00:00',
      description: 'Radar (2021-11-01 - 2021-11-30)',
    },
    {
      id: 'dp',
      type: 'adjustment',
      source: 'ch_c2',
      amount: '-200.00',
      fee: '15.00',
      net: '-215.00',
      created: '2021-11-16 12:00',
      description: 'Chargeback withdrawal for ch_c2',
    },
    {
      id: 'rf',
      type: 'refund',
      source: 'ch_c1',
      amount: '-100.00',
      fee: '-3.20',
      net: '-96.80',
      created: '2021-11-15 12:00',
      description: 'REFUND FOR CHARGE (Order A-1)',
      order: 'A-1',
    },
    {
      id: 'c2',
      type: 'charge',
      source: 'ch_c2',
      amount: '200.00',
      fee: '6.10',
      net: '193.90',
      created: '2021-11-14 12:00',
      description: 'Order A-2, gift',
      order: 'A-2',
    },
    {
      id: 'c1',
      type: 'charge',
      source: 'ch_c1',
      amount: '1500.00',
      fee: '43.80',
      net: '1456.20',
      created: '2021-11-13 12:00',
      description: 'Order A-1',
      order: 'A-1',
    },
  ]
  return [legacy17Header, ...rows.map((r) => legacy17Row({ ...r, id: `txn_${prefix}${r.id}` }))].join('\r\n')
}

const itemizedHeader = [
  'balance_transaction_id',
  'created_utc',
  'created',
  'available_on_utc',
  'currency',
  'gross',
  'fee',
  'net',
  'reporting_category',
  'source_id',
  'description',
  'customer_email',
  'automatic_payout_id',
  'payment_metadata[order]',
]

/** An itemized report with optional columns, every field quoted as Stripe writes them. */
function itemizedCsv(prefix: string): string {
  const rows = [
    ['i1', '2024-03-01 10:00:00', '50.00', '1.75', '48.25', 'charge', 'ch_i1', 'Invoice 1'],
    ['i2', '2024-03-02 11:30:15', '-20.00', '0.00', '-20.00', 'refund', 're_i2', 'REFUND FOR PAYMENT'],
    ['i3', '2024-03-03 00:00:00', '-2.00', '0.00', '-2.00', 'fee', '', 'Billing - Usage Fee (2024-02)'],
    ['i4', '2024-03-04 00:00:00', '3.00', '0.00', '3.00', 'platform_earning', 'fee_i4', ''],
    ['i5', '2024-03-05 09:00:00', '-10.00', '0.00', '-10.00', 'transfer', 'tr_i5', ''],
    ['i6', '2024-03-06 09:00:00', '-50.00', '15.00', '-65.00', 'dispute', 'du_i6', 'Dispute for ch_i1'],
    ['i7', '2024-03-20 09:00:00', '50.00', '-15.00', '65.00', 'dispute_reversal', 'du_i6', 'Dispute won'],
    ['i8', '2024-03-21 00:00:00', '-11.25', '0.00', '-11.25', 'payout', 'po_i8', 'STRIPE PAYOUT'],
  ]
  const quote = (fields: string[]) => fields.map((f) => `"${f}"`).join(',')
  return [
    quote(itemizedHeader),
    ...rows.map(([id, created, gross, fee, net, category, sourceId, description]) =>
      quote([
        `txn_${prefix}${id}`,
        created as string,
        created as string,
        '2024-03-25 00:00:00',
        'usd',
        gross as string,
        fee as string,
        net as string,
        category as string,
        sourceId as string,
        description as string,
        'buyer@example.com',
        'po_auto',
        'O-1',
      ]),
    ),
  ].join('\n')
}

function writeCsv(name: string, text: string): string {
  const file = path.join(scratch, `${unique(name).replace(' ', '-')}.csv`)
  writeFileSync(file, text)
  return file
}

// ---- the CLI on the real files -------------------------------------------------------------------

describe('import-processor-balance on the real Stripe exports', { timeout: 120_000 }, () => {
  it('books the 2016-2017 legacy export: every type mapped, revenue gross, the Stripe account moving by Net', async () => {
    const tenant = await tenantNamed()
    const summary = summaryOf(
      await daybook('import-processor-balance', legacy14File, '--org-name', tenant.name),
    )
    expect(summary).toMatchObject({ created: 6, appFee: 0, dupe: 0 })

    const list = await events(tenant)
    expect(list).toHaveLength(9)
    for (const event of list) {
      expect(event).toMatchObject({
        status: 'confirmed',
        source: 'processor_import',
        functionalCurrency: 'USD',
      })
      expect(event.journalEntry?.totalAmount).toBe(event.functionalAmount)
      expect(event.reference).toMatch(new RegExp(`^${summary.batch}:(ch|tr)_`))
    }
    // The charge: income of Amount, its fee as its own expense; income minus fee is the Net column.
    expect(booking(list, 'ch_18X4XS2kdGSXuqwcFAw6Jwos')).toEqual([
      'expense Bank Fees & Charges<-Stripe 24.92',
      'income Sales Revenue<-Stripe 849.00',
    ])
    const charge = list.filter((e) => e.memo.includes('ch_18X4XS2kdGSXuqwcFAw6Jwos'))
    const chargeIncome = charge.find((e) => e.eventType === 'income')
    expect(chargeIncome).toMatchObject({
      merchantName: 'Spree Order ID: R102903265-QUTV7T4D',
      transactionDate: '2016-07-14',
      reference: `${summary.batch}:ch_18X4XS2kdGSXuqwcFAw6Jwos`,
    })
    expect(
      minor(chargeIncome?.functionalAmount ?? '') -
        minor(charge.find((e) => e.eventType === 'expense')?.functionalAmount ?? ''),
    ).toBe(minor('824.08'))
    // The refund reuses the charge id as Source; its refunded fee is money back, booked as income.
    expect(booking(list, 'ch_18BnYG2kdGSXuqwcGJj4i9MG')).toEqual([
      'income Bank Fees & Charges<-Stripe 7.52',
      'refund Sales Revenue<-Stripe 249.00',
    ])
    // The chargeback: a refund of the sale plus the dispute fee.
    expect(booking(list, 'ch_18RUCq2kdGSXuqwcxuiNjYA4')).toEqual([
      'expense Bank Fees & Charges<-Stripe 15.00',
      'refund Sales Revenue<-Stripe 849.00',
    ])
    // Pre-2017 "transfer" rows are bank payouts; the positive one is Stripe pulling from the bank.
    expect(booking(list, 'tr_19gkmR2kdGSXuqwcX85dZLPZ')).toEqual(['transfer Chequing<-Stripe 824.08'])
    expect(booking(list, 'tr_18XNw42kdGSXuqwcPblCB9xV')).toEqual(['transfer Chequing<-Stripe 824.08'])
    expect(booking(list, 'tr_18X1Qq2kdGSXuqwc3t8R373F')).toEqual(['transfer Stripe<-Chequing 864.00'])

    const after = await balances(tenant)
    const netColumn = sumOf(['-824.08', '-241.48', '-824.08', '824.08', '864.00', '-864.00'])
    expect(after.Stripe).toBe(netColumn)
    expect(after['Sales Revenue']).toBe(minor('-249.00'))
    expect(after['Bank Fees & Charges']).toBe(minor('32.40'))
    expect(after.Chequing).toBe(minor('784.16'))
    await expectBalancedBooks(tenant)

    // A second run creates nothing and counts every row a duplicate; the books do not move.
    const again = summaryOf(
      await daybook('import-processor-balance', legacy14File, '--org-name', tenant.name),
    )
    expect(again).toMatchObject({ created: 0, appFee: 0, dupe: 6 })
    expect(again.batch).not.toBe(summary.batch)
    expect(await events(tenant)).toHaveLength(9)
    expect(await balances(tenant)).toEqual(after)

    // The VERBATIM file holds the same six rows plus a 2021 payout of 20 fields under the old header.
    const verbatim = summaryOf(
      await daybook('import-processor-balance', verbatimFile, '--org-name', tenant.name),
    )
    expect(verbatim).toMatchObject({ created: 1, appFee: 0, dupe: 6 })
    const withPayout = await events(tenant)
    expect(booking(withPayout, 'po_1Jtgz02kdGSXuqwc69O4GIEp')).toEqual([
      'expense Bank Fees & Charges<-Stripe 50.00',
      'transfer Chequing<-Stripe 5000.00',
    ])
    expect(
      withPayout.find((e) => e.eventType === 'transfer' && e.functionalAmount === '5000.00'),
    ).toMatchObject({
      transactionDate: '2021-11-08',
      merchantName: 'Stripe payout',
      reference: `${verbatim.batch}:po_1Jtgz02kdGSXuqwc69O4GIEp`,
    })
    expect((await balances(tenant)).Stripe).toBe(netColumn + minor('-5050.00'))
    await expectBalancedBooks(tenant)
  })

  it('books the itemized report: a charge without fee makes one event', async () => {
    const tenant = await tenantNamed()
    const summary = summaryOf(
      await daybook('import-processor-balance', itemizedFile, '--org-name', tenant.name),
    )
    expect(summary).toMatchObject({ created: 2, appFee: 0, dupe: 0 })
    const list = await events(tenant)
    expect(
      list.map((e) => `${e.eventType} ${e.category?.name} ${e.functionalAmount} ${e.merchantName}`).sort(),
    ).toEqual(['income Sales Revenue 12.00 Stripe charge', 'refund Sales Revenue 0.77 REFUND FOR PAYMENT'])
    expect((await balances(tenant)).Stripe).toBe(minor('11.23'))
    expect(
      summaryOf(await daybook('import-processor-balance', itemizedFile, '--org-name', tenant.name)),
    ).toMatchObject({
      created: 0,
      dupe: 2,
    })
  })

  it('previews with --dry-run: the same lines, nothing written', async () => {
    const tenant = await tenantNamed()
    const preview = summaryOf(
      await daybook('import-processor-balance', verbatimFile, '--org-name', tenant.name, '--dry-run'),
    )
    expect(preview).toMatchObject({ created: 7, appFee: 0, dupe: 0 })
    expect(await events(tenant)).toEqual([])
    const untouched = await balances(tenant)
    expect(untouched.Stripe).toBeUndefined()
    expect(Object.values(untouched).every((b) => b === 0n)).toBe(true)

    const real = summaryOf(await daybook('import-processor-balance', verbatimFile, '--org-name', tenant.name))
    expect(real).toMatchObject({ created: 7, appFee: 0, dupe: 0 })
    const dryAgain = summaryOf(
      await daybook('import-processor-balance', verbatimFile, '--org-name', tenant.name, '--dry-run'),
    )
    expect(dryAgain).toMatchObject({ created: 0, dupe: 7 })
  })

  it('leaves events classified in needs_review with --review', async () => {
    const tenant = await tenantNamed()
    const summary = summaryOf(
      await daybook('import-processor-balance', legacy14File, '--org-name', tenant.name, '--review'),
    )
    expect(summary).toMatchObject({ created: 6, dupe: 0 })
    const list = await events(tenant)
    expect(list).toHaveLength(9)
    for (const event of list) {
      expect(event.status).toBe('needs_review')
      expect(event.journalEntry).toBeNull()
      expect(event.category).not.toBeNull()
      expect(event.paymentAccount).not.toBeNull()
    }
    expect((await balances(tenant)).Stripe).toBe(0n)
    // Classified already: confirming one posts it.
    const charge = list.find((e) => e.eventType === 'income' && e.functionalAmount === '849.00')
    const confirmed = await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
      { e: charge?.id },
    )
    expect(confirmed.confirmLedgerEvent).toEqual({ success: true, error: null })
    expect((await balances(tenant)).Stripe).toBe(minor('849.00'))

    // Deleting reverses the confirmed one and removes the rest.
    expect(deletedOf(await daybook('delete-processor-imports', '--org-name', tenant.name))).toBe(9)
    expect(await events(tenant)).toEqual([])
    expect((await balances(tenant)).Stripe).toBe(0n)
    await expectBalancedBooks(tenant)
  })

  it('holds a file in another currency than the books in needs_review until a rate is set, then posts at it', async () => {
    const tenant = await tenantNamed('CAD')
    const outcome = await daybook('import-processor-balance', legacy14File, '--org-name', tenant.name)
    expect(outcome.code, outcome.stderr).toBe(0)
    expect(outcome.stdout).toMatch(/^Batch: .*\nCreated: 6\nSkipped \(app_fee\): 0\nSkipped \(dupe\): 0\n$/)
    expect(outcome.stderr).toMatch(
      /^Left in needs_review, not posted\. No USD rate on or before \d{4}-\d{2}-\d{2}/,
    )
    const list = await events(tenant)
    expect(list).toHaveLength(9)
    expect(list.every((event) => event.status === 'needs_review')).toBe(true)
    expect((await balances(tenant)).Stripe).toBe(0n)

    const rates = await gql(
      tenant,
      'mutation ($org: UUID!) { setExchangeRates(organizationId: $org, rates: [{ currency: "USD", date: "2016-01-01", rate: "1.25" }]) { success error } }',
    )
    expect(rates.setExchangeRates).toEqual({ success: true, error: null })
    const charge = list.find((e) => e.eventType === 'income' && e.functionalAmount === '849.00')
    const confirmed = await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
      { e: charge?.id },
    )
    expect(confirmed.confirmLedgerEvent).toEqual({ success: true, error: null })
    expect((await balances(tenant)).Stripe).toBe(minor('1061.25'))
    await expectBalancedBooks(tenant)
  })
})

// ---- the GraphQL mutations on files written here ---------------------------------------------------

describe('importProcessorBalance', { timeout: 120_000 }, () => {
  it('books every mapped type of the 17-column layout and skips the application fee', async () => {
    const tenant = await tenantNamed('CAD')
    const data = await gql(tenant, importMutation, { csv: legacy17Csv('a') })
    expect(data.importProcessorBalance).toMatchObject({
      success: true,
      error: null,
      errorCode: null,
      batchId: expect.stringMatching(/^stripe:\d{8}T\d{6}Z/),
      created: 7,
      skippedAppFee: 1,
      skippedDupe: 0,
      eventCount: 11,
      dryRun: false,
    })
    const list = await events(tenant)
    expect(list).toHaveLength(11)
    expect(list.every((e) => e.functionalCurrency === 'CAD' && e.status === 'confirmed')).toBe(true)
    expect(booking(list, 'ch_c1')).toEqual([
      'expense Bank Fees & Charges<-Stripe 43.80',
      'income Bank Fees & Charges<-Stripe 3.20',
      'income Sales Revenue<-Stripe 1500.00',
      'refund Sales Revenue<-Stripe 100.00',
    ])
    expect(booking(list, 'ch_c2')).toEqual([
      'expense Bank Fees & Charges<-Stripe 15.00',
      'expense Bank Fees & Charges<-Stripe 6.10',
      'income Sales Revenue<-Stripe 200.00',
      'refund Sales Revenue<-Stripe 200.00',
    ])
    expect(list.find((e) => e.memo.includes('ch_c2') && e.eventType === 'income')?.merchantName).toBe(
      'Order A-2, gift',
    )
    expect(booking(list, 'tr_c1')).toEqual(['expense Cost of Goods Sold<-Stripe 300.00'])
    expect(booking(list, 'po_p1')).toEqual(['transfer Chequing<-Stripe 1000.00'])
    expect(booking(list, 'txn_asf')).toEqual(['expense Bank Fees & Charges<-Stripe 12.50'])
    expect(list.some((e) => e.memo.includes('fee_af'))).toBe(false)

    const after = await balances(tenant)
    expect(after.Stripe).toBe(
      sumOf(['-1000.00', '-300.00', '-12.50', '-215.00', '-96.80', '193.90', '1456.20']),
    )
    expect(after['Sales Revenue']).toBe(minor('1400.00'))
    expect(after['Bank Fees & Charges']).toBe(minor('74.20'))
    expect(after['Cost of Goods Sold']).toBe(minor('300.00'))
    expect(after.Chequing).toBe(minor('1000.00'))
    await expectBalancedBooks(tenant)

    const again = await gql(tenant, importMutation, { csv: legacy17Csv('a') })
    expect(again.importProcessorBalance).toMatchObject({
      created: 0,
      skippedAppFee: 1,
      skippedDupe: 7,
      eventCount: 0,
    })
  })

  it('books every mapped category of an itemized report with optional columns', async () => {
    const tenant = await tenantNamed()
    const data = await gql(tenant, importMutation, { csv: itemizedCsv('b') })
    expect(data.importProcessorBalance).toMatchObject({
      success: true,
      created: 7,
      skippedAppFee: 1,
      skippedDupe: 0,
      eventCount: 10,
    })
    const list = await events(tenant)
    expect(list.every((e) => e.functionalCurrency === 'USD')).toBe(true)
    expect(booking(list, 'ch_i1')).toEqual([
      'expense Bank Fees & Charges<-Stripe 1.75',
      'income Sales Revenue<-Stripe 50.00',
    ])
    expect(booking(list, 're_i2')).toEqual(['refund Sales Revenue<-Stripe 20.00'])
    expect(booking(list, 'txn_bi3')).toEqual(['expense Bank Fees & Charges<-Stripe 2.00'])
    expect(booking(list, 'tr_i5')).toEqual(['expense Cost of Goods Sold<-Stripe 10.00'])
    expect(booking(list, 'du_i6')).toEqual([
      'expense Bank Fees & Charges<-Stripe 15.00',
      'income Bank Fees & Charges<-Stripe 15.00',
      'income Sales Revenue<-Stripe 50.00',
      'refund Sales Revenue<-Stripe 50.00',
    ])
    expect(booking(list, 'po_i8')).toEqual(['transfer Chequing<-Stripe 11.25'])
    expect(list.find((e) => e.memo.includes('re_i2'))?.transactionDate).toBe('2024-03-02')
    const after = await balances(tenant)
    expect(after.Stripe).toBe(sumOf(['48.25', '-20.00', '-2.00', '-10.00', '-65.00', '65.00', '-11.25']))
    await expectBalancedBooks(tenant)
  })

  it('cuts a description to the merchant name rule of createLedgerEvent', async () => {
    const tenant = await tenantNamed()
    const long = 'd'.repeat(400)
    const data = await gql(tenant, importMutation, {
      csv: itemizedCsv('n').replace('"Invoice 1"', `"${long}"`),
    })
    expect(data.importProcessorBalance).toMatchObject({ success: true, created: 7 })
    const charge = (await events(tenant)).find((e) => e.memo.includes('ch_i1') && e.eventType === 'income')
    expect(charge?.merchantName).toBe('d'.repeat(200))
  })

  it('is refused what a confirm is refused: both post through one validated path', async () => {
    const tenant = await tenantNamed()
    const revenue = (
      (
        await gql(
          tenant,
          'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
        )
      ).listAccounts.items as Array<{ id: string; name: string }>
    ).find((a) => a.name === 'Sales Revenue')?.id
    const chequing = (
      (
        await gql(
          tenant,
          'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
        )
      ).listAccounts.items as Array<{ id: string; name: string }>
    ).find((a) => a.name === 'Chequing')?.id
    const created = await gql(
      tenant,
      `mutation ($org: UUID!, $category: UUID, $payment: UUID) {
        createLedgerEvent(organizationId: $org, merchantName: "Sale", amount: "10.00", transactionDate: "2024-03-01",
          eventType: "income", categoryId: $category, paymentAccountId: $payment) { success eventId }
      }`,
      { category: revenue, payment: chequing },
    )
    expect(created.createLedgerEvent.success).toBe(true)
    // The books' data drift under the event: its category is no longer income or expense.
    await server.app.core.database.db
      .updateTable('accounts')
      .set({ classification: 'asset' })
      .where('organization_id', '=', tenant.organizationId)
      .where('id', '=', revenue as string)
      .execute()
    const confirmed = await gql(
      tenant,
      'mutation ($org: UUID!, $id: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $id) { success errorCode } }',
      { id: created.createLedgerEvent.eventId },
    )
    expect(confirmed.confirmLedgerEvent).toEqual({ success: false, errorCode: 'CATEGORY_NOT_ALLOWED' })
    const imported = await gql(tenant, importMutation, { csv: itemizedCsv('v') })
    expect(imported.importProcessorBalance).toMatchObject({
      success: false,
      errorCode: 'CATEGORY_NOT_ALLOWED',
      created: 0,
      eventCount: 0,
    })
    expect(await events(tenant)).toHaveLength(1)
    await expectBalancedBooks(tenant)
  })

  it('previews with dryRun and writes nothing', async () => {
    const tenant = await tenantNamed()
    const data = await gql(tenant, importMutation, { csv: itemizedCsv('c'), dry: true })
    expect(data.importProcessorBalance).toMatchObject({
      success: true,
      created: 7,
      eventCount: 10,
      dryRun: true,
    })
    expect(await events(tenant)).toEqual([])
    expect((await balances(tenant)).Stripe).toBeUndefined()
  })

  it('imports a file sent several times at once exactly once', async () => {
    const tenant = await tenantNamed('CAD')
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => gql(tenant, importMutation, { csv: legacy17Csv('k') })),
    )
    const summaries = answers.map((a) => a.importProcessorBalance)
    expect(summaries.every((s) => s.success)).toBe(true)
    expect(summaries.map((s) => s.created).sort()).toEqual([0, 0, 0, 7])
    expect(summaries.map((s) => s.skippedDupe).sort()).toEqual([0, 7, 7, 7])
    // Batch ids tell apart what runs wrote; a run that wrote nothing never shares one with a run that did.
    const writer = summaries.find((s) => s.created === 7)
    expect(summaries.filter((s) => s.batchId === writer.batchId)).toHaveLength(1)
    expect(await events(tenant)).toHaveLength(11)
    expect((await balances(tenant)).Stripe).toBe(minor('25.80'))
    await expectBalancedBooks(tenant)
  })

  it('gives two runs in the same second two batches', async () => {
    const tenant = await tenantNamed()
    const [first, second] = [
      (await gql(tenant, importMutation, { csv: legacy17Csv('d') })).importProcessorBalance,
      (await gql(tenant, importMutation, { csv: itemizedCsv('d') })).importProcessorBalance,
    ]
    expect(first.batchId).not.toBe(second.batchId)
  })

  it('is for owners and admins signed in, not API keys or members', async () => {
    const tenant = await tenantNamed()
    const byKey = await server.gql(
      importMutation,
      { org: tenant.organizationId, csv: legacy17Csv('e') },
      tenant.bearer,
    )
    expect(byKey.body.errors?.[0]?.message).toBe('API Keys Cannot Perform Admin Operations.')
    const member = await createUser(server)
    const added = await server.app.core.services.access.addMemberAsOperator(
      tenant.organizationId,
      member.email,
      'member',
    )
    expect(added.ok).toBe(true)
    const byMember = await server.gql(deleteMutation, { org: tenant.organizationId }, member.jwt)
    expect(byMember.body.errors?.[0]?.message).toBe('Must Be Owner Or Admin.')
    const elsewhere = await server.gql(
      importMutation,
      { org: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890', csv: legacy17Csv('e') },
      tenant.owner.jwt,
    )
    expect(elsewhere.body.errors?.[0]?.message).toBe('Organization Not Found.')
    expect(await events(tenant)).toEqual([])
  })
})

// ---- deletion -----------------------------------------------------------------------------------

describe('delete-processor-imports', { timeout: 120_000 }, () => {
  it('deletes one batch, then all, reversing what was posted and never touching other events', async () => {
    const tenant = await tenantNamed('CAD')
    const accounts = Object.fromEntries(
      (
        await gql(
          tenant,
          'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
        )
      ).listAccounts.items.map((a: { id: string; name: string }) => [a.name, a.id]),
    )
    // An event of the organization's own, posted to the books before any import.
    const own = await gql(
      tenant,
      `mutation ($org: UUID!, $c: UUID, $p: UUID) {
        createLedgerEvent(organizationId: $org, merchantName: "Landlord", amount: "1200.00", transactionDate: "2021-11-01", categoryId: $c, paymentAccountId: $p) { eventId }
      }`,
      { c: accounts.Rent, p: accounts.Chequing },
    )
    const ownId = own.createLedgerEvent.eventId
    await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      {
        e: ownId,
      },
    )
    const before = await balances(tenant)

    // The books are in Canadian dollars and the first file in US dollars, at one rate throughout.
    await gql(
      tenant,
      'mutation ($org: UUID!) { setExchangeRates(organizationId: $org, rates: [{ currency: "USD", date: "2016-01-01", rate: "1.25" }]) { success } }',
    )
    const first = summaryOf(
      await daybook('import-processor-balance', legacy14File, '--org-name', tenant.name),
    )
    const csv = writeCsv('legacy17', legacy17Csv('f'))
    const second = summaryOf(await daybook('import-processor-balance', csv, '--org-name', tenant.name))
    expect(second).toMatchObject({ created: 7, appFee: 1 })
    expect(await events(tenant)).toHaveLength(1 + 9 + 11)

    // A processor event rejected by hand was reversed then; deletion does not reverse it twice.
    const rejected = (await events(tenant)).find((e) => e.memo.includes('tr_c1'))
    await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      {
        e: rejected?.id,
      },
    )

    // A dry run counts and changes nothing.
    const dry = await daybook(
      'delete-processor-imports',
      '--org-name',
      tenant.name,
      '--batch-id',
      first.batch,
      '--dry-run',
    )
    expect(deletedOf(dry)).toBe(9)
    expect(await events(tenant)).toHaveLength(21)

    expect(
      deletedOf(
        await daybook('delete-processor-imports', '--org-name', tenant.name, '--batch-id', first.batch),
      ),
    ).toBe(9)
    const left = await events(tenant)
    expect(left).toHaveLength(12)
    expect(left.filter((e) => e.reference?.startsWith(`${first.batch}:`))).toEqual([])
    expect(left.filter((e) => e.reference?.startsWith(`${second.batch}:`))).toHaveLength(11)
    const afterFirst = await balances(tenant)
    expect(afterFirst.Stripe).toBe(sumOf(['-1000.00', '-12.50', '-215.00', '-96.80', '193.90', '1456.20']))
    await expectBalancedBooks(tenant)

    // The deleted rows can come back: their backfill ids are free again.
    expect(
      summaryOf(await daybook('import-processor-balance', legacy14File, '--org-name', tenant.name)),
    ).toMatchObject({
      created: 6,
      dupe: 0,
    })

    // Deleting everything returns the books to where they were before any import.
    const all = await gql(tenant, deleteMutation, {})
    expect(all.deleteProcessorImports).toEqual({
      success: true,
      error: null,
      errorCode: null,
      deleted: 20,
      dryRun: false,
    })
    const remaining = await events(tenant)
    expect(remaining.map((e) => e.id)).toEqual([ownId])
    expect(remaining[0]).toMatchObject({ status: 'confirmed', source: 'api' })
    const after = await balances(tenant)
    expect(after.Stripe).toBe(0n)
    for (const [name, balance] of Object.entries(before)) expect(after[name], name).toBe(balance)
    await expectBalancedBooks(tenant)
    expect(deletedOf(await daybook('delete-processor-imports', '--org-name', tenant.name))).toBe(0)
    expect(
      deletedOf(
        await daybook('delete-processor-imports', '--org-name', tenant.name, '--batch-id', 'stripe:none'),
      ),
    ).toBe(0)
  })
})

describe('deleting events that carry receipts', { timeout: 120_000 }, () => {
  it('detaches the receipts, which stay and wait for another event', async () => {
    const tenant = await tenantNamed()
    summaryOf(await daybook('import-processor-balance', itemizedFile, '--org-name', tenant.name))
    const charge = (await events(tenant)).find((e) => e.eventType === 'income')
    const response = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: tenant.bearer,
      body: multipart([{ name: 'file', filename: 'sale.png', bytes: tinyPng }]),
    })
    expect(response.status).toBe(201)
    const { s3Key } = (await response.json()) as { s3Key: string }
    const attached = await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success receiptId } }',
      { e: charge?.id, k: s3Key },
    )
    expect(attached.attachReceiptToEvent.success).toBe(true)

    expect(deletedOf(await daybook('delete-processor-imports', '--org-name', tenant.name))).toBe(2)
    const receipts = await gql(
      tenant,
      'query ($org: UUID!) { listReceipts(organizationId: $org) { items { id event { id } } } }',
    )
    expect(receipts.listReceipts.items).toEqual([
      { id: attached.attachReceiptToEvent.receiptId, event: null },
    ])
    await expectBalancedBooks(tenant)
  })
})

// ---- failures -----------------------------------------------------------------------------------

describe('failures', { timeout: 120_000 }, () => {
  it('exits 1 for an organization that does not exist or a file that cannot be read, 2 for bad usage', async () => {
    expect(
      refused(await daybook('import-processor-balance', legacy14File, '--org-name', 'No Such Org 1x')),
    ).toBe('No organization is named "No Such Org 1x".')
    expect(refused(await daybook('delete-processor-imports', '--org-name', 'No Such Org 1x'))).toBe(
      'No organization is named "No Such Org 1x".',
    )
    const tenant = await tenantNamed()
    expect(
      refused(
        await daybook(
          'import-processor-balance',
          path.join(scratch, 'missing.csv'),
          '--org-name',
          tenant.name,
        ),
      ),
    ).toMatch(/^Cannot read .*missing\.csv: ENOENT\.$/)
    expect((await daybook('import-processor-balance', legacy14File)).code).toBe(2)
    expect((await daybook('import-processor-balance', '--org-name', tenant.name)).code).toBe(2)
    expect((await daybook('delete-processor-imports')).code).toBe(2)
    expect(
      (await daybook('import-processor-balance', legacy14File, '--org-name', tenant.name, '--bogus')).code,
    ).toBe(2)
  })

  it('stops on a malformed file before writing anything, naming the line', async () => {
    const tenant = await tenantNamed()
    const good = legacy17Csv('g').split('\r\n')
    const variants: Array<[string, string[], RegExp]> = [
      [
        'bad amount',
        [good[0] as string, good[1] as string, (good[3] as string).replace(',-300.00,', ',-300.0O,')],
        /^Line 3: Amount "-300\.0O" is not an amount in CAD such as 12\.50\. Nothing was imported\.$/,
      ],
      [
        'net mismatch',
        [good[0] as string, (good[1] as string).replace('-1000.00,cad', '-1000.01,cad'), good[3] as string],
        /^Line 2: Net -1000\.01 is not Amount - Fee \(-1000\.00 - 0\.00 = -1000\.00\)\. Nothing was imported\.$/,
      ],
      [
        'unknown type',
        [
          good[0] as string,
          good[1] as string,
          good[3] as string,
          (good[4] as string).replace('stripe_fee', 'topup'),
        ],
        /^Line 4: type "topup" \(txn_gsf\) has no mapping to the books\. Nothing was imported\.$/,
      ],
      [
        'unknown layout',
        ['Date,Description,Amount,Fee', '2021-01-01,Coffee,-4.50,0.00'],
        /^Unknown CSV layout: the header lacks "id", "Type", "Source", "Net", "Currency", "Created \(UTC\)" of a Stripe balance history export/,
      ],
    ]
    for (const [label, lines, message] of variants) {
      const file = writeCsv(label, lines.join('\n'))
      expect(
        refused(await daybook('import-processor-balance', file, '--org-name', tenant.name)),
        label,
      ).toMatch(message)
      const answer = await gql(tenant, importMutation, { csv: lines.join('\n') })
      expect(answer.importProcessorBalance, label).toMatchObject({
        success: false,
        created: 0,
        batchId: null,
      })
      expect(answer.importProcessorBalance.error, label).toMatch(message)
    }
    const codes = await Promise.all(
      ['x,y\n1,2', `${legacy17Header}\ntxn_1,charge`].map(
        async (csv) => (await gql(tenant, importMutation, { csv })).importProcessorBalance.errorCode,
      ),
    )
    expect(codes).toEqual(['UNKNOWN_CSV_LAYOUT', 'INVALID_CSV_ROW'])
    expect(await events(tenant)).toEqual([])
    expect((await balances(tenant)).Stripe).toBeUndefined()
  })

  it('refuses to book into an account named Stripe that is not a bank account', async () => {
    const tenant = await tenantNamed()
    const created = await gql(
      tenant,
      `mutation ($org: UUID!) { createAccount(organizationId: $org, name: "Stripe", accountType: "expense", classification: "expense") { success } }`,
    )
    expect(created.createAccount.success).toBe(true)
    const answer = await gql(tenant, importMutation, { csv: legacy17Csv('h') })
    expect(answer.importProcessorBalance).toMatchObject({
      success: false,
      errorCode: 'PROCESSOR_ACCOUNT_CONFLICT',
    })
    expect(await events(tenant)).toEqual([])
  })
})
