import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely'
import type { SortDirection } from '../kernel/page.js'
import type { Database } from './schema.js'

/**
 * `column LIKE pattern ESCAPE '\'` on both engines (SQLite has no default escape character).
 * Use with kernel/page.ts likeContains, which lower-cases and escapes the user's text; the
 * column must hold lower-cased text too.
 */
export function likeEscaped(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`
}

/**
 * A column's value in a form no index serves, for conditions that only check a row already
 * found by its id. Otherwise PostgreSQL, with statistics from before a bulk change (events
 * imported as needs_review, then confirmed by the thousand), may estimate one row for
 * (organization, status = 'confirmed') and walk that index, filtering on id, over every
 * confirmed event of the organization.
 */
export function unindexed(column: string): RawBuilder<string> {
  return sql<string>`${sql.ref(column)} || ''`
}

/** How many rows `filtered` matches. count(*) is a bigint, which PostgreSQL sends as text. */
async function countRows<TB extends keyof Database>(
  filtered: SelectQueryBuilder<Database, TB, object>,
): Promise<number> {
  const row = await filtered.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()
  return Number(row.count)
}

const totalCountColumn = 'daybook_total_count'

/**
 * One page of a list and the list's totalCount, in one statement: the count rides on every row of
 * the page as an uncorrelated subquery, which both engines evaluate once. Only a page past the
 * end, which has no row to carry it, costs a second statement. `sorted` is `filtered` with the
 * list's selection and sort; the id breaks ties, so consecutive pages never overlap or skip.
 */
export async function pageWithCount<TB extends keyof Database, Row>(
  filtered: SelectQueryBuilder<Database, TB, object>,
  sorted: SelectQueryBuilder<Database, TB, Row>,
  page: { limit: number; offset: number; sortDir: SortDirection },
): Promise<{ rows: Row[]; totalCount: number }> {
  const counted = filtered.select((eb) => eb.fn.countAll().as('count'))
  const found = (await sorted
    .select(counted.as(totalCountColumn))
    .orderBy(sql.ref('id'), page.sortDir)
    .limit(page.limit)
    .offset(page.offset)
    .execute()) as Array<Row & { [totalCountColumn]: number | bigint | string }>
  const first = found[0]
  if (!first) return { rows: [], totalCount: page.offset === 0 ? 0 : await countRows(filtered) }
  // The rows keep the extra column: every store maps its rows to records field by field.
  return { rows: found, totalCount: Number(first[totalCountColumn]) }
}

/**
 * Whether a statement failed on a unique index, on either engine: what a check made before the
 * write could not see, because a concurrent transaction took the same key first.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
