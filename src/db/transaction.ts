import { sql } from 'kysely'
import type { Result } from '../kernel/result.js'
import type { EngineName } from './engine.js'
import type { Executor } from './schema.js'

/**
 * Runs `work` in one database transaction. On SQLite the transaction starts IMMEDIATE so that a
 * second process (the CLI beside the server) waits for the write lock instead of failing halfway.
 */
export async function inTransaction<T>(
  db: Executor,
  engine: EngineName,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  if (engine === 'postgres') return db.transaction().execute(work)
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection)
    try {
      const result = await work(connection)
      await sql`commit`.execute(connection)
      return result
    } catch (error) {
      await sql`rollback`.execute(connection)
      throw error
    }
  })
}

/** Thrown inside a transaction to undo it while still handing a value back (dry runs). */
export class RollbackWith<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back on purpose')
  }
}

export async function rolledBack<T>(
  db: Executor,
  engine: EngineName,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  try {
    await inTransaction(db, engine, async (tx) => {
      throw new RollbackWith(await work(tx))
    })
  } catch (error) {
    if (error instanceof RollbackWith) return error.value as T
    throw error
  }
  throw new Error('unreachable: a rolled-back transaction always throws')
}

/** Like inTransaction, but an expected failure (a Result that is not ok) undoes every write. */
export async function inTransactionResult<T>(
  db: Executor,
  engine: EngineName,
  work: (tx: Executor) => Promise<Result<T>>,
): Promise<Result<T>> {
  try {
    return await inTransaction(db, engine, async (tx) => {
      const result = await work(tx)
      if (!result.ok) throw new RollbackWith(result)
      return result
    })
  } catch (error) {
    if (error instanceof RollbackWith) return error.value as Result<T>
    throw error
  }
}
