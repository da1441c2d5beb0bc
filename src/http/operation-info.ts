import { getOperationAST, Kind, parse } from 'graphql'
import { limits } from '../kernel/limits.js'

export interface OperationInfo {
  type: 'query' | 'mutation' | 'subscription' | 'unknown'
  /** The root fields asked for, e.g. "createLedgerEvent", for logs and metrics. */
  name: string
}

// Keyed by the query text itself, then by the operation name: the text is the string the request
// body was parsed into, whose hash the Map computes once (Mercurius's own cache reuses it), where a
// key joined from both would be a new string to copy and hash on every request.
const cache = new Map<string, Map<string, OperationInfo>>()
let cachedCount = 0

/**
 * What an operation is, read from its text once and remembered: logs, metrics and idempotency
 * need it, and clients send the same few documents again and again.
 */
export function operationInfo(query: string, operationName: string | undefined): OperationInfo {
  const byName = cache.get(query)
  const cached = byName?.get(operationName ?? '')
  if (cached) return cached
  const info = readOperation(query, operationName)
  if (query.length > limits.operationInfoQueryLengthMax) return info
  if (cachedCount >= limits.operationInfoCacheEntriesMax) {
    cache.clear()
    cachedCount = 0
  }
  const names = cache.get(query) ?? new Map<string, OperationInfo>()
  names.set(operationName ?? '', info)
  cache.set(query, names)
  cachedCount++
  return info
}

function readOperation(query: string, operationName: string | undefined): OperationInfo {
  try {
    const operation = getOperationAST(parse(query, { maxTokens: limits.queryTokensMax }), operationName)
    if (!operation) return { type: 'unknown', name: 'unknown' }
    const fields = operation.selectionSet.selections.flatMap((s) =>
      s.kind === Kind.FIELD ? [s.name.value] : [],
    )
    return {
      type: operation.operation,
      name: [...new Set(fields)].sort().join('+').slice(0, limits.operationNameLengthMax) || 'unknown',
    }
  } catch {
    // A syntax error: the route answers it; metrics count it as unknown.
    return { type: 'unknown', name: 'unknown' }
  }
}
