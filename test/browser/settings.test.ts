// An owner manages the organization's settings in the web app (API keys shown once and revoked, members, lock date, intake addresses, category rules, webhooks), and a member is shown only the settings a member may read.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { signInAndChoose } from './web-app.js'

const bed = browserTestBed()

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/app/settings')
}

const section = (page: Page, name: string) => page.getByRole('region', { name })

describe('settings in a browser', () => {
  let tenant: Tenant
  let organizationName: string

  beforeAll(async () => {
    organizationName = unique('Settings Books')
    tenant = await createTenant(bed.server, organizationName)
  })

  it('creates an API key that is shown once and works, then revokes it', async () => {
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await openSettings(page)
      const keys = section(page, 'API keys')
      await keys.getByLabel('Name of the new key').fill('Nightly export')
      await keys.getByRole('button', { name: 'Create key' }).click()
      const shown = keys.getByLabel('The new API key')
      await shown.waitFor()
      const key = await shown.inputValue()
      expect(key).toMatch(/^dbk_/)
      const asKey = { authorization: `Bearer ${key}` }
      const before = await bed.server.gql('{ myOrganizations { id } }', {}, asKey)
      expect(before.body.data?.myOrganizations).toEqual([{ id: tenant.organizationId }])

      await keys.getByRole('button', { name: 'Done' }).click()
      await expect(keys.getByLabel('The new API key').count()).resolves.toBe(0)
      const row = keys.getByRole('row', { name: /Nightly export/ })
      await expect(row.textContent()).resolves.toContain(key.slice(0, 8))

      await row.getByRole('button', { name: 'Revoke Nightly export' }).click()
      await row.getByRole('button', { name: 'Revoke key' }).and(page.locator(':focus')).click()
      await row.getByText(/^Revoked \d{4}-\d{2}-\d{2}$/).waitFor()
      const after = await bed.server.gql('{ myOrganizations { id } }', {}, asKey)
      expect(after.body.errors?.[0]?.message).toBe('Invalid API Key.')
    } finally {
      await page.context().close()
    }
  })

  it('adds a member, closes the books through a date, and adds an intake address, a rule and a webhook', async () => {
    const page = await openPage(bed.browser)
    const colleague = await createUser(bed.server)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await openSettings(page)

      const members = section(page, 'Members and roles')
      await members.getByLabel('Email of the person to add').fill('nobody-here@example.com')
      await members.getByRole('button', { name: 'Add member' }).click()
      await members.getByRole('alert').filter({ hasText: /user/i }).waitFor()
      await members.getByLabel('Email of the person to add').fill(colleague.email)
      await members.getByLabel('Role', { exact: true }).selectOption('admin')
      await members.getByRole('button', { name: 'Add member' }).click()
      await members.getByRole('row', { name: new RegExp(`${colleague.email}.*admin`) }).waitFor()

      const lock = section(page, 'Lock date')
      await lock.getByLabel('Close the books through').fill('2025-01-31')
      await lock.getByRole('button', { name: 'Set lock date' }).click()
      await lock.getByRole('status').filter({ hasText: 'The books are closed through 2025-01-31.' }).waitFor()

      const intake = section(page, 'Intake addresses')
      const address = `${unique('receipts').replace(' ', '-')}@example.com`
      await intake.getByLabel('Email address').fill(address)
      await intake.getByLabel('Label (optional)').fill('Front desk')
      await intake.getByRole('button', { name: 'Add address' }).click()
      await intake.getByRole('row', { name: new RegExp(`${address}.*Front desk`) }).waitFor()

      const rules = section(page, 'Category rules')
      await rules.getByLabel('Merchant pattern').fill('STAPLES%')
      await rules.getByLabel('Category', { exact: true }).selectOption({ label: 'Office Expenses' })
      await rules.getByRole('button', { name: 'Add rule' }).click()
      await rules.getByRole('row', { name: /STAPLES%\s*Office Expenses\s*0/ }).waitFor()

      const webhooks = section(page, 'Webhook endpoints')
      await webhooks.getByLabel('Endpoint URL').fill('http://203.0.113.7/hooks')
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click()
      await webhooks.getByRole('alert').filter({ hasText: /https/i }).waitFor()
      await webhooks.getByLabel('Endpoint URL').fill('https://203.0.113.7/hooks')
      await webhooks.getByLabel('receipt.extracted').check()
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click()
      const secret = await webhooks.getByLabel('Signing secret for https://203.0.113.7/hooks').inputValue()
      expect(secret).toMatch(/^whsec_/)
      await webhooks.getByText('receipt.extracted · Enabled').waitFor()

      const answer = await bed.server.gql(
        `query ($org: UUID!) {
          myOrganizations { id lockDate }
          listMembers(organizationId: $org) { email role }
          listIntakeAddresses(organizationId: $org) { address label }
          listCategoryRules(organizationId: $org) { items { vendorPattern account { name } } }
          listWebhookEndpoints(organizationId: $org) { url eventTypes }
        }`,
        { org: tenant.organizationId },
        tenant.owner.jwt,
      )
      const data = answer.body.data as Record<string, unknown>
      expect(data.myOrganizations).toEqual([{ id: tenant.organizationId, lockDate: '2025-01-31' }])
      expect(data.listMembers).toContainEqual({ email: colleague.email, role: 'admin' })
      expect(data.listIntakeAddresses).toEqual([{ address, label: 'Front desk' }])
      expect(data.listCategoryRules).toEqual({
        items: [{ vendorPattern: 'STAPLES%', account: { name: 'Office Expenses' } }],
      })
      expect(data.listWebhookEndpoints).toEqual([
        { url: 'https://203.0.113.7/hooks', eventTypes: ['receipt.extracted'] },
      ])
    } finally {
      await page.context().close()
    }
  })

  it('shows a member neither the admin sections nor the forms a member may not use', async () => {
    const member = await createUser(bed.server)
    await bed.server.app.core.services.access.addMemberAsOperator(
      tenant.organizationId,
      member.email,
      'member',
    )
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, member, organizationName)
      await openSettings(page)
      await section(page, 'Category rules').getByRole('button', { name: 'Add rule' }).waitFor()
      for (const name of ['API keys', 'Members and roles', 'Webhook endpoints', 'Opening balances']) {
        await expect(section(page, name).count(), name).resolves.toBe(0)
      }
      await expect(section(page, 'Lock date').getByRole('button').count()).resolves.toBe(0)
      await expect(section(page, 'Intake addresses').getByRole('button').count()).resolves.toBe(0)
    } finally {
      await page.context().close()
    }
  })
})
