// A bookkeeper drops several files on the receipts inbox, reads why one was refused, attaches the photographed receipt to its event and sees what Daybook read from it.
import { describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { pngWithText } from '../support/files.js'
import { accountsByName, createTenant, unique } from '../support/fixtures.js'
import { dropFiles, signInAndChoose } from './web-app.js'

const bed = browserTestBed()

describe('the receipts inbox in a browser', () => {
  it('uploads dropped files, attaches a receipt to its event and shows what was read from it', async () => {
    const organizationName = unique('Receipt Books')
    const tenant = await createTenant(bed.server, organizationName)
    const accounts = await accountsByName(bed.server, tenant)
    const created = await bed.server.gql(
      `mutation ($org: UUID!, $payment: UUID) {
        createLedgerEvent(organizationId: $org, merchantName: "Tim Hortons", amount: "4.19",
          transactionDate: "2026-05-14", paymentAccountId: $payment) { success eventId }
      }`,
      { org: tenant.organizationId, payment: accounts.Chequing },
      tenant.bearer,
    )
    expect(created.body.data?.createLedgerEvent).toMatchObject({ success: true })
    const receipt = pngWithText([
      'TIM HORTONS',
      '2026-05-14',
      'COFFEE      2.10',
      'DONUT       1.89',
      'GST         0.20',
      'TOTAL       4.19',
    ])

    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Receipts' }).click()
      await page.getByRole('heading', { name: 'Receipts', level: 1 }).waitFor()
      await page.getByText('No receipts yet.').waitFor()

      await dropFiles(page, '.drop-zone', [
        { name: 'tims.png', type: 'image/png', bytes: receipt },
        {
          name: 'notes.png',
          type: 'image/png',
          bytes: Buffer.from('these are not the pixels you are looking for'),
        },
      ])
      await page
        .getByRole('alert')
        .filter({ hasText: /^notes\.png was not uploaded: .+/ })
        .waitFor()

      const toAttach = page.getByRole('region', { name: 'Uploaded, to attach' })
      await toAttach.getByRole('button', { name: 'Attach tims.png to an event' }).click()
      await toAttach.getByLabel('Find the event for tims.png').fill('Tim')
      await toAttach.getByRole('button', { name: /2026-05-14 Tim Hortons −4\.19 CAD/ }).click()
      await toAttach.waitFor({ state: 'detached' })

      const received = page.getByRole('region', { name: 'Received receipts' })
      const item = received.getByRole('listitem').filter({ hasText: 'tims.png' })
      await item.getByText('Attached to Tim Hortons').waitFor()
      // The server reads the image with OCR in the background; the inbox asks again until it has.
      const read = item.getByRole('definition')
      await read.first().waitFor({ timeout: 60_000 })
      const fields = (await item.getByLabel('Read from tims.png').textContent()) ?? ''
      expect(fields).toMatch(/Total\s*4\.19/)
      expect(fields).toMatch(/Date\s*2026-05-14/)
      expect(fields.toUpperCase()).toContain('TIM HORTONS')
    } finally {
      await page.context().close()
    }
  }, 90_000)
})
