// The event panel's split editor: lines added with account, amount and tax code, what is left shown as amounts are typed, the lines saved shown in the queue and posted by the books.
import { describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { accountsByName, createTenant, unique } from '../support/fixtures.js'
import { signInAndChoose, waitForQueueCount } from './web-app.js'

const bed = browserTestBed()

describe('the split editor in a browser', () => {
  it('splits a receipt across two accounts with their own tax, and the books post each', async () => {
    const organizationName = unique('Split Books')
    const tenant = await createTenant(bed.server, organizationName)
    const accounts = await accountsByName(bed.server, tenant)
    const created = await bed.server.gql(
      `mutation ($org: UUID!, $payment: UUID) {
        createLedgerEvent(organizationId: $org, merchantName: "Costco", amount: "169.50", eventType: "expense",
          transactionDate: "2026-05-14", paymentAccountId: $payment) { success eventId }
      }`,
      { org: tenant.organizationId, payment: accounts.Chequing },
      tenant.bearer,
    )
    const eventId = created.body.data?.createLedgerEvent.eventId as string

    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await waitForQueueCount(page, 1)
      const panel = page.locator('.event-details')
      await panel.getByText('Not classified yet.').waitFor()
      await panel.getByRole('button', { name: 'Split into lines' }).click()

      const form = panel.getByRole('form', { name: 'Split into lines' })
      const line = (n: number) => form.getByRole('group', { name: `Line ${n}` })
      const remaining = form.getByRole('status')
      await line(1).getByLabel('Account').selectOption({ label: 'Office Expenses' })
      await line(1).getByLabel('Amount, tax included').fill('113.00')
      await remaining.getByText('Left to share out: 56.50 CAD').waitFor()
      expect(await form.getByRole('button', { name: 'Save the lines' }).isDisabled()).toBe(true)

      // A new line starts with what is left; the tax codes come from the API.
      await form.getByRole('button', { name: 'Add a line' }).click()
      expect(await line(2).getByLabel('Amount, tax included').inputValue()).toBe('56.50')
      await remaining.getByText('The lines add up to 169.50 CAD.').waitFor()
      await line(1).getByLabel('Tax code').selectOption('HST_ON')
      await line(2).getByLabel('Account').selectOption({ label: 'Meals & Entertainment' })
      await line(2).getByLabel('Tax code').selectOption('HST_ON')

      // A third line that takes too much is shown as more than the amount, then removed.
      await form.getByRole('button', { name: 'Add a line' }).click()
      await line(3).getByLabel('Amount, tax included').fill('10.00')
      await remaining.getByText('The lines come to 10.00 CAD more than the amount.').waitFor()
      await line(3).getByLabel('Amount, tax included').fill('ten')
      await remaining.getByText("Line 3's amount is not a number such as 12.50.").waitFor()
      await form.getByRole('button', { name: 'Remove line 3' }).click()
      await remaining.getByText('The lines add up to 169.50 CAD.').waitFor()

      await form.getByRole('button', { name: 'Save the lines' }).click()
      const table = panel.getByRole('table', { name: 'Lines of this event' })
      await table.waitFor()
      const rows: string[][] = []
      for (const row of await table.locator('tbody tr').all())
        rows.push(await row.locator('td').allTextContents())
      expect(rows).toEqual([
        ['Office Expenses', '113.00', '13.00 HST_ON', '13.00'],
        ['Meals & Entertainment', '56.50', '6.50 HST_ON', '3.25'],
      ])
      await panel.getByRole('button', { name: 'Edit the lines' }).waitFor()
      // The queue's row and the panel take the first line's account as the event's category.
      await page.locator('.queue-row .cell-category').getByText('Office Expenses').waitFor()
      expect(await panel.locator('.details-list dd').nth(3).textContent()).toContain('Office Expenses')
    } finally {
      await page.context().close()
    }

    const confirmed = await bed.server.gql(
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
      { org: tenant.organizationId, e: eventId },
      tenant.bearer,
    )
    expect(confirmed.body.data?.confirmLedgerEvent).toMatchObject({ success: true })
    const balances = await bed.server.gql(
      'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName balance } }',
      { org: tenant.organizationId },
      tenant.bearer,
    )
    const byName = Object.fromEntries(
      ((balances.body.data?.accountBalances ?? []) as Array<{ accountName: string; balance: string }>).map(
        (row) => [row.accountName, row.balance],
      ),
    )
    expect([byName['Office Expenses'], byName['Meals & Entertainment'], byName['Taxes Recoverable']]).toEqual(
      ['100.00', '53.25', '16.25'],
    )
  }, 90_000)
})
