import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'

// The only SQL of the receipts module.
export class ReceiptStore {
  /** Receipts dated in the range (DESIGN 5.6); an undated receipt counts on the day it arrived. */
  async countDated(ex: Executor, scope: OrgScope, range: { from: string; to: string }): Promise<number> {
    const row = await ex
      .selectFrom('receipts')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('organization_id', '=', scope.organizationId)
      .where((eb) =>
        eb.or([
          eb.and([eb('receipt_date', '>=', range.from), eb('receipt_date', '<=', range.to)]),
          eb.and([
            eb('receipt_date', 'is', null),
            eb('created_at', '>=', `${range.from}T00:00:00.000Z`),
            eb('created_at', '<=', `${range.to}T23:59:59.999Z`),
          ]),
        ]),
      )
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
}
