import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { OrgScope } from '../access/principal.js'
import type { OrganizationStore } from './organization-store.js'

// Closed periods (DESIGN 7.3): every write that creates, changes, posts, rejects or reverses
// something dated asks here, inside its own database transaction, before it writes.

export const periodLocked = (lockDate: string, field: string) =>
  fail(
    'PERIOD_LOCKED',
    `The books are closed through ${lockDate}: nothing dated on or before it can be created or changed.`,
    field,
  )

export class PeriodLock {
  constructor(private readonly deps: { engine: EngineName; store: OrganizationStore }) {}

  /** The lock date, held (PostgreSQL) so that setLockDate waits until this transaction ends. */
  lockDate(tx: Executor, scope: OrgScope): Promise<string | null> {
    return this.deps.store.lockDate(tx, scope.organizationId, this.deps.engine === 'postgres')
  }

  /** Refuses when any of the dates lies on or before the lock date. */
  async checkOpen(
    tx: Executor,
    scope: OrgScope,
    dates: Iterable<string | null | undefined>,
    field: string,
  ): Promise<Result<void>> {
    const lockDate = await this.lockDate(tx, scope)
    if (lockDate === null) return ok(undefined)
    for (const date of dates) if (date && date <= lockDate) return periodLocked(lockDate, field)
    return ok(undefined)
  }
}
