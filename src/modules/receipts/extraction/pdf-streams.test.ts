// The PDF pre-check reads stream dictionaries as pdf.js does, so no way of writing a stream lets a bomb past it.
import { brotliCompressSync, deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { pdfOf } from '../../../../test/support/hostile-documents.js'
import { textFromPdf } from './extract-text.js'
import { checkPdfStreams, DocumentOverLimit } from './pdf-streams.js'

const mebibyte = 1024 * 1024
const zeros = (bytes: number) => deflateSync(Buffer.alloc(bytes))

/** A one-page PDF whose content is object 4, written as given, with `more` objects after it. */
function page(contents: Buffer | string, ...more: string[]): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R >>',
    contents,
    ...more,
  ])
}

function stream(dictionary: string, data: Buffer, keyword = 'stream\n', length = data.byteLength): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${length} >>\n${keyword}`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ])
}

const refused = (pdf: Buffer) => expect(() => checkPdfStreams(pdf, mebibyte)).toThrow(DocumentOverLimit)
const passed = (pdf: Buffer) => expect(() => checkPdfStreams(pdf, mebibyte)).not.toThrow()

describe('checkPdfStreams, as pdf.js reads a stream', () => {
  const bomb = zeros(2 * mebibyte)

  it('takes the data after the keyword line, whatever spaces or bytes end that line', () => {
    refused(page(stream('/Filter /FlateDecode', bomb, 'stream \n')))
    refused(page(stream('/Filter /FlateDecode', bomb, 'stream\t \r\n')))
    refused(page(stream('/Filter /FlateDecode', bomb, 'stream\r')))
  })

  it('follows an indirect /Filter, an indirect filter in an array, and indirect parameters', () => {
    refused(page(stream('/Filter 5 0 R', bomb), '/FlateDecode'))
    refused(page(stream('/Filter 5 0 R', bomb), '[/FlateDecode]'))
    refused(page(stream('/Filter [6 0 R]', bomb), '<< >>', '/FlateDecode'))
    refused(page(stream('/Filter 5 0 R', bomb), '6 0 R', '/Fl'))
  })

  it('decodes every filter of an array in turn, whatever comes first', () => {
    const hex = Buffer.from(`${bomb.toString('hex')}>`, 'latin1')
    refused(page(stream('/Filter [/ASCIIHexDecode /FlateDecode]', hex)))
    refused(page(stream('/Filter [/AHx /Fl]', hex)))
    // pdf.js passes a filter it does not know over, and decodes the next one.
    refused(page(stream('/Filter [/Crypt /FlateDecode]', bomb)))
    refused(page(stream('/Filter [/NoSuchFilter /FlateDecode]', bomb)))
    refused(page(stream('/Filter [/FlateDecode /FlateDecode]', deflateSync(bomb))))
  })

  it('reads names with #xx escapes, and the short key /F for /Filter', () => {
    refused(page(stream('/Filter /F#6CateDecode', bomb)))
    refused(page(stream('/Filter /#46#6c#61#74#65#44#65#63#6f#64#65', bomb)))
    refused(page(stream('/F /FlateDecode', bomb)))
    refused(page(stream('/Filter [/ASCII#48exDecode /Fl]', Buffer.from(`${bomb.toString('hex')}>`))))
  })

  it('decodes LZW, run-length, ASCII85 and Brotli under the cap', () => {
    // Run-length: 257 - 129 = 128 copies of a byte per two bytes of input.
    refused(page(stream('/Filter /RunLengthDecode', Buffer.alloc(20_000, Buffer.from([129, 0])))))
    refused(page(stream('/Filter /BrotliDecode', brotliCompressSync(Buffer.alloc(2 * mebibyte)))))
    refused(page(stream('/Filter /ASCII85Decode', Buffer.from(`${'z'.repeat(300_000)}~>`))))
    refused(page(stream('/Filter /LZWDecode', lzwOfZeros(2 * mebibyte))))
  })

  it('ends the data where pdf.js does: at /Length when endstream follows it, else at the first endstream', () => {
    // Run-length data whose first run is the word itself, then 2.5 MiB of zeros.
    const literal = Buffer.concat([Buffer.from([8]), Buffer.from('endstream')])
    const hidden = Buffer.concat([literal, Buffer.alloc(40_000, Buffer.from([129, 0]))])
    refused(page(stream('/Filter /RunLengthDecode', hidden)))
    refused(page(stream('/Filter /FlateDecode', bomb, 'stream\n', 5)))
    const indirect = stream('/Filter /FlateDecode', bomb)
      .toString('latin1')
      .replace(/\/Length \d+/, '/Length 5 0 R')
    refused(page(Buffer.from(indirect, 'latin1'), String(bomb.byteLength)))
  })

  it('is not thrown off its scan by a word that ends in "stream"', () => {
    const decoy = '<< /Title (upstream) >>'
    refused(pdfOf([decoy, stream('/Filter /FlateDecode', bomb)]))
  })

  it('passes receipts: small streams, images, and damaged data it leaves to pdf.js', () => {
    passed(page(stream('/Filter /FlateDecode', zeros(mebibyte / 2))))
    passed(page(stream('/Subtype /Image /Filter /FlateDecode', bomb)))
    passed(page(stream('/Filter /FlateDecode', Buffer.from('not deflated at all'))))
    passed(page(stream('/Filter [/DCTDecode /FlateDecode]', bomb)))
  })
})

describe('textFromPdf, for what the pre-check cannot parse', () => {
  it('stops a stream pdf.js decodes at the cap, and refuses the document', { timeout: 120_000 }, async () => {
    // Nested deeper than the pre-check parses, so only the cap inside pdf.js meets this bomb.
    const deep = `/Nested ${'['.repeat(70)}${']'.repeat(70)} /Filter /FlateDecode`
    const pdf = page(stream(deep, zeros(80 * mebibyte)))
    expect(() => checkPdfStreams(pdf)).not.toThrow()
    await expect(textFromPdf(pdf)).rejects.toThrow(/decodes to more than 64 MiB/)
  })
})

/** LZW of `bytes` zeros: after the first, each code is the newest entry, one zero longer than the last. */
function lzwOfZeros(bytes: number): Buffer {
  const codes = [256, 0]
  let written = 1
  for (let next = 258; written < bytes && next < 4095; next++) {
    codes.push(next)
    written += next - 256
  }
  codes.push(257)
  return packCodes(codes)
}

/** Packs codes at the widths a decoder with EarlyChange 1 reads them. */
function packCodes(codes: number[]): Buffer {
  const out: number[] = []
  let buffer = 0
  let count = 0
  let next = 258
  let width = 9
  let first = true
  for (const code of codes) {
    buffer = (buffer << width) | code
    count += width
    while (count >= 8) {
      out.push((buffer >>> (count - 8)) & 0xff)
      count -= 8
    }
    buffer &= (1 << count) - 1
    if (code === 256) {
      next = 258
      width = 9
      first = true
      continue
    }
    if (!first) next++
    first = false
    if (next + 1 >= 1 << width && width < 12) width++
  }
  if (count > 0) out.push((buffer << (8 - count)) & 0xff)
  return Buffer.from(out)
}
