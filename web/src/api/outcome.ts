/** Expected failures are values: an answer, or what went wrong in words a person can act on. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string }

export const succeeded = <T>(value: T): Outcome<T> => ({ ok: true, value })
export const failed = <T>(error: string): Outcome<T> => ({ ok: false, error })
