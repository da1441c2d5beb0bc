// The Journal screen and the year-end settings in a browser: an entry typed line by line with its difference shown, posted and reversed; opening balances set; a fiscal year closed, reopened with a reason, and its GIFI schedule shown.
import { describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { accountsByName, createTenant, type Tenant, unique } from '../support/fixtures.js'
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
  return Object.values(answer.body.data ?? {})[0] as Record<string, unknown>
}

describe('the Journal screen in a browser', () => {
  it('posts an entry typed from the keyboard, shows it with its lines, and reverses it', async () => {
    const organizationName = unique('Journal Books')
    const tenant = await createTenant(bed.server, organizationName)
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await page.getByRole('link', { name: 'Journal' }).click()
      const form = page.getByRole('form', { name: 'New journal entry' })
      await form.getByLabel('Date', { exact: true }).fill('2026-05-31')
      await form.getByLabel('Memo', { exact: true }).fill('Depreciation, May')
      await form.getByLabel('Line 1 account').selectOption({ label: 'Office Expenses' })
      await form.getByLabel('Line 1 debit').fill('100.00')
      await form.getByLabel('Line 2 account').selectOption({ label: 'Chequing' })
      await form.getByLabel('Line 2 credit').fill('90.00')
      await form.getByText('Debits 100.00 · Credits 90.00 · Difference 10.00').waitFor()
      await form.getByLabel('Line 2 credit').fill('100.00')
      await form.getByText('Debits 100.00 · Credits 100.00 · Balanced').waitFor()
      // Enter in the last line adds the next, and typing goes on in its account.
      await form.getByLabel('Line 2 credit').press('Enter')
      await form.getByLabel('Line 3 account').and(page.locator(':focus')).waitFor()
      await form.getByRole('button', { name: 'Post entry' }).click()
      await form.getByText('Posted the entry of 2026-05-31 for 100.00.').waitFor()

      const entries = page.getByRole('list', { name: 'Journal entries' })
      const entry = entries.getByRole('button', {
        name: /^2026-05-31 · Manual entry · Depreciation, May · 100\.00$/,
      })
      await entry.click()
      const lines = page.getByRole('table', { name: 'Lines of the entry of 2026-05-31' })
      expect(await lines.locator('tbody tr').first().locator('td').allTextContents()).toEqual([
        'Office Expenses',
        '100.00',
        '',
        '',
        '',
      ])
      await page.getByLabel('Reverse on').last().fill('2026-06-01')
      await page.getByRole('button', { name: 'Reverse entry' }).click()
      await entries
        .getByRole('button', { name: /^2026-06-01 · Reversal · Depreciation, May · 100\.00$/ })
        .waitFor()

      await page.getByLabel('Show').selectOption({ label: 'Reversals' })
      await page.getByText('1 entry').waitFor()
    } finally {
      await page.context().close()
    }
    const journal = await api(
      tenant,
      'query ($org: UUID!) { listJournalEntries(organizationId: $org) { totalCount items { source lines { debit credit } } } }',
    )
    expect(journal.totalCount).toBe(2)
  })

  it('sets opening balances, closes and reopens a year, and shows its GIFI schedule', async () => {
    const organizationName = unique('Year-end Books')
    const tenant = await createTenant(bed.server, organizationName)
    const accounts = await accountsByName(bed.server, tenant)
    await api(
      tenant,
      'mutation ($org: UUID!, $lines: [JournalLineInput!]!) { createJournalEntry(organizationId: $org, date: "2025-06-30", lines: $lines) { success } }',
      {
        lines: [
          { accountId: accounts.Chequing, debit: '250.00' },
          { accountId: accounts['Sales Revenue'], credit: '250.00' },
        ],
      },
    )
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await page.getByRole('link', { name: 'Settings' }).click()

      const opening = page.getByRole('form', { name: 'Opening balances' })
      await opening.getByLabel('Balances as of').fill('2024-12-31')
      await opening.getByLabel('Line 1 account').selectOption({ label: 'Chequing' })
      await opening.getByLabel('Line 1 debit').fill('1000.00')
      await opening.getByRole('button', { name: 'Set opening balances' }).click()
      await page
        .getByText('Opening balances of 2024-12-31 posted; any difference is in Opening Balance Equity.')
        .waitFor()

      const years = page.getByRole('table', { name: 'Fiscal years' })
      const year = years.getByRole('row', { name: /2025-01-01 to 2025-12-31/ })
      expect(await year.locator('td').nth(1).textContent()).toBe('250.00')
      await year.getByRole('button', { name: 'Close the year ending 2025-12-31' }).click()
      await year.getByText('Closed').waitFor()

      const reopen = page.getByRole('form', { name: 'Reopen the last closed year' })
      await reopen.getByLabel('Why reopen the year ending 2025-12-31').fill('A late supplier bill')
      await reopen.getByRole('button', { name: 'Reopen the year' }).click()
      await year.getByRole('button', { name: 'Close the year ending 2025-12-31' }).waitFor()

      await year.getByRole('button', { name: 'Schedule 125' }).click()
      const schedule = page.getByRole('table', { name: 'GIFI schedule 125 for the year ending 2025-12-31' })
      await schedule.waitFor()
      expect(
        await schedule
          .getByRole('row', { name: /^9999 / })
          .locator('td')
          .last()
          .textContent(),
      ).toBe('250.00')
      await page.getByRole('button', { name: 'Export to CSV' }).waitFor()
    } finally {
      await page.context().close()
    }
    const log = await api(
      tenant,
      'query ($org: UUID!) { auditLog(organizationId: $org, entityType: "organization", limit: 10) { items { operation after } } }',
      {},
      tenant.owner.jwt,
    )
    const reopened = (log.items as Array<{ operation: string; after: string }>).find(
      (record) => record.operation === 'fiscal_year.reopened',
    )
    expect(reopened?.after).toContain('A late supplier bill')
  })
})
