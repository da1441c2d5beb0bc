// The audit trail is on unless a benchmark turns it off, and production cannot turn it off.
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.js'

describe('DAYBOOK_AUDIT_TRAIL', () => {
  it('is on unless set to off', () => {
    expect(loadConfig({}).auditTrail).toBe(true)
    expect(loadConfig({ DAYBOOK_AUDIT_TRAIL: 'on' }).auditTrail).toBe(true)
    expect(loadConfig({ DAYBOOK_AUDIT_TRAIL: 'off' }).auditTrail).toBe(false)
  })

  it('refuses anything but on and off, and off in production', () => {
    expect(() => loadConfig({ DAYBOOK_AUDIT_TRAIL: 'no' })).toThrow(/DAYBOOK_AUDIT_TRAIL/)
    expect(() => loadConfig({ DAYBOOK_AUDIT_TRAIL: 'off', NODE_ENV: 'production' })).toThrow(
      'DAYBOOK_AUDIT_TRAIL=off leaves changes unrecorded',
    )
    expect(loadConfig({ NODE_ENV: 'production' }).auditTrail).toBe(true)
  })
})
