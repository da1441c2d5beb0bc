import type { Result } from '../kernel/result.js'

// The one place an expected failure becomes the spec's `{ success: false, error }` shape.
export function payloadOf<T, P extends object>(
  result: Result<T>,
  onSuccess: (value: T) => P,
  emptyFields: { [K in keyof P]: null },
):
  | (P & { success: true; error: null; errorCode: null })
  | ({ [K in keyof P]: null } & { success: false; error: string; errorCode: string }) {
  if (result.ok) return { success: true as const, error: null, errorCode: null, ...onSuccess(result.value) }
  return {
    success: false as const,
    error: result.error.message,
    errorCode: result.error.code,
    ...emptyFields,
  }
}

export function resultPayload(result: Result<unknown>) {
  return result.ok
    ? { success: true, error: null, errorCode: null }
    : { success: false, error: result.error.message, errorCode: result.error.code }
}
