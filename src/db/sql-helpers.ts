import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely'
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
 * How many rows `filtered` matches: a list's totalCount, read beside its page. count(*) does
 * not come back as a number on every engine (PostgreSQL sends its bigint as text).
 */
export async function countRows<TB extends keyof Database>(
  filtered: SelectQueryBuilder<Database, TB, object>,
): Promise<number> {
  const row = await filtered.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()
  return Number(row.count)
}
