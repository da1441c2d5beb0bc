// A queue of 5,000 events stays light in the browser (only the rows on screen exist) and its time to become usable is recorded, not asserted: the figure goes to the test's output.
import { beforeAll, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'

const eventCount = 5_000
// The API takes at most 500 rows per importBankStatement call.
const rowsPerImport = 500

let tenant: Tenant
let organizationName: string

const bed = browserTestBed()

beforeAll(async () => {
  organizationName = `Busy Books ${Date.now()}`
  tenant = await createTenant(bed.server, organizationName)
  const { Chequing: chequing } = await accountsByName(bed.server, tenant)
  for (let start = 0; start < eventCount; start += rowsPerImport) {
    const rows = Array.from({ length: rowsPerImport }, (_, offset) => {
      const number = start + offset
      return {
        transactionDate: `2025-${String(1 + (number % 12)).padStart(2, '0')}-${String(1 + (number % 28)).padStart(2, '0')}`,
        description: `Vendor ${number}`,
        amount: `-${1 + (number % 400)}.${String(number % 100).padStart(2, '0')}`,
        eventType: 'expense',
        reference: `scale-${number}`,
      }
    })
    const answer = await bed.server.gql(
      `mutation ($org: UUID!, $account: UUID!, $rows: [BankStatementRowInput!]!) {
        importBankStatement(organizationId: $org, paymentAccountId: $account, rows: $rows) { importedCount }
      }`,
      { org: tenant.organizationId, account: chequing, rows },
      tenant.bearer,
    )
    expect(answer.body.data?.importBankStatement.importedCount).toBe(rowsPerImport)
  }
}, 60_000)

it('shows a queue of 5,000 events with only the visible rows in the page', async () => {
  const page = await openPage(bed.browser)
  try {
    await page.goto(`${bed.server.url}/app`)
    await page.getByLabel('Email').fill(tenant.owner.email)
    await page.getByLabel('Password').fill(tenant.owner.password)
    await page.getByLabel('Password').press('Enter')
    const choice = page.getByRole('button', { name: organizationName })
    await choice.waitFor()

    // Interactive: the first rows are on screen and the list has the keyboard.
    const chosenAt = performance.now()
    await choice.click()
    await page.locator('[role=listbox]:focus [role=option][data-event-id]').first().waitFor()
    const interactiveMs = performance.now() - chosenAt
    await page.locator('h1', { hasText: '· 5,000 to review' }).waitFor()

    // The far end of the queue: End moves there and its page is fetched on arrival.
    const endAt = performance.now()
    await page.keyboard.press('End')
    await page
      .locator('[role=option].focused[data-event-id]')
      .and(page.locator('[aria-posinset="5000"]'))
      .waitFor()
    const lastRowMs = performance.now() - endAt

    const rowsInPage = await page.locator('[role=option]').count()
    expect(rowsInPage).toBeLessThan(60)
    console.log(
      `queue of ${eventCount} events: interactive ${Math.round(interactiveMs)} ms after choosing the organization; ` +
        `last row shown ${Math.round(lastRowMs)} ms after End; ${rowsInPage} rows in the page`,
    )
  } finally {
    await page.context().close()
  }
})
