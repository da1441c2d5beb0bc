import { CompiledQuery } from 'kysely'
import { limits } from '../kernel/limits.js'
import type { Result } from '../kernel/result.js'
import type { EngineName } from './engine.js'
import type { Executor } from './schema.js'

/**
 * Runs `work` in one database transaction. On SQLite the transaction starts IMMEDIATE so that a
 * second process (the CLI beside the server) waits for the write lock instead of failing halfway,
 * and writes that wait for the connection at the same time share one (see WriteBatches).
 */
export async function inTransaction<T>(
  db: Executor,
  engine: EngineName,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  if (engine === 'postgres') return db.transaction().execute((tx) => withRowsAtEnd(tx, work))
  let batches = writeBatches.get(db)
  if (!batches) {
    batches = new WriteBatches(db)
    writeBatches.set(db, batches)
  }
  return batches.run((tx) => withRowsAtEnd(tx, work))
}

type RowsAtEnd = Map<string, { rows: unknown[]; write: (tx: Executor, rows: unknown[]) => Promise<void> }>

/** The rows each running transaction writes at its end, by the executor its work was given. */
const rowsAtEnd = new WeakMap<Executor, RowsAtEnd>()

async function withRowsAtEnd<T>(tx: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  const pending: RowsAtEnd = new Map()
  // SQLite's writes of one batch share the connection, one after another: each has its own map.
  rowsAtEnd.set(tx, pending)
  try {
    const value = await work(tx)
    for (const { rows, write } of pending.values()) await write(tx, rows)
    return value
  } finally {
    rowsAtEnd.delete(tx)
  }
}

/**
 * Holds rows back to the end of the transaction `tx` belongs to, where `write` writes all of one
 * `kind` in one go, still inside it; a transaction that fails writes none. A service that
 * appends a row at several steps of a write (the audit trail: an entry, then its event) then
 * costs one statement instead of several. False when `tx` is no transaction of inTransaction:
 * the caller writes at once.
 */
export function writeAtEnd<Row>(
  tx: Executor,
  kind: string,
  rows: readonly Row[],
  write: (tx: Executor, rows: Row[]) => Promise<void>,
): boolean {
  const pending = rowsAtEnd.get(tx)
  if (!pending) return false
  const held = pending.get(kind)
  if (held) held.rows.push(...rows)
  else
    pending.set(kind, { rows: [...rows], write: write as (tx: Executor, rows: unknown[]) => Promise<void> })
  return true
}

const writeBatches = new WeakMap<Executor, WriteBatches>()

const statements = {
  begin: CompiledQuery.raw('begin immediate'),
  commit: CompiledQuery.raw('commit'),
  rollback: CompiledQuery.raw('rollback'),
  savepoint: CompiledQuery.raw('savepoint batched_write'),
  rollbackToSavepoint: CompiledQuery.raw('rollback to batched_write'),
  release: CompiledQuery.raw('release batched_write'),
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

interface WaitingWrite {
  work: (tx: Executor) => Promise<unknown>
  settle: (outcome: Outcome) => void
}

/**
 * Group commit for SQLite's one connection. A commit writes every page the transaction changed
 * to the WAL, and that is most of what a small write costs. better-sqlite3 is synchronous, so a
 * write usually runs start to end within one turn of the event loop; a batch therefore starts on
 * setImmediate, after the turn has read every request that arrived, and the writes those requests
 * queued run one after another in a single transaction, each inside a savepoint. A write that
 * fails rolls back to its savepoint and leaves the others alone; a write alone runs without one.
 * Nothing is reported done before the commit, and if the transaction as a whole fails (begin,
 * commit, or an error after which SQLite abandons the transaction) every write in it gets the
 * error, so nothing acknowledged is lost.
 */
class WriteBatches {
  private readonly waiting: WaitingWrite[] = []
  private draining = false

  constructor(private readonly db: Executor) {}

  run<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        work,
        settle: (outcome) => (outcome.ok ? resolve(outcome.value as T) : reject(outcome.error)),
      })
      if (this.draining) return
      this.draining = true
      setImmediate(() => void this.drain())
    })
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      try {
        // The batch is taken once the connection is free, so it holds every write queued meanwhile.
        await this.db.connection().execute(async (connection) => {
          const batch = this.waiting.splice(0, limits.sqliteWritesPerCommitMax)
          const outcomes = await runBatch(connection, batch)
          for (const [index, write] of batch.entries()) write.settle(outcomes[index] as Outcome)
        })
      } catch (error) {
        // No connection to be had (the database is closing): the writes waiting for it fail.
        for (const write of this.waiting.splice(0)) write.settle({ ok: false, error })
      }
    }
    this.draining = false
  }
}

async function runBatch(connection: Executor, batch: WaitingWrite[]): Promise<Outcome[]> {
  const shared = batch.length > 1
  const outcomes: Outcome[] = []
  try {
    await connection.executeQuery(statements.begin)
  } catch (error) {
    return batch.map(() => ({ ok: false, error }))
  }
  try {
    for (const write of batch) {
      if (shared) await connection.executeQuery(statements.savepoint)
      const outcome = await attempt(write, connection)
      outcomes.push(outcome)
      if (!outcome.ok && !shared) {
        await connection.executeQuery(statements.rollback).catch(() => undefined)
        return outcomes
      }
      if (!outcome.ok) {
        // A savepoint that is gone means SQLite abandoned the whole transaction over this error.
        await connection.executeQuery(statements.rollbackToSavepoint).catch(() => {
          throw outcome.error
        })
      }
      if (shared) await connection.executeQuery(statements.release)
    }
    await connection.executeQuery(statements.commit)
    return outcomes
  } catch (error) {
    // SQLite may already have ended the transaction (a full disk, for one); a rollback that then
    // fails changes nothing.
    await connection.executeQuery(statements.rollback).catch(() => undefined)
    return batch.map(() => ({ ok: false, error }))
  }
}

async function attempt(write: WaitingWrite, connection: Executor): Promise<Outcome> {
  try {
    return { ok: true, value: await write.work(connection) }
  } catch (error) {
    return { ok: false, error }
  }
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

const savepoint = {
  open: CompiledQuery.raw('savepoint one_of_many'),
  undo: CompiledQuery.raw('rollback to savepoint one_of_many'),
  release: CompiledQuery.raw('release savepoint one_of_many'),
}

/**
 * Runs `work` as one part of a transaction of many (a confirm of many events): a refusal, or a
 * throw, undoes what the part wrote, the rows it held back for the end included, and leaves the
 * other parts alone. Parts run one after another, never nested.
 */
export async function inSavepoint<T>(tx: Executor, work: () => Promise<Result<T>>): Promise<Result<T>> {
  const pending = rowsAtEnd.get(tx)
  const heldBefore = new Map([...(pending ?? [])].map(([kind, held]) => [kind, held.rows.length]))
  const undo = async () => {
    await tx.executeQuery(savepoint.undo)
    await tx.executeQuery(savepoint.release)
    for (const [kind, held] of pending ?? []) {
      const before = heldBefore.get(kind)
      if (before === undefined) pending?.delete(kind)
      else held.rows.length = before
    }
  }
  await tx.executeQuery(savepoint.open)
  let outcome: Result<T>
  try {
    outcome = await work()
  } catch (error) {
    await undo()
    throw error
  }
  if (outcome.ok) await tx.executeQuery(savepoint.release)
  else await undo()
  return outcome
}
