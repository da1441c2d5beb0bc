// A bookkeeper imports a real OFX statement from the web app: the preview lists its rows and balance check, the import makes events, and the same file again is all duplicates.
import { describe, expect, it } from 'vitest'
import { bankFile } from '../support/bank-files.js'
import { browserTestBed, openPage } from '../support/browser.js'
import { createTenant, unique } from '../support/fixtures.js'
import { dropFiles, eventsOf, signInAndChoose } from './web-app.js'

const bed = browserTestBed()

describe('bank files in a browser', () => {
  it('previews a real OFX file with its duplicate verdicts, imports it, and skips it the second time', async () => {
    const organizationName = unique('Statement Books')
    const tenant = await createTenant(bed.server, organizationName)
    const statement = {
      name: 'ofxparse_bank_medium_CAD.ofx',
      type: 'application/x-ofx',
      bytes: bankFile('ofxparse_bank_medium_CAD.ofx'),
    }
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await page
        .getByRole('navigation', { name: 'Screens' })
        .getByRole('link', { name: 'Bank files' })
        .click()
      await page.getByLabel('Account the statement is for').selectOption({ label: 'Chequing' })
      await dropFiles(page, '.drop-zone', [statement])

      const preview = page.getByRole('region', { name: `Preview of ${statement.name}` })
      await preview.waitFor()
      await preview.getByText(/^OFX, UTF-8, in CAD: 3 rows, 3 new\.$/).waitFor()
      const rows = preview.getByRole('row')
      await expect(rows.count()).resolves.toBe(4)
      expect(await rows.nth(1).getByRole('cell').last().textContent()).toBe('New')
      const firstRowCells = await rows.nth(1).getByRole('cell').allTextContents()
      expect(firstRowCells[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(firstRowCells[2]).toMatch(/^[+−][\d,]+\.\d{2}$/)
      await preview.getByText(/^Balance check: /).waitFor()
      expect(await eventsOf(bed.server, tenant)).toEqual([])

      await preview.getByRole('button', { name: 'Import 3 new rows' }).click()
      await page
        .getByRole('status')
        .filter({ hasText: `Imported 3 rows from ${statement.name}, skipped 0 duplicates.` })
        .waitFor()
      const events = await eventsOf(bed.server, tenant)
      expect(events).toHaveLength(3)
      expect(events.every((event) => event.status === 'needs_review')).toBe(true)

      await dropFiles(page, '.drop-zone', [statement])
      const again = page.getByRole('region', { name: `Preview of ${statement.name}` })
      await again.getByText(/3 rows, 0 new\.$/).waitFor()
      const verdicts = await again.getByRole('row').locator('td:last-child').allTextContents()
      expect(verdicts).toEqual(
        Array(3).fill("Skipped: the bank's reference matches an event already in the books"),
      )
      expect(await again.getByRole('button', { name: 'Import 0 new rows' }).isDisabled()).toBe(true)
    } finally {
      await page.context().close()
    }
  })
})
