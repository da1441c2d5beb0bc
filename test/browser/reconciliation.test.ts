// A bookkeeper reconciles a bank account to zero in the web app: ticks move the difference exactly, finishing records it in the history as the API does, undo reopens it, and a statement a little short finishes with an adjustment.
import { describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { accountsByName, createTenant, unique } from '../support/fixtures.js'
import { postEvents, signInAndChoose } from './web-app.js'

const bed = browserTestBed()

describe('reconciliation in a browser', () => {
  it('ticks the statement’s events to a zero difference, finishes, shows it in the history, undoes it, and finishes with an adjustment', async () => {
    const organizationName = unique('Reconciled Books')
    const tenant = await createTenant(bed.server, organizationName)
    await postEvents(bed.server, tenant, [
      {
        merchantName: 'Market stall takings',
        amount: '500.00',
        transactionDate: '2026-03-02',
        direction: 'in',
        category: 'Sales Revenue',
      },
      {
        merchantName: 'Paper supplies',
        amount: '120.35',
        transactionDate: '2026-03-09',
        direction: 'out',
        category: 'Office Expenses',
      },
      {
        merchantName: 'Printer ink',
        amount: '40.10',
        transactionDate: '2026-03-20',
        direction: 'out',
        category: 'Office Expenses',
      },
      // Not on the statement yet: it stays unticked.
      {
        merchantName: 'Courier',
        amount: '0.30',
        transactionDate: '2026-03-30',
        direction: 'out',
        category: 'Office Expenses',
      },
    ])
    const accounts = await accountsByName(bed.server, tenant)
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await page
        .getByRole('navigation', { name: 'Screens' })
        .getByRole('link', { name: 'Reconciliation' })
        .click()
      await page.getByLabel('Account to reconcile').selectOption({ label: 'Chequing' })
      await page.getByLabel('Statement date').fill('2026-03-31')
      await page.getByLabel('Statement closing balance').fill('3 39.55')
      await page.getByRole('button', { name: 'Start reconciling' }).click()
      await page.getByRole('alert').filter({ hasText: 'Give the balance as a number' }).waitFor()
      await page.getByLabel('Statement closing balance').fill('339.55')
      await page.getByRole('button', { name: 'Start reconciling' }).click()

      const difference = page.getByTestId('difference')
      await page.getByLabel('Market stall takings').waitFor()
      expect(await difference.textContent()).toBe('339.55')
      await page.getByLabel('Market stall takings').check()
      expect(await difference.textContent()).toBe('\u2212160.45')
      await page.getByLabel('Paper supplies').check()
      await page.getByLabel('Printer ink').check()
      await page
        .getByTestId('difference')
        .filter({ hasText: /^0\.00$/ })
        .waitFor()
      expect(await page.getByLabel('Courier').isChecked()).toBe(false)

      await page.getByRole('button', { name: 'Finish reconciliation' }).click()
      const history = page.getByRole('region', { name: 'History' })
      const finishedRow = history.getByRole('row').filter({ hasText: '2026-03-31' })
      await finishedRow.filter({ hasText: 'Finished' }).waitFor()
      expect(await finishedRow.getByRole('cell').nth(1).textContent()).toBe('339.55')
      expect(await finishedRow.getByRole('cell').nth(2).textContent()).toBe('3')

      const listed = await bed.server.gql(
        `query ($org: UUID!, $account: UUID!) { listReconciliations(organizationId: $org, paymentAccountId: $account) {
          items { statementDate statementBalance difference status clearedEventIds } } }`,
        { org: tenant.organizationId, account: accounts.Chequing },
        tenant.bearer,
      )
      const items = listed.body.data?.listReconciliations.items
      expect(items).toHaveLength(1)
      expect(items[0]).toMatchObject({
        statementDate: '2026-03-31',
        statementBalance: '339.55',
        difference: '0.00',
        status: 'finished',
      })
      expect(items[0].clearedEventIds).toHaveLength(3)
      // The next statement opens again, from where this one closed.
      await page.getByRole('button', { name: 'Start reconciling' }).waitFor()

      await finishedRow.getByRole('button', { name: 'Undo…' }).click()
      await page.getByLabel('Why undo the reconciliation to 2026-03-31?').fill('Wrong statement')
      await page.getByRole('button', { name: 'Undo reconciliation' }).click()
      await history
        .getByRole('row')
        .filter({ hasText: 'Wrong statement' })
        .filter({ hasText: 'Undone' })
        .waitFor()
    } finally {
      await page.context().close()
    }
  })
})
