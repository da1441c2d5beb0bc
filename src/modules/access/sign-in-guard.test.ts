// The unit a sign-in quota counts, and the settings that say whose X-Forwarded-For to believe.
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.js'
import { addressKey } from './sign-in-guard.js'

describe('addressKey', () => {
  it('keeps an IPv4 address, also when mapped into IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts every IPv6 address of one /64 as one, however it is written', () => {
    const prefix = '2001:db8:0:1::/64'
    for (const written of [
      '2001:db8:0:1::1',
      '2001:0db8:0000:0001:ffff:ffff:ffff:ffff',
      '2001:db8::1:0:0:0:3',
      '2001:db8:0:1::1%eth0',
      '2001:db8:0:1::192.0.2.1',
    ]) {
      expect(addressKey(written), written).toBe(prefix)
    }
    expect(addressKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })

  it('bounds what is not an address at all', () => {
    expect(addressKey('x'.repeat(10_000))).toHaveLength(64)
  })
})

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) =>
    loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy

  it('believes no X-Forwarded-For unless told', () => {
    expect(trustProxy()).toBe(false)
    expect(trustProxy('false')).toBe(false)
  })

  it('takes true or a list of proxy addresses and CIDRs', () => {
    expect(trustProxy('true')).toBe(true)
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8'])
  })

  it('refuses anything else at start-up', () => {
    for (const value of ['yes', '2', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/8']) {
      expect(() => trustProxy(value), value).toThrow(/TRUST_PROXY/)
    }
  })
})
