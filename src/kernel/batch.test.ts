// A batch refused for its size says how many items it held, what the limit is, and that nothing was created.
import { describe, expect, it } from 'vitest'
import { batchTooLarge } from './batch.js'
import { limits } from './limits.js'

describe('batchTooLarge', () => {
  it('refuses with BATCH_TOO_LARGE on the items field', () => {
    expect(batchTooLarge(limits.batchItemsMax + 1)).toMatchObject({
      ok: false,
      error: { code: 'BATCH_TOO_LARGE', field: 'items' },
    })
  })

  it('names the limit, the count and that nothing was created', () => {
    const refused = batchTooLarge(1234)
    expect(refused.ok).toBe(false)
    if (refused.ok) return
    expect(refused.error.message).toContain(`at most ${limits.batchItemsMax} items`)
    expect(refused.error.message).toContain('this one has 1234')
    expect(refused.error.message).toContain('Nothing was created.')
  })
})
