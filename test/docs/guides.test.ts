// Every guide's example runs as its reader would run it, against a real server, and exits 0; every guide links only to files that exist.
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const run = promisify(execFile)
const guidesDir = path.resolve(import.meta.dirname, '../../docs/guides')
const examplesDir = path.join(guidesDir, 'examples')

let server: TestServer

beforeAll(async () => {
  // The webhooks example receives its deliveries on a loopback port, over plain http.
  server = await startServer({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOW_HTTP: 'true' } })
})

afterAll(async () => {
  await server?.close()
})

/** Runs one example on a fresh organization of its own, with the environment its guide names. */
async function runExample(name: string): Promise<string> {
  const tenant = await createTenant(server)
  const token = tenant.owner.jwt.authorization?.replace(/^JWT /, '') ?? ''
  const env = {
    PATH: process.env.PATH ?? '',
    DAYBOOK_URL: server.url,
    DAYBOOK_API_KEY: tenant.apiKey,
    DAYBOOK_TOKEN: token,
    DAYBOOK_EMAIL: tenant.owner.email,
    DAYBOOK_PASSWORD: tenant.owner.password,
  }
  try {
    const { stdout } = await run(process.execPath, [path.join(examplesDir, name)], { env, timeout: 90_000 })
    return stdout
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    throw new Error(`${name} exited ${failed.code}\n${failed.stdout}\n${failed.stderr}`)
  }
}

describe('guide examples', () => {
  const expected: Record<string, RegExp> = {
    'getting-started.mjs': /^confirmed: journal entry [0-9a-f-]{36}$/m,
    'authentication.mjs': /^read key writes: .*\(INSUFFICIENT_SCOPE\)$/m,
    'errors-and-retries.mjs': /^idempotent retry: event [0-9a-f-]{36} created once, second answer replayed$/m,
    'pagination.mjs': /^limit 5000 is served as pageSize 200$/m,
    'bank-files.mjs': /^imported 3, skipped 0$/m,
    'receipts.mjs': /^read: .+, 42 \(confidence [\d.]+\), \d{4}-\d{2}-\d{2}; status reviewed$/m,
    'webhooks-and-feed.mjs':
      /^received ledger_event\.created \(webhook-id [0-9a-f-]{36}\), signature verified$/m,
    'mcp.mjs': /^tools \(\d+\): .*list_accounts/m,
  }

  it('covers every example in docs/guides/examples', () => {
    const scripts = readdirSync(examplesDir).filter((name) => name.endsWith('.mjs'))
    expect(scripts.sort()).toEqual(Object.keys(expected).sort())
  })

  for (const [name, line] of Object.entries(expected)) {
    it(`${name} runs to its end`, { timeout: 120_000 }, async () => {
      const stdout = await runExample(name)
      expect(stdout).toMatch(line)
      expect(stdout.trimEnd().split('\n').at(-1)).toBe('ok')
    })
  }
})

describe('guide links', () => {
  const guides = readdirSync(guidesDir).filter((name) => name.endsWith('.md'))

  it.each(guides)('%s links only to files that exist', (name) => {
    const text = readFileSync(path.join(guidesDir, name), 'utf8')
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '')
    const local = targets.filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith('#'))
    const missing = local.filter((target) => !existsSync(path.resolve(guidesDir, target.split('#')[0] ?? '')))
    expect(missing).toEqual([])
  })

  it.each(guides)('every JavaScript block of %s is a part of an example, as it runs', (name) => {
    const text = readFileSync(path.join(guidesDir, name), 'utf8')
    const examples = readdirSync(examplesDir)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(path.join(examplesDir, file), 'utf8'))
    const blocks = [...text.matchAll(/```js\n([\s\S]*?)\n```/g)].map((match) => match[1] ?? '')
    const strays = blocks.filter((block) => !examples.some((example) => example.includes(block)))
    expect(strays).toEqual([])
  })

  it('the index lists every guide', () => {
    const index = readFileSync(path.join(guidesDir, 'README.md'), 'utf8')
    const unlisted = guides.filter((name) => name !== 'README.md' && !index.includes(`(${name})`))
    expect(unlisted).toEqual([])
  })
})
