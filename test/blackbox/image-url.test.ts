// A receipt's imageUrl never trusts the caller's Host header: PUBLIC_URL when set, else a relative link.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipart, tinyPng } from '../support/files.js'
import { createTenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const forgedHost = {
  host: 'attacker.example',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'https',
}

/** Uploads a file, attaches it to a new event, and lists the receipt's imageUrl with forged host headers. */
async function imageUrlOf(server: TestServer): Promise<{ imageUrl: string; s3Key: string }> {
  const tenant = await createTenant(server)
  const created = await server.gql(
    'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "Cafe", amount: "4.50", transactionDate: "2026-03-01") { eventId } }',
    { org: tenant.organizationId },
    tenant.bearer,
  )
  const eventId = created.body.data?.createLedgerEvent.eventId
  const uploaded = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers: tenant.bearer,
    body: multipart([{ name: 'file', filename: 'cafe.png', bytes: tinyPng, type: 'image/png' }]),
  })
  expect(uploaded.status).toBe(201)
  const { s3Key } = (await uploaded.json()) as { s3Key: string }
  const attached = await server.gql(
    'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success } }',
    { org: tenant.organizationId, e: eventId, k: s3Key },
    tenant.bearer,
  )
  expect(attached.body.data?.attachReceiptToEvent.success).toBe(true)
  // fetch sets Host itself; node:http sends the forged one as given.
  const listed = await postWithHost(server, tenant.bearer, {
    query: 'query ($org: UUID!) { listReceipts(organizationId: $org) { items { imageUrl } } }',
    variables: { org: tenant.organizationId },
  })
  expect(listed.errors).toBeUndefined()
  return { imageUrl: listed.data?.listReceipts.items[0].imageUrl, s3Key }
}

function postWithHost(
  server: TestServer,
  headers: Record<string, string>,
  body: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: a GraphQL answer
): Promise<any> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const call = request(
      `${server.url}/graphql`,
      { method: 'POST', headers: { ...headers, ...forgedHost, 'content-type': 'application/json' } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve(JSON.parse(text)))
      },
    )
    call.on('error', reject)
    call.end(payload)
  })
}

describe('without PUBLIC_URL', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server.close())

  it('is a link relative to the server, whatever Host says', async () => {
    const { imageUrl, s3Key } = await imageUrlOf(server)
    expect(imageUrl).toBe(`/files/${s3Key}`)
    expect(imageUrl).not.toContain('attacker')
  })
})

describe('with PUBLIC_URL', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL: 'https://books.example.com/' } })
  })
  afterAll(() => server.close())

  it('is under PUBLIC_URL, whatever Host says', async () => {
    const { imageUrl, s3Key } = await imageUrlOf(server)
    expect(imageUrl).toBe(`https://books.example.com/files/${s3Key}`)
  })
})
