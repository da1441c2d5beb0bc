import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { ReceiptStore } from './receipt-store.js'

export class ReceiptService {
  constructor(private readonly deps: { store: ReceiptStore }) {}

  countDated(ex: Executor, scope: OrgScope, range: { from: string; to: string }): Promise<number> {
    return this.deps.store.countDated(ex, scope, range)
  }
}
