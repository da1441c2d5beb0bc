import type { ErrorCode } from './error-codes.js'

// Expected failures travel as values; only the API edge turns them into payloads.
export interface Failure {
  /** Stable machine-readable code: one of kernel/error-codes.ts, each documented in docs/error-codes.md. */
  code: ErrorCode
  message: string
  field?: string
}

export type Result<T, E = Failure> = { ok: true; value: T } | { ok: false; error: E }

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value })

export const fail = (code: ErrorCode, message: string, field?: string): { ok: false; error: Failure } => ({
  ok: false,
  error: field === undefined ? { code, message } : { code, message, field },
})

/** Turns a broken invariant into a crash with context; never used for user input. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Assertion failed: ${message}`)
}
