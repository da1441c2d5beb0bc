import { createDeflate, deflateSync } from 'node:zlib'

// Documents built to hurt a reader, made by the tests themselves so no binary fixture is kept.

/** A PDF of the given objects (bodies without `n 0 obj`), object 1 the catalog, with a correct xref. */
export function pdfOf(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let length = parts[0]?.byteLength ?? 0
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(length)
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ])
    parts.push(part)
    length += part.byteLength
  })
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n')
  parts.push(Buffer.from(xref, 'latin1'))
  return Buffer.concat(parts)
}

function streamObject(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.byteLength} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ])
}

/** One page whose content stream is `content`, deflated. */
function onePage(content: Buffer): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R >>',
    streamObject('/Filter /FlateDecode', content),
  ])
}

/** Deflates `totalBytes` of zeros as a stream, so the bomb never exists inflated in this process. */
async function deflatedZeros(totalBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 })
  const chunks: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', () => resolve())
    deflate.on('error', reject)
  })
  const block = Buffer.alloc(1024 * 1024)
  for (let written = 0; written < totalBytes; written += block.byteLength) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await done
  return Buffer.concat(chunks)
}

/** A PDF whose one FlateDecode stream inflates to 1 GiB (about 1 MB as stored). */
export async function pdfInflatingToOneGibibyte(): Promise<Buffer> {
  return onePage(await deflatedZeros(1024 * 1024 * 1024))
}

/**
 * The four ways past a pre-check that reads stream dictionaries unlike pdf.js, each a page whose
 * content is `deflated` (the 1 GiB bomb): a space after `stream`, an indirect `/Filter 5 0 R`, a
 * filter array whose first filter is not Flate, and the name `/F#6CateDecode`. pdf.js decodes all four.
 */
export function pdfBombsPastAPreCheck(deflated: Buffer): Array<{ name: string; bytes: Buffer }> {
  const page = (contents: Buffer, ...more: string[]) =>
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R >>',
      contents,
      ...more,
    ])
  const stream = (dictionary: string, data: Buffer, keyword = 'stream\n') =>
    Buffer.concat([
      Buffer.from(`<< ${dictionary} /Length ${data.byteLength} >>\n${keyword}`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ])
  const hex = Buffer.from(`${deflated.toString('hex')}>`, 'latin1')
  return [
    { name: 'space-after-stream.pdf', bytes: page(stream('/Filter /FlateDecode', deflated, 'stream \n')) },
    { name: 'indirect-filter.pdf', bytes: page(stream('/Filter 5 0 R', deflated), '/FlateDecode') },
    {
      name: 'hex-then-flate.pdf',
      bytes: page(stream('/Filter [/ASCIIHexDecode /FlateDecode]', hex)),
    },
    { name: 'escaped-name.pdf', bytes: page(stream('/Filter /F#6CateDecode', deflated)) },
  ]
}

/** The 1 GiB of zeros, deflated, that pdfInflatingToOneGibibyte's page draws. */
export function deflatedGibibyte(): Promise<Buffer> {
  return deflatedZeros(1024 * 1024 * 1024)
}

/** A PDF whose page tree holds 10,000 real pages. */
export function pdfWithTenThousandPages(): Buffer {
  const pages = 10_000
  const first = 4
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ')
  const content = deflateSync(Buffer.from('BT /F1 12 Tf 20 200 Td (Total 1.00) Tj ET'))
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    streamObject('/Filter /FlateDecode', content),
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 3 0 R >>',
    ),
  ])
}

/** A PDF whose page resources nest 100,000 dictionaries and arrays deep. */
export function pdfWithDeepNesting(): Buffer {
  const depth = 100_000
  const nested = `${'<< /A ['.repeat(depth)}1${'] >>'.repeat(depth)}`
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Resources ${nested} /Contents 4 0 R >>`,
    streamObject('/Filter /FlateDecode', deflateSync(Buffer.from('BT (Total 1.00) Tj ET'))),
  ])
}

/**
 * A PDF of a few kilobytes whose page draws a form that draws the next form twice, 30 forms deep, the
 * last drawing one line of text: 2^29 text operators to read, a cost no machine's speed brings under
 * the cap on time. Decoded, its streams are a few hundred bytes, so only the caps on the reading
 * process (its time, or the memory the text fills) stop it.
 */
export function pdfSlowToRead(): Buffer {
  const depth = 30
  const firstForm = 5
  const form = (index: number) => {
    const last = index === depth - 1
    const content = last ? 'BT /F1 1 Tf 1 1 Td (receipt line) Tj ET' : '/X Do /X Do'
    const resources = last ? '' : `/Resources << /XObject << /X ${firstForm + index + 1} 0 R >> >>`
    return streamObject(
      `/Type /XObject /Subtype /Form /BBox [0 0 300 300] ${resources}`,
      Buffer.from(content),
    )
  }
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Resources << /XObject << /X ${firstForm} 0 R >> >> /Contents 4 0 R >>`,
    streamObject('', Buffer.from('/X Do')),
    ...Array.from({ length: depth }, (_, index) => form(index)),
  ])
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.byteLength)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** A PNG declaring 100,000 x 100,000 pixels (40 GB decoded) in a few hundred bytes. */
export function pngPixelBomb(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(100_000, 0)
  header.writeUInt32BE(100_000, 4)
  header.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A baseline JPEG declaring 65,535 x 65,535 pixels, the most the format can state. */
export function jpegPixelBomb(): Buffer {
  const frame = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0xff, 0xff, 0xff, 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03,
    0x11, 0x01,
  ])
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
    frame,
    Buffer.from([0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00]),
    Buffer.alloc(2048, 0x55),
    Buffer.from([0xff, 0xd9]),
  ])
}

/** The first `fraction` of a file, as an interrupted transfer leaves it. */
export function truncated(bytes: Buffer, fraction = 0.5): Buffer {
  return bytes.subarray(0, Math.max(16, Math.floor(bytes.byteLength * fraction)))
}

/** A file with the right magic bytes and nothing valid after them. */
export function garbageAfter(magic: string): Buffer {
  const noise = Buffer.alloc(64 * 1024)
  for (let i = 0; i < noise.byteLength; i++) noise[i] = (i * 7919 + 13) % 251
  return Buffer.concat([Buffer.from(magic, 'latin1'), noise])
}
