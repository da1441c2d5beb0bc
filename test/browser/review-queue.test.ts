// A bookkeeper signs in to the web app at /app, clears a review queue with the keyboard alone, sees the one failed row of a bulk confirm explained on that row, and a member of another organization sees none of it.
import type { Request } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { browserTestBed, openPage, phoneViewport } from '../support/browser.js'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { eventsOf, focusedRow, importShops, signInAndChoose, waitForQueueCount } from './web-app.js'

const bed = browserTestBed()

describe('the review queue in a browser', () => {
  let tenant: Tenant
  let organizationName: string

  beforeAll(async () => {
    organizationName = `Queue Books ${Date.now()}`
    tenant = await createTenant(bed.server, organizationName)
    await importShops(bed.server, tenant, 50)
  })

  it('clears a queue of 50 events with the keyboard alone: classify (C), confirm (Enter), reject (X)', async () => {
    const page = await openPage(bed.browser)
    const eventMutations: Request[] = []
    page.on('request', (request) => {
      const body = request.postData() ?? ''
      if (request.method() === 'POST' && /"query":"mutation (Classify|ConfirmMany|Reject)Events/.test(body)) {
        eventMutations.push(request)
      }
    })
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await page.locator('[role=listbox]:focus').waitFor()
      await waitForQueueCount(page, 50)
      await focusedRow(page).filter({ hasText: 'Shop 50' }).waitFor()

      // The ten newest, selected with Space and J, classified together and confirmed together.
      for (let step = 0; step < 10; step++) {
        await page.keyboard.press('Space')
        await page.keyboard.press('j')
      }
      await page.locator('.selection-count', { hasText: '10 selected' }).waitFor()
      await page.keyboard.press('c')
      await page.getByRole('combobox', { name: 'Category' }).and(page.locator(':focus')).waitFor()
      await page.keyboard.type('office exp')
      await page
        .getByRole('option', { name: /Office Expenses/ })
        .and(page.locator('.active'))
        .waitFor()
      await page.keyboard.press('Enter')
      await page.getByRole('status').filter({ hasText: 'Classified 10 events.' }).waitFor()
      await page.locator('[role=listbox]:focus').waitFor()
      await page.keyboard.press('Enter')
      await page.getByRole('status').filter({ hasText: 'Confirmed 10 events.' }).waitFor()
      await waitForQueueCount(page, 40)

      // The other forty one at a time: every fourth rejected, the rest classified as Travel and confirmed.
      for (let step = 0; step < 40; step++) {
        const merchant = `Shop ${String(40 - step).padStart(2, '0')}`
        await focusedRow(page).filter({ hasText: merchant }).waitFor()
        if (step % 4 === 3) {
          await page.keyboard.press('x')
        } else {
          await page.keyboard.press('c')
          await page.getByRole('combobox', { name: 'Category' }).and(page.locator(':focus')).waitFor()
          await page.keyboard.type('travel')
          await page
            .getByRole('option', { name: /^Travel/ })
            .and(page.locator('.active'))
            .waitFor()
          await page.keyboard.press('Enter')
          await focusedRow(page).filter({ hasText: merchant }).filter({ hasText: 'Travel' }).waitFor()
          await page.locator('[role=listbox]:focus').waitFor()
          await page.keyboard.press('Enter')
        }
        await waitForQueueCount(page, 39 - step)
      }
      await page.getByText('Nothing to review').waitFor()

      const events = await eventsOf(bed.server, tenant)
      expect(events.filter((event) => event.status === 'needs_review')).toEqual([])
      const byMerchant = new Map(events.map((event) => [event.merchantName, event]))
      for (let number = 1; number <= 50; number++) {
        const event = byMerchant.get(`Shop ${String(number).padStart(2, '0')}`)
        if (number > 40)
          expect(event).toMatchObject({ status: 'confirmed', category: { name: 'Office Expenses' } })
        else if ((40 - number) % 4 === 3) expect(event).toMatchObject({ status: 'ignored' })
        else expect(event).toMatchObject({ status: 'confirmed', category: { name: 'Travel' } })
      }

      // Every request that changed events carried an Idempotency-Key of its own: two of five
      // events for the bulk classify, one confirmLedgerEvents for the bulk confirm, then one per event.
      expect(eventMutations.length).toBe(2 + 1 + 30 * 2 + 10)
      const keys = await Promise.all(eventMutations.map((request) => request.headerValue('idempotency-key')))
      expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key ?? ''))).toBe(true)
      expect(new Set(keys).size).toBe(keys.length)
    } finally {
      await page.context().close()
    }
  })

  it('confirms the selected events but one, and says on that row why it was refused', async () => {
    const name = `Bulk Books ${Date.now()}`
    const bulk = await createTenant(bed.server, name)
    const accounts = await accountsByName(bed.server, bulk)
    const create = (merchant: string, date: string, categoryId: string | null) =>
      bed.server.gql(
        `mutation ($org: UUID!, $merchant: String!, $date: String!, $category: UUID, $payment: UUID) {
          createLedgerEvent(organizationId: $org, merchantName: $merchant, amount: "12.00", transactionDate: $date,
            categoryId: $category, paymentAccountId: $payment) { success }
        }`,
        { org: bulk.organizationId, merchant, date, category: categoryId, payment: accounts.Chequing },
        bulk.bearer,
      )
    await create('Paper Co', '2025-02-05', accounts['Office Expenses'] ?? null)
    await create('Ink Co', '2025-02-04', accounts['Office Expenses'] ?? null)
    await create('Unsorted Co', '2025-02-03', null)
    await create('Train Co', '2025-02-02', accounts.Travel ?? null)
    await create('Taxi Co', '2025-02-01', accounts.Travel ?? null)

    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, bulk.owner, name)
      await page.locator('[role=listbox]:focus').waitFor()
      await waitForQueueCount(page, 5)
      for (let step = 0; step < 5; step++) {
        await page.keyboard.press('Space')
        await page.keyboard.press('j')
      }
      await page.locator('.selection-count', { hasText: '5 selected' }).waitFor()
      await page.keyboard.press('Enter')
      await page
        .getByRole('status')
        .filter({ hasText: 'Confirmed 4 events. 1 event could not be confirmed' })
        .waitFor()
      await waitForQueueCount(page, 1)
      const refused = page.locator('[role=option]', { hasText: 'Unsorted Co' })
      await refused.locator('.row-error', { hasText: 'Assign a category and a payment account' }).waitFor()
      expect(await page.locator('[role=option][data-event-id]').count()).toBe(1)

      const statuses = Object.fromEntries(
        (await eventsOf(bed.server, bulk)).map((event) => [event.merchantName, event.status]),
      )
      expect(statuses).toEqual({
        'Paper Co': 'confirmed',
        'Ink Co': 'confirmed',
        'Unsorted Co': 'needs_review',
        'Train Co': 'confirmed',
        'Taxi Co': 'confirmed',
      })
    } finally {
      await page.context().close()
    }
  })

  it('selects every event with A and confirms 230 in three calls, showing how far it has come', async () => {
    const name = `Many Books ${Date.now()}`
    const many = await createTenant(bed.server, name)
    const accounts = await accountsByName(bed.server, many)
    const rule = await bed.server.gql(
      'mutation ($org: UUID!, $cat: UUID!) { createCategoryRule(organizationId: $org, vendorPattern: "Shop %", categoryId: $cat) { success } }',
      { org: many.organizationId, cat: accounts['Office Expenses'] },
      many.bearer,
    )
    expect(rule.body.data?.createCategoryRule.success).toBe(true)
    await importShops(bed.server, many, 230)

    const page = await openPage(bed.browser)
    const confirmCalls: number[] = []
    // The first call is answered at once, the others only once its progress is on screen.
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? ''
      if (!body.includes('mutation ConfirmManyEvents')) return route.continue()
      const ids = (JSON.parse(body) as { variables: { eventIds: string[] } }).variables.eventIds
      confirmCalls.push(ids.length)
      if (confirmCalls.length > 1) await released
      return route.continue()
    })
    try {
      await signInAndChoose(bed.server, page, many.owner, name)
      await page.locator('[role=listbox]:focus').waitFor()
      await waitForQueueCount(page, 230)
      await page.keyboard.press('a')
      await page.locator('.selection-count', { hasText: '230 selected' }).waitFor()
      await page.keyboard.press('Enter')
      const progress = page.locator('.action-progress', { hasText: 'Confirming 100 of 230' })
      await progress.waitFor()
      expect(await progress.locator('progress').getAttribute('value')).toBe('100')
      release()
      await page.getByRole('status').filter({ hasText: 'Confirmed 230 events.' }).waitFor()
      await waitForQueueCount(page, 0)
      expect(await page.locator('.action-progress').count()).toBe(0)
      expect(confirmCalls.sort((x, y) => x - y)).toEqual([30, 100, 100])

      const confirmed = await bed.server.gql(
        'query ($org: UUID!) { listLedgerEvents(organizationId: $org, status: ["confirmed"], limit: 1) { totalCount } }',
        { org: many.organizationId },
        many.bearer,
      )
      expect(confirmed.body.data?.listLedgerEvents.totalCount).toBe(230)
    } finally {
      await page.context().close()
    }
  })

  it('shows a member of another organization none of these events', async () => {
    const otherName = `Other Books ${Date.now()}`
    const other = await createTenant(bed.server, otherName)
    const owner = await createTenant(bed.server, `Private Books ${Date.now()}`)
    await importShops(bed.server, owner, 3)
    const page = await openPage(bed.browser, phoneViewport)
    try {
      await signInAndChoose(bed.server, page, other.owner, otherName)
      await page.getByText('Nothing to review').waitFor()
      await page.getByRole('button', { name: 'Switch organization' }).click()
      await page.locator('.organization-list button').first().waitFor()
      const choices = await page.locator('.organization-list button').allTextContents()
      expect(choices).toEqual([expect.stringContaining(otherName)])
      expect(await page.content()).not.toContain('Shop ')
    } finally {
      await page.context().close()
    }

    // Nor can the other person's token read them over the API.
    const answer = await bed.server.gql(
      'query ($org: UUID!) { listLedgerEvents(organizationId: $org) { totalCount } }',
      { org: owner.organizationId },
      other.owner.jwt,
    )
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('NOT_A_MEMBER')
  })
})
