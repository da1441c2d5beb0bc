// The main screens render at 1280×800 and at a phone's width without sideways scrolling; with DAYBOOK_SCREENSHOTS=1 they are saved as docs/screenshots/*.png for the README.
import { writeFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { bankFile } from '../support/bank-files.js'
import { browserTestBed, desktopViewport, openPage, phoneViewport } from '../support/browser.js'
import { pngWithText } from '../support/files.js'
import { accountsByName, createTenant, type Tenant, unique } from '../support/fixtures.js'
import {
  dropFiles,
  importShops,
  type PostedEventInput,
  postEvents,
  signInAndChoose,
  waitForQueueCount,
} from './web-app.js'

const screenshotsDirectory = new URL('../../docs/screenshots/', import.meta.url)
const saving = process.env.DAYBOOK_SCREENSHOTS === '1'

let tenant: Tenant
let organizationName: string

const bed = browserTestBed()

beforeAll(async () => {
  organizationName = unique('Maple Street Bakery').replace(/ \w+$/, '')
  tenant = await createTenant(bed.server, organizationName)
  await importShops(bed.server, tenant, 24)
  const accounts = await accountsByName(bed.server, tenant)
  await bed.server.gql(
    `mutation ($org: UUID!, $payment: UUID, $office: UUID!) {
      createLedgerEvent(organizationId: $org, merchantName: "Tim Hortons", amount: "4.19",
        transactionDate: "2026-05-14", paymentAccountId: $payment) { success }
      createCategoryRule(organizationId: $org, vendorPattern: "Shop 1%", categoryId: $office) { success }
    }`,
    { org: tenant.organizationId, payment: accounts.Chequing, office: accounts['Office Expenses'] },
    tenant.bearer,
  )
  await postEvents(bed.server, tenant, bakeryMonths())
})
/** Six months of a bakery's sales and costs, posted, for the reports and the reconciliation. */
function bakeryMonths(): PostedEventInput[] {
  const events: PostedEventInput[] = []
  const sales = ['4210.00', '3890.50', '4675.25', '5120.00', '4980.75', '5560.40']
  const flour = ['1320.10', '1190.00', '1405.60', '1530.35', '1488.90', '1610.00']
  const rent = '1800.00'
  sales.forEach((amount, index) => {
    const month = String(index + 1).padStart(2, '0')
    events.push(
      {
        merchantName: `Counter sales ${month}/2026`,
        amount,
        transactionDate: `2026-${month}-05`,
        direction: 'in',
        category: 'Sales Revenue',
      },
      {
        merchantName: 'Prairie Flour Mill',
        amount: flour[index] ?? '0.00',
        transactionDate: `2026-${month}-12`,
        direction: 'out',
        category: 'Office Expenses',
      },
      {
        merchantName: 'Landlord: rent',
        amount: rent,
        transactionDate: `2026-${month}-01`,
        direction: 'out',
        category: 'Office Expenses',
      },
    )
  })
  return events
}

async function openScreen(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: label }).click()
  await page.getByRole('heading', { name: label, level: 1 }).waitFor()
}

async function capture(page: Page, name: string): Promise<void> {
  const image = await page.screenshot({ type: 'png' })
  if (saving) writeFileSync(new URL(`${name}.png`, screenshotsDirectory), image)
}

async function fitsThePhone(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')
}

describe('the main screens', () => {
  it('at 1280×800: sign in, review queue, event panel, receipts, bank files, reconciliation, reports and settings', async () => {
    const page = await openPage(bed.browser, desktopViewport)
    try {
      await page.goto(`${bed.server.url}/app`)
      await page.getByLabel('Email').waitFor()
      await capture(page, 'sign-in')

      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await waitForQueueCount(page, 25)
      await page.keyboard.press('j')
      await page.keyboard.press('Space')
      await page.keyboard.press('j')
      await page.keyboard.press('Space')
      await capture(page, 'review-queue')

      await openScreen(page, 'Receipts')
      const receipt = pngWithText([
        'TIM HORTONS',
        '2026-05-14',
        'COFFEE      2.10',
        'DONUT       1.89',
        'TOTAL       4.19',
      ])
      await dropFiles(page, '.drop-zone', [{ name: 'tims.png', type: 'image/png', bytes: receipt }])
      await page.getByRole('button', { name: 'Attach tims.png to an event' }).click()
      await page.getByLabel('Find the event for tims.png').fill('Tim')
      await page.getByRole('button', { name: /Tim Hortons/ }).click()
      await page.getByLabel('Read from tims.png').waitFor({ timeout: 60_000 })
      await capture(page, 'receipts')

      await openScreen(page, 'Bank files')
      await page.getByLabel('Account the statement is for').selectOption({ label: 'Chequing' })
      const name = 'ofxparse_bank_medium_CAD.ofx'
      await dropFiles(page, '.drop-zone', [{ name, type: 'application/x-ofx', bytes: bankFile(name) }])
      await page.getByRole('region', { name: `Preview of ${name}` }).waitFor()
      await capture(page, 'bank-files')

      await openScreen(page, 'Review queue')
      await page.getByLabel('Search merchant or memo').fill('Tim')
      await waitForQueueCount(page, 1)
      await page.locator('.event-details').getByRole('img', { name: 'Receipt tims.png' }).waitFor()
      await page.locator('.event-details table.read-beside').waitFor()
      await capture(page, 'event-panel')

      await openScreen(page, 'Reconciliation')
      await page.getByLabel('Account to reconcile').selectOption({ label: 'Chequing' })
      await page.getByLabel('Statement date').fill('2026-02-28')
      await page.getByLabel('Statement closing balance').fill('1990.40')
      await page.getByRole('button', { name: 'Start reconciling' }).click()
      for (const name of ['Counter sales 01/2026', 'Landlord: rent', 'Prairie Flour Mill']) {
        await page.getByLabel(name).first().check()
      }
      await page
        .getByTestId('difference')
        .filter({ hasText: /^900\.50$/ })
        .waitFor()
      await capture(page, 'reconciliation')

      await openScreen(page, 'Reports')
      await page.getByRole('button', { name: 'Income statement' }).click()
      await page
        .getByRole('img', { name: /Income, expenses and net income by month/ })
        .locator('canvas')
        .waitFor()
      await capture(page, 'reports')

      await openScreen(page, 'Settings')
      await page.getByRole('row', { name: /test key/ }).waitFor()
      await capture(page, 'settings')
    } finally {
      await page.context().close()
    }
  }, 120_000)

  it('at a phone width, with nothing wider than the screen', async () => {
    const page = await openPage(bed.browser, phoneViewport)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await page.locator('[role=listbox]:focus').waitFor()
      expect(await fitsThePhone(page)).toBe(true)
      await capture(page, 'review-queue-phone')
      for (const label of ['Receipts', 'Bank files', 'Reconciliation', 'Reports', 'Settings']) {
        await openScreen(page, label)
        expect(await fitsThePhone(page), label).toBe(true)
      }
    } finally {
      await page.context().close()
    }
  })
})
