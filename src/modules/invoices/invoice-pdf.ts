import PDFDocument from 'pdfkit'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { InvoiceKind } from './invoice.js'
import type { InvoiceView } from './invoice-service.js'

// A document as the PDF a small business sends (DESIGN 8.6, ADR 0063): pure, from the view and
// the organization's profile to bytes. Only pdfkit's standard fonts are used: their metrics ship
// inside the npm package, so nothing is read or fetched at run time, and their WinAnsi encoding
// covers French and the other Western European languages a Canadian business writes in.

/** What the PDF names of the organization that keeps the books. */
export interface PdfIssuer {
  name: string
  businessNumber: string | null
}

const titles: Record<InvoiceKind, string> = {
  invoice: 'Invoice',
  bill: 'Bill',
  credit_note: 'Credit note',
  vendor_credit: 'Vendor credit',
}

const regular = 'Helvetica'
const bold = 'Helvetica-Bold'
const margin = 50
const body = 9.5
const rowGap = 4

/** The table's columns, from the left margin; widths add up to the page's text width. */
const columns = {
  description: { x: 0, width: 230, align: 'left' },
  quantity: { x: 235, width: 50, align: 'right' },
  unitPrice: { x: 288, width: 80, align: 'right' },
  taxCode: { x: 378, width: 55, align: 'left' },
  amount: { x: 437, width: 75, align: 'right' },
} as const satisfies Record<string, { x: number; width: number; align: 'left' | 'right' }>

type Doc = PDFKit.PDFDocument
type Column = keyof typeof columns

// The code points WinAnsi holds above Latin-1's range, as pdfkit maps them.
const winAnsiExtras = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
])

/**
 * Text a standard font can draw: composed first (an e and a combining accent become é), then every
 * character WinAnsi lacks becomes "?", since pdfkit would write a code the font cannot show.
 */
export function printable(text: string): string {
  let out = ''
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0
    if (code === 0x09 || code === 0x0a || code === 0x0d) out += ' '
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(code))
      out += char
    else out += '?'
  }
  return out
}

/** The document as PDF bytes, page after page of lines, its totals on the last. */
export function renderInvoicePdf(view: InvoiceView, issuer: PdfIssuer): Promise<Uint8Array> {
  const title = `${titles[view.kind]} ${view.number}`
  const doc = new PDFDocument({
    size: 'LETTER',
    margin,
    bufferPages: true,
    info: {
      Title: printable(title),
      Author: printable(issuer.name),
      Subject: printable(`${title}, ${view.contact.displayName}`),
      // Dated by the document, not the clock, so the same document renders to the same bytes.
      CreationDate: new Date(view.createdAt),
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })
  const money = (minor: bigint) => formatMoney(minor, currencyDecimals(view.currency))
  const totals = totalsOf(view, money)
  drawHeader(doc, view, issuer)
  drawLines(doc, view, money, totalsHeight(doc, totals))
  drawTotals(doc, totals)
  drawPageFooters(doc, title)
  doc.end()
  return done
}

function drawHeader(doc: Doc, view: InvoiceView, issuer: PdfIssuer): void {
  const width = textWidth(doc)
  const top = doc.y
  doc
    .font(bold)
    .fontSize(16)
    .text(printable(issuer.name), margin, top, { width: width * 0.55 })
  doc.font(regular).fontSize(body)
  if (issuer.businessNumber) doc.text(`Business number: ${printable(issuer.businessNumber)}`)
  const leftBottom = doc.y
  const right = { x: margin + width * 0.55, width: width * 0.45 }
  doc
    .font(bold)
    .fontSize(20)
    .text(titles[view.kind].toUpperCase(), right.x, top, { width: right.width, align: 'right' })
  const mark = statusMark(view)
  if (mark) {
    doc.fillColor('#b00020').text(mark, { width: right.width, align: 'right' }).fillColor('black')
  }
  doc.font(regular).fontSize(body)
  const facts: Array<[string, string]> = [
    ['Number', printable(view.number)],
    ['Issue date', view.issueDate],
    ['Due date', view.dueDate],
    ['Currency', view.currency],
  ]
  for (const [label, value] of facts) {
    doc.text(`${label}: ${value}`, right.x, doc.y, { width: right.width, align: 'right' })
  }
  doc.y = Math.max(leftBottom, doc.y) + 18
  const party = view.kind === 'invoice' || view.kind === 'credit_note' ? 'Bill to' : 'From'
  doc.font(bold).text(party, margin, doc.y)
  doc.font(regular).fontSize(11).text(printable(view.contact.displayName), { width })
  doc.fontSize(body)
  if (view.memo) doc.moveDown(0.5).text(printable(view.memo), { width })
  doc.moveDown(1.5)
}

/** DRAFT or VOID where it cannot be missed: a draft is not yet owed, a void one never will be. */
function statusMark(view: InvoiceView): string | null {
  if (view.status === 'draft') return 'DRAFT'
  if (view.status === 'void') return 'VOID'
  return null
}

/**
 * The lines, a page at a time, the table's header atop each page. The last line is kept with the
 * totals, so the page that ends the document never holds the totals alone.
 */
function drawLines(doc: Doc, view: InvoiceView, money: (minor: bigint) => string, totals: number): void {
  drawTableHeader(doc)
  for (const [index, line] of view.lines.entries()) {
    const cells: Record<Column, string> = {
      description: printable(line.description),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxCode: printable(line.taxCode ?? ''),
      amount: money(line.amountMinor),
    }
    doc.font(regular).fontSize(body)
    const height = rowHeight(doc, cells)
    const kept = index === view.lines.length - 1 ? totals : 0
    if (doc.y + height + kept > bottomOf(doc)) {
      doc.addPage()
      drawTableHeader(doc)
    }
    drawRow(doc, cells, height)
  }
  rule(doc)
}

function drawTableHeader(doc: Doc): void {
  doc.font(bold).fontSize(body)
  const cells: Record<Column, string> = {
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    taxCode: 'Tax',
    amount: 'Amount',
  }
  drawRow(doc, cells, rowHeight(doc, cells))
  rule(doc)
  doc.font(regular)
}

/**
 * Only the description wraps; the other cells are one line each, measured and placed directly
 * (laying out every cell as a paragraph made a long document several times slower to render).
 */
function rowHeight(doc: Doc, cells: Record<Column, string>): number {
  const description = doc.heightOfString(cells.description || ' ', { width: columns.description.width })
  return Math.max(description, doc.currentLineHeight(true)) + rowGap
}

function drawRow(doc: Doc, cells: Record<Column, string>, height: number): void {
  const top = doc.y
  doc.text(cells.description, margin, top, { width: columns.description.width })
  for (const column of ['quantity', 'unitPrice', 'taxCode', 'amount'] as const) {
    const { x, width, align } = columns[column]
    // A figure wider than its column is set smaller rather than wrapped or spilled over its neighbour.
    const natural = doc.widthOfString(cells[column])
    const fitted = natural > width ? (body * width) / natural : body
    doc.fontSize(fitted)
    const shift = align === 'right' ? width - Math.min(natural * (fitted / body), width) : 0
    doc.text(cells[column], margin + x + shift, top, { lineBreak: false })
    doc.fontSize(body)
  }
  doc.x = margin
  doc.y = top + height
}

interface TotalsRow {
  label: string
  value: string
  strong?: boolean
}

/** What the document adds up to: its subtotal, its tax code by code, total, paid and due. */
function totalsOf(view: InvoiceView, money: (minor: bigint) => string): TotalsRow[] {
  return [
    { label: 'Subtotal', value: money(view.subtotalMinor) },
    ...taxByCode(view).map(({ code, baseMinor, taxMinor }) => ({
      label: `Tax ${printable(code)} on ${money(baseMinor)}`,
      value: money(taxMinor),
    })),
    { label: `Total (${view.currency})`, value: money(view.totalMinor), strong: true },
    { label: 'Amount paid', value: money(view.amountPaidMinor) },
    {
      label: `Amount due (${view.currency})`,
      value: money(view.totalMinor - view.amountPaidMinor),
      strong: true,
    },
  ]
}

const totalsGap = 8

function totalsLineHeight(doc: Doc): number {
  return doc.font(regular).fontSize(body).currentLineHeight(true) + rowGap
}

/** The height the totals take below the table, its closing rule included. */
function totalsHeight(doc: Doc, rows: readonly TotalsRow[]): number {
  return rowGap + totalsGap + rows.length * totalsLineHeight(doc)
}

function drawTotals(doc: Doc, rows: readonly TotalsRow[]): void {
  const lineHeight = totalsLineHeight(doc)
  // A document without lines, or one whose last line filled the page, starts the totals afresh.
  if (doc.y + totalsGap + rows.length * lineHeight > bottomOf(doc)) doc.addPage()
  doc.y += totalsGap
  const labelX = margin + columns.taxCode.x - 140
  const labelWidth = columns.amount.x - columns.taxCode.x + 135
  for (const row of rows) {
    const top = doc.y
    doc.font(row.strong ? bold : regular)
    doc.text(row.label, labelX, top, { width: labelWidth, align: 'right' })
    doc.text(row.value, margin + columns.amount.x, top, { width: columns.amount.width, align: 'right' })
    doc.y = top + lineHeight
  }
  doc.x = margin
}

/** Each tax code's base and tax, in the order the lines first name them; untaxed lines left out. */
export function taxByCode(view: InvoiceView): Array<{ code: string; baseMinor: bigint; taxMinor: bigint }> {
  const byCode = new Map<string, { code: string; baseMinor: bigint; taxMinor: bigint }>()
  for (const line of view.lines) {
    if (line.taxCode === null) continue
    const entry = byCode.get(line.taxCode) ?? { code: line.taxCode, baseMinor: 0n, taxMinor: 0n }
    entry.baseMinor += line.amountMinor
    entry.taxMinor += line.taxMinor
    byCode.set(line.taxCode, entry)
  }
  return [...byCode.values()]
}

/** "Page n of m" on every page, once the number of pages is known. */
function drawPageFooters(doc: Doc, title: string): void {
  const range = doc.bufferedPageRange()
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index)
    // Writing below the bottom margin would make pdfkit start a page; lift it for the footer.
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc
      .font(regular)
      .fontSize(8)
      .fillColor('#555555')
      .text(
        `${printable(title)} - page ${index - range.start + 1} of ${range.count}`,
        margin,
        doc.page.height - bottom + 15,
        { width: textWidth(doc), align: 'center', lineBreak: false },
      )
      .fillColor('black')
    doc.page.margins.bottom = bottom
  }
}

function rule(doc: Doc): void {
  doc
    .moveTo(margin, doc.y)
    .lineTo(margin + textWidth(doc), doc.y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke()
  doc.y += rowGap
}

const textWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right
const bottomOf = (doc: Doc) => doc.page.height - doc.page.margins.bottom
