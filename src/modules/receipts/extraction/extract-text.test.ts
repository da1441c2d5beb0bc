// HTML bodies and PDF text layers become plain lines in reading order, with nothing hidden and nothing fetched.
import { existsSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import PDFDocument from 'pdfkit'
import { describe, expect, it } from 'vitest'
import { limits } from '../../../kernel/limits.js'
import { checkPdfStreams, DocumentOverLimit, textFromHtml, textFromPdf } from './extract-text.js'

describe('textFromHtml', () => {
  it('keeps the text of block elements on their own lines and drops the markup', () => {
    const html = '<div><h1>Staples</h1><p>Store 127</p>Sale<br>Item<BR/>Total $5.00</div>'
    expect(textFromHtml(html)).toBe('Staples\nStore 127\nSale\nItem\nTotal $5.00')
  })

  it('puts the cells of a table row on one line', () => {
    const html =
      '<table><tr>\n<td>Subtotal</td>\n<td align="right">$10.00</td></tr><tr><th>Total</th><td>$11.30</td></tr></table>'
    expect(textFromHtml(html)).toBe('Subtotal $10.00\nTotal $11.30')
  })

  it('drops scripts, styles, the head and comments', () => {
    const html = `<html><head><title>Receipt</title><style>p { color: red }</style></head>
      <body><script>var total = '$999.99'; if (a < b) {}</script><!-- Total $888.88 -->
      <p>Total $5.00</p><noscript>Enable JavaScript</noscript></body></html>`
    expect(textFromHtml(html)).toBe('Total $5.00')
  })

  it('decodes named, decimal and hexadecimal entities', () => {
    // A no-break space is a space to the field parser, so it leaves as one.
    expect(
      textFromHtml('<p>Caf&eacute; &amp; Cr&#232;me &#x24;5&nbsp;&euro; &unknown; &#0; &#xD800;</p>'),
    ).toBe('Café & Crème $5 € &unknown; \ufffd \ufffd')
  })

  it('does not turn escaped markup into tags', () => {
    expect(textFromHtml('<p>&lt;b&gt;Total&lt;/b&gt; 5.00</p>')).toBe('<b>Total</b> 5.00')
  })

  it('collapses source white space but keeps preformatted lines', () => {
    expect(textFromHtml('<p>Tim\n   Hortons</p><pre>Coffee   2.19\nTotal    2.19</pre>')).toBe(
      'Tim Hortons\nCoffee 2.19\nTotal 2.19',
    )
  })

  it('copes with broken markup', () => {
    expect(textFromHtml('<p title="a > b">Total 1 < 2</p>3 > 2')).toBe('Total 1 < 2\n3 > 2')
    expect(textFromHtml('Total 5.00<script>never closed')).toBe('Total 5.00')
    expect(textFromHtml('Total 5.00<a title="never closed>Tip 9.00')).toBe('Total 5.00')
    expect(textFromHtml('<!DOCTYPE html><?xml version="1.0"?><p>ok</p>')).toBe('ok')
  })

  it('is linear on hostile input', () => {
    const started = performance.now()
    textFromHtml(`${'<a title="'.repeat(50_000)}${'<'.repeat(200_000)}`)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

type Draw = (document: PDFKit.PDFDocument) => void

function pdf(...pages: Draw[]): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'LETTER', margin: 40, autoFirstPage: false })
    const chunks: Buffer[] = []
    document.on('data', (chunk: Buffer) => chunks.push(chunk))
    document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    document.on('error', reject)
    for (const draw of pages) {
      document.addPage()
      draw(document)
    }
    document.end()
  })
}

describe('textFromPdf', () => {
  it('joins label and amount drawn separately into one line, top to bottom', async () => {
    const bytes = await pdf((document) => {
      document.font('Helvetica').fontSize(11)
      // Amounts first, as many tills draw the right-hand column separately.
      document.text('$10.00', 400, 100, { lineBreak: false })
      document.text('$11.30', 400, 130, { lineBreak: false })
      document.text('Subtotal', 72, 100, { lineBreak: false })
      document.text('Total', 72, 130, { lineBreak: false })
      document.text('Rideau Hardware', 72, 60, { lineBreak: false })
    })
    expect(await textFromPdf(bytes)).toBe('Rideau Hardware\nSubtotal $10.00\nTotal $11.30')
  })

  it('reads every page, in order', async () => {
    const bytes = await pdf(
      (document) => document.text('Page one', 72, 72),
      (document) => document.text('Page two', 72, 72),
    )
    expect(await textFromPdf(bytes)).toBe('Page one\n\nPage two')
  })

  it.runIf(existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'))(
    'decodes an embedded font with accents',
    async () => {
      const bytes = await pdf((document) => {
        document.font('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf').fontSize(12)
        document.text('Boulangerie Première Moisson — Montréal (Québec)', 72, 72, { lineBreak: false })
      })
      expect(await textFromPdf(bytes)).toBe('Boulangerie Première Moisson — Montréal (Québec)')
    },
  )

  it('gives an empty string for a page without a text layer', async () => {
    const bytes = await pdf((document) => {
      document.rect(72, 72, 200, 100).fill('#333333')
    })
    expect(await textFromPdf(bytes)).toBe('')
  })

  it(`stops after ${limits.pdfPagesReadMax} pages`, async () => {
    const pages = Array.from(
      { length: limits.pdfPagesReadMax + 3 },
      (_, index): Draw =>
        (document) => {
          document.text(`Page ${index + 1}`, 72, 72)
        },
    )
    const text = await textFromPdf(await pdf(...pages))
    expect(text.split('\n\n')).toHaveLength(limits.pdfPagesReadMax)
  })

  it('leaves the caller’s bytes intact', async () => {
    const bytes = await pdf((document) => document.text('Total 5.00', 72, 72))
    const length = bytes.length
    await textFromPdf(bytes)
    expect(bytes.length).toBe(length)
    expect(bytes.byteLength).toBe(length)
  })

  it('throws pdf.js’s error for a file that is not a PDF', async () => {
    await expect(textFromPdf(new TextEncoder().encode('%PDF-1.7\nnot really'))).rejects.toMatchObject({
      name: 'InvalidPDFException',
    })
  })
})

describe('checkPdfStreams', () => {
  const mebibyte = 1024 * 1024
  /** The bytes of one stream object, as they sit in a PDF file. */
  const streamOf = (dictionary: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`%PDF-1.7\n4 0 obj\n<< ${dictionary} /Length ${data.byteLength} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ])
  const zeros = (bytes: number) => deflateSync(Buffer.alloc(bytes))

  it('refuses Flate streams that inflate past the cap, and passes those under it', () => {
    expect(() => checkPdfStreams(streamOf('/Filter /FlateDecode', zeros(2 * mebibyte)), mebibyte)).toThrow(
      DocumentOverLimit,
    )
    expect(() =>
      checkPdfStreams(streamOf('/Filter /FlateDecode', zeros(mebibyte / 2)), mebibyte),
    ).not.toThrow()
  })

  it('counts every stream together, and each filter of a chain', () => {
    const half = streamOf('/Filter /FlateDecode', zeros(0.6 * mebibyte))
    expect(() => checkPdfStreams(Buffer.concat([half, half]), mebibyte)).toThrow(DocumentOverLimit)
    const twice = deflateSync(zeros(2 * mebibyte))
    expect(() => checkPdfStreams(streamOf('/Filter [/FlateDecode /FlateDecode]', twice), mebibyte)).toThrow(
      DocumentOverLimit,
    )
  })

  it('leaves images, which text extraction never decodes, and damaged streams to pdf.js', () => {
    const image = streamOf('/Subtype /Image /Filter /FlateDecode', zeros(2 * mebibyte))
    expect(() => checkPdfStreams(image, mebibyte)).not.toThrow()
    const damaged = streamOf('/Filter /FlateDecode', Buffer.from('not deflated at all'))
    expect(() => checkPdfStreams(damaged, mebibyte)).not.toThrow()
  })

  it('refuses a PDF of more pages than a receipt has, before reading any', async () => {
    const numbers = Array.from({ length: 101 }, (_, i) => i + 3)
    const objects = [
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      `2 0 obj << /Type /Pages /Kids [${numbers.map((n) => `${n} 0 R`).join(' ')}] /Count 101 >> endobj`,
      ...numbers.map((n) => `${n} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >> endobj`),
    ]
    const body = `%PDF-1.7\n${objects.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`
    await expect(textFromPdf(new TextEncoder().encode(body))).rejects.toThrow(
      /101 pages; receipts may have at most 100/,
    )
  })
})
