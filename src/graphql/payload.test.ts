// A batch refused whole repeats its refusal on every item, and a batch that ran adds nothing to its own errors.
import { describe, expect, it } from 'vitest'
import { batchTooLarge } from '../kernel/batch.js'
import { ok } from '../kernel/result.js'
import { refusedItems } from './payload.js'

describe('refusedItems', () => {
  it('names every item by index with the refusal, in order', () => {
    const refused = batchTooLarge(3)
    const errors = refusedItems(refused, ['a', 'b', 'c'])
    expect(errors.map((e) => e.index)).toEqual([0, 1, 2])
    for (const e of errors) {
      expect(e).toEqual({
        index: e.index,
        error: expect.stringContaining('this one has 3'),
        errorCode: 'BATCH_TOO_LARGE',
        field: 'items',
      })
    }
  })

  it('adds what describes each item', () => {
    expect(refusedItems(batchTooLarge(2), ['e1', 'e2'], (eventId) => ({ eventId }))).toMatchObject([
      { index: 0, eventId: 'e1', errorCode: 'BATCH_TOO_LARGE' },
      { index: 1, eventId: 'e2', errorCode: 'BATCH_TOO_LARGE' },
    ])
  })

  it('is empty when the batch ran', () => {
    expect(refusedItems(ok({ created: 2, errors: [] }), ['a', 'b'])).toEqual([])
  })
})
