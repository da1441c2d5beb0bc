// Every IPv6 form that carries an internal IPv4 address, and every special IPv4 range, is refused as a webhook URL over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let tenant: Tenant

beforeAll(async () => {
  server = await startServer({ env: { JOB_WORKER: 'off' } })
  tenant = await createTenant(server)
})
afterAll(() => server.close())

const create = `mutation ($org: UUID!, $url: String!) {
  createWebhookEndpoint(organizationId: $org, url: $url) { success errorCode endpoint { id } }
}`

async function createEndpoint(url: string) {
  const answer = await server.gql(create, { org: tenant.organizationId, url }, tenant.owner.jwt)
  expect(answer.status).toBe(200)
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined()
  return answer.body.data?.createWebhookEndpoint as {
    success: boolean
    errorCode: string | null
    endpoint: { id: string } | null
  }
}

const refusedHosts: ReadonlyArray<[host: string, why: string]> = [
  // The forms the red team reached metadata and private services with behind NAT64.
  ['[64:ff9b::a9fe:a9fe]', 'NAT64 of 169.254.169.254'],
  ['[64:ff9b::7f00:1]', 'NAT64 of 127.0.0.1'],
  ['[64:ff9b:1::a00:1]', 'local-use NAT64 of 10.0.0.1'],
  ['[2002:a9fe:a9fe::1]', '6to4 of 169.254.169.254'],
  ['[2002:7f00:1::1]', '6to4 of 127.0.0.1'],
  ['[::127.0.0.1]', 'IPv4-compatible 127.0.0.1'],
  ['[::a9fe:a9fe]', 'IPv4-compatible 169.254.169.254'],
  ['[::ffff:0:a9fe:a9fe]', 'SIIT of 169.254.169.254'],
  ['198.18.0.1', 'benchmarking 198.18.0.0/15'],
  ['198.19.255.1', 'benchmarking 198.18.0.0/15'],
  ['192.0.0.170', 'IETF protocol assignments 192.0.0.0/24'],
  // And their neighbours.
  ['[64:ff9b::c0a8:101]', 'NAT64 of 192.168.1.1'],
  ['[64:ff9b::c612:1]', 'NAT64 of 198.18.0.1'],
  ['[2002:a00:1::1]', '6to4 of 10.0.0.1'],
  ['[::ffff:7f00:1]', 'IPv4-mapped 127.0.0.1'],
  ['[::ffff:0:7f00:1]', 'SIIT of 127.0.0.1'],
  ['[2001:0:a9fe:a9fe::1]', 'Teredo with a link-local server'],
  ['100.64.0.1', 'carrier-grade NAT 100.64.0.0/10'],
  ['224.0.0.251', 'multicast'],
  ['[ff05::fb]', 'IPv6 multicast'],
  ['240.0.0.1', 'reserved 240.0.0.0/4'],
  ['255.255.255.255', 'broadcast'],
  ['[100::1]', 'IPv6 discard-only'],
]

describe('the webhook address guard over HTTP', () => {
  it.each(refusedHosts)('refuses https://%s/ (%s) and saves nothing', async (host) => {
    expect(await createEndpoint(`https://${host}/hook`)).toEqual({
      success: false,
      errorCode: 'WEBHOOK_URL_PRIVATE',
      endpoint: null,
    })
  })

  it('lets the same forms of a public address through, and listed nothing it refused', async () => {
    for (const host of ['[64:ff9b::808:808]', '[2002:808:808::1]', '[::ffff:0:808:808]', '198.20.0.1']) {
      const saved = await createEndpoint(`https://${host}/hook`)
      expect(saved, host).toMatchObject({ success: true, errorCode: null })
    }
    const listed = await server.gql(
      'query ($org: UUID!) { listWebhookEndpoints(organizationId: $org) { url } }',
      { org: tenant.organizationId },
      tenant.owner.jwt,
    )
    expect(listed.body.data?.listWebhookEndpoints).toHaveLength(4)
  })
})
