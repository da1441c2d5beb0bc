import { limits } from './limits.js'
import { fail, ok, type Result } from './result.js'

// One rule for every list: offset paging, a whitelisted sort, id as the final tie-breaker.
export type SortDirection = 'asc' | 'desc'

export interface PageRequest<S extends string> {
  limit: number
  offset: number
  sortBy: S
  sortDir: SortDirection
  /** The list's text filter, when one was given. */
  search: string | undefined
}

export interface Page<T> {
  items: T[]
  totalCount: number
  pageSize: number
  offset: number
}

export interface PageArgs {
  limit?: number | null
  offset?: number | null
  sortBy?: string | null
  sortDir?: string | null
  search?: string | null
}

export function parsePageRequest<S extends string>(
  args: PageArgs,
  sortFields: readonly S[],
  defaults: { sortBy: S; sortDir: SortDirection },
): Result<PageRequest<S>> {
  const limit = args.limit ?? limits.pageSizeDefault
  if (limit < 1) return fail('INVALID_LIMIT', 'limit must be at least 1.', 'limit')
  const offset = args.offset ?? 0
  if (offset < 0) return fail('INVALID_OFFSET', 'offset must not be negative.', 'offset')
  const sortBy = args.sortBy ?? defaults.sortBy
  if (!(sortFields as readonly string[]).includes(sortBy)) {
    return fail('INVALID_SORT', `sortBy must be one of: ${sortFields.join(', ')}.`, 'sortBy')
  }
  const sortDir = args.sortDir ?? defaults.sortDir
  if (sortDir !== 'asc' && sortDir !== 'desc') {
    return fail('INVALID_SORT', 'sortDir must be asc or desc.', 'sortDir')
  }
  const search = args.search ?? undefined
  // Longer text cannot name anything Daybook stores, and SQLite refuses LIKE patterns of 50 kB.
  if (search !== undefined && (search.length > limits.searchLengthMax || search.includes('\u0000'))) {
    return fail(
      'INVALID_SEARCH',
      `search must be at most ${limits.searchLengthMax} characters, without NUL.`,
      'search',
    )
  }
  return ok({
    limit: Math.min(limit, limits.pageSizeMax),
    offset,
    sortBy: sortBy as S,
    sortDir,
    search: search === '' ? undefined : search,
  })
}

export function pageOf<T>(
  items: T[],
  totalCount: number,
  request: { limit: number; offset: number },
): Page<T> {
  return { items, totalCount, pageSize: request.limit, offset: request.offset }
}

/** Escapes a user's search text for a LIKE pattern written with ESCAPE '\'. */
export function likeContains(search: string): string {
  return `%${likeLiteral(search)}%`
}

/** The LIKE pattern of text that starts with `search`, escaped like likeContains. */
export function likeStartsWith(search: string): string {
  return `${likeLiteral(search)}%`
}

const likeLiteral = (text: string): string => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * A plain limit and offset, for lists that sort one way. As on every list, a limit over the
 * largest page is served as the largest page (the page's pageSize says so); below 1 it is refused.
 */
export function limitOffsetArgs(
  args: { limit?: number | null; offset?: number | null },
  bounds: { defaultSize: number; max: number } = { defaultSize: 100, max: 1000 },
): Result<{ limit: number; offset: number }> {
  const limit = args.limit ?? bounds.defaultSize
  const offset = args.offset ?? 0
  if (limit < 1) return fail('INVALID_LIMIT', 'limit must be at least 1.', 'limit')
  if (offset < 0) return fail('INVALID_OFFSET', 'offset must not be negative.', 'offset')
  return ok({ limit: Math.min(limit, bounds.max), offset })
}
