// The unit a sign-in quota counts, the settings that say whose X-Forwarded-For to believe, and a lockout a stranger cannot turn on the person.
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.js'
import { addressKey, SignInGuard } from './sign-in-guard.js'

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

describe('SignInGuard', () => {
  let nowMs = Date.parse('2026-03-01T00:00:00Z')
  const guard = () =>
    new SignInGuard({
      clock: { now: () => new Date(nowMs) },
      quotas: { perAddressPerMinute: 1_000, perMinute: 1_000 },
      failuresMax: 10,
      failureWindowMs: 15 * 60_000,
      knownAddressMs: 30 * 24 * 60 * 60_000,
    })
  const fail = (on: SignInGuard, address: string, times = 1) => {
    for (let i = 0; i < times; i++) {
      expect(on.admit(address, 'user')).toBeUndefined()
      on.failed(address, 'user')
    }
  }

  it('counts failures per email and address', () => {
    const on = guard()
    fail(on, '203.0.113.1', 10)
    expect(on.admit('203.0.113.1', 'user')).toBe('too_many_attempts')
    expect(on.admit('203.0.113.1', 'someone else')).toBeUndefined()
    expect(on.admit('198.51.100.1', 'user')).toBeUndefined()
  })

  it('gives an address the person signed in from its own ten tries while the email is under attack', () => {
    const on = guard()
    expect(on.admit('198.51.100.9', 'user')).toBeUndefined()
    on.succeeded('198.51.100.9', 'user')
    fail(on, '203.0.113.1', 10)
    fail(on, '198.51.100.9', 9)
    expect(on.admit('198.51.100.9', 'user')).toBeUndefined()
    on.failed('198.51.100.9', 'user')
    expect(on.admit('198.51.100.9', 'user')).toBe('too_many_attempts')
    // An unknown address that fails once while the email is under attack is refused.
    fail(on, '192.0.2.1')
    expect(on.admit('192.0.2.1', 'user')).toBe('too_many_attempts')
  })

  it('forgets an address not signed in from for the known window', () => {
    const on = guard()
    on.succeeded('198.51.100.9', 'user')
    nowMs += 31 * 24 * 60 * 60_000
    fail(on, '203.0.113.1', 10)
    fail(on, '198.51.100.9')
    expect(on.admit('198.51.100.9', 'user')).toBe('too_many_attempts')
  })
})
