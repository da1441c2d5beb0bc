// The Sales tax screen: a quarter's GST/HST return line by line, a line opened to its entries, the exceptions with their events, and filing it, which locks the period.
import { describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { accountsByName, createTenant, type Tenant, unique } from '../support/fixtures.js'
import { signInAndChoose } from './web-app.js'

const bed = browserTestBed()

async function api(tenant: Tenant, query: string, variables: Record<string, unknown> = {}) {
  const answer = await bed.server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined()
  return Object.values(answer.body.data ?? {})[0] as Record<string, unknown>
}

async function book(
  tenant: Tenant,
  accounts: Record<string, string>,
  spec: Record<string, string>,
  post = true,
) {
  const created = await api(
    tenant,
    `mutation ($org: UUID!, $m: String!, $a: String!, $d: String!, $t: String!, $c: UUID!, $p: UUID!) {
      createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d, eventType: $t, categoryId: $c, paymentAccountId: $p) { success eventId }
    }`,
    {
      m: spec.merchant,
      a: spec.amount,
      d: spec.date,
      t: spec.type,
      c: accounts[spec.category as string],
      p: accounts.Chequing,
    },
  )
  const eventId = created.eventId as string
  const taxAccount = spec.type === 'income' ? 'GST/HST Payable' : 'Taxes Recoverable'
  await api(
    tenant,
    'mutation ($org: UUID!, $e: UUID!, $t: UUID!) { updateStagedEntry(organizationId: $org, eventId: $e, taxCode: "HST_ON", taxAccountId: $t) { success } }',
    { e: eventId, t: accounts[taxAccount] },
  )
  if (post)
    await api(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      {
        e: eventId,
      },
    )
}

describe('the Sales tax screen in a browser', () => {
  it('shows a quarter’s return, opens a line’s entries and an exception’s event, and files it', async () => {
    const organizationName = unique('Tax Books')
    const tenant = await createTenant(bed.server, organizationName)
    const accounts = await accountsByName(bed.server, tenant)
    await book(tenant, accounts, {
      merchant: 'Client A',
      amount: '1130.00',
      date: '2026-02-03',
      type: 'income',
      category: 'Sales Revenue',
    })
    await book(tenant, accounts, {
      merchant: 'Staples',
      amount: '113.00',
      date: '2026-02-10',
      type: 'expense',
      category: 'Office Expenses',
    })
    await book(
      tenant,
      accounts,
      { merchant: 'Bell', amount: '56.50', date: '2026-03-05', type: 'expense', category: 'Utilities' },
      false,
    )

    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await page.getByRole('link', { name: 'Sales tax' }).click()
      const period = page.getByRole('form', { name: 'Return period' })
      await period.getByLabel('From').fill('2026-01-01')
      await period.getByLabel('To').fill('2026-03-31')
      await period.getByLabel('Return').selectOption('CA')
      await period.getByRole('button', { name: 'Show' }).click()

      const section = page.getByRole('region', { name: 'Return for 2026-01-01 to 2026-03-31' })
      const lines = section.getByRole('table', { name: 'Lines of the return' })
      await lines.waitFor()
      const amountOf = async (line: string) =>
        (
          await lines
            .getByRole('row', { name: new RegExp(`^${line} `) })
            .locator('td.number')
            .textContent()
        )?.trim()
      expect(await amountOf('101')).toBe('1000.00')
      expect(await amountOf('103')).toBe('130.00')
      expect(await amountOf('106')).toBe('13.00')
      expect(await amountOf('109')).toBe('117.00')
      await section
        .getByRole('status')
        .getByText('Ties out: line 109 equals the change of the tax accounts, 117.00.')
        .waitFor()

      await section.getByRole('button', { name: 'Entries of line 103' }).click()
      const entries = section.getByRole('table', { name: 'Entries of line 103' })
      await entries.waitFor()
      expect(await entries.locator('tbody tr').first().locator('td').allTextContents()).toEqual([
        '2026-02-03',
        'Client A',
        'HST_ON',
        '1000.00',
        '130.00',
      ])

      // The event still in the queue is an exception, opened in place.
      const exceptions = section.getByRole('list', { name: 'Exceptions' })
      const unposted = exceptions.getByRole('listitem').filter({ hasText: 'UNPOSTED_IN_PERIOD' })
      await unposted.getByRole('button', { name: 'Show the event' }).click()
      await unposted.getByRole('definition').filter({ hasText: 'Bell' }).waitFor()
      expect(await unposted.getByRole('definition').allTextContents()).toContain('needs_review')

      await section.getByRole('button', { name: 'File this return' }).click()
      await section.getByRole('button', { name: 'File', exact: true }).click()
      await page.getByText(/^Filed \d{4}-\d{2}-\d{2}: these lines are the ones kept\.$/).waitFor()
    } finally {
      await page.context().close()
    }

    const organizations = await bed.server.gql(
      'query { myOrganizations { id lockDate } }',
      {},
      tenant.owner.jwt,
    )
    const mine = (
      (organizations.body.data?.myOrganizations ?? []) as Array<{ id: string; lockDate: string | null }>
    ).find((each) => each.id === tenant.organizationId)
    expect(mine?.lockDate).toBe('2026-03-31')
    const balances = await api(
      tenant,
      'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName balance } }',
    )
    const byName = Object.fromEntries(
      (balances as unknown as Array<{ accountName: string; balance: string }>).map((row) => [
        row.accountName,
        row.balance,
      ]),
    )
    expect([
      byName['GST/HST Payable'] ?? '0.00',
      byName['Taxes Recoverable'] ?? '0.00',
      byName['Sales Tax Owing'],
    ]).toEqual(['0.00', '0.00', '117.00'])
  }, 90_000)
})
