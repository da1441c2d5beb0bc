// createBillFromReceipt over HTTP: a receipt read from a vendor's bill makes a draft bill with its vendor, date, total and tax, once; every bad input refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsByName, createTenant, type Tenant, unique } from '../support/fixtures.js'
import { tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
const { field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer({ env: { INTAKE_WEBHOOK_SECRET: secret } })
})
afterAll(() => server.close())

type Bill = {
  id: string
  kind: string
  number: string
  status: string
  issueDate: string
  contact: { id: string }
  receiptId: string | null
  lines: Array<{
    unitPrice: string
    accountId: string
    taxCode: string | null
    amount: string
    taxAmount: string
  }>
  subtotal: string
  taxTotal: string
  total: string
}
type Payload = { success: boolean; error: string | null; errorCode: string | null; invoice: Bill | null }

const billFields = `id kind number status issueDate contact { id } receiptId subtotal taxTotal total
  lines { unitPrice accountId taxCode amount taxAmount }`

const createBill = (tenant: Tenant, args: { receiptId: string; contactId?: string; accountId?: string }) =>
  field<Payload>(
    tenant,
    `mutation ($org: UUID!, $r: UUID!, $c: UUID, $a: UUID) {
      createBillFromReceipt(organizationId: $org, receiptId: $r, contactId: $c, accountId: $a) {
        success error errorCode invoice { ${billFields} }
      }
    }`,
    { r: args.receiptId, c: args.contactId, a: args.accountId },
  )

async function refused(answer: Promise<Payload>, code: string): Promise<void> {
  const payload = await answer
  expect(payload, JSON.stringify(payload)).toMatchObject({ success: false, errorCode: code, invoice: null })
  expect(payload.error).toBeTruthy()
}

async function made(answer: Promise<Payload>): Promise<Bill> {
  const payload = await answer
  expect(payload.error ?? '', JSON.stringify(payload)).toBe('')
  return payload.invoice as Bill
}

async function vendor(tenant: Tenant, name: string, businessNumber?: string): Promise<string> {
  const created = await field<{ success: boolean; error: string | null; contact: { id: string } }>(
    tenant,
    'mutation ($org: UUID!, $n: String!, $b: String) { createContact(organizationId: $org, contactType: "vendor", displayName: $n, businessNumber: $b) { success error contact { id } } }',
    { n: name, b: businessNumber },
  )
  expect(created.error ?? '').toBe('')
  return created.contact.id
}

const secret = 'intake-secret-for-bill-tests-0123456789'
const mailboxes = new Map<Tenant, string>()

/** A vendor's bill mailed to the organization's intake address, its text in the body, once it is read. */
async function receipt(
  tenant: Tenant,
  lines: string[],
): Promise<{ id: string; taxAmount: string | null; vendorName: string | null }> {
  let mailbox = mailboxes.get(tenant)
  if (!mailbox) {
    mailbox = `${unique('bills').replace(' ', '')}@example.com`
    const created = await field<{ success: boolean; error: string | null }>(
      tenant,
      'mutation ($org: UUID!, $a: String!) { createIntakeAddress(organizationId: $org, addressType: "email", address: $a, label: "Bills") { success error } }',
      { a: mailbox },
    )
    expect(created.error ?? '').toBe('')
    mailboxes.set(tenant, mailbox)
  }
  const message = [
    'From: billing@example.com',
    `To: ${mailbox}`,
    `Subject: Your bill ${unique('n')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    ...lines,
    '',
  ].join('\r\n')
  const sent = await fetch(`${server.url}/intake/email`, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', 'x-intake-secret': secret },
    body: message,
  })
  expect(sent.status).toBe(202)
  const [id] = ((await sent.json()) as { receiptIds: string[] }).receiptIds
  for (let attempt = 0; attempt < 300; attempt++) {
    const page = await field<{
      items: Array<{
        id: string
        extractionStatus: string
        taxAmount: string | null
        vendorName: string | null
      }>
    }>(
      tenant,
      'query ($org: UUID!) { listReceipts(organizationId: $org, limit: 200) { items { id extractionStatus taxAmount vendorName } } }',
    )
    const found = page.items.find((item) => item.id === id)
    if (found && found.extractionStatus !== 'pending') return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`receipt ${id} was never read`)
}

const bills = async (tenant: Tenant) =>
  (
    await field<{ totalCount: number }>(
      tenant,
      'query ($org: UUID!) { listInvoices(organizationId: $org, kind: "bill") { totalCount } }',
    )
  ).totalCount

describe('a bill made from a receipt', () => {
  it('takes the vendor, date, total and tax read, and the rule that names its category', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const depot = await vendor(tenant, 'Hardware Depot')
    await vendor(tenant, 'Hardware')
    await field(
      tenant,
      'mutation ($org: UUID!, $c: UUID!) { createCategoryRule(organizationId: $org, vendorPattern: "HARDWARE DEPOT", categoryId: $c) { success error } }',
      { c: accounts['Office Expenses'] },
    )
    const read = await receipt(tenant, [
      'HARDWARE DEPOT #114',
      '2026-02-05',
      'SUBTOTAL 200.00',
      'HST 13% 26.00',
      'TOTAL 226.00',
    ])
    expect(read.taxAmount).toBe('26.00')

    const bill = await made(createBill(tenant, { receiptId: read.id }))
    expect(bill).toMatchObject({
      kind: 'bill',
      status: 'draft',
      issueDate: '2026-02-05',
      contact: { id: depot },
      receiptId: read.id,
      subtotal: '200.00',
      taxTotal: '26.00',
      total: '226.00',
      lines: [
        {
          unitPrice: '200.00',
          accountId: accounts['Office Expenses'],
          taxCode: 'HST_ON',
          amount: '200.00',
          taxAmount: '26.00',
        },
      ],
    })
    expect(bill.number).toMatch(/^R-[0-9A-F]{8}$/)

    // A receipt makes one bill.
    await refused(createBill(tenant, { receiptId: read.id }), 'RECEIPT_ALREADY_BILLED')
    expect(await bills(tenant)).toBe(1)

    // Approved, it posts like any bill: the tax is recoverable, the total owed.
    const approved = await field<{ success: boolean; error: string | null }>(
      tenant,
      'mutation ($org: UUID!, $id: UUID!) { approveInvoice(organizationId: $org, invoiceId: $id) { success error } }',
      { id: bill.id },
    )
    expect(approved.error ?? '').toBe('')
    const rows = await field<Array<{ accountName: string; balance: string }>>(
      tenant,
      'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName balance } }',
    )
    const balance = Object.fromEntries(rows.map((row) => [row.accountName, row.balance]))
    expect(balance['Accounts Payable']).toBe('226.00')
    expect(balance['Taxes Recoverable']).toBe('26.00')
    expect(balance['Office Expenses']).toBe('200.00')
  })

  it("finds the vendor by the business number it prints, and the account of the vendor's last bill", async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const printer = await vendor(tenant, 'Northern Print Co', '811234567RT0001')
    const first = await made(
      createBill(tenant, {
        receiptId: (await receipt(tenant, ['NPC', '2026-03-01', 'TOTAL 40.00'])).id,
        accountId: accounts['Advertising and Promotion'] ?? accounts['Office Expenses'],
        contactId: printer,
      }),
    )
    // Nothing added up to a tax: the whole total, untaxed.
    expect(first.lines).toMatchObject([{ unitPrice: '40.00', taxCode: null, taxAmount: '0.00' }])
    const second = await made(
      createBill(tenant, {
        receiptId: (await receipt(tenant, ['NPC', '2026-03-09', 'HST # 811234567 RT0001', 'TOTAL 12.00'])).id,
      }),
    )
    expect(second.contact.id).toBe(printer)
    expect(second.lines[0]?.accountId).toBe(first.lines[0]?.accountId)
  })

  it('is refused with a clear code when it cannot be made, and nothing is written', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    const other = await createTenant(server)

    const unknownVendor = await receipt(tenant, ['CORNER BAKERY', '2026-04-02', 'TOTAL 9.50'])
    await refused(createBill(tenant, { receiptId: unknownVendor.id }), 'CONTACT_NOT_FOUND')
    const bakery = await vendor(tenant, 'Corner Bakery')
    // Found now, but no rule and no earlier bill says which account.
    await refused(createBill(tenant, { receiptId: unknownVendor.id }), 'ACCOUNT_REQUIRED')
    await refused(
      createBill(tenant, { receiptId: unknownVendor.id, accountId: accounts['Sales Revenue'] }),
      'ACCOUNT_TYPE_MISMATCH',
    )
    const customer = await field<{ contact: { id: string } }>(
      tenant,
      'mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "customer", displayName: "Corner Bakery") { contact { id } } }',
    )
    await refused(
      createBill(tenant, {
        receiptId: unknownVendor.id,
        contactId: customer.contact.id,
        accountId: accounts['Office Expenses'],
      }),
      'CONTACT_TYPE_MISMATCH',
    )

    const unread = await receipt(tenant, ['CORNER BAKERY', 'Thank you'])
    await refused(
      createBill(tenant, { receiptId: unread.id, contactId: bakery, accountId: accounts['Office Expenses'] }),
      'RECEIPT_NOT_READ',
    )
    // Another organization's receipt is not found, with its own contact and account or with these.
    await refused(
      createBill(other, {
        receiptId: unknownVendor.id,
        contactId: bakery,
        accountId: accounts['Office Expenses'],
      }),
      'RECEIPT_NOT_FOUND',
    )
    expect(await bills(tenant)).toBe(0)
    expect(await bills(other)).toBe(0)

    // Given what it lacked, the same receipt makes its bill.
    const bill = await made(
      createBill(tenant, { receiptId: unknownVendor.id, accountId: accounts['Office Expenses'] }),
    )
    expect(bill).toMatchObject({ contact: { id: bakery }, issueDate: '2026-04-02', total: '9.50' })
  })

  it('asked for at once, makes one bill', async () => {
    const tenant = await createTenant(server)
    const accounts = await accountsByName(server, tenant)
    await vendor(tenant, 'Hardware Depot')
    const read = await receipt(tenant, ['HARDWARE DEPOT', '2026-02-05', 'TOTAL 10.00'])
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        createBill(tenant, { receiptId: read.id, accountId: accounts['Office Expenses'] }),
      ),
    )
    expect(answers.filter((answer) => answer.success)).toHaveLength(1)
    expect(new Set(answers.filter((answer) => !answer.success).map((answer) => answer.errorCode))).toEqual(
      new Set(['RECEIPT_ALREADY_BILLED']),
    )
    expect(await bills(tenant)).toBe(1)
  })
})
