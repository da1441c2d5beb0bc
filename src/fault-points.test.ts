// The fault-point setting: only a well-formed point arms it, and never in production.
import { describe, expect, it } from 'vitest'
import { loadFaultPointSetting } from './config.js'

describe('loadFaultPointSetting', () => {
  it('is off unless DAYBOOK_FAULT_POINT is set', () => {
    expect(loadFaultPointSetting({})).toBeUndefined()
    expect(loadFaultPointSetting({ DAYBOOK_FAULT_POINT: '' })).toBeUndefined()
  })

  it('reads the point, its count (1 when left out) and the marker file', () => {
    expect(
      loadFaultPointSetting({ DAYBOOK_FAULT_POINT: 'import.rows:3', DAYBOOK_FAULT_MARKER_FILE: '/x/marker' }),
    ).toEqual({ point: 'import.rows', afterCount: 3, markerFile: '/x/marker' })
    expect(loadFaultPointSetting({ DAYBOOK_FAULT_POINT: 'confirm.posted' })).toEqual({
      point: 'confirm.posted',
      afterCount: 1,
      markerFile: undefined,
    })
  })

  it('refuses a malformed setting', () => {
    for (const setting of [
      'import',
      'import.rows:0',
      'import.rows:-1',
      'import.rows:x',
      'Import.Rows',
      'a.b:1:2',
    ]) {
      expect(() => loadFaultPointSetting({ DAYBOOK_FAULT_POINT: setting }), setting).toThrow(
        /DAYBOOK_FAULT_POINT must be/,
      )
    }
  })

  it('refuses to arm a production server', () => {
    expect(() =>
      loadFaultPointSetting({ DAYBOOK_FAULT_POINT: 'import.rows:1', NODE_ENV: 'production' }),
    ).toThrow(/for tests only/)
  })
})
