import { getOperationAST, Kind, parse } from 'graphql'

export interface OperationInfo {
  type: 'query' | 'mutation' | 'subscription' | 'unknown'
  /** The root fields asked for, e.g. "createLedgerEvent", for logs and metrics. */
  name: string
}

const cacheEntriesMax = 1_000
const cache = new Map<string, OperationInfo>()

/**
 * What an operation is, read from its text once and remembered: logs, metrics and idempotency
 * need it, and clients send the same few documents again and again.
 */
export function operationInfo(query: string, operationName: string | undefined): OperationInfo {
  const cacheKey = `${operationName ?? ''}\u0001${query}`
  const cached = cache.get(cacheKey)
  if (cached) return cached
  let info: OperationInfo = { type: 'unknown', name: 'unknown' }
  try {
    const operation = getOperationAST(parse(query, { maxTokens: 50_000 }), operationName)
    if (operation) {
      const fields = operation.selectionSet.selections.flatMap((s) =>
        s.kind === Kind.FIELD ? [s.name.value] : [],
      )
      info = {
        type: operation.operation,
        name: [...new Set(fields)].sort().join('+').slice(0, 200) || 'unknown',
      }
    }
  } catch {
    // A syntax error: the route answers it; metrics count it as unknown.
  }
  if (cache.size >= cacheEntriesMax) cache.clear()
  cache.set(cacheKey, info)
  return info
}
