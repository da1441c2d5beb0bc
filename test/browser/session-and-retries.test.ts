// The web app keeps people's work safe when the line or the session fails: an answer lost on the way is asked for again under the same Idempotency-Key and counts once, and an expired token brings back sign-in without losing what was typed.
import { describe, expect, it } from 'vitest'
import type { Clock } from '../../src/kernel/clock.js'
import { browserTestBed, openPage } from '../support/browser.js'
import { createTenant } from '../support/fixtures.js'
import { eventsOf, focusedRow, importShops, signInAndChoose, waitForQueueCount } from './web-app.js'

// The server's clock runs ahead on demand, so a token can expire without waiting a day for it.
let clockOffsetMs = 0
const clock: Clock = { now: () => new Date(Date.now() + clockOffsetMs) }

const bed = browserTestBed({ server: { clock } })

describe('the web app when things go wrong', () => {
  it('sends a confirm whose answer was lost again under the same Idempotency-Key, and it counts once', async () => {
    const name = `Flaky Line Books ${Date.now()}`
    const flaky = await createTenant(bed.server, name)
    await importShops(bed.server, flaky, 2)
    const page = await openPage(bed.browser)
    const confirmKeys: Array<string | null> = []
    const replayed: Array<string | null> = []
    let answersDropped = 0
    // The first confirm reaches the server and is carried out; its answer never reaches the page.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? ''
      if (!body.includes('mutation ConfirmManyEvents')) return route.continue()
      confirmKeys.push(await route.request().headerValue('idempotency-key'))
      const response = await route.fetch()
      if (answersDropped === 0) {
        answersDropped++
        return route.abort('connectionreset')
      }
      replayed.push(response.headers()['idempotency-replayed'] ?? null)
      return route.fulfill({ response })
    })
    try {
      await signInAndChoose(bed.server, page, flaky.owner, name)
      await page.locator('[role=listbox]:focus').waitFor()
      await waitForQueueCount(page, 2)
      await page.keyboard.press('c')
      await page.getByRole('combobox', { name: 'Category' }).and(page.locator(':focus')).waitFor()
      await page.keyboard.type('rent')
      await page.getByRole('option', { name: /^Rent/ }).and(page.locator('.active')).waitFor()
      await page.keyboard.press('Enter')
      await focusedRow(page).filter({ hasText: 'Rent' }).waitFor()
      await page.keyboard.press('Enter')
      await page.getByRole('status').filter({ hasText: 'Confirmed 1 event.' }).waitFor()
      await waitForQueueCount(page, 1)

      expect(confirmKeys).toHaveLength(2)
      expect(confirmKeys[0]).toMatch(/^[0-9a-f]{32}$/)
      expect(confirmKeys[1]).toBe(confirmKeys[0])
      expect(replayed).toEqual(['true'])
      const statuses = (await eventsOf(bed.server, flaky))
        .map((event) => `${event.merchantName} ${event.status}`)
        .sort()
      expect(statuses).toEqual(['Shop 01 needs_review', 'Shop 02 confirmed'])
    } finally {
      await page.context().close()
    }
  })

  // Runs last: it moves the server's clock a day ahead.
  it('sends the person back to sign in when the token expires, keeping what they typed', async () => {
    const name = `Expiring Books ${Date.now()}`
    const expiring = await createTenant(bed.server, name)
    await importShops(bed.server, expiring, 12)
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, expiring.owner, name)
      await waitForQueueCount(page, 12)

      clockOffsetMs += 25 * 60 * 60 * 1000
      await page.getByLabel('Search merchant or memo').fill('Shop 1')
      const again = page.getByRole('dialog', { name: 'Sign in again' })
      await again.waitFor()
      expect(await again.getByLabel('Email').inputValue()).toBe(expiring.owner.email)
      await again.getByLabel('Password').fill(expiring.owner.password)
      await again.getByLabel('Password').press('Enter')
      await again.waitFor({ state: 'detached' })

      // The search typed before the refusal is still there, focused again, and now answered: Shops 10 to 12.
      const search = page.getByLabel('Search merchant or memo')
      expect(await search.inputValue()).toBe('Shop 1')
      await search.and(page.locator(':focus')).waitFor()
      await waitForQueueCount(page, 3)
      await page.locator('[role=option]', { hasText: 'Shop 12' }).waitFor()
    } finally {
      await page.context().close()
    }
  })
})
