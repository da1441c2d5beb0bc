// GraphiQL comes whole from Daybook itself, behind a policy that forbids every other host, and only where GRAPHIQL allows it (DESIGN 7.8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { startServer, type TestServer } from '../support/server.js'

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

let development: TestServer
let production: TestServer
let switchedOff: TestServer
let switchedOn: TestServer

beforeAll(async () => {
  const productionEnv = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(64) }
  ;[development, production, switchedOff, switchedOn] = await Promise.all([
    startServer(),
    startServer({ env: productionEnv }),
    startServer({ env: { GRAPHIQL: 'false' } }),
    startServer({ env: { ...productionEnv, GRAPHIQL: 'true' } }),
  ])
})
afterAll(async () => {
  await Promise.all([development, production, switchedOff, switchedOn].map((server) => server.close()))
})

function openInBrowser(server: TestServer, urlPath = '/graphql') {
  return fetch(server.url + urlPath, { headers: { accept: browserAccept } })
}

/** The page's scripts and stylesheets, as the browser would fetch them. */
function referencedAssets(html: string): Array<{ url: string; kind: 'script' | 'style' }> {
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => ({
    url: m[1] as string,
    kind: 'script' as const,
  }))
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => ({
    url: m[1] as string,
    kind: 'style' as const,
  }))
  return [...scripts, ...styles]
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

describe('the GraphiQL page', () => {
  it('names no other host: every script and style it loads comes from the server that served it', async () => {
    for (const urlPath of ['/graphql', '/graphql/']) {
      const response = await openInBrowser(development, urlPath)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const html = await response.text()
      expect(html).toContain('GraphiQL')
      expect(html).not.toMatch(/https?:\/\//)
      expect(html).not.toMatch(/["'(]\/\//)
      const assets = referencedAssets(html)
      expect(assets.filter((asset) => asset.kind === 'script')).toHaveLength(3)
      expect(assets.filter((asset) => asset.kind === 'style')).toHaveLength(1)
      for (const asset of assets) {
        expect(asset.url.startsWith('/')).toBe(true)
        const loaded = await fetch(new URL(asset.url, development.url))
        expect(loaded.status, asset.url).toBe(200)
        expect(loaded.headers.get('content-type'), asset.url).toBe(
          asset.kind === 'script' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
        )
        expect(loaded.headers.get('cache-control'), asset.url).toBe('public, max-age=31536000, immutable')
        expect(loaded.headers.get('x-content-type-options'), asset.url).toBe('nosniff')
        const body = await loaded.text()
        expect(body.length, asset.url).toBeGreaterThan(1000)
        // A stylesheet could still pull fonts or images from elsewhere.
        if (asset.kind === 'style') expect(body).not.toMatch(/url\(\s*["']?(https?:)?\/\//)
      }
    }
  })

  it('carries a Content-Security-Policy that allows only this server, and a nonce for its own inline code', async () => {
    const response = await openInBrowser(development)
    const policy = response.headers.get('content-security-policy') ?? ''
    const html = await response.text()
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1]
    expect(nonce).toBeDefined()
    const parsed = directives(policy)
    expect(parsed.get('default-src')).toEqual(["'none'"])
    expect(parsed.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`])
    expect(parsed.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`])
    expect(parsed.get('connect-src')).toEqual(["'self'"])
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"])
    for (const [name, sources] of parsed) {
      for (const source of sources) {
        // Only keywords, the nonce and inline data: fonts and icons; never a host.
        expect(source, `${name} ${source}`).toMatch(/^('[a-z-]+'|'nonce-[A-Za-z0-9+/=]+'|data:)$/)
      }
    }
    const inline = [...html.matchAll(/<(script|style)(?![^>]*\ssrc=)([^>]*)>/g)]
    expect(inline.length).toBeGreaterThan(0)
    for (const tag of inline) expect(tag[2]).toContain(`nonce="${nonce}"`)

    // A nonce serves one answer only: no cache may hand the page out again.
    expect(response.headers.get('cache-control')).toBe('no-store')
    const again = await openInBrowser(development)
    expect(again.headers.get('content-security-policy')).not.toBe(policy)
  })

  it('prefills the header editor with the Authorization header to fill in', async () => {
    const html = await (await openInBrowser(development)).text()
    expect(html).toContain('\\"Authorization\\": \\"Bearer <your API key>\\"')
  })

  it('is served in production only when GRAPHIQL=true says so', async () => {
    const response = await openInBrowser(switchedOn)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })
})

describe('without GraphiQL', () => {
  it.each([
    ['GRAPHIQL=false', () => switchedOff],
    ['production by default', () => production],
  ])(
    '%s: a browser gets the answer to a GET without a query, and no asset is served',
    async (_name, server) => {
      const html = await (await openInBrowser(development)).text()
      const response = await openInBrowser(server())
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(response.headers.get('content-security-policy')).toBeNull()
      expect(await response.json()).toEqual({
        errors: [{ message: 'Missing query.', extensions: { code: 'MALFORMED_REQUEST' } }],
      })
      for (const asset of referencedAssets(html)) {
        const loaded = await fetch(new URL(asset.url, server().url))
        expect(loaded.status, asset.url).toBe(404)
      }
    },
  )

  it('refuses a setting other than true or false', () => {
    expect(() => loadConfig({ GRAPHIQL: 'yes' })).toThrow(/GRAPHIQL/)
  })
})
