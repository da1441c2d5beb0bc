// The server hands out the built web app under /app/ the way browsers need it: screens' paths answer the page, hashed files are kept for good, the page is checked each time, a strict policy forbids every other host, and without a build /app says how to make one.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAppRoutes, webAppDirectory } from '../../src/http/app-route.js'
import { assertWebAppBuilt } from '../support/browser.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  assertWebAppBuilt()
  server = await startServer()
})
afterAll(() => server?.close())

const get = (urlPath: string) => fetch(server.url + urlPath, { redirect: 'manual' })

function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '').split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

describe('the web app under /app', () => {
  it('moves /app to /app/, keeping the query', async () => {
    const response = await get('/app?from=mail')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/app/?from=mail')
  })

  it('answers the page at /app/ and at any path of a screen, checked again on each visit', async () => {
    for (const urlPath of ['/app/', '/app/queue', '/app/some/screen/deep']) {
      const response = await get(urlPath)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      const html = await response.text()
      expect(html).toContain('<div id="app"></div>')
      expect(html).not.toMatch(/https?:\/\//)
      expect(html).not.toMatch(/<script>|<script type="module">[^<]/)
    }
  })

  it('lets browsers keep the hashed files for good, and answers a missing one 404 that nothing keeps', async () => {
    const assets = readdirSync(path.join(webAppDirectory, 'assets'))
    const script = assets.find((name) => name.endsWith('.js'))
    expect(script).toBeDefined()
    const response = await get(`/app/assets/${script}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/javascript/)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')

    const missing = await get('/app/assets/index-00000000.js')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable')
  })

  it('sends a policy that allows this origin alone and no inline script, and forbids sniffing', async () => {
    for (const urlPath of ['/app/', '/app/favicon.svg']) {
      const response = await get(urlPath)
      const policy = directives(response.headers.get('content-security-policy'))
      expect(policy.get('default-src')).toEqual(["'self'"])
      expect(policy.get('script-src')).toEqual(["'self'"])
      expect(policy.get('connect-src')).toEqual(["'self'"])
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  it('answers 503 with what to run when the app is not built', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'daybook-no-web-'))
    const app = Fastify()
    try {
      await registerAppRoutes(app, empty)
      for (const url of ['/app/', '/app/queue']) {
        const response = await app.inject({ method: 'GET', url })
        expect(response.statusCode).toBe(503)
        expect(response.body).toMatch(/^[^\n]*npm run build[^\n]*\n$/)
      }
      expect((await app.inject({ method: 'GET', url: '/app' })).statusCode).toBe(301)
    } finally {
      await app.close()
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
