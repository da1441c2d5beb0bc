// Invoices and bills in a browser: a document typed with its totals worked out while typing, approved and paid in part; a bill; the list's filters; a credit note applied and a draft voided; a contact's page and statement; aged receivables; and a bank line in the review queue that pays an invoice with one key.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { accountsByName, createTenant, type Tenant, unique } from '../support/fixtures.js'
import { signInAndChoose, waitForQueueCount } from './web-app.js'

const bed = browserTestBed()

async function api(tenant: Tenant, query: string, variables: Record<string, unknown> = {}) {
  const answer = await bed.server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined()
  const payload = Object.values(answer.body.data ?? {})[0] as Record<string, unknown>
  if (payload && 'success' in payload)
    expect(payload, JSON.stringify(payload)).toMatchObject({ success: true })
  return payload
}

/** A new organization with an open invoice INV-0001 to Harbour Cafe, and a payment from it waiting in the review queue. */
async function waitingPaymentOf(
  organizationName: string,
  line = { price: '550.00', amount: '550.00', memo: 'Payment INV-0001' },
) {
  const tenant = await createTenant(bed.server, organizationName)
  const accounts = await accountsByName(bed.server, tenant)
  const customer = await createContact(tenant, 'customer', 'Harbour Cafe')
  const invoice = await approvedDocument(tenant, {
    kind: 'invoice',
    contactId: customer,
    issueDate: '2026-03-01',
    dueDate: '2026-03-31',
    accountId: accounts['Sales Revenue'] as string,
    price: line.price,
  })
  const created = await api(
    tenant,
    `mutation ($org: UUID!, $payment: UUID!, $amount: String!, $memo: String) {
      createLedgerEvent(organizationId: $org, merchantName: "HARBOUR CAFE", memo: $memo, amount: $amount,
        transactionDate: "2026-03-12", eventType: "income", direction: "in", paymentAccountId: $payment) { success eventId }
    }`,
    { payment: accounts.Chequing, amount: line.amount, memo: line.memo },
  )
  return { tenant, invoice, eventId: created.eventId as string }
}

async function createContact(tenant: Tenant, contactType: string, displayName: string): Promise<string> {
  const created = await api(
    tenant,
    `mutation ($org: UUID!, $type: String!, $name: String!) {
      createContact(organizationId: $org, contactType: $type, displayName: $name) { success error contact { id } }
    }`,
    { type: contactType, name: displayName },
  )
  return (created.contact as { id: string }).id
}

/** An approved document made through the API, as earlier bookkeeping left it. */
async function approvedDocument(
  tenant: Tenant,
  input: {
    kind: string
    contactId: string
    issueDate: string
    dueDate: string
    accountId: string
    price: string
  },
): Promise<{ id: string; number: string }> {
  const created = await api(
    tenant,
    `mutation ($org: UUID!, $input: InvoiceInput!) {
      createInvoice(organizationId: $org, input: $input) { success error invoice { id number } }
    }`,
    {
      input: {
        kind: input.kind,
        contactId: input.contactId,
        issueDate: input.issueDate,
        dueDate: input.dueDate,
        lines: [{ description: 'Work', quantity: '1', unitPrice: input.price, accountId: input.accountId }],
      },
    },
  )
  const document = created.invoice as { id: string; number: string }
  await api(
    tenant,
    'mutation ($org: UUID!, $id: UUID!) { approveInvoice(organizationId: $org, invoiceId: $id) { success error } }',
    { id: document.id },
  )
  return document
}

const screens = (page: Page) => page.getByRole('navigation', { name: 'Screens' })

async function openScreen(page: Page, label: string): Promise<void> {
  await screens(page).getByRole('link', { name: label, exact: true }).click()
  await page.getByRole('heading', { name: label, level: 1 }).waitFor()
}

describe('invoices and bills in a browser', () => {
  it('types an invoice whose total follows the lines, approves it and records part of its payment', async () => {
    const organizationName = unique('Invoice Books')
    const tenant = await createTenant(bed.server, organizationName)
    await createContact(tenant, 'customer', 'Maple Design')
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await openScreen(page, 'Invoices')
      const form = page.getByRole('form', { name: 'New invoice' })
      await form.getByLabel('Customer').selectOption({ label: 'Maple Design' })
      await form.getByLabel('Issue date').fill('2026-03-01')
      await form.getByLabel('Due date').fill('2026-03-31')
      await form.getByLabel('Line 1 description').fill('Design work')
      await form.getByLabel('Line 1 unit price').fill('450.00')
      await form.getByLabel('Line 1 account').selectOption({ label: 'Sales Revenue' })
      await form.getByLabel('Line 1 tax code').selectOption('HST_ON')
      await form.getByRole('button', { name: 'Add line' }).click()
      await form.getByLabel('Line 2 description').and(page.locator(':focus')).waitFor()
      await form.getByLabel('Line 2 description').fill('Hosting')
      await form.getByLabel('Line 2 unit price').fill('99.99')
      await form.getByLabel('Line 2 account').selectOption({ label: 'Sales Revenue' })
      await form.getByLabel('Line 2 tax code').selectOption('HST_ON')
      // 450.00 + 99.99, each line's 13% rounded half-even on its own: 58.50 + 13.00.
      await form.getByText('Subtotal 549.99 · Tax 71.50 · Total 621.49 CAD').waitFor()
      await form.getByRole('button', { name: 'Save draft' }).click()
      const detail = page.getByRole('region', { name: 'Invoice INV-0001' })
      await detail.getByRole('button', { name: 'Approve' }).click()
      const figures = detail.locator('dl.document-figures')
      await figures.getByText('Open', { exact: true }).waitFor()
      await expect(figures.locator('dd').nth(6).textContent()).resolves.toBe('621.49 CAD')

      const payment = detail.getByRole('form', { name: 'Record a payment of INV-0001' })
      await payment.getByLabel('Amount paid').fill('200.00')
      await payment.getByLabel('Paid on').fill('2026-03-10')
      await payment.getByLabel('Through').selectOption({ label: 'Chequing' })
      await payment.getByRole('button', { name: 'Record payment' }).click()
      await figures.getByText('Partially paid', { exact: true }).waitFor()
      await figures.getByText('421.49 CAD').waitFor()
      await detail
        .getByRole('list', { name: 'Payments of INV-0001' })
        .getByText(/2026-03-10 · 200\.00 CAD · Chequing/)
        .waitFor()

      const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row', { name: /INV-0001/ })
      await row.getByText('Partially paid').waitFor()
      await detail.getByRole('button', { name: 'Open the PDF' }).waitFor()
    } finally {
      await page.context().close()
    }
    const listed = await api(
      tenant,
      'query ($org: UUID!) { listInvoices(organizationId: $org) { items { number status total amountDue } } }',
    )
    expect(listed.items).toEqual([
      { number: 'INV-0001', status: 'partially_paid', total: '621.49', amountDue: '421.49' },
    ])
  })

  it('saves a bill with the vendor’s number, and the filters find documents by status, due date and search', async () => {
    const organizationName = unique('Bill Books')
    const tenant = await createTenant(bed.server, organizationName)
    const accounts = await accountsByName(bed.server, tenant)
    await createContact(tenant, 'vendor', 'Office Supply Co')
    const customer = await createContact(tenant, 'customer', 'Harbour Cafe')
    const sales = accounts['Sales Revenue'] as string
    await approvedDocument(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-01-05',
      dueDate: '2026-01-20',
      accountId: sales,
      price: '100.00',
    })
    await approvedDocument(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-02-05',
      dueDate: '2099-02-20',
      accountId: sales,
      price: '80.00',
    })
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await openScreen(page, 'Bills')
      const form = page.getByRole('form', { name: 'New bill' })
      await form.getByLabel('Vendor').selectOption({ label: 'Office Supply Co' })
      await form.getByLabel('Number').fill('OS-7781')
      await form.getByLabel('Issue date').fill('2026-02-14')
      await form.getByLabel('Line 1 description').fill('Paper')
      await form.getByLabel('Line 1 quantity').fill('3')
      await form.getByLabel('Line 1 unit price').fill('33.335')
      await form.getByLabel('Line 1 account').selectOption({ label: 'Office Expenses' })
      // 3 × 33.335 = 100.005, half-even to 100.00.
      await form.getByText('Subtotal 100.00 · Tax 0.00 · Total 100.00 CAD').waitFor()
      await form.getByRole('button', { name: 'Save draft' }).click()
      const detail = page.getByRole('region', { name: 'Bill OS-7781' })
      await detail.getByText('Draft', { exact: true }).waitFor()
      await detail.getByRole('button', { name: 'Approve' }).click()
      await detail.getByText('Open', { exact: true }).waitFor()

      await openScreen(page, 'Invoices')
      const table = page.getByRole('table', { name: 'Invoices' })
      await table.getByRole('row', { name: /INV-0002/ }).waitFor()
      await expect(table.locator('tbody tr').count()).resolves.toBe(2)
      await page.getByLabel('Due', { exact: true }).selectOption({ label: 'Overdue' })
      await table.getByRole('row', { name: /INV-0002/ }).waitFor({ state: 'detached' })
      await expect(table.locator('tbody tr').allTextContents()).resolves.toEqual([
        expect.stringContaining('INV-0001'),
      ])
      await page.getByLabel('Due', { exact: true }).selectOption({ label: 'Any due date' })
      await page.getByLabel('Status').selectOption({ label: 'Paid' })
      await page.getByText('No document matches.').waitFor()
      await page.getByLabel('Status').selectOption({ label: 'Any status' })
      await page.getByLabel('Search').fill('0002')
      await table.getByRole('row', { name: /INV-0001/ }).waitFor({ state: 'detached' })
      await table.getByRole('row', { name: /INV-0002/ }).waitFor()
    } finally {
      await page.context().close()
    }
  })

  it('shows a contact’s outstanding and overdue, its documents, and its statement for a period', async () => {
    const organizationName = unique('Contact Books')
    const tenant = await createTenant(bed.server, organizationName)
    const accounts = await accountsByName(bed.server, tenant)
    const sales = accounts['Sales Revenue'] as string
    const customer = await createContact(tenant, 'customer', 'Harbour Cafe')
    const late = await approvedDocument(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-01-05',
      dueDate: '2026-01-20',
      accountId: sales,
      price: '300.00',
    })
    await approvedDocument(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-02-05',
      dueDate: '2099-02-20',
      accountId: sales,
      price: '80.00',
    })
    await api(
      tenant,
      `mutation ($org: UUID!, $id: UUID!, $account: UUID!) {
        recordInvoicePayment(organizationId: $org, invoiceId: $id, amount: "100.00", date: "2026-02-10", paymentAccountId: $account) { success error }
      }`,
      { id: late.id, account: accounts.Chequing },
    )
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await openScreen(page, 'Contacts')
      const row = page.getByRole('table', { name: 'Contacts' }).getByRole('row', { name: /Harbour Cafe/ })
      await expect(row.locator('td').allTextContents()).resolves.toEqual(['Customer', '280.00', '200.00'])
      await row.getByRole('button', { name: 'Harbour Cafe' }).click()
      const contactPage = page.getByRole('region', { name: 'Harbour Cafe' })
      await contactPage.getByText('Owes you').waitFor()
      const documents = contactPage.getByRole('table', { name: 'Documents of Harbour Cafe' })
      await documents.getByRole('row', { name: /Invoice INV-0001 .*Partially paid/ }).waitFor()
      await documents.getByRole('row', { name: /Invoice INV-0002 .*Open/ }).waitFor()

      const period = contactPage.getByRole('form', { name: 'Statement period' })
      await period.getByLabel('From').fill('2026-02-01')
      await period.getByLabel('To').fill('2026-02-28')
      await period.getByRole('button', { name: 'Show' }).click()
      const statement = contactPage.getByRole('table', {
        name: 'Statement of Harbour Cafe 2026-02-01 to 2026-02-28',
      })
      await statement.waitFor()
      const rows: string[][] = []
      for (const each of await statement.locator('tbody tr, tfoot tr').all())
        rows.push(await each.locator('th, td').allTextContents())
      expect(rows).toEqual([
        ['2026-02-01', 'Opening balance', '', '300.00'],
        ['2026-02-05', 'Invoice INV-0002', '80.00', '380.00'],
        ['2026-02-10', 'Payment INV-0001', '\u2212100.00', '280.00'],
        ['2026-02-28', 'Closing balance', '', '280.00'],
      ])
      await contactPage.getByRole('button', { name: 'Export to CSV' }).waitFor()
    } finally {
      await page.context().close()
    }
  })

  it('shows aged receivables at a chosen date in Reports', async () => {
    const organizationName = unique('Aging Books')
    const tenant = await createTenant(bed.server, organizationName)
    const accounts = await accountsByName(bed.server, tenant)
    const sales = accounts['Sales Revenue'] as string
    const customer = await createContact(tenant, 'customer', 'Harbour Cafe')
    await approvedDocument(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-01-05',
      dueDate: '2026-01-20',
      accountId: sales,
      price: '300.00',
    })
    await approvedDocument(tenant, {
      kind: 'invoice',
      contactId: customer,
      issueDate: '2026-02-05',
      dueDate: '2026-03-15',
      accountId: sales,
      price: '80.00',
    })
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await openScreen(page, 'Reports')
      await page.getByRole('button', { name: 'Aged receivables' }).click()
      const report = page.getByRole('region', { name: 'Aged receivables' })
      await report.getByLabel('As of', { exact: true }).fill('2026-03-01')
      const table = report.getByRole('table', { name: 'Aged receivables as of 2026-03-01' })
      await table.waitFor()
      await expect(table.locator('thead th').allTextContents()).resolves.toEqual([
        'Contact',
        'Current',
        '1–30 days',
        '31–60 days',
        '61–90 days',
        'Over 90 days',
        'Total',
      ])
      // Forty days past due on 2026-03-01, and one not due yet.
      const cafe = table.getByRole('row', { name: /Harbour Cafe/ })
      await expect(cafe.locator('td').allTextContents()).resolves.toEqual([
        '80.00',
        '0.00',
        '300.00',
        '0.00',
        '0.00',
        '380.00',
      ])
      await report.getByLabel('As of', { exact: true }).fill('2026-01-10')
      await report.getByRole('table', { name: 'Aged receivables as of 2026-01-10' }).waitFor()
      await expect(
        report
          .getByRole('row', { name: /Harbour Cafe/ })
          .locator('td')
          .allTextContents(),
      ).resolves.toEqual(['300.00', '0.00', '0.00', '0.00', '0.00', '300.00'])
      await report.getByRole('button', { name: 'Export to CSV' }).waitFor()
    } finally {
      await page.context().close()
    }
  })

  it('suggests the invoice a bank line pays beside its category, and M pays it and confirms the line', async () => {
    const organizationName = unique('Matching Books')
    const { tenant, invoice } = await waitingPaymentOf(organizationName)
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await waitForQueueCount(page, 1)
      await page.getByRole('option', { name: /HARBOUR CAFE/ }).click()
      const details = page.locator('aside.event-details')
      await details.getByText('Invoice INV-0001 · Harbour Cafe · 550.00 CAD due 2026-03-31').waitFor()
      await details.getByText('Fits by the amount due, its number, the contact.').waitFor()
      await page.getByRole('listbox', { name: 'Events to review' }).press('m')
      await page
        .getByRole('status')
        .filter({ hasText: 'Paid 550.00 of INV-0001 and confirmed the event: INV-0001 is now paid.' })
        .waitFor()
      await waitForQueueCount(page, 0)

      await page
        .getByRole('listbox', { name: 'Events to review' })
        .or(page.locator('.queue-empty'))
        .first()
        .waitFor()
      await openScreen(page, 'Invoices')
      await page
        .getByRole('table', { name: 'Invoices' })
        .getByRole('row', { name: /INV-0001/ })
        .getByText('Paid')
        .waitFor()
    } finally {
      await page.context().close()
    }
    const paid = await api(
      tenant,
      'query ($org: UUID!, $id: UUID!) { invoice(organizationId: $org, invoiceId: $id) { status amountDue payments { amount eventId } } }',
      { id: invoice.id },
    )
    expect(paid).toMatchObject({ status: 'paid', amountDue: '0.00', payments: [{ amount: '550.00' }] })
    expect((paid.payments as Array<{ eventId: string | null }>)[0]?.eventId).toBeTruthy()
  })

  it('shows what a waiting bank line already pays, and M gives the document the rest of the line', async () => {
    const organizationName = unique('Applied Books')
    const { tenant, invoice, eventId } = await waitingPaymentOf(organizationName)
    await api(
      tenant,
      `mutation ($org: UUID!, $e: UUID!, $id: UUID!) {
        applyLedgerEventToInvoice(organizationId: $org, eventId: $e, invoiceId: $id, amount: "200.00") { success error }
      }`,
      { e: eventId, id: invoice.id },
    )
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await waitForQueueCount(page, 1)
      await page.getByRole('option', { name: /HARBOUR CAFE/ }).click()
      const details = page.locator('aside.event-details')
      await details.locator('.applied-documents').getByText('Invoice INV-0001 · 200.00 CAD').waitFor()
      // Applying again replaces the 200.00: the invoice takes the whole line.
      await details.getByRole('button', { name: 'Pay INV-0001 with 550.00 and confirm' }).waitFor()
      await page.getByRole('listbox', { name: 'Events to review' }).press('m')
      await page
        .getByRole('status')
        .filter({ hasText: 'Paid 550.00 of INV-0001 and confirmed the event: INV-0001 is now paid.' })
        .waitFor()
    } finally {
      await page.context().close()
    }
  })

  it('sets a credit note against an open invoice, and voids a draft', async () => {
    const organizationName = unique('Credit Books')
    const tenant = await createTenant(bed.server, organizationName)
    const accounts = await accountsByName(bed.server, tenant)
    const sales = accounts['Sales Revenue'] as string
    const customer = await createContact(tenant, 'customer', 'Harbour Cafe')
    const dates = { contactId: customer, issueDate: '2026-04-01', dueDate: '2026-04-30', accountId: sales }
    const invoice = await approvedDocument(tenant, { kind: 'invoice', ...dates, price: '200.00' })
    await approvedDocument(tenant, { kind: 'credit_note', ...dates, price: '50.00' })
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await openScreen(page, 'Invoices')
      await page.getByRole('button', { name: 'Credit notes' }).click()
      await page.getByRole('table', { name: 'Invoices' }).getByRole('button', { name: 'CN-0001' }).click()
      const credit = page.getByRole('region', { name: 'Credit note CN-0001' })
      const apply = credit.getByRole('form', { name: 'Apply CN-0001' })
      await apply.getByLabel('Apply to').selectOption({ label: 'INV-0001 · 200.00 due' })
      await expect(apply.getByLabel('Amount').inputValue()).resolves.toBe('50.00')
      await apply.getByRole('button', { name: 'Apply credit' }).click()
      // The credit is used up: its status (the first figure) is paid.
      await expect.poll(() => credit.locator('dl.document-figures dd').first().textContent()).toBe('Paid')
      await credit.getByText('Credit applied').waitFor()

      await page.getByRole('button', { name: 'Invoices', exact: true }).click()
      const form = page.getByRole('form', { name: 'New invoice' })
      await form.getByLabel('Customer').selectOption({ label: 'Harbour Cafe' })
      await form.getByLabel('Line 1 unit price').fill('10.00')
      await form.getByLabel('Line 1 account').selectOption({ label: 'Sales Revenue' })
      await form.getByRole('button', { name: 'Save draft' }).click()
      const draft = page.getByRole('region', { name: 'Invoice INV-0002' })
      await draft.getByRole('button', { name: 'Void' }).click()
      await draft.getByRole('button', { name: 'Void INV-0002' }).click()
      await draft.locator('dl.document-figures').getByText('Void', { exact: true }).waitFor()
    } finally {
      await page.context().close()
    }
    const settled = await api(
      tenant,
      'query ($org: UUID!, $id: UUID!) { invoice(organizationId: $org, invoiceId: $id) { status amountDue } }',
      { id: invoice.id },
    )
    expect(settled).toEqual({ status: 'partially_paid', amountDue: '150.00' })
  })

  it('applies a line larger than the invoice but leaves it waiting when its rest has no category', async () => {
    const organizationName = unique('Overpaid Books')
    const { tenant, invoice } = await waitingPaymentOf(organizationName, {
      price: '100.00',
      amount: '150.00',
      memo: 'INV-0001 and a tip',
    })
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await waitForQueueCount(page, 1)
      await page.getByRole('option', { name: /HARBOUR CAFE/ }).click()
      await page.getByRole('button', { name: 'Pay INV-0001 with 100.00 and confirm M' }).click()
      await page
        .getByRole('status')
        .filter({
          hasText:
            'Applied 100.00 to INV-0001. The rest of the event, 50.00, needs a category before it is confirmed.',
        })
        .waitFor()
      await waitForQueueCount(page, 1)
    } finally {
      await page.context().close()
    }
    const waiting = await api(
      tenant,
      'query ($org: UUID!, $id: UUID!) { invoice(organizationId: $org, invoiceId: $id) { status amountDue } }',
      { id: invoice.id },
    )
    expect(waiting).toEqual({ status: 'open', amountDue: '100.00' })
  })
})
