import { queryNestingProblem, variablesNestingProblem } from '../graphql/input-nesting.js'
import type { ErrorCode } from '../kernel/error-codes.js'
import { limits } from '../kernel/limits.js'
import { httpStatus } from './status-policy.js'

export interface GraphQLRequestBody {
  query: string
  variables?: Record<string, unknown> | undefined
  operationName?: string | undefined
}

type Parsed =
  | { ok: true; body: GraphQLRequestBody }
  | { ok: false; status: number; message: string; code: ErrorCode }

const malformed = (message: string): Parsed => ({
  ok: false,
  status: httpStatus.malformedRequest,
  message,
  code: 'MALFORMED_REQUEST',
})
const invalid = (message: string): Parsed => ({
  ok: false,
  status: httpStatus.ok,
  message,
  code: 'BAD_REQUEST',
})

/** Checks the envelope of a GraphQL request before any GraphQL work happens. */
export function parseGraphQLRequest(raw: unknown): Parsed {
  if (Array.isArray(raw))
    return malformed('Batched requests are not supported; send one operation per request.')
  if (raw === null || typeof raw !== 'object') return malformed('Request body must be a JSON object.')
  const { query, variables, operationName } = raw as Record<string, unknown>
  if (query === undefined || query === null) return malformed('Missing query.')
  if (typeof query !== 'string') return malformed('query must be a string.')
  const checked = queryChecks(query)
  // Mercurius would execute a JSON string as a document AST; Daybook only takes GraphQL text.
  if (checked.jsonObject) return malformed('Syntax Error: query must be GraphQL text, not JSON.')
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== 'object' || Array.isArray(variables))
  ) {
    return invalid('variables must be a JSON object.')
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return invalid('operationName must be a string.')
  }
  const tooDeep = checked.nestingProblem ?? variablesNestingProblem(variables)
  if (tooDeep) return { ok: false, status: httpStatus.ok, message: tooDeep, code: 'INPUT_TOO_DEEP' }
  if (!checked.clean || !variablesClean(variables)) {
    return {
      ok: false,
      status: httpStatus.ok,
      message: 'Strings must be well-formed Unicode without NUL characters.',
      code: 'INVALID_CHARACTER',
    }
  }
  return {
    ok: true,
    body: {
      query,
      variables: (variables ?? undefined) as Record<string, unknown> | undefined,
      operationName: operationName ?? undefined,
    },
  }
}

const isCleanText = (text: string) => !text.includes('\u0000') && text.isWellFormed()

interface QueryChecks {
  /** The text is a JSON object or array rather than GraphQL. */
  jsonObject: boolean
  nestingProblem: string | undefined
  /** No NUL and no lone surrogate, written out or escaped. */
  clean: boolean
}

// Keyed by the query text: clients send the same few documents again and again, and the checks of
// the text (three scans of it) cost more than the look-up, whose hash the string then keeps for
// the caches after this one.
const checkedQueries = new Map<string, QueryChecks>()

function queryChecks(query: string): QueryChecks {
  const known = checkedQueries.get(query)
  if (known) return known
  const checks: QueryChecks = {
    jsonObject: isJsonObject(query),
    nestingProblem: queryNestingProblem(query),
    // No Daybook string may hold NUL (PostgreSQL cannot store it, SQLite truncates at it) or a lone
    // surrogate (each engine would store a different replacement): strings must round-trip exactly.
    clean: isCleanText(query) && !/\\u(0000|d[89a-f][0-9a-f]{2})/i.test(query),
  }
  if (query.length <= limits.operationInfoQueryLengthMax) {
    if (checkedQueries.size >= limits.operationInfoCacheEntriesMax) checkedQueries.clear()
    checkedQueries.set(query, checks)
  }
  return checks
}

/** Walks the variables without recursion, so no nesting depth can exhaust the stack. */
function variablesClean(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (!isCleanText(next)) return false
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item)
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (!isCleanText(key)) return false
        pending.push(inner)
      }
    }
  }
  return true
}

function isJsonObject(text: string): boolean {
  // Cheap first: GraphQL text can open with '{' but never with '{"', '{}' or '['.
  const trimmed = text.trimStart()
  if (trimmed[0] === '{') {
    const next = trimmed.slice(1).trimStart()[0]
    if (next !== '"' && next !== '}') return false
  } else if (trimmed[0] !== '[') {
    return false
  }
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null
  } catch {
    return false
  }
}
