// The review queue's event panel shows an event's receipt image fetched with the token, what was read from it beside the event's fields, and rejects a duplicate from the panel.
import { describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { multipart, pngWithText } from '../support/files.js'
import { accountsByName, createTenant, unique } from '../support/fixtures.js'
import { eventsOf, focusedRow, signInAndChoose, waitForQueueCount } from './web-app.js'

const bed = browserTestBed()

describe('the event panel in a browser', () => {
  it('previews the attached receipt with what was read beside the event, and rejects a duplicate', async () => {
    const organizationName = unique('Panel Books')
    const tenant = await createTenant(bed.server, organizationName)
    const accounts = await accountsByName(bed.server, tenant)
    const created = await bed.server.gql(
      `mutation ($org: UUID!, $payment: UUID) {
        first: createLedgerEvent(organizationId: $org, merchantName: "Tim Hortons", amount: "4.19",
          transactionDate: "2026-05-14", paymentAccountId: $payment) { success eventId }
        again: createLedgerEvent(organizationId: $org, merchantName: "TIM HORTONS #123", amount: "4.19",
          transactionDate: "2026-05-15", paymentAccountId: $payment) { success eventId }
      }`,
      { org: tenant.organizationId, payment: accounts.Chequing },
      tenant.bearer,
    )
    const firstId = created.body.data?.first.eventId as string
    const receipt = pngWithText([
      'TIM HORTONS',
      '2026-05-14',
      'COFFEE      2.10',
      'DONUT       1.89',
      'TOTAL       4.19',
    ])
    const upload = await fetch(`${bed.server.url}/uploads`, {
      method: 'POST',
      headers: tenant.bearer,
      body: multipart([{ name: 'file', filename: 'tims.png', bytes: receipt, type: 'image/png' }]),
    })
    const { s3Key } = (await upload.json()) as { s3Key: string }
    const attached = await bed.server.gql(
      `mutation ($org: UUID!, $event: UUID!, $key: String!) {
        attachReceiptToEvent(organizationId: $org, eventId: $event, s3Key: $key, filename: "tims.png") { success error }
      }`,
      { org: tenant.organizationId, event: firstId, key: s3Key },
      tenant.bearer,
    )
    expect(attached.body.data?.attachReceiptToEvent).toMatchObject({ success: true })

    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await waitForQueueCount(page, 2)
      await page.locator('[role=listbox]:focus').waitFor()
      while (!(await focusedRow(page).textContent())?.includes('Tim Hortons')) await page.keyboard.press('j')
      const panel = page.locator('.event-details')
      const image = panel.getByRole('img', { name: 'Receipt tims.png' })
      await image.waitFor()
      expect((await image.boundingBox())?.width).toBeGreaterThan(50)
      await panel.getByText('Not posted yet: confirming the event posts it.').waitFor()

      // The panel asks again while the image is being read.
      const readBeside = panel.getByRole('table', { name: 'Read from tims.png, beside the event' })
      await readBeside.waitFor({ timeout: 60_000 })
      const amountRow = readBeside.getByRole('row', { name: /^Amount/ })
      expect(await amountRow.locator('td').allTextContents()).toEqual(['4.19 CAD', '4.19 CAD'])

      await panel.getByRole('button', { name: 'Same as one of these: reject this event' }).click()
      await waitForQueueCount(page, 1)
      const statuses = await eventsOf(bed.server, tenant)
      expect(statuses.find((event) => event.merchantName === 'Tim Hortons')?.status).toBe('ignored')
    } finally {
      await page.context().close()
    }
  }, 90_000)
})
