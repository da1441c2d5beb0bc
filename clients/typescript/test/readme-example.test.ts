import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { type DaybookServer, startDaybook } from './support/daybook-server.js'

// The README's example is examples/review-queue.ts word for word, and it runs against Daybook.

let server: DaybookServer

beforeAll(async () => {
  server = await startDaybook()
})

afterAll(async () => {
  await server?.stop()
})

it('the README shows examples/review-queue.ts as it is', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const example = readFileSync(new URL('../examples/review-queue.ts', import.meta.url), 'utf8')
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``)
})

it('the example takes a purchase from the review queue to the income statement', async () => {
  const tenant = await server.createTenant('README Example')
  vi.stubEnv('DAYBOOK_URL', server.url)
  vi.stubEnv('DAYBOOK_API_KEY', tenant.apiKey)
  const printed: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => {
    printed.push(line)
  })
  try {
    await import('../examples/review-queue.js')
  } finally {
    log.mockRestore()
    vi.unstubAllEnvs()
  }
  expect(printed).toEqual(['1 event(s) to review', "November's expenses: 42.50 CAD"])
})
