import { type RawBuilder, sql } from 'kysely'

/**
 * `column LIKE pattern ESCAPE '\'` on both engines (SQLite has no default escape character).
 * Use with kernel/page.ts likeContains, which lower-cases and escapes the user's text; the
 * column must hold lower-cased text too.
 */
export function likeEscaped(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`
}
