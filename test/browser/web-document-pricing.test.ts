// The web app prices a document's lines exactly as the server does: the same amounts, taxes and totals, to the cent (or the yen, or the fils), for every case that rounds.
import { describe, expect, it } from 'vitest'
import type { CalendarDate } from '../../src/kernel/calendar-date.js'
import { priceLines, totalsOf } from '../../src/modules/invoices/invoice.js'
import { salesTaxCode } from '../../src/modules/tax-codes/sales-tax.js'
import { documentTotals, minorToDecimal } from '../../web/src/invoices/document-pricing.js'

const codes = ['HST_ON', 'GST', 'GST_QST', 'PST_BC', 'ZERO_RATED'].map((id) => {
  const code = salesTaxCode(id)
  if (!code) throw new Error(`no tax code ${id}`)
  return code
})

interface Line {
  quantity: string
  unitPrice: string
  taxCode: string
}

function serverTotals(lines: Line[], currency: string, issueDate: string) {
  const priced = priceLines(
    lines.map((line) => ({ ...line, accountId: 'a', taxCode: line.taxCode || null })),
    currency,
    issueDate as CalendarDate,
  )
  if (!priced.ok) throw new Error(priced.error.message)
  const totals = totalsOf(priced.value)
  return {
    lines: priced.value.map((line) => [line.amountMinor, line.taxMinor]),
    subtotal: minorToDecimal(totals.subtotalMinor, currency),
    taxTotal: minorToDecimal(totals.taxTotalMinor, currency),
    total: minorToDecimal(totals.totalMinor, currency),
  }
}

function browserTotals(lines: Line[], currency: string, issueDate: string) {
  const totals = documentTotals(lines, currency, issueDate, codes)
  expect(totals.complete).toBe(true)
  return {
    lines: totals.lines.map((line) => [line.amountMinor, line.taxMinor]),
    subtotal: totals.subtotal,
    taxTotal: totals.taxTotal,
    total: totals.total,
  }
}

const cases: Array<{ name: string; currency: string; issueDate: string; lines: Line[] }> = [
  {
    name: 'two lines at HST_ON, each taxed on its own',
    currency: 'CAD',
    issueDate: '2026-03-01',
    lines: [
      { quantity: '1', unitPrice: '450.00', taxCode: 'HST_ON' },
      { quantity: '1', unitPrice: '99.99', taxCode: 'HST_ON' },
    ],
  },
  {
    name: 'ties rounded to even',
    currency: 'CAD',
    issueDate: '2026-03-01',
    lines: [
      { quantity: '3', unitPrice: '33.335', taxCode: '' },
      { quantity: '1', unitPrice: '0.10', taxCode: 'GST' },
      { quantity: '1', unitPrice: '0.30', taxCode: 'GST' },
      { quantity: '2.5', unitPrice: '0.0125', taxCode: '' },
    ],
  },
  {
    name: 'QST at 14.975 and a zero rate',
    currency: 'CAD',
    issueDate: '2026-06-15',
    lines: [
      { quantity: '7.125', unitPrice: '19.99', taxCode: 'GST_QST' },
      { quantity: '1', unitPrice: '12.34', taxCode: 'PST_BC' },
      { quantity: '4', unitPrice: '2.5', taxCode: 'ZERO_RATED' },
    ],
  },
  {
    name: 'a currency without decimals',
    currency: 'JPY',
    issueDate: '2026-03-01',
    lines: [{ quantity: '3', unitPrice: '333.5', taxCode: 'HST_ON' }],
  },
  {
    name: 'a currency of three decimals',
    currency: 'BHD',
    issueDate: '2026-03-01',
    lines: [{ quantity: '1.5', unitPrice: '10.0005', taxCode: 'GST' }],
  },
]

describe('a document priced in the browser', () => {
  for (const each of cases) {
    it(`matches the server: ${each.name}`, () => {
      expect(browserTotals(each.lines, each.currency, each.issueDate)).toEqual(
        serverTotals(each.lines, each.currency, each.issueDate),
      )
    })
  }

  it('shows 621.49 for 450.00 and 99.99 at 13%', () => {
    expect(browserTotals(cases[0]?.lines ?? [], 'CAD', '2026-03-01').total).toBe('621.49')
  })

  it('leaves a half-typed price out and says so', () => {
    const totals = documentTotals(
      [{ quantity: '1', unitPrice: '12.', taxCode: '' }],
      'CAD',
      '2026-03-01',
      codes,
    )
    expect(totals.complete).toBe(false)
    expect(totals.lines[0]?.amountMinor).toBeNull()
  })
})
