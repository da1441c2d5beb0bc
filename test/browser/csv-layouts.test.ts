// A bookkeeper describes a bank's CSV export in the CSV layout editor, the statement then previews with the right dates and amounts, and the layout can be edited and deleted.
import { describe, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { accountsByName, createTenant, unique } from '../support/fixtures.js'
import { dropFiles, signInAndChoose } from './web-app.js'

const bed = browserTestBed()

// A European bank's export: a title line, semicolons, day-first dates, decimal commas, and money
// in and out in columns of their own.
const statement = [
  'Kontoauszug Girokonto',
  'Buchungstag;Verwendungszweck;Eingang;Ausgang;Referenz',
  '03.02.2026;Miete Februar;;1.250,00;R-1',
  '05.02.2026;Kundenzahlung;2.400,50;;R-2',
  '',
].join('\r\n')

describe('CSV layouts in a browser', () => {
  it('saves a layout, previews a CSV statement with it, then edits and deletes the layout', async () => {
    const organizationName = unique('Layout Books')
    const tenant = await createTenant(bed.server, organizationName)
    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await page
        .getByRole('navigation', { name: 'Screens' })
        .getByRole('link', { name: 'Bank files' })
        .click()
      await page.getByLabel('Account the statement is for').selectOption({ label: 'Chequing' })
      const layouts = page.getByRole('region', { name: 'CSV layouts of Chequing' })
      await layouts.getByText('No CSV layout saved for this account.').waitFor()

      await layouts.getByRole('button', { name: 'New CSV layout…' }).click()
      await layouts.getByLabel('Layout name').fill('Girokonto export')
      await layouts.getByLabel('Delimiter').selectOption({ label: 'Semicolon (;)' })
      await layouts.getByLabel('Lines to skip above it').fill('1')
      await layouts.getByLabel('Date column').fill('Buchungstag')
      await layouts.getByLabel('Date format').selectOption('DD.MM.YYYY')
      await layouts.getByLabel('Money in and money out in two columns').check()
      await layouts.getByLabel('Money in column').fill('Eingang')
      await layouts.getByLabel('Money out column').fill('Ausgang')
      await layouts.getByLabel('Decimal mark').selectOption(',')
      await layouts.getByLabel('Description column').fill('Verwendungszweck')
      await layouts.getByLabel('Reference column').fill('Referenz')
      await layouts.getByRole('button', { name: 'Save layout' }).click()
      await layouts.getByRole('status').filter({ hasText: 'Saved the layout “Girokonto export”.' }).waitFor()
      await layouts.getByRole('row', { name: /Girokonto export/ }).waitFor()

      const accounts = await accountsByName(bed.server, tenant)
      const listed = await bed.server.gql(
        `query ($org: UUID!, $account: UUID!) { listCsvImportProfiles(organizationId: $org, paymentAccountId: $account) {
          name delimiter skipLines dateColumn dateFormat amountColumn inflowColumn outflowColumn decimalMark } }`,
        { org: tenant.organizationId, account: accounts.Chequing },
        tenant.bearer,
      )
      expect(listed.body.data?.listCsvImportProfiles).toEqual([
        {
          name: 'Girokonto export',
          delimiter: ';',
          skipLines: 1,
          dateColumn: 'Buchungstag',
          dateFormat: 'DD.MM.YYYY',
          amountColumn: null,
          inflowColumn: 'Eingang',
          outflowColumn: 'Ausgang',
          decimalMark: ',',
        },
      ])

      await dropFiles(page, '.drop-zone', [
        { name: 'girokonto.csv', type: 'text/csv', bytes: Buffer.from(statement, 'utf8') },
      ])
      const preview = page.getByRole('region', { name: 'Preview of girokonto.csv' })
      await preview.waitFor()
      const cells = await preview.getByRole('row').locator('td:nth-child(-n+3)').allTextContents()
      expect(cells).toEqual([
        '2026-02-03',
        'Miete Februar',
        '\u22121,250.00',
        '2026-02-05',
        'Kundenzahlung',
        '+2,400.50',
      ])

      await layouts
        .getByRole('row', { name: /Girokonto export/ })
        .getByRole('button', { name: 'Edit' })
        .click()
      await layouts.getByLabel('Layout name').fill('Girokonto (Sparkasse)')
      await layouts.getByRole('button', { name: 'Save layout' }).click()
      await layouts.getByRole('row', { name: /Girokonto \(Sparkasse\)/ }).waitFor()

      await layouts
        .getByRole('row', { name: /Girokonto \(Sparkasse\)/ })
        .getByRole('button', { name: 'Delete' })
        .click()
      await layouts.getByRole('button', { name: 'Delete layout' }).click()
      await layouts.getByText('No CSV layout saved for this account.').waitFor()
    } finally {
      await page.context().close()
    }
  })
})
