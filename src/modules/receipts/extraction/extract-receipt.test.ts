// Every input takes the right path to text, and every bad document comes back as a failure value with a stable code.
import fc from 'fast-check'
import PDFDocument from 'pdfkit'
import { describe, expect, it, vi } from 'vitest'
import { extractReceipt } from './extract-receipt.js'
import { OcrImageError } from './ocr.js'

const receiptText = 'Rideau Hardware\n2026-03-05\nSubtotal 10.00\nHST 1.30\nTotal $11.30'
const expected = {
  vendorName: 'Rideau Hardware',
  amountMinor: 1130n,
  currency: 'CAD',
  receiptDate: '2026-03-05',
  taxMinor: 130n,
  supplierBusinessNumber: null,
}

const png = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
])
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])
const encode = (text: string) => new TextEncoder().encode(text)

/** Stands in for the OCR engine: routing is under test here, OCR in ocr.test.ts. */
function fakeOcr(result: string | Error = receiptText) {
  return {
    recognize: vi.fn(async (_image: Uint8Array) => {
      if (result instanceof Error) throw result
      return result
    }),
  }
}

function pdf(
  draw: (document: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'LETTER', ...options })
    const chunks: Buffer[] = []
    document.on('data', (chunk: Buffer) => chunks.push(chunk))
    document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    document.on('error', reject)
    draw(document)
    document.end()
  })
}

const receiptPdf = () =>
  pdf((document) => {
    receiptText.split('\n').forEach((line, index) => {
      document.text(line, 72, 72 + index * 16, { lineBreak: false })
    })
  })

describe('extractReceipt', () => {
  it('reads plain text', async () => {
    const ocr = fakeOcr()
    const read = await extractReceipt({ text: receiptText }, ocr)
    expect(read).toEqual({
      ok: true,
      value: { ...expected, confidence: expect.any(Object), source: 'text', text: receiptText },
    })
    expect(ocr.recognize).not.toHaveBeenCalled()
  })

  it('reads HTML', async () => {
    const html = `<table>${receiptText
      .split('\n')
      .map((line) => `<tr><td>${line.replace('$', '&#36;')}</td></tr>`)
      .join('')}</table>`
    const read = await extractReceipt({ html }, fakeOcr())
    expect(read).toMatchObject({ ok: true, value: { ...expected, source: 'html' } })
  })

  it.each([
    ['text/plain', encode(receiptText)],
    ['text/plain; charset=utf-8', encode(receiptText)],
    ['TEXT/HTML; charset="UTF-8"', encode(`<p>${receiptText.replaceAll('\n', '<br>')}</p>`)],
  ])('reads %s bytes', async (contentType, bytes) => {
    const read = await extractReceipt({ bytes, contentType }, fakeOcr())
    expect(read).toMatchObject({ ok: true, value: expected })
  })

  it('decodes the declared charset, and Windows-1252 when undeclared text is not UTF-8', async () => {
    const latin = new Uint8Array([...encode('Caf'), 0xe9, ...encode(' Olimpico\nTotal 4.50')])
    for (const contentType of ['text/plain; charset=iso-8859-1', 'text/plain']) {
      const read = await extractReceipt({ bytes: latin, contentType }, fakeOcr())
      expect(read).toMatchObject({ ok: true, value: { vendorName: 'Café Olimpico', amountMinor: 450n } })
    }
  })

  it('reads a PDF’s text layer without touching OCR', async () => {
    const ocr = fakeOcr()
    const bytes = await receiptPdf()
    const read = await extractReceipt({ bytes, contentType: 'application/pdf' }, ocr)
    expect(read).toMatchObject({ ok: true, value: { ...expected, source: 'pdf' } })
    expect(ocr.recognize).not.toHaveBeenCalled()
  })

  it.each([
    ['image/png', png],
    ['image/jpeg', jpeg],
    ['image/webp', encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')],
  ])('sends %s to OCR', async (contentType, bytes) => {
    const ocr = fakeOcr()
    const read = await extractReceipt({ bytes, contentType }, ocr)
    expect(read).toMatchObject({ ok: true, value: { ...expected, source: 'image' } })
    expect(ocr.recognize).toHaveBeenCalledWith(bytes)
  })

  it('starts OCR through a provider only when an image arrives', async () => {
    const ocr = fakeOcr()
    const provider = vi.fn(async () => ocr)
    await extractReceipt({ text: receiptText }, provider)
    expect(provider).not.toHaveBeenCalled()
    await extractReceipt({ bytes: png, contentType: 'image/png' }, provider)
    expect(provider).toHaveBeenCalledTimes(1)
  })

  it('goes by the bytes when a binary document is mislabelled', async () => {
    const ocr = fakeOcr()
    const asImage = await extractReceipt({ bytes: await receiptPdf(), contentType: 'image/png' }, ocr)
    expect(asImage).toMatchObject({ ok: true, value: { source: 'pdf' } })
    const asOctets = await extractReceipt({ bytes: jpeg, contentType: 'application/octet-stream' }, ocr)
    expect(asOctets).toMatchObject({ ok: true, value: { source: 'image' } })
  })

  it('leaves the caller’s bytes intact', async () => {
    const bytes = await receiptPdf()
    const copy = bytes.slice()
    await extractReceipt({ bytes, contentType: 'application/pdf' }, fakeOcr())
    expect(bytes).toEqual(copy)
  })
})

describe('extractReceipt failures', () => {
  const code = async (input: Parameters<typeof extractReceipt>[0], ocr = fakeOcr()) => {
    const read = await extractReceipt(input, ocr)
    return read.ok ? 'ok' : read.error.code
  }

  it.each([
    ['image/heic', encode('....ftypheic')],
    ['image/gif', encode('GIF89a')],
    ['application/msword', encode('word')],
    ['application/octet-stream', encode('???')],
    ['', encode('???')],
  ])('%j is UNSUPPORTED_TYPE', async (contentType, bytes) => {
    expect(await code({ bytes, contentType })).toBe('UNSUPPORTED_TYPE')
  })

  it.each([
    ['image/png', encode('not a png')],
    ['image/jpeg', new Uint8Array()],
    ['application/pdf', encode('<html>a login page</html>')],
  ])('%s that is not one is UNREADABLE_DOCUMENT', async (contentType, bytes) => {
    expect(await code({ bytes, contentType })).toBe('UNREADABLE_DOCUMENT')
  })

  it('a damaged PDF is UNREADABLE_DOCUMENT', async () => {
    const bytes = (await receiptPdf()).subarray(0, 300)
    expect(await code({ bytes, contentType: 'application/pdf' })).toBe('UNREADABLE_DOCUMENT')
  })

  it('a password-protected PDF is UNREADABLE_DOCUMENT, and says why', async () => {
    const bytes = await pdf((document) => document.text('Total 5.00'), {
      userPassword: 'secret',
      pdfVersion: '1.7',
    })
    const read = await extractReceipt({ bytes, contentType: 'application/pdf' }, fakeOcr())
    expect(read).toEqual({
      ok: false,
      error: { code: 'UNREADABLE_DOCUMENT', message: 'The PDF is password-protected.' },
    })
  })

  it('a scanned PDF without a text layer is NO_TEXT_FOUND', async () => {
    const bytes = await pdf((document) => {
      document.rect(72, 72, 300, 400).fill('#dddddd')
    })
    const read = await extractReceipt({ bytes, contentType: 'application/pdf' }, fakeOcr())
    expect(read).toMatchObject({
      ok: false,
      error: { code: 'NO_TEXT_FOUND', message: expect.stringMatching(/no text layer/) },
    })
  })

  it.each([
    [{ text: '' }],
    [{ text: ' \n\t ' }],
    [{ html: '<html><body><img src="logo.png"></body></html>' }],
    [{ bytes: encode('   '), contentType: 'text/plain' }],
  ])('%j is NO_TEXT_FOUND', async (input) => {
    expect(await code(input)).toBe('NO_TEXT_FOUND')
  })

  it('an image where OCR finds nothing is NO_TEXT_FOUND', async () => {
    expect(await code({ bytes: png, contentType: 'image/png' }, fakeOcr('\n  \n'))).toBe('NO_TEXT_FOUND')
  })

  it('an image OCR cannot read is UNREADABLE_DOCUMENT', async () => {
    const read = await extractReceipt(
      { bytes: png, contentType: 'image/png' },
      fakeOcr(new OcrImageError('The PNG image is damaged.')),
    )
    expect(read).toEqual({
      ok: false,
      error: { code: 'UNREADABLE_DOCUMENT', message: 'The PNG image is damaged.' },
    })
  })

  it('a broken OCR engine is an exception, not a verdict on the file', async () => {
    await expect(
      extractReceipt({ bytes: png, contentType: 'image/png' }, fakeOcr(new Error('engine failed to start'))),
    ).rejects.toThrow('engine failed to start')
  })

  it('never throws for any bytes under any declared type', async () => {
    const types = [
      'image/png',
      'image/jpeg',
      'image/webp',
      'application/pdf',
      'text/plain',
      'text/html',
      'x/y',
      '',
    ]
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 600 }),
        fc.constantFrom(...types),
        async (bytes, contentType) => {
          const read = await extractReceipt({ bytes, contentType }, fakeOcr(new OcrImageError('unreadable')))
          if (!read.ok)
            expect(['UNSUPPORTED_TYPE', 'UNREADABLE_DOCUMENT', 'NO_TEXT_FOUND']).toContain(read.error.code)
        },
      ),
      { numRuns: 200 },
    )
  })
})
