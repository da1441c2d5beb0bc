// Where webhooks may go: internal addresses of every form are refused, at saving and again at sending, against the address actually connected to.
import { isIP } from 'node:net'
import { describe, expect, it } from 'vitest'
import { checkWebhookUrl, isInternalAddress } from './webhook-address.js'
import { sendWebhook } from './webhook-sender.js'

const settings = { allowedHosts: [], allowHttp: false, retryScheduleSeconds: [1] }

/** Every form of an address no webhook may reach, and what it stands for. */
const internalForms: ReadonlyArray<[address: string, why: string]> = [
  ['127.0.0.1', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.0.1', 'private'],
  ['169.254.169.254', 'link-local: cloud metadata'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT'],
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['192.0.0.1', 'IETF protocol assignments'],
  ['192.0.0.170', 'NAT64 discovery'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.254', 'benchmarking'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fec0::1', 'site-local'],
  ['fd12:3456::1', 'unique local'],
  ['ff02::1', 'multicast'],
  ['100::1', 'discard-only'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
  ['::ffff:198.18.0.1', 'IPv4-mapped benchmarking'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata service'],
  ['64:ff9b::169.254.169.254', 'NAT64 of the metadata service, dotted'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a00:1', 'NAT64 of a private address'],
  ['64:ff9b::c000:aa', 'NAT64 of 192.0.0.170'],
  ['64:ff9b:1::a00:1', 'local-use NAT64 of a private address'],
  ['64:ff9b:1::808:808', "local-use NAT64: the network's own translator"],
  ['2002:a9fe:a9fe::1', '6to4 of the metadata service'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:c0a8:101::1', '6to4 of a private address'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::a9fe:a9fe', 'IPv4-compatible metadata'],
  ['::10.0.0.1', 'IPv4-compatible private'],
  ['::ffff:0:a9fe:a9fe', 'SIIT of the metadata service'],
  ['::ffff:0:127.0.0.1', 'SIIT of loopback'],
  ['::ffff:0:c612:1', 'SIIT of benchmarking'],
  ['2001:0:a9fe:a9fe::1', 'Teredo with an internal server'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'Teredo with a private client, stored inverted'],
  ['not an address', 'not an address'],
]

describe('isInternalAddress', () => {
  it.each(internalForms)('refuses %s (%s)', (address) => {
    expect(isInternalAddress(address)).toBe(true)
  })

  it.each([
    '203.0.113.9',
    '8.8.8.8',
    '100.128.0.1',
    '198.20.0.1',
    '192.0.1.1',
    '2001:db8::1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '::ffff:0:808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '::8.8.8.8',
  ])('lets %s through', (address) => {
    expect(isInternalAddress(address)).toBe(false)
  })
})

describe('sendWebhook at connect time', () => {
  it.each(internalForms.filter(([address]) => address !== 'not an address'))(
    'refuses a name resolving to %s (%s) without connecting',
    async (address) => {
      const resolve = async () => [{ address, family: isIP(address) === 4 ? (4 as const) : (6 as const) }]
      const outcome = await sendWebhook(
        { url: 'https://public.example.com/x', headers: {}, body: '{}' },
        settings,
        resolve,
        () => Date.now(),
        new AbortController().signal,
      )
      expect(outcome).toMatchObject({ delivered: false, statusCode: null })
      expect(outcome.error).toMatch(/private, loopback/)
    },
  )
})

describe('checkWebhookUrl', () => {
  it('refuses a name that resolves to any internal address, and accepts one that does not resolve yet', async () => {
    const mixed = async () => [
      { address: '203.0.113.9', family: 4 as const },
      { address: '10.0.0.5', family: 4 as const },
    ]
    expect(await checkWebhookUrl('https://hooks.example.com/x', settings, mixed)).toMatchObject({
      ok: false,
      error: { code: 'WEBHOOK_URL_PRIVATE' },
    })
    const nowhere = async () => {
      throw new Error('ENOTFOUND')
    }
    expect(await checkWebhookUrl('https://later.example.com/x', settings, nowhere)).toMatchObject({
      ok: true,
    })
  })

  it('lets the operator allow a host by name or by address', async () => {
    const loopback = async () => [{ address: '127.0.0.1', family: 4 as const }]
    const byName = { ...settings, allowedHosts: ['receiver.internal'] }
    expect(await checkWebhookUrl('https://receiver.internal/x', byName, loopback)).toMatchObject({ ok: true })
    const byAddress = { ...settings, allowedHosts: ['127.0.0.1'] }
    expect(await checkWebhookUrl('https://other.internal/x', byAddress, loopback)).toMatchObject({ ok: true })
    expect(await checkWebhookUrl('https://other.internal/x', settings, loopback)).toMatchObject({ ok: false })
  })
})

describe('sendWebhook', () => {
  it('refuses a host that resolves to an internal address at sending time without connecting (DNS rebinding)', async () => {
    let lookups = 0
    const rebinding = async () => {
      lookups++
      return [{ address: '127.0.0.1', family: 4 as const }]
    }
    const outcome = await sendWebhook(
      { url: 'https://public.example.com/x', headers: {}, body: '{}' },
      settings,
      rebinding,
      () => Date.now(),
      new AbortController().signal,
    )
    expect(lookups).toBe(1)
    expect(outcome).toMatchObject({ delivered: false, statusCode: null })
    expect(outcome.error).toMatch(/private, loopback/)
  })
})
