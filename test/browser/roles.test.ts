// Each role sees what it may do in the web app: a viewer every screen with no control that writes, an accountant the books but not the administration, an owner roles and scoped keys, and a person in several organizations the Clients table that opens one in one click.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { accountsByName, createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { eventsOf, importShops, postEvents, signInAndChoose } from './web-app.js'

const bed = browserTestBed()

type Role = 'owner' | 'admin' | 'member' | 'accountant' | 'viewer'
type User = Tenant['owner']

async function addMember(tenant: Tenant, role: Role, user?: User): Promise<User> {
  const member = user ?? (await createUser(bed.server))
  await bed.server.app.core.services.access.addMemberAsOperator(tenant.organizationId, member.email, role)
  return member
}

async function api(
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
  headers = tenant.bearer,
): Promise<Record<string, unknown>> {
  const answer = await bed.server.gql(query, { org: tenant.organizationId, ...variables }, headers)
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined()
  const payload = Object.values(answer.body.data ?? {})[0] as Record<string, unknown>
  if (payload && 'success' in payload)
    expect(payload, JSON.stringify(payload)).toMatchObject({ success: true })
  return payload
}

/** Something on every screen for a control to act on: events, an entry, a rule, a layout, an open reconciliation, an invoice. */
async function fillBooks(tenant: Tenant): Promise<void> {
  await importShops(bed.server, tenant, 3)
  await postEvents(bed.server, tenant, [
    {
      merchantName: 'Market takings',
      amount: '250.00',
      transactionDate: '2026-03-02',
      direction: 'in',
      category: 'Sales Revenue',
    },
  ])
  const accounts = await accountsByName(bed.server, tenant)
  await api(
    tenant,
    `mutation ($org: UUID!, $lines: [JournalLineInput!]!) {
      createJournalEntry(organizationId: $org, date: "2026-03-31", memo: "Accrued rent", lines: $lines) { success error }
    }`,
    {
      lines: [
        { accountId: accounts['Office Expenses'], debit: '80.00' },
        { accountId: accounts.Chequing, credit: '80.00' },
      ],
    },
  )
  await api(
    tenant,
    `mutation ($org: UUID!, $category: UUID!) {
      createCategoryRule(organizationId: $org, vendorPattern: "SHOP%", categoryId: $category) { success error }
    }`,
    { category: accounts['Office Expenses'] },
  )
  await api(
    tenant,
    `mutation ($org: UUID!, $account: UUID!) {
      createCsvImportProfile(organizationId: $org, paymentAccountId: $account,
        profile: { name: "Bank export", dateColumn: "Date", dateFormat: "YYYY-MM-DD", amountColumn: "Amount" }) { success error }
    }`,
    { account: accounts.Chequing },
  )
  await api(
    tenant,
    `mutation ($org: UUID!, $account: UUID!) {
      startReconciliation(organizationId: $org, paymentAccountId: $account, statementDate: "2026-03-31",
        statementBalance: "250.00") { success error }
    }`,
    { account: accounts.Chequing },
  )
  const customer = (await api(
    tenant,
    `mutation ($org: UUID!) {
      createContact(organizationId: $org, contactType: "customer", displayName: "Harbour Cafe") { success error contact { id } }
    }`,
  )) as { contact: { id: string } }
  const invoice = (await api(
    tenant,
    `mutation ($org: UUID!, $input: InvoiceInput!) { createInvoice(organizationId: $org, input: $input) { success error invoice { id } } }`,
    {
      input: {
        kind: 'invoice',
        contactId: customer.contact.id,
        issueDate: '2026-03-05',
        lines: [{ quantity: '1', unitPrice: '120.00', accountId: accounts['Sales Revenue'] }],
      },
    },
  )) as { invoice: { id: string } }
  await api(
    tenant,
    'mutation ($org: UUID!, $id: UUID!) { approveInvoice(organizationId: $org, invoiceId: $id) { success error } }',
    { id: invoice.invoice.id },
  )
}

const screensNavigation = (page: Page) => page.getByRole('navigation', { name: 'Screens' })

async function openScreen(page: Page, label: string): Promise<void> {
  await screensNavigation(page).getByRole('link', { name: label, exact: true }).click()
  await page.locator('[aria-current=page]', { hasText: label }).waitFor()
}

/** What a screen shows once its lists have loaded, so that every control it would offer is there. */
const screenLoaded: Record<string, (page: Page, organizationName: string) => Promise<void>> = {
  'Review queue': async (page) => {
    await page.locator('h1', { hasText: '· 3 to review' }).waitFor()
    await page.getByRole('option', { name: /Shop 01/ }).click()
    await page.getByRole('heading', { name: 'Journal entry', level: 3 }).waitFor()
  },
  Receipts: async (page) => {
    await page.getByRole('region', { name: 'Received receipts' }).getByText('No receipts yet.').waitFor()
  },
  'Bank files': async (page) => {
    await page.getByLabel('Account the statement is for').selectOption({ label: 'Chequing' })
    await page
      .getByRole('region', { name: 'CSV layouts of Chequing' })
      .getByRole('row', { name: /Bank export/ })
      .waitFor()
  },
  Reconciliation: async (page) => {
    await page.getByLabel('Account to reconcile').selectOption({ label: 'Chequing' })
    await page.getByRole('region', { name: 'Chequing to 2026-03-31' }).getByText('Market takings').waitFor()
    await page.getByRole('region', { name: 'History' }).getByRole('row').nth(1).waitFor()
  },
  Invoices: async (page) => {
    await page.getByRole('table', { name: 'Invoices' }).getByRole('button', { name: 'INV-0001' }).click()
    await page
      .getByRole('region', { name: 'Invoice INV-0001' })
      .getByRole('button', { name: 'Open the PDF' })
      .waitFor()
  },
  Bills: async (page) => {
    await page.getByRole('region', { name: 'All bills' }).getByText('No document matches.').waitFor()
  },
  Contacts: async (page) => {
    await page.getByRole('table', { name: 'Contacts' }).getByRole('button', { name: 'Harbour Cafe' }).click()
    await page.getByRole('table', { name: 'Documents of Harbour Cafe' }).waitFor()
  },
  Reports: async (page) => {
    await page.getByRole('button', { name: 'Export to CSV' }).first().waitFor()
  },
  Recurring: async (page) => {
    await page
      .getByRole('region', { name: 'Recurring entries and documents' })
      .getByText('No recurring entries yet.')
      .waitFor()
  },
  Journal: async (page) => {
    const entry = page
      .getByRole('list', { name: 'Journal entries' })
      .getByRole('button', { name: /Accrued rent/ })
    await entry.click()
    await page.getByRole('table', { name: 'Lines of the entry of 2026-03-31' }).waitFor()
  },
  'Sales tax': async (page) => {
    await page
      .getByRole('region', { name: /^Return for / })
      .getByRole('status')
      .waitFor()
  },
  Settings: async (page) => {
    await page.getByRole('region', { name: 'Category rules' }).getByRole('row', { name: /SHOP%/ }).waitFor()
    await page.getByRole('table', { name: 'Fiscal years' }).getByRole('row').nth(1).waitFor()
  },
  Clients: async (page, organizationName) => {
    await page.getByRole('row', { name: new RegExp(organizationName) }).waitFor()
  },
}

// The controls that only read or move around: signing out, filters, paging, reports, exports.
const readOnlyButtons = [
  /^Switch organization$/,
  /^Sign out$/,
  /^Refresh$/,
  /^Keys \?$/,
  /^Clear selection Esc$/,
  /^Show$/,
  /^Export to CSV$/,
  /^Schedule 1[02][05]$/,
  /^Open the PDF$/,
  /^Previous page$/,
  /^Next page$/,
]
// The read-only forms: a report's period, a return's and a statement's.
const readOnlyForms = ['Period', 'Return period', 'Statement period']

interface ShownControls {
  buttons: Array<{ name: string; toggles: boolean }>
  forms: string[]
  ticks: number
  files: number
}

// Text, not a function: it runs in the page, and the tests are compiled without the DOM's types.
const shownControlsScript = `(() => {
  const visible = (element) => element.checkVisibility()
  return {
    buttons: [...document.querySelectorAll('button')].filter(visible).map((button) => ({
      name: (button.getAttribute('aria-label') || button.textContent || '').replace(/\\s+/g, ' ').trim(),
      toggles: button.hasAttribute('aria-pressed') || button.hasAttribute('aria-expanded'),
    })),
    forms: [...document.querySelectorAll('form')].map((form) => form.getAttribute('aria-label') || form.className),
    ticks: document.querySelectorAll('input[type=checkbox]').length,
    files: document.querySelectorAll('input[type=file]').length,
  }
})()`

async function writeControls(page: Page, allowedNames: readonly string[]): Promise<ShownControls> {
  const shown = (await page.evaluate(shownControlsScript)) as ShownControls
  return {
    buttons: shown.buttons.filter(
      (button) =>
        !button.toggles &&
        !allowedNames.includes(button.name) &&
        !readOnlyButtons.some((allowed) => allowed.test(button.name)),
    ),
    forms: shown.forms.filter((form) => !readOnlyForms.includes(form)),
    ticks: shown.ticks,
    files: shown.files,
  }
}

const noWriteControls: ShownControls = { buttons: [], forms: [], ticks: 0, files: 0 }

const section = (page: Page, name: string) => page.getByRole('region', { name })

async function openSettings(page: Page): Promise<void> {
  await openScreen(page, 'Settings')
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
}

describe('roles in a browser', () => {
  let tenant: Tenant
  let organizationName: string

  beforeAll(async () => {
    organizationName = unique('Role Books')
    tenant = await createTenant(bed.server, organizationName)
    await fillBooks(tenant)
  })

  it('shows a viewer every screen with no control that writes, and the keys change nothing', async () => {
    const viewer = await addMember(tenant, 'viewer')
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, viewer, organizationName)
      const labels = await screensNavigation(page).getByRole('link').allTextContents()
      expect(labels.length).toBeGreaterThan(5)
      for (const label of labels) {
        const loaded = screenLoaded[label]
        expect(loaded, `the test knows how the screen ${label} looks loaded`).toBeDefined()
        await openScreen(page, label)
        await loaded?.(page, organizationName)
        expect({ screen: label, ...(await writeControls(page, [organizationName])) }).toEqual({
          screen: label,
          ...noWriteControls,
        })
      }

      await openScreen(page, 'Settings')
      for (const name of ['API keys', 'Members and roles', 'Webhook endpoints', 'Opening balances']) {
        await expect(section(page, name).count(), name).resolves.toBe(0)
      }

      await openScreen(page, 'Review queue')
      await screenLoaded['Review queue']?.(page, organizationName)
      await page.getByRole('listbox', { name: 'Events to review' }).press('Enter')
      await page.getByRole('listbox', { name: 'Events to review' }).press('x')
      await page.getByRole('listbox', { name: 'Events to review' }).press('?')
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
      await help.waitFor()
      await expect(help.textContent()).resolves.not.toContain('Confirm')
      await help.getByRole('button', { name: 'Close' }).click()
      await page.waitForTimeout(300)
      const waiting = (await eventsOf(bed.server, tenant)).filter((event) => event.status === 'needs_review')
      expect(waiting).toHaveLength(3)
    } finally {
      await page.context().close()
    }
  })

  it('lets an accountant set the lock date and post a journal entry, without the administration sections', async () => {
    const accountant = await addMember(tenant, 'accountant')
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, accountant, organizationName)
      await openSettings(page)
      await section(page, 'Lock date').waitFor()
      for (const name of ['API keys', 'Members and roles', 'Webhook endpoints']) {
        await expect(section(page, name).count(), name).resolves.toBe(0)
      }
      const links = await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link')
        .allTextContents()
      expect(links).not.toContain('Members')
      expect(links).not.toContain('API keys')
      expect(links).not.toContain('Webhooks')
      await section(page, 'Opening balances').waitFor()

      const lock = section(page, 'Lock date')
      await lock.getByLabel('Close the books through').fill('2025-06-30')
      await lock.getByRole('button', { name: 'Set lock date' }).click()
      await lock.getByRole('status').filter({ hasText: 'The books are closed through 2025-06-30.' }).waitFor()

      await openScreen(page, 'Journal')
      const form = page.getByRole('form', { name: 'New journal entry' })
      await form.getByLabel('Date', { exact: true }).fill('2026-05-31')
      await form.getByLabel('Memo', { exact: true }).fill('Depreciation by the accountant')
      await form.getByLabel('Line 1 account').selectOption({ label: 'Office Expenses' })
      await form.getByLabel('Line 1 debit').fill('45.00')
      await form.getByLabel('Line 2 account').selectOption({ label: 'Chequing' })
      await form.getByLabel('Line 2 credit').fill('45.00')
      await form.getByRole('button', { name: 'Post entry' }).click()
      await form.getByText('Posted the entry of 2026-05-31 for 45.00.').waitFor()

      const books = await api(
        tenant,
        `query ($org: UUID!) { listJournalEntries(organizationId: $org, sources: ["manual"]) { items { memo totalAmount } } }`,
      )
      expect(books.items).toContainEqual({ memo: 'Depreciation by the accountant', totalAmount: '45.00' })
      const organizations = await api(tenant, '{ myOrganizations { lockDate } }')
      expect(organizations).toEqual([{ lockDate: '2025-06-30' }])
    } finally {
      await page.context().close()
    }
  })

  it('lets an owner make a member a viewer, tells why the last owner stays one, and creates a key with the bank_import scope', async () => {
    const colleague = await addMember(tenant, 'member')
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      // The viewer's check finds the owner's controls, so its empty answer means what it says.
      await screenLoaded['Review queue']?.(page, organizationName)
      const ownerControls = await writeControls(page, [])
      expect(ownerControls.buttons.map((button) => button.name)).toEqual(
        expect.arrayContaining(['Confirm this event Enter', 'Reject this event X', 'Split into lines']),
      )
      await openSettings(page)

      const members = section(page, 'Members and roles')
      await expect(
        members.getByLabel('Role', { exact: true }).locator('option').allTextContents(),
      ).resolves.toEqual(['owner', 'admin', 'member', 'accountant', 'viewer'])
      const colleagueRole = members.getByLabel(`Role of ${colleague.email}`)
      await colleagueRole.selectOption('viewer')
      await members
        .getByRole('row', { name: new RegExp(colleague.email) })
        .getByRole('button', { name: 'Change role' })
        .click()
      await members
        .getByRole('row', { name: new RegExp(colleague.email) })
        .getByRole('button', { name: 'Change role' })
        .waitFor({ state: 'detached' })
      await expect(colleagueRole.inputValue()).resolves.toBe('viewer')

      await members.getByLabel(`Role of ${tenant.owner.email}`).selectOption('admin')
      await members
        .getByRole('row', { name: new RegExp(tenant.owner.email) })
        .getByRole('button', { name: 'Change role' })
        .click()
      await members
        .getByRole('alert')
        .filter({ hasText: 'The last owner cannot be given another role.' })
        .waitFor()
      await expect(members.getByLabel(`Role of ${tenant.owner.email}`).inputValue()).resolves.toBe('owner')

      const listed = await api(
        tenant,
        'query ($org: UUID!) { listMembers(organizationId: $org) { email role } }',
        {},
        tenant.owner.jwt,
      )
      expect(listed).toContainEqual({ email: colleague.email, role: 'viewer' })
      expect(listed).toContainEqual({ email: tenant.owner.email, role: 'owner' })

      const keys = section(page, 'API keys')
      await keys.getByText('none ticked: every right a key has').waitFor()
      await keys.getByLabel('Name of the new key').fill('Bank feed')
      await keys.getByLabel('bank_import').check()
      await keys.getByRole('button', { name: 'Create key' }).click()
      const key = await keys.getByLabel('The new API key').inputValue()
      expect(key).toMatch(/^dbk_/)
      await keys.getByRole('button', { name: 'Done' }).click()
      const row = keys.getByRole('row', { name: /Bank feed/ })
      await expect(row.locator('td').nth(2).textContent()).resolves.toBe('bank_import')
      await expect(
        keys
          .getByRole('row', { name: /test key/ })
          .locator('td')
          .nth(2)
          .textContent(),
      ).resolves.toBe('read, write, bank_import, receipts, events')

      const apiKeys = (await api(
        tenant,
        'query ($org: UUID!) { listApiKeys(organizationId: $org) { name scopes } }',
        {},
        tenant.owner.jwt,
      )) as unknown as Array<{ name: string; scopes: string[] }>
      expect(apiKeys).toContainEqual({ name: 'Bank feed', scopes: ['bank_import'] })
      const asKey = { authorization: `Bearer ${key}` }
      const reading = await bed.server.gql(
        'query ($org: UUID!) { listLedgerEvents(organizationId: $org) { totalCount } }',
        { org: tenant.organizationId },
        asKey,
      )
      expect(reading.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_SCOPE')
    } finally {
      await page.context().close()
    }
  })
})

describe('the Clients screen in a browser', () => {
  async function waitingEvents(tenant: Tenant, dates: readonly string[]): Promise<void> {
    const accounts = await accountsByName(bed.server, tenant)
    for (const [index, date] of dates.entries()) {
      await api(
        tenant,
        `mutation ($org: UUID!, $merchant: String!, $date: String!, $payment: UUID!) {
          createLedgerEvent(organizationId: $org, merchantName: $merchant, amount: "12.50", transactionDate: $date,
            eventType: "expense", direction: "out", paymentAccountId: $payment) { success error }
        }`,
        { merchant: `Supplier ${index + 1}`, date, payment: accounts.Chequing },
      )
    }
  }

  it('shows a person in three organizations what waits in each, most first, and opens one in one click', async () => {
    const busiest = { name: unique('Busy Client'), tenant: undefined as unknown as Tenant }
    const quieter = { name: unique('Quiet Client'), tenant: undefined as unknown as Tenant }
    const settled = { name: unique('Settled Client'), tenant: undefined as unknown as Tenant }
    for (const client of [busiest, quieter, settled])
      client.tenant = await createTenant(bed.server, client.name)
    await waitingEvents(busiest.tenant, ['2026-02-10', '2026-01-05', '2026-03-01'])
    await waitingEvents(quieter.tenant, ['2026-04-02'])
    await postEvents(bed.server, settled.tenant, [
      {
        merchantName: 'Consulting',
        amount: '900.00',
        transactionDate: '2026-03-15',
        direction: 'in',
        category: 'Sales Revenue',
      },
    ])
    const person = await addMember(busiest.tenant, 'accountant')
    await addMember(quieter.tenant, 'viewer', person)
    await addMember(settled.tenant, 'admin', person)

    const page = await openPage(bed.browser)
    try {
      await page.goto(`${bed.server.url}/app`)
      await page.getByLabel('Email').fill(person.email)
      await page.getByLabel('Password').fill(person.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('link', { name: 'See what needs work in each of them' }).click()
      await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/app/clients')

      const table = page.locator('table.clients-table')
      await table.getByRole('row', { name: new RegExp(settled.name) }).waitFor()
      await expect(table.locator('thead th').allTextContents()).resolves.toEqual([
        'Organization',
        'Your role',
        'Unreviewed',
        'Oldest waiting',
        'Unreconciled accounts',
        'Lock date',
        'Year-end lock',
        'Next tax return due',
      ])
      const rows: string[][] = []
      for (const row of await table.locator('tbody tr').all())
        rows.push(await row.locator('td').allTextContents())
      expect(rows.map((cells) => cells.slice(0, 5))).toEqual([
        [busiest.name, 'accountant', '3', '2026-01-05', '0'],
        [quieter.name, 'viewer', '1', '2026-04-02', '0'],
        [settled.name, 'admin', '0', '—', '1'],
      ])

      const overview = await bed.server.gql(
        '{ practiceOverview { organization { name } lockDate yearEndLockDate nextTaxReturnDue } }',
        {},
        person.jwt,
      )
      const answered = overview.body.data?.practiceOverview as Array<Record<string, string | null>>
      expect(rows.map((cells) => cells.slice(5))).toEqual(
        answered.map((each) => [
          each.lockDate ?? '—',
          each.yearEndLockDate ?? '—',
          each.nextTaxReturnDue ?? '—',
        ]),
      )

      await table.getByRole('button', { name: quieter.name }).click()
      await page.locator('h1', { hasText: '· 1 to review' }).waitFor()
      await expect(page.locator('.header-organization').textContent()).resolves.toBe(quieter.name)
      expect(new URL(page.url()).pathname).toBe('/app/')
      // A viewer there: the queue offers nothing that writes.
      await page.getByRole('option', { name: /Supplier 1/ }).waitFor()
      await expect(page.getByRole('button', { name: /^Confirm/ }).count()).resolves.toBe(0)

      await openScreen(page, 'Clients')
      await table.locator('tr[aria-current]', { hasText: quieter.name }).waitFor()
      await table.getByRole('button', { name: busiest.name }).click()
      await page.locator('h1', { hasText: '· 3 to review' }).waitFor()
      await page.getByRole('button', { name: /^Confirm/ }).waitFor()
    } finally {
      await page.context().close()
    }
  })
})
