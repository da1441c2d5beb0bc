// Browser pages of the origins in CORS_ORIGINS may call the API and read what they need of its answers; pages of any other origin may not (DESIGN 7.8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const allowedOrigin = 'https://books.example.com'
const otherAllowedOrigin = 'http://localhost:5173'
const strangerOrigin = 'https://evil.example.net'

let server: TestServer
let closed: TestServer
let tenant: Tenant

beforeAll(async () => {
  ;[server, closed] = await Promise.all([
    startServer({
      env: { CORS_ORIGINS: `${allowedOrigin}, ${otherAllowedOrigin}`, RATE_LIMIT_PER_HOUR: '3' },
    }),
    startServer(),
  ])
  tenant = await createTenant(server)
})
afterAll(async () => {
  await Promise.all([server.close(), closed.close()])
})

const apiPaths = ['/graphql', '/graphql/', '/graphql/schema.graphql', '/uploads', '/files/some/receipt.pdf']

function preflight(target: TestServer, urlPath: string, origin: string) {
  return fetch(target.url + urlPath, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, idempotency-key',
    },
  })
}

const listed = (value: string | null) => (value ?? '').split(',').map((item) => item.trim().toLowerCase())

describe('preflight', () => {
  it.each(apiPaths)(
    'allows an origin of CORS_ORIGINS the methods and headers Daybook reads on %s',
    async (urlPath) => {
      for (const origin of [allowedOrigin, otherAllowedOrigin]) {
        const response = await preflight(server, urlPath, origin)
        expect(response.status).toBe(204)
        expect(response.headers.get('access-control-allow-origin')).toBe(origin)
        expect(listed(response.headers.get('access-control-allow-methods'))).toEqual(
          expect.arrayContaining(['get', 'post']),
        )
        expect(listed(response.headers.get('access-control-allow-headers'))).toEqual(
          expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']),
        )
        expect(response.headers.get('access-control-max-age')).toBe('600')
        expect(response.headers.get('access-control-allow-credentials')).toBeNull()
        expect(listed(response.headers.get('vary'))).toContain('origin')
      }
    },
  )

  it('refuses any other origin: no Access-Control-Allow-Origin', async () => {
    for (const urlPath of apiPaths) {
      const response = await preflight(server, urlPath, strangerOrigin)
      expect(response.headers.get('access-control-allow-origin'), urlPath).toBeNull()
    }
    // Browsers send Origin as scheme://host[:port], and it must match exactly.
    for (const lookalike of [`${allowedOrigin}.evil.example.net`, 'http://books.example.com']) {
      const response = await preflight(server, '/graphql', lookalike)
      expect(response.headers.get('access-control-allow-origin'), lookalike).toBeNull()
    }
  })

  it('approves nothing outside the API, even for an allowed origin', async () => {
    for (const urlPath of ['/metrics', '/healthz', '/intake/email']) {
      const response = await preflight(server, urlPath, allowedOrigin)
      expect(response.status, urlPath).toBe(404)
      expect(response.headers.get('access-control-allow-origin'), urlPath).toBeNull()
    }
  })

  it('is refused everywhere when CORS_ORIGINS is unset', async () => {
    const response = await preflight(closed, '/graphql', allowedOrigin)
    expect(response.status).toBe(404)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(response.headers.get('access-control-allow-methods')).toBeNull()
  })
})

describe('actual requests', () => {
  it('carry Access-Control-Allow-Origin only for an allowed origin, and expose the quota headers', async () => {
    const allowed = await server.gql(
      '{ myOrganizations { id } }',
      {},
      { ...tenant.bearer, origin: allowedOrigin },
    )
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(allowedOrigin)
    expect(listed(allowed.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining([
        'retry-after',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-request-id',
        'daybook-version',
      ]),
    )
    expect(allowed.headers.get('daybook-version')).toMatch(/^\d+\.\d+\.\d+$/)
    expect(allowed.headers.get('cache-control')).toBe('no-store')
    expect(listed(allowed.headers.get('vary'))).toEqual(expect.arrayContaining(['origin', 'authorization']))

    const stranger = await server.gql(
      '{ myOrganizations { id } }',
      {},
      { ...tenant.bearer, origin: strangerOrigin },
    )
    expect(stranger.status).toBe(200)
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull()

    const sdl = await fetch(`${server.url}/graphql/schema.graphql`, { headers: { origin: allowedOrigin } })
    expect(sdl.headers.get('access-control-allow-origin')).toBe(allowedOrigin)
    const sdlStranger = await fetch(`${server.url}/graphql/schema.graphql`, {
      headers: { origin: strangerOrigin },
    })
    expect(sdlStranger.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('let an allowed page read a refusal: the upload refused and the 429 with its Retry-After', async () => {
    const upload = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: { origin: allowedOrigin },
      body: new FormData(),
    })
    expect(upload.status).toBe(401)
    expect(upload.headers.get('access-control-allow-origin')).toBe(allowedOrigin)

    const spender = await createTenant(server)
    let refused: Response | undefined
    for (let i = 0; i < 4; i++) {
      refused = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { ...spender.bearer, origin: allowedOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ myOrganizations { id } }' }),
      })
    }
    expect(refused?.status).toBe(429)
    expect(refused?.headers.get('access-control-allow-origin')).toBe(allowedOrigin)
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(listed(refused?.headers.get('access-control-expose-headers') ?? null)).toContain('retry-after')
  })

  it('add no CORS headers outside the API', async () => {
    const response = await fetch(`${server.url}/healthz`, { headers: { origin: allowedOrigin } })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('add nothing when CORS_ORIGINS is unset', async () => {
    const response = await fetch(`${closed.url}/graphql/schema.graphql`, {
      headers: { origin: allowedOrigin },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(listed(response.headers.get('vary'))).not.toContain('origin')
  })
})

describe('CORS_ORIGINS', () => {
  it.each([
    'https://Books.example.com',
    'https://books.example.com/',
    'https://books.example.com:443',
    'https://books.example.com/app',
    '*',
    'null',
    'books.example.com',
    'ftp://books.example.com',
  ])('refuses %s, which no browser sends as an Origin', (entry) => {
    expect(() => loadConfig({ CORS_ORIGINS: `${allowedOrigin},${entry}` })).toThrow(/CORS_ORIGINS/)
  })

  it('takes origins separated by commas, with or without spaces', () => {
    expect(loadConfig({ CORS_ORIGINS: ` ${allowedOrigin} ,${otherAllowedOrigin}` }).corsOrigins).toEqual([
      allowedOrigin,
      otherAllowedOrigin,
    ])
    expect(loadConfig({}).corsOrigins).toEqual([])
  })
})
