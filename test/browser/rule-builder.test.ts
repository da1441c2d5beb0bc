// A bookkeeper builds a category rule with conditions in Settings, sees the waiting events it would match as they type, adds it, and applies it to events that were edited after they arrived.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { accountsByName, createTenant, type Tenant, unique } from '../support/fixtures.js'
import { signInAndChoose } from './web-app.js'

const bed = browserTestBed()

async function openRules(page: Page) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
  return page.getByRole('region', { name: 'Category rules' })
}

async function importRows(
  tenant: Tenant,
  rows: Array<{ description: string; amount: string; date: string }>,
) {
  const accounts = await accountsByName(bed.server, tenant)
  const answer = await bed.server.gql(
    `mutation ($org: UUID!, $account: UUID!, $rows: [BankStatementRowInput!]!) {
      importBankStatement(organizationId: $org, paymentAccountId: $account, rows: $rows) { importedCount }
    }`,
    {
      org: tenant.organizationId,
      account: accounts.Chequing,
      rows: rows.map((row, index) => ({
        transactionDate: row.date,
        description: row.description,
        amount: row.amount,
        eventType: 'expense',
        reference: `rule-${row.description}-${index}`,
      })),
    },
    tenant.bearer,
  )
  expect(answer.body.data?.importBankStatement.importedCount).toBe(rows.length)
}

async function categoriesByMerchant(tenant: Tenant): Promise<Record<string, string | null>> {
  const answer = await bed.server.gql(
    'query ($org: UUID!) { listLedgerEvents(organizationId: $org, limit: 50) { items { merchantName functionalAmount category { name } lines { account { name } amount } } } }',
    { org: tenant.organizationId },
    tenant.bearer,
  )
  const items = answer.body.data?.listLedgerEvents.items as Array<{
    merchantName: string
    functionalAmount: string
    category: { name: string } | null
    lines: Array<{ account: { name: string }; amount: string }>
  }>
  return Object.fromEntries(
    items.map((item) => [
      `${item.merchantName} ${item.functionalAmount}`,
      item.lines.length > 1
        ? item.lines.map((line) => `${line.account.name} ${line.amount}`).join(' + ')
        : (item.category?.name ?? null),
    ]),
  )
}

describe('the category rule builder', () => {
  it('previews the matches live, adds an amount rule that splits 60/40, and classifies what arrives', async () => {
    const name = unique('Rule Books')
    const tenant = await createTenant(bed.server, name)
    await importRows(tenant, [
      { description: 'AMAZON MKTP 1', amount: '-45.00', date: '2026-03-02' },
      { description: 'AMAZON MKTP 2', amount: '-150.00', date: '2026-03-03' },
      { description: 'AMAZON MKTP 3', amount: '-900.00', date: '2026-03-04' },
      { description: 'SHELL 44', amount: '-60.00', date: '2026-03-05' },
    ])
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, name)
      const rules = await openRules(page)
      await rules.getByText('Give a pattern or a condition to see what it matches.').waitFor()

      await rules.getByLabel('Merchant pattern').fill('AMAZON%')
      await rules.getByText('Matches 3 events waiting for review.').waitFor()
      await rules.getByRole('button', { name: 'Add a condition' }).click()
      await rules.getByLabel('Condition 1', { exact: true }).selectOption({ label: 'Amount' })
      await rules.getByLabel('Condition 1 comparison').selectOption({ label: 'is between' })
      await rules.getByLabel('Condition 1 value').fill('100')
      await rules.getByLabel('Condition 1 up to').fill('500')
      await rules.getByText('Matches 1 event waiting for review.').waitFor()
      await rules.getByText(/2026-03-03 · AMAZON MKTP 2 · 150\.00/).waitFor()
      await rules.getByLabel('not').check()
      await rules.getByText('Matches 2 events waiting for review.').waitFor()
      await rules.getByLabel('not').uncheck()
      await rules.getByText('Matches 1 event waiting for review.').waitFor()

      await rules.getByLabel('split by percent').check()
      await rules.getByLabel('Line 1 category').selectOption({ label: 'Office Expenses' })
      await rules.getByLabel('Line 1 percent').fill('60')
      await rules.getByLabel('Line 2 category').selectOption({ label: 'Professional Fees' })
      await rules.getByLabel('Line 2 percent').fill('30')
      await rules.getByRole('button', { name: 'Add rule' }).click()
      // The API's refusal, in its words, and nothing added.
      await rules
        .getByText(/100/)
        .filter({ hasText: /percent/i })
        .first()
        .waitFor()
      expect(await rules.getByRole('row').count()).toBe(0)
      await rules.getByLabel('Line 2 percent').fill('40')
      await rules.getByRole('button', { name: 'Add rule' }).click()
      const row = rules.getByRole('row', {
        name: /AMAZON%.*Amount is between “100” and “500”.*Office Expenses 60%, Professional Fees 40%/,
      })
      await row.waitFor()
      await rules.getByRole('status').filter({ hasText: 'Rule added.' }).waitFor()

      // Adding it classified the waiting event it matches; one arriving now is classified too.
      await importRows(tenant, [{ description: 'AMAZON MKTP 4', amount: '-200.00', date: '2026-03-06' }])
      const categories = await categoriesByMerchant(tenant)
      expect(categories['AMAZON MKTP 2 150.00']).toBe('Office Expenses 90.00 + Professional Fees 60.00')
      expect(categories['AMAZON MKTP 4 200.00']).toBe('Office Expenses 120.00 + Professional Fees 80.00')
      expect(categories['AMAZON MKTP 1 45.00']).toBeNull()
      expect(categories['SHELL 44 60.00']).toBeNull()
    } finally {
      await page.context().close()
    }
  })

  it('applies a rule to an event edited after it arrived, and says how many it classified', async () => {
    const name = unique('Apply Books')
    const tenant = await createTenant(bed.server, name)
    await importRows(tenant, [
      { description: 'TRANSFER 1', amount: '-1000.00', date: '2026-04-01' },
      { description: 'TRANSFER 2', amount: '-100.00', date: '2026-05-01' },
    ])
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, name)
      const rules = await openRules(page)
      await rules.getByRole('button', { name: 'Add a condition' }).click()
      await rules.getByLabel('Condition 1', { exact: true }).selectOption({ label: 'Merchant' })
      await rules.getByLabel('Condition 1 comparison').selectOption({ label: 'starts with' })
      await rules.getByLabel('Condition 1 value').fill('transfer')
      await rules.getByText('Matches 2 events waiting for review.').waitFor()
      await rules.getByRole('button', { name: 'Add a condition' }).click()
      await rules.getByLabel('Condition 2', { exact: true }).selectOption({ label: 'Amount' })
      await rules.getByLabel('Condition 2 comparison').selectOption({ label: 'is at least' })
      await rules.getByLabel('Condition 2 value').fill('500')
      await rules.getByText('Matches 1 event waiting for review.').waitFor()
      await rules.getByLabel('Category', { exact: true }).selectOption({ label: 'Rent' })
      await rules.getByRole('button', { name: 'Add rule' }).click()
      const row = rules.getByRole('row', {
        name: /Merchant starts with “transfer” and Amount is at least “500”.*Rent/,
      })
      await row.waitFor()
      expect(await categoriesByMerchant(tenant)).toMatchObject({
        'TRANSFER 1 1000.00': 'Rent',
        'TRANSFER 2 100.00': null,
      })

      // The second line's amount corrected: no rule changed, so only applying the rule classifies it.
      const events = await bed.server.gql(
        'query ($org: UUID!) { listLedgerEvents(organizationId: $org, search: "TRANSFER 2") { items { id } } }',
        { org: tenant.organizationId },
        tenant.bearer,
      )
      const corrected = await bed.server.gql(
        'mutation ($org: UUID!, $e: UUID!) { updateLedgerEvent(organizationId: $org, eventId: $e, amount: "1000.00") { success error } }',
        { org: tenant.organizationId, e: events.body.data?.listLedgerEvents.items[0].id },
        tenant.bearer,
      )
      expect(corrected.body.data?.updateLedgerEvent).toMatchObject({ success: true })
      expect((await categoriesByMerchant(tenant))['TRANSFER 2 1000.00']).toBeNull()
      await row.getByRole('button', { name: /Apply to waiting events/ }).click()
      await rules
        .getByRole('status')
        .filter({ hasText: 'Classified 1 waiting event with that rule.' })
        .waitFor()
      expect((await categoriesByMerchant(tenant))['TRANSFER 2 1000.00']).toBe('Rent')
    } finally {
      await page.context().close()
    }
  })
})
