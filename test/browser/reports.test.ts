// A report on screen shows the API's own figures for the same period: the income statement month by month with its chart, the trial balance, and the CSV export of what is shown.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { groupDigits } from '../../web/src/format/money.js'
import { browserTestBed, openPage } from '../support/browser.js'
import { createTenant, type Tenant, unique } from '../support/fixtures.js'
import type { TestServer } from '../support/server.js'
import { postEvents, signInAndChoose } from './web-app.js'

const bed = browserTestBed()

const period = { startDate: '2026-01-01', endDate: '2026-02-28' }

async function cellsOf(page: Page, rowName: RegExp): Promise<string[]> {
  const row = page.locator('.report-table').getByRole('row', { name: rowName })
  return row.locator('th, td').allTextContents()
}

/** How the screen writes an API decimal: grouped digits, a real minus sign. */
const shown = (decimal: string) => `${decimal.startsWith('-') ? '\u2212' : ''}${groupDigits(decimal)}`

interface IncomeTotals {
  totalIncome: string
  totalExpenses: string
  netIncome: string
}

interface ApiReports {
  incomeStatement: IncomeTotals
  january: IncomeTotals
  trialBalance: {
    totalDebit: string
    totalCredit: string
    lines: Array<{ accountName: string; debit: string; credit: string }>
  }
}

async function apiReports(server: TestServer, tenant: Tenant): Promise<ApiReports> {
  const answer = await server.gql(
    `query ($org: UUID!, $start: Date!, $end: Date!, $january: Date!) {
      incomeStatement(organizationId: $org, startDate: $start, endDate: $end) { totalIncome totalExpenses netIncome }
      january: incomeStatement(organizationId: $org, startDate: $start, endDate: $january) { totalIncome totalExpenses netIncome }
      trialBalance(organizationId: $org, asOf: $end) { totalDebit totalCredit lines { accountName debit credit } }
    }`,
    { org: tenant.organizationId, start: period.startDate, end: period.endDate, january: '2026-01-31' },
    tenant.bearer,
  )
  expect(answer.body.errors).toBeUndefined()
  return answer.body.data as ApiReports
}

describe('reports in a browser', () => {
  it('shows the API’s income statement and trial balance for the chosen period, and exports them', async () => {
    const organizationName = unique('Reported Books')
    const tenant = await createTenant(bed.server, organizationName)
    await postEvents(bed.server, tenant, [
      {
        merchantName: 'January sales',
        amount: '1000.00',
        transactionDate: '2026-01-12',
        direction: 'in',
        category: 'Sales Revenue',
      },
      {
        merchantName: 'Paper',
        amount: '120.35',
        transactionDate: '2026-01-20',
        direction: 'out',
        category: 'Office Expenses',
      },
      {
        merchantName: 'February sales',
        amount: '250.50',
        transactionDate: '2026-02-03',
        direction: 'in',
        category: 'Sales Revenue',
      },
      {
        merchantName: 'Toner',
        amount: '80.10',
        transactionDate: '2026-02-25',
        direction: 'out',
        category: 'Office Expenses',
      },
      // Outside the period: the report must leave it out.
      {
        merchantName: 'March sales',
        amount: '999.99',
        transactionDate: '2026-03-02',
        direction: 'in',
        category: 'Sales Revenue',
      },
    ])
    const api = await apiReports(bed.server, tenant)
    expect(api.incomeStatement).toEqual({
      totalIncome: '1250.50',
      totalExpenses: '200.45',
      netIncome: '1050.05',
    })

    const page = await openPage(bed.browser)
    try {
      await signInAndChoose(bed.server, page, tenant.owner, organizationName)
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Reports' }).click()
      await page.getByLabel('From', { exact: true }).fill(period.startDate)
      await page.getByLabel('To', { exact: true }).fill(period.endDate)
      await page.getByRole('button', { name: 'Show' }).click()

      await page.getByRole('button', { name: 'Income statement' }).click()
      await page
        .getByRole('img', { name: /Income, expenses and net income by month/ })
        .locator('canvas')
        .waitFor()
      await page.getByRole('row', { name: /^Total income/ }).waitFor()
      expect(await page.locator('.report-table thead th').allTextContents()).toEqual([
        'Account',
        'Jan 2026',
        'Feb 2026',
        'Total CAD',
      ])
      const { january, incomeStatement } = api
      expect(await cellsOf(page, /^Total income/)).toEqual([
        'Total income',
        shown(january.totalIncome),
        '250.50',
        shown(incomeStatement.totalIncome),
      ])
      expect(await cellsOf(page, /^Total expenses/)).toEqual([
        'Total expenses',
        shown(january.totalExpenses),
        '80.10',
        shown(incomeStatement.totalExpenses),
      ])
      expect(await cellsOf(page, /^Net income/)).toEqual([
        'Net income',
        shown(january.netIncome),
        '170.40',
        shown(incomeStatement.netIncome),
      ])

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export to CSV' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('Income-statement-2026-01-01-to-2026-02-28.csv')
      const csv = readFileSync((await download.path()) as string, 'utf8')
      expect(csv.split('\r\n')).toContain(
        `Net income,${january.netIncome},170.40,${incomeStatement.netIncome}`,
      )
      expect(csv.split('\r\n')[0]).toBe('Account,Jan 2026,Feb 2026,Total CAD')

      await page.getByRole('button', { name: 'Trial balance' }).click()
      await page.getByRole('row', { name: /^Total/ }).waitFor()
      expect(await cellsOf(page, /^Total/)).toEqual([
        'Total',
        '',
        shown(api.trialBalance.totalDebit),
        shown(api.trialBalance.totalCredit),
      ])
      for (const line of api.trialBalance.lines as Array<{
        accountName: string
        debit: string
        credit: string
      }>) {
        const cells = await cellsOf(page, new RegExp(`^${line.accountName}`))
        expect(cells.slice(2), line.accountName).toEqual([shown(line.debit), shown(line.credit)])
      }

      await page.getByRole('button', { name: 'General ledger' }).click()
      await page.getByLabel('Account to show').selectOption({ label: 'Chequing' })
      await page.getByRole('row', { name: /Closing balance/ }).waitFor()
      expect((await cellsOf(page, /Closing balance/)).at(-1)).toBe(shown(api.incomeStatement.netIncome))
      expect(await page.getByRole('row', { name: /Posting/ }).count()).toBe(4)
    } finally {
      await page.context().close()
    }
  })
})
