import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import PDFDocument from 'pdfkit'

/** The smallest valid PNG: one white pixel. Enough for type checks; there is nothing to read on it. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
)

/** A PDF with a real text layer, one line per entry. */
export function pdfWithText(lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A6', margin: 24 })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.fontSize(11)
    for (const line of lines) doc.text(line)
    doc.end()
  })
}

/** A PNG photo-like receipt rendered by ImageMagick, for OCR. */
export function pngWithText(lines: string[]): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'daybook-png-'))
  const out = path.join(dir, 'receipt.png')
  execFileSync('convert', [
    '-background',
    'white',
    '-fill',
    'black',
    '-font',
    'DejaVu-Sans-Mono',
    '-pointsize',
    '28',
    '-bordercolor',
    'white',
    '-border',
    '30',
    // Debian's ImageMagick policy refuses label:@file, so the text goes in the argument itself.
    `label:${lines.join('\n')}`,
    out,
  ])
  return readFileSync(out)
}

export function multipart(
  parts: Array<
    { name: string; value: string } | { name: string; filename: string; bytes: Buffer; type?: string }
  >,
) {
  const form = new FormData()
  for (const part of parts) {
    if ('bytes' in part)
      form.append(
        part.name,
        new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }),
        part.filename,
      )
    else form.append(part.name, part.value)
  }
  return form
}
