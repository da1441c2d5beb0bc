// Where webhooks may go: internal addresses of every form are refused, at saving and again at sending, against the address actually connected to.
import { describe, expect, it } from 'vitest'
import { checkWebhookUrl, isInternalAddress } from './webhook-address.js'
import { sendWebhook } from './webhook-sender.js'

const settings = { allowedHosts: [], allowHttp: false, retryScheduleSeconds: [1] }

describe('isInternalAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isInternalAddress(address)).toBe(true)
  })

  it.each(['203.0.113.9', '8.8.8.8', '2001:db8::1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isInternalAddress(address)).toBe(false)
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
