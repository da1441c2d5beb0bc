// Binary documents are recognised by their bytes, and image sizes are read from headers without decoding.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageMagick, requireTool } from '../../../../test/support/system-tools.js'
import { imageSize, sniffDocument } from './sniff-document.js'

const bytes = (...values: number[]) => new Uint8Array(values)
const text = (value: string) => new TextEncoder().encode(value)

describe('sniffDocument', () => {
  it.each([
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0)],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['webp', text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')],
    ['pdf', text('%PDF-1.7\n')],
    ['pdf', text('garbage before the header %PDF-1.4\n')],
  ])('recognises %s', (kind, data) => {
    expect(sniffDocument(data)).toBe(kind)
  })

  it.each([
    ['empty', bytes()],
    ['text', text('Total 5.00')],
    ['GIF', text('GIF89a')],
    ['a PNG signature cut short', bytes(0x89, 0x50, 0x4e)],
    ['RIFF that is not WebP', text('RIFF\u0000\u0000\u0000\u0000WAVEfmt ')],
  ])('recognises nothing in %s', (_, data) => {
    expect(sniffDocument(data)).toBeNull()
  })
})

describe('imageSize', () => {
  let directory = ''
  beforeAll(async () => {
    await requireTool(imageMagick)
    directory = await mkdtemp(path.join(os.tmpdir(), 'sniff-'))
  })
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true })
  })

  const render = async (name: string, ...options: string[]) => {
    const file = path.join(directory, name)
    await promisify(execFile)('convert', ['-size', '123x45', 'xc:#cccccc', ...options, file])
    return new Uint8Array(await readFile(file))
  }

  it.each([
    ['png', 'plain.png', []],
    ['jpeg', 'baseline.jpg', []],
    ['jpeg', 'progressive.jpg', ['-interlace', 'JPEG']],
    ['webp', 'lossy.webp', []],
    ['webp', 'lossless.webp', ['-define', 'webp:lossless=true']],
    ['webp', 'alpha.webp', ['-alpha', 'set', '-channel', 'A', '-evaluate', 'set', '50%', '+channel']],
  ] as const)('reads %s from %s', async (kind, name, options) => {
    const data = await render(name, ...options)
    expect(sniffDocument(data)).toBe(kind)
    expect(imageSize(data, kind)).toEqual({ width: 123, height: 45 })
  })

  it('gives up on a damaged header', async () => {
    const data = await render('cut.jpg')
    expect(imageSize(data.subarray(0, 20), 'jpeg')).toBeNull()
    expect(imageSize(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'png')).toBeNull()
  })
})
