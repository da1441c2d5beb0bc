// Generated ids keep the UUID layout and never repeat.
import { describe, expect, it } from 'vitest'
import { isUuid, monotonicId, nameBasedId, newId, sequentialIds } from './ids.js'

describe('ids', () => {
  it('makes sequential ids in UUID layout, all different, with a prefix of their own', () => {
    const first = sequentialIds()
    const second = sequentialIds()
    const made = Array.from({ length: 1_000 }, () => first())
    expect(made.every(isUuid)).toBe(true)
    expect(new Set(made).size).toBe(made.length)
    expect(second().slice(0, 24)).not.toBe(made[0]?.slice(0, 24))
  })

  it('makes random and name-based UUIDs', () => {
    expect(isUuid(newId())).toBe(true)
    expect(nameBasedId('gifi', '1000')).toBe(nameBasedId('gifi', '1000'))
    expect(nameBasedId('gifi', '1000')).not.toBe(nameBasedId('gifi', '1001'))
    expect(isUuid(nameBasedId('gifi', '1000'))).toBe(true)
  })
  it('makes monotonic ids that increase within a millisecond and past 4,096 of them', () => {
    const made = Array.from({ length: 10_000 }, () => monotonicId())
    expect(made.every(isUuid)).toBe(true)
    expect(made.every((id, index) => index === 0 || (made[index - 1] as string) < id)).toBe(true)
  })
})
