import { limits } from './limits.js'
import { fail, type Result } from './result.js'

/** Batch mutations answer per item (spec rule 7): what was created, and why each other item was not. */
export interface BatchOutcome {
  created: number
  errors: Array<{ index: number; error: string; errorCode: string; field: string | null }>
}

export function batchTooLarge(count: number): Result<never> {
  return fail(
    'BATCH_TOO_LARGE',
    `A batch may hold at most ${limits.batchItemsMax} items; this one has ${count}. Nothing was created.`,
    'items',
  )
}
