import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import PDFDocument from 'pdfkit'
import { limits } from '../../src/kernel/limits.js'
import type { Failure, Result } from '../../src/kernel/result.js'
import type { ReceiptInput } from '../../src/modules/receipts/extraction/extract-receipt.js'
import { createReceiptReader } from '../../src/modules/receipts/receipt-reader.js'
import type { ReadReceipt } from '../../src/modules/receipts/receipt-service.js'
import { requireImageMagickFonts } from './system-tools.js'

// Made-up receipts in the shapes Canadian businesses print, each rendered as plain text, HTML,
// a PDF with a text layer and an image, so extraction can be measured the same way for every
// kind of input. Used by test/extraction/extraction-accuracy.test.ts and
// scripts/measure-extraction.ts; it needs pdfkit (a development dependency, which is why it lives
// under test/ and never under src/) and ImageMagick's `convert`.

/** A label with its amount in the right-hand column, or a line printed as is. */
type ReceiptLine = string | readonly [label: string, amount: string]

export interface CorpusReceipt {
  id: string
  vendor: string
  totalMinor: bigint
  currency: string
  date: string
  lines: ReceiptLine[]
}

export const corpus: CorpusReceipt[] = [
  {
    id: 'tim-hortons',
    vendor: 'TIM HORTONS',
    totalMinor: 618n,
    currency: 'CAD',
    date: '2026-03-05',
    lines: [
      'TIM HORTONS #2197',
      '1 Yonge St, Toronto ON M5E 1E5',
      'Tel (416) 555-0199',
      '2026-03-05 08:14',
      'Order #418',
      ['1 Med Original Blend', '2.19'],
      ['1 Everything Bagel', '2.29'],
      ['  Cream Cheese', '0.99'],
      ['Subtotal', '5.47'],
      ['HST 13%', '0.71'],
      ['TOTAL', '$6.18'],
      ['Debit', '$6.18'],
      'Thank you! Merci!',
    ],
  },
  {
    id: 'staples',
    vendor: 'STAPLES',
    totalMinor: 6494n,
    currency: 'CAD',
    date: '2026-03-14',
    lines: [
      'STAPLES',
      'Store 127',
      '2200 Queen St E, Toronto, ON M4E 1G2',
      '(416) 555-0142',
      'SALE',
      '03/14/2026 15:42',
      ['Printer Paper 8.5x11', '12.99'],
      ['HP 67 Ink Black', '34.99'],
      ['Sticky Notes 12pk', '9.49'],
      ['Subtotal', '57.47'],
      ['HST 13%', '7.47'],
      ['Total', '$64.94'],
      ['MasterCard ****4411', '$64.94'],
      'Returns within 14 days: return by 03/28/2026',
    ],
  },
  {
    id: 'costco',
    vendor: 'COSTCO WHOLESALE',
    totalMinor: 4180n,
    currency: 'CAD',
    date: '2026-03-07',
    lines: [
      '*** COSTCO WHOLESALE ***',
      'Ottawa #552',
      '1900 Cyrville Rd, Gloucester ON K1B 1A5',
      'Member 111234567890',
      ['E 1234567 KS WATER 40PK', '4.99'],
      ['E 998877 ROTISSERIE CHKN', '7.99'],
      ['  1122334 OLIVE OIL 2L', '21.99'],
      ['  INSTANT SAVINGS', '4.00-'],
      ['E 5544332 CROISSANTS 12', '8.49'],
      ['SUBTOTAL', '39.46'],
      ['TAX', '2.34'],
      ['**** TOTAL', '41.80'],
      ['MASTERCARD', '41.80'],
      ['CHANGE', '0.00'],
      'TOTAL NUMBER OF ITEMS SOLD = 4',
      '03/07/2026 17:31 552 12 118 31',
    ],
  },
  {
    id: 'restaurant-tip',
    vendor: 'Le Petit Bistro',
    totalMinor: 8645n,
    currency: 'CAD',
    date: '2026-03-05',
    lines: [
      'Le Petit Bistro',
      '224 Elgin St, Ottawa ON K2P 1L7',
      'Server: Anna  Table 12  Guests 2',
      'Mar 5, 2026  7:48 PM',
      ['Soup of the day', '9.00'],
      ['Steak frites', '32.00'],
      ['House red x2', '24.00'],
      ['Subtotal', '65.00'],
      ['HST', '8.45'],
      ['Total', '73.45'],
      ['Tip', '13.00'],
      ['Total', '86.45'],
      'Visa ****0931 APPROVED',
    ],
  },
  {
    id: 'quebec-bakery',
    vendor: 'Boulangerie Première Moisson',
    totalMinor: 1604n,
    currency: 'CAD',
    date: '2026-03-06',
    lines: [
      'Boulangerie Première Moisson',
      '1490, rue Sherbrooke Ouest',
      'Montréal (Québec) H3G 1L3',
      'TPS: 123456789 RT0001',
      'Le 06/03/2026 à 10:12',
      ['Croissant au beurre x2', '5,90 $'],
      ['Pain de campagne', '6,75 $'],
      ['Café filtre', '2,95 $'],
      ['Sous-total', '15,60 $'],
      ['TPS 5 %', '0,15 $'],
      ['TVQ 9,975 %', '0,29 $'],
      ['Total', '16,04 $'],
      ['Interac', '16,04 $'],
      'Merci et à bientôt!',
    ],
  },
  {
    id: 'hydro-bill',
    vendor: 'Hydro One Networks Inc.',
    totalMinor: 14248n,
    currency: 'CAD',
    date: '2026-02-20',
    lines: [
      'Hydro One Networks Inc.',
      'PO Box 5700, Markham ON L3R 1C8',
      'Account number: 7001 234 567',
      'Statement date: February 20, 2026',
      'Billing period: Jan 15, 2026 - Feb 14, 2026',
      ['Previous balance', '$128.40'],
      ['Payment received - thank you', '-$128.40'],
      ['Delivery', '$61.22'],
      ['Electricity', '$58.75'],
      ['Regulatory charges', '$6.12'],
      ['HST', '$16.39'],
      ['Total current charges', '$142.48'],
      ['Amount due', '$142.48'],
      'Due date: March 13, 2026',
    ],
  },
  {
    id: 'consulting-invoice',
    vendor: 'Northwind Consulting Inc.',
    totalMinor: 141250n,
    currency: 'CAD',
    date: '2026-03-05',
    lines: [
      'INVOICE',
      'Northwind Consulting Inc.',
      '45 Sparks St, Suite 300',
      'Ottawa, ON K1P 5A8',
      'HST # 81234 5678 RT0001',
      'Invoice #: 2026-031',
      'Invoice date: 2026/03/05',
      'Due date: 2026/04/04',
      'Bill to: Daybook Test Org',
      ['Bookkeeping, 10 h @ 95.00', '950.00'],
      ['Year-end review', '300.00'],
      ['Subtotal', '1,250.00'],
      ['HST 13%', '162.50'],
      ['Total', '$1,412.50'],
      ['Amount paid', '0.00'],
      ['Balance due', '$1,412.50'],
    ],
  },
  {
    id: 'shoppers',
    vendor: 'SHOPPERS DRUG MART',
    totalMinor: 2314n,
    currency: 'CAD',
    date: '2026-02-28',
    lines: [
      'SHOPPERS DRUG MART #1021',
      '390 Rideau St, Ottawa ON K1N 5Y6',
      '2026-02-28 14:22',
      ['ADVIL LIQUI-GELS 40', '13.99'],
      ['KLEENEX 3PK', '6.49'],
      ['SUBTOTAL', '20.48'],
      ['HST', '2.66'],
      ['TOTAL', '23.14'],
      'PC OPTIMUM POINTS EARNED 230',
      ['DEBIT', '23.14'],
    ],
  },
  {
    id: 'canadian-tire',
    vendor: 'Canadian Tire',
    totalMinor: 3343n,
    currency: 'CAD',
    date: '2026-03-21',
    lines: [
      'Canadian Tire',
      'Store 0248',
      '1660 Carling Ave, Ottawa ON',
      'TRANS 4412 REG 03',
      '03/21/26 11:05',
      ['MOTOMASTER WIPER 22IN', '24.99'],
      ['WASHER FLUID -40', '4.49'],
      ['ECO FEE', '0.10'],
      ['SUBTOTAL', '29.58'],
      ['HST 13%', '3.85'],
      ['TOTAL', '$33.43'],
      ['TOTAL SAVINGS', '$5.00'],
      ['VISA', '$33.43'],
    ],
  },
  {
    id: 'petro-canada',
    vendor: 'PETRO-CANADA',
    totalMinor: 7215n,
    currency: 'CAD',
    date: '2026-03-05',
    lines: [
      'PETRO-CANADA',
      '3400 Innes Rd, Orleans ON',
      '05-Mar-2026 18:02',
      'Pump 6  Regular',
      '45.123 L @ 1.599 /L',
      ['FUEL SALES', '72.15'],
      ['Incl. HST', '8.30'],
      ['TOTAL', '72.15'],
      ['VISA', '72.15'],
    ],
  },
  {
    id: 'lyft-usd',
    vendor: 'Lyft',
    totalMinor: 2340n,
    currency: 'USD',
    date: '2026-03-03',
    lines: [
      'Lyft',
      'Thanks for riding with Maria',
      'March 3, 2026',
      ['Lyft fare (12.4 mi, 24 min)', '$19.80'],
      ['Service fee', '$2.10'],
      ['Tip', '$1.50'],
      ['Total charged', 'US$23.40'],
      'All amounts in USD',
    ],
  },
  {
    id: 'best-buy-refund',
    vendor: 'BEST BUY',
    totalMinor: -12993n,
    currency: 'CAD',
    date: '2026-03-09',
    lines: [
      'BEST BUY #941',
      'Rideau Centre, Ottawa ON K1N 9J7',
      'REFUND',
      '2026-03-09 13:40',
      ['Return: USB-C cable 2m', '-24.99'],
      ['Return: Wireless mouse', '-89.99'],
      ['Subtotal', '-114.98'],
      ['HST', '-14.95'],
      ['REFUND TOTAL', '-$129.93'],
      ['Refunded to VISA', '-$129.93'],
    ],
  },
  {
    id: 'saq',
    vendor: 'SAQ',
    totalMinor: 4070n,
    currency: 'CAD',
    date: '2026-03-04',
    lines: [
      'SAQ',
      'Société des alcools du Québec',
      'Succursale 23044 - Montréal',
      '2026-03-04 18:55',
      ['Vin rouge 750 ml', '18,95 $'],
      ['Vin blanc 750 ml', '16,25 $'],
      ['Consigne', '0,20 $'],
      ['Sous-total', '35,40 $'],
      ['TPS', '1,77 $'],
      ['TVQ', '3,53 $'],
      ['Montant total', '40,70 $'],
      ['Visa', '40,70 $'],
      'Merci de votre visite',
    ],
  },
  {
    id: 'ikea-french',
    vendor: 'IKEA Montréal',
    totalMinor: 129692n,
    currency: 'CAD',
    date: '2026-03-12',
    lines: [
      'IKEA Montréal',
      '9191, boul. Cavendish',
      'Saint-Laurent (Québec) H4T 1M8',
      'Facture / Reçu',
      '12/03/2026 16:20',
      ['Sofa EKTORP 3 places', '899,00 $'],
      ['Table LISABO', '229,00 $'],
      ['Sous-total', '1 128,00 $'],
      ['TPS 5 %', '56,40 $'],
      ['TVQ 9,975 %', '112,52 $'],
      ['Total à payer', '1 296,92 $'],
      ['Mastercard', '1 296,92 $'],
    ],
  },
  {
    id: 'metro-bilingual',
    vendor: 'METRO',
    totalMinor: 1287n,
    currency: 'CAD',
    date: '2026-03-08',
    lines: [
      'METRO',
      'Metro Plus Lauzon',
      '5600 Rue Jean-Talon E, Saint-Léonard QC',
      '2026-03-08',
      ['BANANES / BANANAS', '1,79'],
      ['LAIT 2% 4L / MILK', '6,49'],
      ['CHIPS LAYS', '3,99'],
      ['SOUS-TOTAL / SUBTOTAL', '12,27'],
      ['TPS/GST', '0,20'],
      ['TVQ/QST', '0,40'],
      ['TOTAL', '12,87'],
      ['DEBIT INTERAC', '12,87'],
    ],
  },
  {
    id: 'cafe-cash',
    vendor: 'Bridgehead Coffee',
    totalMinor: 1008n,
    currency: 'CAD',
    date: '2026-03-09',
    lines: [
      'Bridgehead Coffee',
      '109 Bank St, Ottawa ON',
      'Cashier: Sam',
      '2026-03-09 09:03',
      ['Latte 12oz', '5.25'],
      ['Almond croissant', '4.15'],
      ['Subtotal', '9.40'],
      ['HST', '0.68'],
      ['Total', '10.08'],
      ['Cash', '20.00'],
      ['Change', '9.92'],
    ],
  },
  {
    id: 'amazon-order',
    vendor: 'Amazon.ca',
    totalMinor: 7343n,
    currency: 'CAD',
    date: '2026-03-02',
    lines: [
      'Amazon.ca',
      'Order Confirmation',
      'Order #702-1234567-1234567',
      'Order placed March 2, 2026',
      ['Anker USB-C Charger', 'CDN$ 39.99'],
      ['Paper towels 12 rolls', 'CDN$ 24.99'],
      ['Item(s) Subtotal', 'CDN$ 64.98'],
      ['Shipping & Handling', 'CDN$ 0.00'],
      ['Estimated GST/HST', 'CDN$ 8.45'],
      ['Grand Total', 'CDN$ 73.43'],
    ],
  },
  {
    id: 'bell-bill',
    vendor: 'Bell',
    totalMinor: 9605n,
    currency: 'CAD',
    date: '2026-03-01',
    lines: [
      'Bell',
      'Bell Canada',
      'Account number 512 345 6789',
      'Bill date: Mar 1, 2026',
      ['Balance forward', '$0.00'],
      ['Internet - Fibe 500', '$85.00'],
      ['Home phone', '$25.00'],
      ['Bundle discount', '-$25.00'],
      ['HST 13%', '$11.05'],
      ['Total amount due', '$96.05'],
      'Please pay by Mar 23, 2026',
    ],
  },
  {
    id: 'dollarama',
    vendor: 'DOLLARAMA',
    totalMinor: 763n,
    currency: 'CAD',
    date: '2026-03-15',
    lines: [
      'DOLLARAMA',
      '#1187',
      '2211 Riverside Dr, Ottawa ON',
      ['STORAGE BOX', '4.00'],
      ['GIFT BAG', '1.25'],
      ['GREETING CARD', '1.50'],
      ['SUBTOTAL', '6.75'],
      ['HST', '0.88'],
      ['TOTAL', '7.63'],
      ['DEBIT', '7.63'],
      '03/15/2026 12:44:10',
    ],
  },
  {
    id: 'paris-cafe-eur',
    vendor: 'Café de Flore',
    totalMinor: 2750n,
    currency: 'EUR',
    date: '2026-03-05',
    lines: [
      'Café de Flore',
      '172 Boulevard Saint-Germain',
      '75006 Paris',
      '05.03.2026 16:40',
      ['2 Café crème', '11,00'],
      ['1 Croque-monsieur', '16,50'],
      ['Total TTC', '27,50 €'],
      ['dont TVA 10%', '2,50'],
      'Merci de votre visite',
    ],
  },
  {
    id: 'impark-parking',
    vendor: 'IMPARK',
    totalMinor: 1800n,
    currency: 'CAD',
    date: '2026-03-11',
    lines: [
      'IMPARK',
      'Lot 1243 - 150 Metcalfe St',
      'Entry 2026-03-11 08:02',
      'Exit 2026-03-11 17:45',
      ['Amount paid', '$18.00'],
      ['HST included', '$2.07'],
      'VISA ****2281',
    ],
  },
  {
    id: 'hotel-folio',
    vendor: 'Fairmont Château Laurier',
    totalMinor: 77389n,
    currency: 'CAD',
    date: '2026-03-10',
    lines: [
      'Fairmont Château Laurier',
      '1 Rideau St, Ottawa ON K1N 8S7',
      'Guest folio',
      'Arrival: Mar 8, 2026  Departure: Mar 10, 2026',
      'Folio date: Mar 10, 2026',
      ['Room charge 03/08', '289.00'],
      ['Room charge 03/09', '289.00'],
      ["Restaurant Wilfrid's", '86.40'],
      ['HST', '86.37'],
      ['Ontario MAT 4%', '23.12'],
      ['Total', '773.89'],
      ['Payment VISA', '-773.89'],
      ['Balance due', '0.00'],
    ],
  },
  {
    id: 'home-depot',
    vendor: 'THE HOME DEPOT',
    totalMinor: 4842n,
    currency: 'CAD',
    date: '2026-03-08',
    lines: [
      'THE HOME DEPOT',
      '1616 Cyrville Rd, Gloucester ON',
      '7045 00012 77312  3/8/2026  10:31 AM',
      '2X4X8 SPF STUD',
      ['  6 @ 4.98', '29.88'],
      ['DECK SCREWS 1LB', '12.97'],
      ['SUBTOTAL', '42.85'],
      ['HST', '5.57'],
      ['TOTAL', '$48.42'],
      ['MASTERCARD', '$48.42'],
    ],
  },
  {
    id: 'jean-coutu',
    vendor: 'Jean Coutu',
    totalMinor: 2160n,
    currency: 'CAD',
    date: '2026-03-06',
    lines: [
      'Jean Coutu',
      'Pharmacie affiliée',
      '4823, rue Sainte-Catherine Est, Montréal',
      'Tél. : 514 555-0188',
      'Date : 2026-03-06 13:15',
      ['Tylenol extra fort 100', '12,99'],
      ['Shampooing Pantene', '7,49'],
      ['Sous-total', '20,48'],
      ['TPS', '0,37'],
      ['TVQ', '0,75'],
      ['TOTAL', '21,60'],
      ['Visa', '21,60'],
    ],
  },
  {
    id: 'subway-welcome',
    vendor: 'Subway',
    totalMinor: 1105n,
    currency: 'CAD',
    date: '2026-03-12',
    lines: [
      'Welcome to Subway',
      'Restaurant #31456',
      '1385 Bank St, Ottawa ON',
      'Mar 12, 2026 12:31',
      ['6" Italian BMT', '8.49'],
      ['Cookie', '1.29'],
      ['Subtotal', '9.78'],
      ['HST', '1.27'],
      ['Total', '11.05'],
      ['Debit', '11.05'],
    ],
  },
  {
    id: 'uber-eats',
    vendor: 'Uber Eats',
    totalMinor: 3919n,
    currency: 'CAD',
    date: '2026-03-04',
    lines: [
      'Uber Eats',
      "Here's your receipt for Pho Bo Ga La, Maria.",
      'Mar 4, 2026',
      ['Subtotal', 'CA$28.50'],
      ['Delivery Fee', 'CA$2.99'],
      ['Taxes', 'CA$3.70'],
      ['Tip', 'CA$4.00'],
      'Total',
      'CA$39.19',
    ],
  },
]

// ---------------------------------------------------------------------------------------------
// Rendering

export type CorpusKind = 'text' | 'html' | 'pdf' | 'image'
export const corpusKinds: CorpusKind[] = ['text', 'html', 'pdf', 'image']

function columns(line: ReceiptLine, width = 40): string {
  if (typeof line === 'string') return line
  const [label, amount] = line
  const gap = Math.max(2, width - label.length - amount.length)
  return `${label}${' '.repeat(gap)}${amount}`
}

export function renderText(receipt: CorpusReceipt): string {
  return `${receipt.lines.map((line) => columns(line)).join('\n')}\n`
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
// E-mail templates often write every non-ASCII character as an entity.
const entityHtml = (text: string) =>
  escapeHtml(text)
    .replace(/é/g, '&eacute;')
    .replace(/[^\x20-\x7e]/gu, (char) => `&#${char.codePointAt(0)};`)
    .replace(/ {2}/g, ' &nbsp;')

/** Three layouts seen in mailed receipts: a table, blocks with <br>, and a preformatted slip. */
export function renderHtml(receipt: CorpusReceipt, index: number): string {
  const layout = index % 3
  if (layout === 0) {
    const rows = receipt.lines
      .map((line) =>
        typeof line === 'string'
          ? `<tr><td colspan="2" class="note">${entityHtml(line)}</td></tr>`
          : `<tr>\n  <td class="label">${entityHtml(line[0])}</td>\n  <td align="right">${entityHtml(line[1])}</td>\n</tr>`,
      )
      .join('\n')
    return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Your receipt</title>
<style>td.label { font-weight: bold } .note > b { color: #333 }</style>
<script type="text/javascript">var total = "$999.99"; if (a < b && c > d) { track('open') }</script>
</head>
<body><!-- header --><table width="100%" cellpadding="4" data-note="a > b">
${rows}
</table>
<p style="font-size:10px">You received this e-mail because you made a purchase.</p></body></html>`
  }
  if (layout === 1) {
    const body = receipt.lines
      .map((line) =>
        typeof line === 'string'
          ? escapeHtml(line)
          : `<span class="l">${escapeHtml(line[0])}</span> <span class="a">${escapeHtml(line[1])}</span>`,
      )
      .join('<br/>\n')
    return `<div class="receipt"><div class="header"></div>\n${body}\n</div>`
  }
  return `<html><body><h1>Receipt</h1><pre>\n${escapeHtml(renderText(receipt))}</pre><footer>Sent from our POS</footer></body></html>`
}

const dejaVuSans = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'

/** A till slip or a letter page, in one of the standard fonts or an embedded TrueType font. */
export function renderPdf(receipt: CorpusReceipt, index: number): Promise<Uint8Array> {
  const letter = index % 2 === 1
  const width = letter ? 612 : 260
  const lineHeight = 15
  const height = letter ? 792 : 80 + receipt.lines.length * lineHeight
  const fonts = [
    'Helvetica',
    'Courier',
    'Times-Roman',
    existsSync(dejaVuSans) ? dejaVuSans : 'Helvetica-Bold',
  ]
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({
      size: [width, height],
      margin: 20,
      info: { Title: `Receipt ${receipt.id}` },
    })
    const chunks: Buffer[] = []
    document.on('data', (chunk: Buffer) => chunks.push(chunk))
    document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    document.on('error', reject)
    document.font(fonts[index % fonts.length] ?? 'Helvetica').fontSize(letter ? 11 : 9)
    const left = letter ? 72 : 16
    const right = width - left
    let y = 30
    for (const line of receipt.lines) {
      if (typeof line === 'string') {
        document.text(line, left, y, { lineBreak: false })
      } else {
        // Label and amount are separate text runs, as tills draw them.
        document.text(line[1], left, y, { width: right - left, align: 'right', lineBreak: false })
        document.text(line[0], left, y, { lineBreak: false })
      }
      y += lineHeight
    }
    if (letter) {
      document.addPage({ size: [width, height], margin: 20 })
      document.text('Terms: payment within 30 days. Questions? Call 1-800-555-0100.', left, 40, {
        lineBreak: false,
      })
    }
    document.end()
  })
}

interface ImageStyle {
  font: string
  pointSize: number
  format: 'png' | 'jpeg' | 'webp'
  extra: string[]
}

// From a clean scan to a poor phone photo: small type, sensor noise, blur, JPEG artefacts, skew.
const imageStyles: ImageStyle[] = [
  { font: 'DejaVu-Sans-Mono', pointSize: 26, format: 'png', extra: [] },
  { font: 'DejaVu-Sans', pointSize: 22, format: 'png', extra: ['-attenuate', '0.6', '+noise', 'Gaussian'] },
  { font: 'DejaVu-Sans-Mono', pointSize: 18, format: 'jpeg', extra: ['-quality', '45'] },
  { font: 'Nimbus-Mono-PS-Regular', pointSize: 26, format: 'png', extra: [] },
  {
    font: 'DejaVu-Serif',
    pointSize: 24,
    format: 'png',
    extra: ['-blur', '0x0.9', '-fill', '#f1ead8', '-opaque', 'white'],
  },
  { font: 'DejaVu-Sans-Mono', pointSize: 24, format: 'webp', extra: ['-quality', '60'] },
  {
    font: 'DejaVu-Sans-Mono',
    pointSize: 24,
    format: 'jpeg',
    extra: [
      '-attenuate',
      '0.4',
      '+noise',
      'Gaussian',
      '-background',
      'white',
      '-rotate',
      '2.5',
      '-quality',
      '70',
    ],
  },
  {
    font: 'DejaVu-Sans',
    pointSize: 15,
    format: 'jpeg',
    extra: ['-blur', '0x0.7', '-attenuate', '1.2', '+noise', 'Gaussian', '-quality', '50'],
  },
]

const contentTypes = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const

/** Renders the receipt as a photo-like image with ImageMagick (seeded: the noise repeats); `%` and `\` are escapes to it. */
export async function renderImage(
  receipt: CorpusReceipt,
  index: number,
  directory: string,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const style = imageStyles[index % imageStyles.length] ?? {
    font: 'DejaVu-Sans-Mono',
    pointSize: 26,
    format: 'png',
    extra: [],
  }
  const text = receipt.lines
    .map((line) => columns(line, 34))
    .join('\n')
    .replace(/\\/g, '\\\\')
    .replace(/%/g, '%%')
  // A machine without ImageMagick or a font fails here naming the package, not deep in convert.
  await requireImageMagickFonts(imageStyles.map((s) => s.font))
  const file = path.join(directory, `${receipt.id}.${style.format}`)
  // biome-ignore format: one ImageMagick command line
  await promisify(execFile)('convert', [
    '-seed', '7', '-background', 'white', '-fill', '#222222', '-font', style.font, '-pointsize', String(style.pointSize),
    `label:${text}`, '-bordercolor', 'white', '-border', '40', ...style.extra, file,
  ])
  return { bytes: new Uint8Array(await readFile(file)), contentType: contentTypes[style.format] }
}

export async function imageMagickAvailable(): Promise<boolean> {
  try {
    await promisify(execFile)('convert', ['-version'])
    return true
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

export interface CorpusOutcome {
  id: string
  kind: CorpusKind
  expected: CorpusReceipt
  result: ReadReceipt | Failure
  vendor: boolean
  total: boolean
  date: boolean
  milliseconds: number
}

export interface KindReport {
  kind: CorpusKind
  outcomes: CorpusOutcome[]
  /** Fractions of the receipts of this kind where the field came out right. */
  vendor: number
  total: number
  date: number
}

/** Names match ignoring case and runs of white space ("TIM HORTONS" is "Tim Hortons"). */
export function sameVendor(found: string | null, expected: string): boolean {
  const key = (name: string) => name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()
  return found !== null && key(found) === key(expected)
}

async function inputFor(
  kind: CorpusKind,
  receipt: CorpusReceipt,
  index: number,
  directory: string,
): Promise<ReceiptInput> {
  if (kind === 'text') return { text: renderText(receipt) }
  if (kind === 'html') return { html: renderHtml(receipt, index) }
  if (kind === 'pdf') return { bytes: await renderPdf(receipt, index), contentType: 'application/pdf' }
  return renderImage(receipt, index, directory)
}

/** Reads one receipt as an upload or an intake message would give it. */
export type CorpusReader = (input: ReceiptInput) => Promise<Result<ReadReceipt>>

const utf8 = new TextEncoder()

/**
 * The server's own document reader, built as the server builds it, with the default caps: a
 * process of its own with the OCR engine Daybook ships, given each rendering as an upload's bytes.
 */
export async function documentReader(): Promise<{ read: CorpusReader; close: () => Promise<void> }> {
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'receipt-reader-'))
  const reader = createReceiptReader({
    cacheDir,
    caps: { memoryMb: limits.extractionMemoryMbDefault, timeoutMs: limits.extractionTimeoutMsDefault },
  })
  return {
    read: (input) =>
      reader.read(
        'text' in input
          ? { bytes: utf8.encode(input.text), contentType: 'text/plain; charset=utf-8' }
          : 'html' in input
            ? { bytes: utf8.encode(input.html), contentType: 'text/html; charset=utf-8' }
            : input,
      ),
    close: async () => {
      await reader.close()
      await rm(cacheDir, { recursive: true, force: true })
    },
  }
}

export async function measureCorpus(
  read: CorpusReader,
  kinds: CorpusKind[] = corpusKinds,
): Promise<KindReport[]> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'receipt-corpus-'))
  try {
    const reports: KindReport[] = []
    for (const kind of kinds) {
      const outcomes: CorpusOutcome[] = []
      for (const [index, receipt] of corpus.entries()) {
        const input = await inputFor(kind, receipt, index, directory)
        const started = performance.now()
        const outcome = await read(input)
        const milliseconds = performance.now() - started
        const value = outcome.ok ? outcome.value : null
        outcomes.push({
          id: receipt.id,
          kind,
          expected: receipt,
          result: outcome.ok ? outcome.value : outcome.error,
          vendor: sameVendor(value?.vendorName ?? null, receipt.vendor),
          total: value?.amountMinor === receipt.totalMinor && value.currency === receipt.currency,
          date: value?.receiptDate === receipt.date,
          milliseconds,
        })
      }
      const share = (field: 'vendor' | 'total' | 'date') =>
        outcomes.filter((outcome) => outcome[field]).length / outcomes.length
      reports.push({ kind, outcomes, vendor: share('vendor'), total: share('total'), date: share('date') })
    }
    return reports
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}
