// The PDF's pure parts: text a standard font can draw, tax summed code by code, a safe file name, and the same bytes for the same document.
import { describe, expect, it } from 'vitest'
import { printable, renderInvoicePdf, taxByCode } from './invoice-pdf.js'
import { filenameOf } from './invoice-pdf-service.js'
import type { InvoiceView } from './invoice-service.js'

const line = (amountMinor: bigint, taxMinor: bigint, taxCode: string | null) => ({
  description: 'Line',
  quantity: '1',
  unitPrice: '1.00',
  accountId: 'account',
  taxCode,
  amountMinor,
  taxMinor,
})

const view = (lines: InvoiceView['lines']): InvoiceView => ({
  organizationId: 'organization',
  id: 'document',
  kind: 'invoice',
  number: 'INV-0001',
  contactId: 'contact',
  issueDate: '2026-03-10',
  dueDate: '2026-04-09',
  currency: 'CAD',
  status: 'open',
  memo: '',
  subtotalMinor: 0n,
  taxTotalMinor: 0n,
  totalMinor: 0n,
  amountPaidMinor: 0n,
  journalEntryId: null,
  voidEntryId: null,
  exchangeRate: null,
  receiptId: null,
  createdAt: '2026-03-10T12:00:00.000Z',
  lines,
  payments: [],
  contact: { id: 'contact', displayName: 'Northwind' },
})

describe('printable', () => {
  it('keeps French and the rest of WinAnsi, composes accents, and marks what the fonts lack', () => {
    expect(printable('Café crème à Montréal — « 12 € »')).toBe('Café crème à Montréal — « 12 € »')
    expect(printable('Cafe\u0301')).toBe('Café')
    expect(printable('Tab\there\nnext')).toBe('Tab here next')
    expect(printable('漢字 😀 \u0000')).toBe('?? ? ?')
  })
})

describe('taxByCode', () => {
  it('sums each code apart, in the order the lines first name them, and leaves untaxed lines out', () => {
    const lines = [
      line(45000n, 5850n, 'HST_ON'),
      line(1000n, 0n, null),
      line(9999n, 1300n, 'HST_ON'),
      line(500n, 25n, 'GST'),
    ]
    expect(taxByCode(view(lines))).toEqual([
      { code: 'HST_ON', baseMinor: 54999n, taxMinor: 7150n },
      { code: 'GST', baseMinor: 500n, taxMinor: 25n },
    ])
  })
})

describe('filenameOf', () => {
  it('keeps a number that is a file name already and replaces what would break one', () => {
    expect(filenameOf({ number: 'INV-0001' })).toBe('INV-0001.pdf')
    expect(filenameOf({ number: 'A/B "12"' })).toBe('A_B_12_.pdf')
    expect(filenameOf({ number: '../etc' })).toBe('etc.pdf')
    expect(filenameOf({ number: '«»' })).toBe('document.pdf')
  })
})

describe('renderInvoicePdf', () => {
  it('renders one document in one state to the same bytes, whenever it is asked', async () => {
    const document = view([line(45000n, 5850n, 'HST_ON')])
    const first = await renderInvoicePdf(document, { name: 'Boulangerie', businessNumber: '123456789' })
    const again = await renderInvoicePdf(document, { name: 'Boulangerie', businessNumber: '123456789' })
    expect(Buffer.from(first.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true)
  })
})
