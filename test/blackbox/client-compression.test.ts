// Large answers travel gzip- or brotli-compressed to clients that ask, small ones and receipt files as they are, with every header the other conventions add.
import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipart, pdfWithText } from '../support/files.js'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let tenant: Tenant

beforeAll(async () => {
  server = await startServer()
  tenant = await createTenant(server)
  const created = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      server.gql(
        'mutation ($org: UUID!, $m: String!, $a: String!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: "2026-03-01") { success } }',
        { org: tenant.organizationId, m: `Merchant number ${i}`, a: `${i + 1}.25` },
        tenant.bearer,
      ),
    ),
  )
  for (const answer of created) expect(answer.body.data?.createLedgerEvent.success).toBe(true)
})
afterAll(() => server.close())

interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** The bytes as they came over the wire, still compressed. */
  bytes: Buffer
}

/** fetch decompresses on its own; this reads the answer as it was sent. */
function raw(
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      server.url + urlPath,
      { method: options.method ?? 'GET', headers: options.headers },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            bytes: Buffer.concat(chunks),
          }),
        )
        incoming.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

const pageOfEvents = JSON.stringify({
  query:
    'query ($org: UUID!) { listLedgerEvents(organizationId: $org, limit: 200) { totalCount items { id merchantName functionalAmount functionalCurrency transactionDate status } } }',
  variables: {},
})

function postPage(acceptEncoding: string | undefined) {
  const body = JSON.parse(pageOfEvents) as { query: string; variables: Record<string, string> }
  body.variables.org = tenant.organizationId
  return raw('/graphql', {
    method: 'POST',
    headers: {
      ...tenant.bearer,
      'content-type': 'application/json',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    body: JSON.stringify(body),
  })
}

const varyOf = (answer: RawAnswer) =>
  String(answer.headers.vary ?? '')
    .split(',')
    .map((field) => field.trim().toLowerCase())

describe('a large page of events', () => {
  it('comes gzip-compressed when asked, decompresses to the same JSON, and keeps its headers', async () => {
    const plain = await postPage(undefined)
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const expected = JSON.parse(plain.bytes.toString('utf8')) as {
      data: { listLedgerEvents: { totalCount: number } }
    }
    expect(expected.data.listLedgerEvents.totalCount).toBe(40)
    expect(plain.bytes.length).toBeGreaterThan(4096)

    const gzipped = await postPage('gzip')
    expect(gzipped.status).toBe(200)
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 3)
    expect(JSON.parse(gunzipSync(gzipped.bytes).toString('utf8'))).toEqual(expected)
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(gzipped.headers['cache-control']).toBe('no-store')
    expect(gzipped.headers['x-ratelimit-limit']).toBe('5000')
    expect(gzipped.headers['x-ratelimit-remaining']).toMatch(/^\d+$/)
    expect(gzipped.headers['x-request-id']).toBeDefined()
    expect(varyOf(gzipped)).toEqual(expect.arrayContaining(['authorization', 'accept-encoding']))
  })

  it('comes brotli-compressed to a client that prefers it', async () => {
    const plain = await postPage(undefined)
    const brotli = await postPage('br;q=1, gzip;q=0.5')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(brotli.bytes).toString('utf8'))).toEqual(
      JSON.parse(plain.bytes.toString('utf8')),
    )
  })

  it('comes as it is to a client that takes no compression Daybook offers', async () => {
    const answer = await postPage('deflate')
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(answer.bytes.toString('utf8')).data.listLedgerEvents.totalCount).toBe(40)
  })
})

describe('small answers', () => {
  it('go uncompressed whatever the client accepts', async () => {
    const answer = await raw('/graphql', {
      method: 'POST',
      headers: { ...tenant.bearer, 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      body: JSON.stringify({ query: '{ myOrganizations { id } }' }),
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(answer.bytes.toString('utf8')).data.myOrganizations).toHaveLength(1)
    expect(answer.headers.vary).toBe('Authorization')
  })
})

describe('the SDL download', () => {
  it('comes gzip-compressed when asked', async () => {
    const plain = await raw('/graphql/schema.graphql')
    const gzipped = await raw('/graphql/schema.graphql', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.status).toBe(200)
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(gunzipSync(gzipped.bytes).toString('utf8')).toBe(plain.bytes.toString('utf8'))
  })
})

describe('receipt files', () => {
  it('are sent as stored, with their length, even to a client that accepts compression', async () => {
    const pdf = await pdfWithText(['Receipt', 'Total 12.50'])
    const uploaded = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: tenant.bearer,
      body: multipart([{ name: 'file', filename: 'receipt.pdf', bytes: pdf, type: 'application/pdf' }]),
    })
    expect(uploaded.status).toBe(201)
    const { s3Key } = (await uploaded.json()) as { s3Key: string }
    const file = await raw(`/files/${s3Key}`, {
      headers: { ...tenant.bearer, 'accept-encoding': 'gzip, br' },
    })
    expect(file.status).toBe(200)
    expect(file.headers['content-encoding']).toBeUndefined()
    expect(file.headers['content-length']).toBe(String(pdf.length))
    expect(file.headers['cache-control']).toBe('no-store')
    // Nothing stored is ever run or sniffed into another type by a browser on the API's origin.
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.headers['content-security-policy']).toBe('sandbox')
    expect(Buffer.compare(file.bytes, pdf)).toBe(0)
  })
})

describe('GraphiQL assets', () => {
  it('come compressed: the largest is a megabyte as it is', async () => {
    const page = await (await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } })).text()
    const script = /<script src="([^"]*\/graphiql@[^"]*\.js)"/.exec(page)?.[1]
    expect(script).toBeDefined()
    const plain = await raw(script as string)
    expect(plain.bytes.length).toBeGreaterThan(500_000)
    const brotli = await raw(script as string, { headers: { 'accept-encoding': 'br' } })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 3)
    expect(Buffer.compare(brotliDecompressSync(brotli.bytes), plain.bytes)).toBe(0)
  })
})
