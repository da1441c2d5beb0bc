// The Recurring screen in a browser: a manual entry and an invoice repeated from where they are shown, the API's refusal told next to the form, templates paused, resumed and deleted from the list, and a viewer who sees the list with nothing to press.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { accountsByName, createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { signInAndChoose } from './web-app.js'

const bed = browserTestBed()

async function api(
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
  headers = tenant.bearer,
) {
  const answer = await bed.server.gql(query, { org: tenant.organizationId, ...variables }, headers)
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined()
  const payload = Object.values(answer.body.data ?? {})[0] as Record<string, unknown>
  if (payload && 'success' in payload)
    expect(payload, JSON.stringify(payload)).toMatchObject({ success: true })
  return payload
}

/** A manual entry, dated on a month's last day so the schedule must keep the 31st. */
async function rentEntry(tenant: Tenant): Promise<void> {
  const accounts = await accountsByName(bed.server, tenant)
  await api(
    tenant,
    `mutation ($org: UUID!, $lines: [JournalLineInput!]!) {
      createJournalEntry(organizationId: $org, date: "2030-01-31", memo: "Office rent", reference: "LEASE-7", lines: $lines) { success error }
    }`,
    {
      lines: [
        { accountId: accounts['Office Expenses'], debit: '1250.00' },
        { accountId: accounts.Chequing, credit: '1250.00' },
      ],
    },
  )
}

async function openScreen(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('link', { name: label, exact: true })
    .click()
  await page.getByRole('heading', { name: label, level: 1 }).waitFor()
}

const templatesTable = (page: Page) => page.getByRole('table', { name: 'Recurring templates' })

/** A template's row as read: its name, then what it makes, schedule, dates, count, state and refusal. */
async function rowOf(page: Page, name: string): Promise<string[]> {
  const row = templatesTable(page).getByRole('row', { name: new RegExp(`^${name}`) })
  const header = (await row.getByRole('rowheader').textContent()) ?? ''
  const cells = await row.locator('td').allTextContents()
  return [header, ...cells.slice(0, 7)]
}

describe('the Recurring screen in a browser', () => {
  it('repeats a manual entry monthly from the next month, then pauses, resumes and deletes it', async () => {
    const organizationName = unique('Recurring Books')
    const tenant = await createTenant(bed.server, organizationName)
    await rentEntry(tenant)
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await openScreen(page, 'Journal')
      await page
        .getByRole('list', { name: 'Journal entries' })
        .getByRole('button', { name: /^2030-01-31 · Manual entry · Office rent/ })
        .click()
      await page.getByRole('button', { name: 'Repeat…' }).click()
      const form = page.getByRole('form', { name: 'Repeat this entry' })
      await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Office rent')
      await expect(form.getByLabel('Repeats').inputValue()).resolves.toBe('monthly')
      await expect(form.getByLabel('Day of the month').inputValue()).resolves.toBe('31')
      await expect(form.getByLabel('First date on or after').inputValue()).resolves.toBe('2030-02-28')
      await expect(form.getByLabel('Each one is').count()).resolves.toBe(0)
      // A mistake the form can see is told before anything is sent.
      await form.getByLabel('End date (optional)').fill('2030-01-01')
      await form.getByRole('button', { name: 'Repeat', exact: true }).click()
      await form.getByRole('alert').filter({ hasText: 'The end date is before the first date.' }).waitFor()
      await form.getByLabel('End date (optional)').fill('')
      await form.getByRole('button', { name: 'Repeat', exact: true }).click()
      const done = page.getByRole('status').filter({ hasText: 'Office rent repeats' })
      await done.getByText('Office rent repeats; the first is made on 2030-02-28.').waitFor()
      await done.getByRole('link', { name: 'See it on the Recurring screen' }).click()

      await page.getByRole('heading', { name: 'Recurring', level: 1 }).waitFor()
      await templatesTable(page).waitFor()
      await expect(rowOf(page, 'Office rent')).resolves.toEqual([
        'Office rent',
        'Journal entry',
        'Monthly on day 31',
        '2030-02-28',
        'None yet',
        '0',
        'Active',
        '',
      ])
      await page.getByRole('button', { name: 'Pause Office rent' }).click()
      await templatesTable(page).getByRole('cell', { name: 'Paused', exact: true }).waitFor()
      await page.getByRole('button', { name: 'Resume Office rent' }).click()
      await templatesTable(page).getByRole('cell', { name: 'Active', exact: true }).waitFor()

      await templatesTable(page).getByRole('button', { name: 'Delete', exact: true }).click()
      await page.getByText('Delete Office rent? What it already made stays in the books.').waitFor()
      await page.getByRole('button', { name: 'Delete Office rent' }).click()
      await page.getByText('No recurring entries yet.').waitFor()
    } finally {
      await page.context().close()
    }
    const left = await api(
      tenant,
      'query ($org: UUID!) { listRecurringTemplates(organizationId: $org) { totalCount } }',
    )
    expect(left.totalCount).toBe(0)
  })

  it('repeats an invoice quarterly as drafts, telling first why a date in closed books is refused', async () => {
    const organizationName = unique('Recurring Invoices')
    const tenant = await createTenant(bed.server, organizationName)
    const accounts = await accountsByName(bed.server, tenant)
    const contact = await api(
      tenant,
      `mutation ($org: UUID!) {
        createContact(organizationId: $org, contactType: "customer", displayName: "Maple Design") { success error contact { id } }
      }`,
    )
    const created = await api(
      tenant,
      `mutation ($org: UUID!, $input: InvoiceInput!) {
        createInvoice(organizationId: $org, input: $input) { success error invoice { id number } }
      }`,
      {
        input: {
          kind: 'invoice',
          contactId: (contact.contact as { id: string }).id,
          issueDate: '2030-03-15',
          dueDate: '2030-04-14',
          memo: 'Hosting',
          lines: [
            {
              description: 'Hosting',
              quantity: '1',
              unitPrice: '99.00',
              accountId: accounts['Sales Revenue'],
            },
          ],
        },
      },
    )
    const invoice = created.invoice as { id: string; number: string }
    await api(
      tenant,
      'mutation ($org: UUID!, $id: UUID!) { approveInvoice(organizationId: $org, invoiceId: $id) { success error } }',
      { id: invoice.id },
    )
    await api(
      tenant,
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2030-05-31") { success error } }',
      {},
      tenant.owner.jwt,
    )
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await openScreen(page, 'Invoices')
      await page
        .getByRole('table', { name: 'Invoices' })
        .getByRole('button', { name: invoice.number })
        .click()
      const detail = page.getByRole('region', { name: `Invoice ${invoice.number}` })
      await detail.getByRole('button', { name: 'Repeat…' }).click()
      const form = detail.getByRole('form', { name: 'Repeat this invoice' })
      await expect(form.getByLabel('Name').inputValue()).resolves.toBe(`Invoice ${invoice.number}`)
      await expect(form.getByLabel('First date on or after').inputValue()).resolves.toBe('2030-04-15')
      await form.getByRole('button', { name: 'Repeat', exact: true }).click()
      const refusal = form.getByRole('alert')
      await refusal.filter({ hasText: /The books are closed through 2030-05-31/ }).waitFor()
      expect(await refusal.textContent()).not.toMatch(/PERIOD_LOCKED|startDate|input\./)

      await form.getByLabel('Repeats').selectOption({ label: 'Quarterly' })
      await expect(form.getByLabel('First date on or after').inputValue()).resolves.toBe('2030-06-15')
      await form.getByLabel('Number of times (optional)').fill('4')
      await form.getByLabel('Each one is').selectOption({ label: 'Left as a draft' })
      await form.getByRole('button', { name: 'Repeat', exact: true }).click()
      const done = detail.getByRole('status')
      await done.getByText(`Invoice ${invoice.number} repeats; the first is made on 2030-06-15.`).waitFor()
      await done.getByRole('link', { name: 'See it on the Recurring screen' }).click()
      await page.getByRole('heading', { name: 'Recurring', level: 1 }).waitFor()
      await templatesTable(page).waitFor()
      await expect(rowOf(page, `Invoice ${invoice.number}`)).resolves.toEqual([
        `Invoice ${invoice.number}`,
        'Invoice or bill',
        'Quarterly on day 15, 4 times',
        '2030-06-15',
        'None yet',
        '0',
        'Active',
        '',
      ])
    } finally {
      await page.context().close()
    }
    const templates = await api(
      tenant,
      'query ($org: UUID!) { listRecurringTemplates(organizationId: $org) { items { kind mode occurrencesMax } } }',
    )
    expect(templates.items).toEqual([{ kind: 'invoice', mode: 'draft', occurrencesMax: 4 }])
  })

  it('shows a viewer the templates with no button, and no Repeat on an entry', async () => {
    const organizationName = unique('Recurring Viewer')
    const tenant = await createTenant(bed.server, organizationName)
    await rentEntry(tenant)
    const accounts = await accountsByName(bed.server, tenant)
    await api(
      tenant,
      `mutation ($org: UUID!, $input: RecurringTemplateInput!) {
        createRecurringTemplate(organizationId: $org, input: $input) { success error }
      }`,
      {
        input: {
          name: 'Office rent',
          kind: 'journal_entry',
          frequency: 'weekly',
          interval: 2,
          startDate: '2030-02-04',
          mode: 'post',
          journalEntry: {
            memo: 'Office rent',
            lines: [
              { accountId: accounts['Office Expenses'], debit: '1250.00' },
              { accountId: accounts.Chequing, credit: '1250.00' },
            ],
          },
        },
      },
    )
    const viewer = await createUser(bed.server)
    await bed.server.app.core.services.access.addMemberAsOperator(
      tenant.organizationId,
      viewer.email,
      'viewer',
    )
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, viewer, organizationName)
      await openScreen(page, 'Recurring')
      await templatesTable(page).waitFor()
      await expect(rowOf(page, 'Office rent')).resolves.toEqual([
        'Office rent',
        'Journal entry',
        'Every 2 weeks',
        '2030-02-04',
        'None yet',
        '0',
        'Active',
        '',
      ])
      await expect(page.locator('main').getByRole('button').count()).resolves.toBe(0)

      await openScreen(page, 'Journal')
      await page
        .getByRole('list', { name: 'Journal entries' })
        .getByRole('button', { name: /^2030-01-31 · Manual entry · Office rent/ })
        .click()
      await page.getByRole('table', { name: 'Lines of the entry of 2030-01-31' }).waitFor()
      await expect(page.getByRole('button', { name: 'Repeat…' }).count()).resolves.toBe(0)
    } finally {
      await page.context().close()
    }
  })
})
