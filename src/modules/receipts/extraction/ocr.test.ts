// tesseract.js (WebAssembly from npm, no system package) reads PNG, JPEG and WebP receipts from installed files only, and bad images fail as values.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Tesseract from 'tesseract.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { corpus, renderImage } from '../../../../test/support/receipt-corpus.js'
import { createOcr, type Ocr, OcrImageError, ocrPaths } from './ocr.js'

const root = path.resolve(import.meta.dirname, '../../../..')
const receipt = corpus[0]
if (!receipt) throw new Error('The corpus is empty.')

describe('ocrPaths', () => {
  it('points tesseract.js at installed files, never at a URL', () => {
    const paths = ocrPaths('/var/lib/daybook/ocr')
    expect(existsSync(path.join(paths.langPath, 'eng.traineddata.gz'))).toBe(true)
    expect(paths.langPath).toContain(path.join('node_modules', '@tesseract.js-data', 'eng', '4.0.0_best_int'))
    expect(existsSync(paths.workerPath)).toBe(true)
    expect(paths.cachePath).toBe('/var/lib/daybook/ocr')
    for (const value of Object.values(paths)) expect(value).not.toMatch(/^[a-z]+:\/\//i)
  })
})

describe('createOcr', () => {
  let directory = ''
  let ocr: Ocr
  const images: Record<string, { bytes: Uint8Array; contentType: string }> = {}
  const createWorker = vi.spyOn(Tesseract, 'createWorker')

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'ocr-test-'))
    // The corpus cycles styles by position: 0 is a clean PNG, 2 a small low-quality JPEG, 5 a WebP.
    for (const index of [0, 2, 5]) {
      const image = await renderImage(receipt, index, directory)
      images[image.contentType] = image
    }
    ocr = createOcr({ cacheDir: path.join(directory, 'cache') })
  })

  afterAll(async () => {
    await ocr.close()
    await rm(directory, { recursive: true, force: true })
  })

  it.each(['image/png', 'image/jpeg', 'image/webp'])('reads a %s receipt', async (contentType) => {
    const image = images[contentType]
    if (!image) throw new Error(`No ${contentType} rendered.`)
    const text = await ocr.recognize(image.bytes)
    expect(text).toContain('TIM HORTONS')
    expect(text).toMatch(/TOTAL\s+\$6\.18/)
  })

  it('reads images given together one after another, on one engine', async () => {
    const png = images['image/png']?.bytes ?? new Uint8Array()
    const texts = await Promise.all([ocr.recognize(png), ocr.recognize(png), ocr.recognize(png)])
    for (const text of texts) expect(text).toContain('TIM HORTONS')
    expect(createWorker).toHaveBeenCalledTimes(1)
  })

  it('refuses what is not an image before the engine sees it', async () => {
    await expect(ocr.recognize(new TextEncoder().encode('Total 5.00'))).rejects.toBeInstanceOf(OcrImageError)
    const huge = new Uint8Array(32)
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    huge.set([0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20], 16)
    await expect(ocr.recognize(huge)).rejects.toThrow(/too large .*20000x20000/)
  })

  it('fails a damaged image as a value and keeps working', async () => {
    const png = images['image/png']?.bytes ?? new Uint8Array()
    await expect(ocr.recognize(png.subarray(0, 2_000))).rejects.toBeInstanceOf(OcrImageError)
    expect(await ocr.recognize(png)).toContain('TIM HORTONS')
    expect(createWorker).toHaveBeenCalledTimes(1)
  })

  it('writes nothing into the working directory or the cache directory', async () => {
    expect(existsSync(path.join(process.cwd(), 'eng.traineddata'))).toBe(false)
    const cache = path.join(directory, 'cache')
    expect(existsSync(cache) ? await readdir(cache) : []).toEqual([])
  })

  it('replaces an engine that ran out of time', async () => {
    const impatient = createOcr({ timeoutMs: 1 })
    const png = images['image/png']?.bytes ?? new Uint8Array()
    const before = createWorker.mock.calls.length
    try {
      await expect(impatient.recognize(png)).rejects.toThrow(/did not finish/)
      await expect(impatient.recognize(png)).rejects.toBeInstanceOf(OcrImageError)
      expect(createWorker.mock.calls.length - before).toBe(2)
    } finally {
      await impatient.close()
    }
    await expect(impatient.recognize(png)).rejects.toThrow(/closed/)
  })

  // The machine running the tests may have a network; this proves the engine does not use one.
  // A preloaded guard replaces fetch, TCP sockets and DNS in every thread (--require runs in worker
  // threads too) and logs each attempt; the child first trips it once per thread, as a control.
  it('never reaches for the network, from any thread', async () => {
    const guard = path.join(directory, 'deny-network.cjs')
    const child = path.join(directory, 'read-offline.mts')
    const log = path.join(directory, 'network.log')
    const image = path.join(directory, 'offline.png')
    await writeFile(image, images['image/png']?.bytes ?? new Uint8Array())
    await writeFile(log, '')
    await writeFile(
      guard,
      `const fs = require('node:fs'), net = require('node:net'), tls = require('node:tls'), dns = require('node:dns')
      const { threadId } = require('node:worker_threads')
      const deny = (what) => {
        fs.appendFileSync(process.env.NETWORK_LOG, threadId + ' ' + what + '\\n')
        throw new Error('network denied: ' + what)
      }
      globalThis.fetch = async (url) => deny('fetch ' + url)
      // Local IPC (tsx talks to its own pipe) is no network; a host and port are.
      const connect = net.Socket.prototype.connect
      net.Socket.prototype.connect = function (...args) {
        const target = Array.isArray(args[0]) ? args[0][0] : args[0]
        const local = typeof target === 'string' || (typeof target === 'object' && target !== null && 'path' in target)
        if (!local) deny('socket ' + JSON.stringify(target))
        return connect.apply(this, args)
      }
      tls.connect = () => deny('tls')
      dns.lookup = () => deny('dns')
      dns.promises.lookup = async () => deny('dns')`,
    )
    await writeFile(
      child,
      `import { readFileSync } from 'node:fs'
      import { Worker } from 'node:worker_threads'
      const [ocrModule, image, cacheDir] = process.argv.slice(2)
      await fetch('https://cdn.jsdelivr.net/control').catch(() => undefined)
      await new Promise((resolve) => {
        new Worker("fetch('https://cdn.jsdelivr.net/control').catch(() => undefined)", { eval: true }).on('exit', resolve)
      })
      const { createOcr } = await import(ocrModule)
      const ocr = createOcr({ cacheDir })
      const text = await ocr.recognize(new Uint8Array(readFileSync(image)))
      await ocr.close()
      process.stdout.write(JSON.stringify({ text }))`,
    )
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--require',
        guard,
        '--import',
        'tsx',
        child,
        path.join(import.meta.dirname, 'ocr.ts'),
        image,
        directory,
      ],
      { cwd: root, env: { ...process.env, NETWORK_LOG: log }, timeout: 60_000 },
    )
    expect(JSON.parse(stdout).text).toMatch(/TOTAL\s+\$6\.18/)
    const attempts = (await readFile(log, 'utf8')).trim().split('\n')
    expect(attempts).toHaveLength(2)
    expect(attempts[0]).toBe('0 fetch https://cdn.jsdelivr.net/control')
    expect(attempts[1]).toMatch(/^[1-9]\d* fetch https:\/\/cdn\.jsdelivr\.net\/control$/)
  }, 90_000)
})
