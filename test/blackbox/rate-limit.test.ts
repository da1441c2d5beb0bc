// The hourly API-key quota: headers, the 429 after exactly the configured count, JWT not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let tenant: Tenant

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_PER_HOUR: '5' } })
  tenant = await createTenant(server)
})
afterAll(() => server.close())

const query = '{ myOrganizations { id } }'

describe('rate limit', () => {
  it('counts down, then answers 429 with Retry-After and the exact message', async () => {
    for (let i = 1; i <= 5; i++) {
      const response = await server.gql(query, {}, tenant.bearer)
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ratelimit-limit')).toBe('5')
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(5 - i))
    }
    const refused = await server.gql(query, {}, tenant.bearer)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      errors: [{ message: 'Rate Limit Exceeded. 5 Requests/Hour.', extensions: { code: 'RATE_LIMITED' } }],
    })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
  })

  it('keeps a separate quota per key', async () => {
    const other = await createTenant(server)
    const response = await server.gql(query, {}, other.bearer)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-ratelimit-remaining')).toBe('4')
  })

  it('does not count or limit JWT requests', async () => {
    for (let i = 0; i < 8; i++) {
      const response = await server.gql(query, {}, tenant.owner.jwt)
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ratelimit-limit')).toBeNull()
    }
  })

  it('does not count requests without a valid key', async () => {
    const response = await server.gql(query, {}, { authorization: 'Bearer dbk_unknown' })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-ratelimit-limit')).toBeNull()
  })
})

describe('simultaneous requests', () => {
  it('are counted exactly: a burst over the quota lets the quota through and no more', async () => {
    const burst = await createTenant(server)
    const answers = await Promise.all(Array.from({ length: 12 }, () => server.gql(query, {}, burst.bearer)))
    const allowed = answers.filter((a) => a.status === 200)
    expect(allowed).toHaveLength(5)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7)
    expect(allowed.map((a) => a.headers.get('x-ratelimit-remaining')).sort()).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
    ])
  })

  it('on PostgreSQL, draw on one quota from two servers, over it by at most two batches', async () => {
    if (server.engine !== 'postgres') return
    // A quota of 300 counts in batches of 3 (a hundredth): two processes may let 2 × 3 more through.
    const first = await startServer({ env: { RATE_LIMIT_PER_HOUR: '300' } })
    const second = await startServer({ env: { RATE_LIMIT_PER_HOUR: '300' } })
    try {
      const shared = await createTenant(first)
      const answers: Array<{ status: number }> = []
      for (let wave = 0; wave < 8; wave++) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 50 }, (_, i) =>
              (i % 2 === 0 ? first : second).gql(query, {}, shared.bearer),
            ),
          )),
        )
      }
      const allowed = answers.filter((a) => a.status === 200).length
      expect(allowed).toBeGreaterThanOrEqual(300)
      expect(allowed).toBeLessThanOrEqual(306)
      expect(answers.filter((a) => a.status === 429)).toHaveLength(400 - allowed)
    } finally {
      await second.close()
      await first.close()
    }
  })
})

describe('default quota', () => {
  it('is 5,000 with the spec message', async () => {
    const plain = await startServer()
    try {
      const t = await createTenant(plain)
      const response = await plain.gql(query, {}, t.bearer)
      expect(response.headers.get('x-ratelimit-limit')).toBe('5000')
      expect(response.headers.get('x-ratelimit-remaining')).toBe('4999')
    } finally {
      await plain.close()
    }
  })
})
