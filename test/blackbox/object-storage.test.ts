// Receipt files in an S3-compatible store: a real S3 server (s3rver) started by the test, not a mock.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipart, tinyPng } from '../support/files.js'
import { createTenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const bucket = 'daybook-receipts'
let s3: S3rver
let endpoint: string
let server: TestServer

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'daybook-s3-')),
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const address = (await s3.run()) as { port: number }
  endpoint = `http://127.0.0.1:${address.port}`
  server = await startServer({
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  })
})
afterAll(async () => {
  await server.close()
  await s3.close()
})

describe('S3 object storage', () => {
  it('stores uploads in the bucket under the organization, and serves them back', async () => {
    const tenant = await createTenant(server)
    const response = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: tenant.bearer,
      body: multipart([{ name: 'file', filename: 'r.png', bytes: tinyPng, type: 'image/png' }]),
    })
    expect(response.status).toBe(201)
    const { s3Key } = (await response.json()) as { s3Key: string }
    expect(s3Key.startsWith(`${tenant.organizationId}/`)).toBe(true)

    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
    const stored = await client.send(new GetObjectCommand({ Bucket: bucket, Key: s3Key }))
    expect(
      Buffer.from(
        await (stored.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      ).equals(tinyPng),
    ).toBe(true)

    const served = await fetch(`${server.url}/files/${s3Key}`, { headers: tenant.bearer })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')

    const eventId = (
      await server.gql(
        'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "S3 test", amount: "1.00", transactionDate: "2026-01-01") { eventId } }',
        { org: tenant.organizationId },
        tenant.bearer,
      )
    ).body.data?.createLedgerEvent.eventId
    const attached = await server.gql(
      'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success error } }',
      { org: tenant.organizationId, e: eventId, k: s3Key },
      tenant.bearer,
    )
    expect(attached.body.data?.attachReceiptToEvent).toEqual({ success: true, error: null })
  })
})
