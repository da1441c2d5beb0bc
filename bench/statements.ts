import type SQLite from 'better-sqlite3'

// What the bench's own database code (seeding, baselines, bounds) shares: statements written with
// `?` placeholders for both engines, each prepared once.

/** A statement's text with PostgreSQL's numbered placeholders in place of `?`. */
export function numberedPlaceholders(text: string): string {
  let n = 0
  return text.replace(/\?/g, () => `$${++n}`)
}

/** better-sqlite3 statements prepared once per text, since preparing costs more than a small run. */
export function statementCache(db: SQLite.Database): (text: string) => SQLite.Statement {
  const statements = new Map<string, SQLite.Statement>()
  return (text) => {
    let statement = statements.get(text)
    if (!statement) {
      statement = db.prepare(text)
      statements.set(text, statement)
    }
    return statement
  }
}
