// hledger reads Daybook's exported journal back to each contact's receivable or payable, equal to Contact.outstanding, with every document and payment found in it by number.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorCli, printed } from '../support/cli.js'
import { accountsByName, createTenant, type Tenant, unique } from '../support/fixtures.js'
import { type Page, tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'
import { hledger, requireTool } from '../support/system-tools.js'

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-invoices-hledger-'))
const daybook = operatorCli(dataDir)
let server: TestServer
const { field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer({ dataDir })
})
afterAll(() => server.close())

type Invoice = {
  id: string
  number: string
  status: string
  total: string
  amountDue: string
  journalEntryId: string | null
  payments: Array<{ amount: string; journalEntryId: string | null; eventId: string | null }>
}
type Payload = { success: boolean; error: string | null; invoice: Invoice | null }
const invoiceFields =
  'id number status total amountDue journalEntryId payments { amount journalEntryId eventId }'
const payloadFields = `success error invoice { ${invoiceFields} }`

async function ok(answer: Promise<Payload>): Promise<Invoice> {
  const payload = await answer
  expect(payload.error ?? '', JSON.stringify(payload)).toBe('')
  return payload.invoice as Invoice
}

/** The writes this file makes, each answering its document. */
function documents(tenant: Tenant) {
  const write = (mutation: string, variables: Record<string, unknown>) =>
    ok(field<Payload>(tenant, `mutation ${mutation} { ${payloadFields} } }`, variables))
  return {
    /** Creates the document and approves it. */
    async approved(input: Record<string, unknown>): Promise<Invoice> {
      const draft = await write(
        '($org: UUID!, $input: InvoiceInput!) { createInvoice(organizationId: $org, input: $input)',
        { input },
      )
      return write('($org: UUID!, $id: UUID!) { approveInvoice(organizationId: $org, invoiceId: $id)', {
        id: draft.id,
      })
    },
    void: (id: string) =>
      write('($org: UUID!, $id: UUID!) { voidInvoice(organizationId: $org, invoiceId: $id)', { id }),
    pay: (id: string, amount: string, date: string, account: string) =>
      write(
        '($org: UUID!, $id: UUID!, $amount: String!, $date: Date!, $account: UUID!) { recordInvoicePayment(organizationId: $org, invoiceId: $id, amount: $amount, date: $date, paymentAccountId: $account)',
        { id, amount, date, account },
      ),
    applyCredit: (cn: string, id: string, amount: string) =>
      write(
        '($org: UUID!, $cn: UUID!, $id: UUID!, $amount: String!) { applyCreditNote(organizationId: $org, creditNoteId: $cn, invoiceId: $id, amount: $amount)',
        { cn, id, amount },
      ),
    applyEvent: (event: string, id: string, amount: string) =>
      write(
        '($org: UUID!, $e: UUID!, $id: UUID!, $amount: String!) { applyLedgerEventToInvoice(organizationId: $org, eventId: $e, invoiceId: $id, amount: $amount)',
        { e: event, id, amount },
      ),
    read: (id: string) =>
      field<Invoice>(
        tenant,
        `query ($org: UUID!, $id: UUID!) { invoice(organizationId: $org, invoiceId: $id) { ${invoiceFields} } }`,
        { id },
      ),
  }
}

async function setRates(tenant: Tenant, rates: Array<{ currency: string; date: string; rate: string }>) {
  const saved = await field<{ error: string | null }>(
    tenant,
    'mutation ($org: UUID!, $r: [ExchangeRateInput!]!) { setExchangeRates(organizationId: $org, rates: $r) { success error } }',
    { r: rates },
  )
  expect(saved.error ?? '').toBe('')
}

async function contact(tenant: Tenant, type: 'customer' | 'vendor', name: string): Promise<string> {
  const created = await field<{ success: boolean; error: string | null; contact: { id: string } }>(
    tenant,
    'mutation ($org: UUID!, $t: String!, $n: String!) { createContact(organizationId: $org, contactType: $t, displayName: $n) { success error contact { id } } }',
    { t: type, n: name },
  )
  expect(created.error ?? '').toBe('')
  return created.contact.id
}

/** A bank line paid in, applied to a document and confirmed; answers the line's id. */
async function bankLinePays(
  tenant: Tenant,
  paying: { merchant: string; amount: string; date: string; account: string; invoiceId: string },
): Promise<string> {
  const created = await field<{ error: string | null; eventId: string }>(
    tenant,
    `mutation ($org: UUID!, $m: String!, $a: String!, $d: String!, $p: UUID) {
      createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d, paymentAccountId: $p, eventType: "income") { success error eventId }
    }`,
    { m: paying.merchant, a: paying.amount, d: paying.date, p: paying.account },
  )
  expect(created.error ?? '').toBe('')
  await documents(tenant).applyEvent(created.eventId, paying.invoiceId, paying.amount)
  const confirmed = await field<{ error: string | null }>(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
    { e: created.eventId },
  )
  expect(confirmed.error ?? '').toBe('')
  return created.eventId
}

const cents = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.replace(/ CAD$/, '').split('.')
  const negative = whole.startsWith('-')
  const minor = BigInt(whole.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0'))
  return negative ? -minor : minor
}

/**
 * The name the export gives a contact, as the export's documentation states it: hledger's
 * structural characters (`:` `;` `,`) become `-` and runs of spaces one space.
 */
const exportedName = (displayName: string) => displayName.replace(/[:;,]/g, '-').replace(/\s+/g, ' ').trim()

/** hledger's balance of one account per contact tag, at cost, in cents (debits positive). */
async function perContact(journal: string, account: string): Promise<Map<string, bigint>> {
  const { stdout } = await run('hledger', [
    '-f',
    journal,
    'bal',
    `^(Assets|Liabilities):${account}$`,
    '--pivot',
    'contact',
    '-B',
    '--flat',
    '-N',
    '-O',
    'csv',
  ])
  const rows = stdout
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((row) => row.split('","').map((cell) => cell.replace(/^"|"$/g, '').replace(/""/g, '"')))
  return new Map(rows.map(([name, amount]) => [name ?? '', cents(amount ?? '0')]))
}

type Printed = { tcode: string; tdescription: string; ttags: Array<[string, string]> }

// Names with hledger's structural characters: a comma ends a tag value, a colon nests an account
// name (which a pivot makes the tag value), a semicolon starts a comment, two spaces end a name.
const names = {
  north: 'Northwind Traders, Inc.',
  acme: 'Acme: West;  Branch',
  depot: 'Office Depot',
  bistro: 'Café | Bistro',
}

/**
 * One organization's invoices, bills and credits: paid by hand and by a bank line, credited,
 * voided, and one in dollars posted at 1.35 and paid in part at 1.37.
 */
async function books(usd: { total: string; part: string }) {
  const name = unique('Invoice Cross-check')
  const tenant = await createTenant(server, name)
  const accounts = await accountsByName(server, tenant)
  const account = (named: string) => accounts[named] as string
  const chequing = account('Chequing')
  const docs = documents(tenant)
  const contacts = {
    north: await contact(tenant, 'customer', names.north),
    acme: await contact(tenant, 'customer', names.acme),
    depot: await contact(tenant, 'vendor', names.depot),
    bistro: await contact(tenant, 'vendor', names.bistro),
  }
  const taxed = (accountId: string, unitPrice: string, quantity = '1') => ({
    quantity,
    unitPrice,
    accountId,
    taxCode: 'HST_ON',
  })
  const untaxed = (accountId: string, unitPrice: string) => ({ quantity: '1', unitPrice, accountId })
  const sales = account('Sales Revenue')
  const office = account('Office Expenses')
  const meals = account('Meals & Entertainment')
  const document = (kind: string, contactId: string, issueDate: string, lines: unknown[], more = {}) =>
    docs.approved({ kind, contactId, issueDate, lines, ...more })

  // Northwind: an invoice of two taxed lines, a credit note applied to it, a part paid by hand.
  const consulting = await document('invoice', contacts.north, '2026-03-10', [
    taxed(sales, '450.00'),
    taxed(sales, '33.33', '3'),
  ])
  expect(consulting.total).toBe('621.49')
  const credit = await document('credit_note', contacts.north, '2026-03-12', [taxed(sales, '30.00')])
  await docs.applyCredit(credit.id, consulting.id, '33.90')
  await docs.pay(consulting.id, '300.00', '2026-03-20', chequing)

  // Acme: an invoice paid by a matched bank line, one voided, one open, one in dollars.
  const paidByBank = await document('invoice', contacts.acme, '2026-03-11', [taxed(sales, '200.00')])
  await bankLinePays(tenant, {
    merchant: 'ACME WEST DEPOSIT',
    amount: '226.00',
    date: '2026-03-21',
    account: chequing,
    invoiceId: paidByBank.id,
  })
  const voided = await document('invoice', contacts.acme, '2026-03-13', [untaxed(sales, '80.00')])
  await docs.void(voided.id)
  const open = await document('invoice', contacts.acme, '2026-03-14', [untaxed(sales, '55.55')])
  await setRates(tenant, [
    { currency: 'USD', date: '2026-03-15', rate: '1.35' },
    { currency: 'USD', date: '2026-03-25', rate: '1.37' },
  ])
  const dollars = await document('invoice', contacts.acme, '2026-03-15', [untaxed(sales, usd.total)], {
    currency: 'USD',
  })
  await docs.pay(dollars.id, usd.part, '2026-03-25', chequing)

  // Office Depot: a bill with a meal on it (half its tax claimed back) and a vendor credit.
  const bill = await document(
    'bill',
    contacts.depot,
    '2026-03-05',
    [taxed(office, '200.00'), taxed(meals, '100.00')],
    { number: 'OD: 7, 2026' },
  )
  expect(bill.total).toBe('339.00')
  const vendorCredit = await document(
    'vendor_credit',
    contacts.depot,
    '2026-03-06',
    [taxed(office, '20.00')],
    {
      number: 'OD-7C',
    },
  )
  // Café | Bistro: a bill paid in part by hand.
  const catering = await document('bill', contacts.bistro, '2026-03-07', [untaxed(meals, '50.00')], {
    number: 'B-1',
  })
  await docs.pay(catering.id, '20.00', '2026-03-22', chequing)

  const out = path.join(dataDir, `${tenant.organizationId}.journal`)
  printed(await daybook('export-journal', '--org-name', name, '--out', out))
  await run('hledger', ['-f', out, 'check', '-s'])
  const all = [consulting, credit, paidByBank, voided, open, dollars, bill, vendorCredit, catering]
  return { tenant, docs, contacts, out, all, voided }
}

/** Each contact's outstanding, in cents. */
async function outstandingOf(tenant: Tenant): Promise<Map<string, bigint>> {
  const listed = await field<Page<{ id: string; outstanding: string }>>(
    tenant,
    'query ($org: UUID!) { listContacts(organizationId: $org, limit: 200) { items { id outstanding } } }',
  )
  return new Map(listed.items.map((item) => [item.id, cents(item.outstanding)]))
}

/** hledger's receivable per customer and payable per vendor, signed as `outstanding` is. */
async function fromHledger(out: string) {
  const receivable = await perContact(out, 'Accounts Receivable')
  // A payable is a credit, which hledger shows negative; outstanding states it as owed.
  const payable = new Map([...(await perContact(out, 'Accounts Payable'))].map(([n, minor]) => [n, -minor]))
  return { receivable, payable }
}

describe('invoices, bills, credits and payments read back by hledger', () => {
  it("gives each contact's receivable or payable as Contact.outstanding, and every document by number", async () => {
    await requireTool(hledger)
    // Dollars that convert without a cent left over, at either rate: see the next test for one that does not.
    const { tenant, docs, contacts, out, all, voided } = await books({ total: '1000.00', part: '400.00' })
    const outstanding = await outstandingOf(tenant)
    expect(outstanding).toEqual(
      new Map([
        [contacts.north, 62149n - 3390n - 30000n],
        [contacts.acme, 5555n + 135000n - 54000n],
        [contacts.depot, 33900n - 2260n],
        [contacts.bistro, 5000n - 2000n],
      ]),
    )
    const { receivable, payable } = await fromHledger(out)
    const owed = (id: string) => outstanding.get(id) as bigint
    expect(receivable).toEqual(
      new Map([
        [exportedName(names.north), owed(contacts.north)],
        [exportedName(names.acme), owed(contacts.acme)],
      ]),
    )
    expect(payable).toEqual(
      new Map([
        [exportedName(names.depot), owed(contacts.depot)],
        [exportedName(names.bistro), owed(contacts.bistro)],
      ]),
    )

    const balances = await field<Array<{ accountName: string; balance: string }>>(
      tenant,
      'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName balance } }',
    )
    const balance = (named: string) =>
      cents(balances.find((row) => row.accountName === named)?.balance ?? '0')
    const sum = (values: Iterable<bigint>) => [...values].reduce((total, value) => total + value, 0n)
    expect(sum(receivable.values())).toBe(balance('Accounts Receivable'))
    expect(sum(payable.values())).toBe(balance('Accounts Payable'))

    // Every entry of a document names it: its posting, its reversal, each payment.
    const { stdout } = await run('hledger', ['-f', out, 'print', '-O', 'json'])
    const transactions = JSON.parse(stdout) as Printed[]
    const numbersOf = (entryId: string | null) => {
      const found = transactions.filter((t) =>
        t.ttags.some(([tag, value]) => tag === 'entry' && value === entryId),
      )
      expect(found, `entry ${entryId}`).toHaveLength(1)
      return (found[0] as Printed).ttags.flatMap(([tag, value]) => (tag === 'document' ? [value] : []))
    }
    const read = await Promise.all(all.map((document) => docs.read(document.id)))
    for (const document of read) {
      const number = exportedName(document.number)
      expect(numbersOf(document.journalEntryId)).toEqual([number])
      // A credit note applied moves nothing in the books, so it has no entry of its own.
      for (const payment of document.payments.filter((p) => p.journalEntryId !== null)) {
        expect(numbersOf(payment.journalEntryId)).toEqual([number])
      }
    }
    expect(read.flatMap((document) => document.payments.filter((p) => p.eventId !== null))).toHaveLength(1)
    const reversals = transactions.filter((t) => t.tdescription.startsWith('Reversal of '))
    expect(reversals.map((t) => t.ttags.filter(([tag]) => tag === 'document'))).toEqual([
      [['document', voided.number]],
    ])
  })
})

// A dollar invoice of 1000.01 posts 1350.01 to Accounts Receivable at 1.35; a payment of 333.33
// clears 450.00 of it (449.9955 rounded, as each payment clears the converted paid-to-date less what
// was cleared before), leaving 900.01 in the books. Converting what is due instead, 666.68 at 1.35,
// would give 900.02: outstanding must follow the books.
describe('a dollar invoice paid in part, with a cent left to rounding', () => {
  let built: Awaited<ReturnType<typeof books>>
  beforeAll(async () => {
    await requireTool(hledger)
    built = await books({ total: '1000.01', part: '333.33' })
  })

  it('is held in hledger as the books hold it: what was posted less what each payment cleared', async () => {
    const { receivable } = await fromHledger(built.out)
    expect(receivable.get(exportedName(names.acme))).toBe(5555n + 135001n - 45000n)
  })

  it('gives Contact.outstanding as the books hold it, a foreign document paid in part at another rate', async () => {
    const { receivable } = await fromHledger(built.out)
    const outstanding = await outstandingOf(built.tenant)
    expect(outstanding.get(built.contacts.acme)).toBe(receivable.get(exportedName(names.acme)))
  })
})
