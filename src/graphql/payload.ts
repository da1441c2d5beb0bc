import { GraphQLError } from 'graphql'
import type { Result } from '../kernel/result.js'

// The one place an expected failure becomes the spec's `{ success: false, error }` shape.
export function payloadOf<T, P extends object, E extends { [K in keyof P]: unknown }>(
  result: Result<T>,
  onSuccess: (value: T) => P,
  emptyFields: E,
):
  | (P & { success: true; error: null; errorCode: null; field: null })
  | (E & { success: false; error: string; errorCode: string; field: string | null }) {
  if (result.ok)
    return { success: true as const, error: null, errorCode: null, field: null, ...onSuccess(result.value) }
  return {
    success: false as const,
    error: result.error.message,
    errorCode: result.error.code,
    field: result.error.field ?? null,
    ...emptyFields,
  }
}

export function resultPayload(result: Result<unknown>) {
  return result.ok
    ? { success: true, error: null, errorCode: null, field: null }
    : {
        success: false,
        error: result.error.message,
        errorCode: result.error.code,
        field: result.error.field ?? null,
      }
}

/**
 * Queries have no payload to carry a failure, so an invalid argument (a bad limit, an unknown
 * sortBy) ends the field with a GraphQL error that names the problem and its stable code.
 */
export function valueOrError<T>(result: Result<T>): T {
  if (result.ok) return result.value
  throw new GraphQLError(result.error.message, {
    extensions: { code: result.error.code, ...(result.error.field ? { field: result.error.field } : {}) },
  })
}

/**
 * A batch refused whole (too many items) repeats its refusal on every item, so a client that reads
 * only the spec's `{created, errors}` sees that nothing was done and why.
 */
export function refusedItems<T, X extends object = Record<never, never>>(
  result: Result<unknown>,
  items: readonly T[],
  describe: (item: T) => X = () => ({}) as X,
): Array<X & { index: number; error: string; errorCode: string; field: string | null }> {
  if (result.ok) return []
  const { message, code, field } = result.error
  return items.map((item, index) => ({
    ...describe(item),
    index,
    error: message,
    errorCode: code,
    field: field ?? null,
  }))
}
