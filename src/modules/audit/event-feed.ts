import type { AuditRecord } from './audit-record.js'

// The event feed (DESIGN 7.5): the business facts of the audit trail that other systems are told
// of, each named by its operation. Bookkeeping internals (journal entries, rules, keys, members,
// profiles) stay in the audit log alone.
export const feedTypes = [
  'ledger_event.created',
  'ledger_event.updated',
  'ledger_event.classified',
  'ledger_event.confirmed',
  'ledger_event.rejected',
  'ledger_event.synced',
  'ledger_event.reconciled',
  'bank_import.completed',
  'receipt.received',
  'receipt.extracted',
  'receipt.matched',
  'receipt.failed',
  'account.created',
  'account.updated',
  'contact.created',
  'contact.updated',
  'reconciliation.finished',
  'reconciliation.undone',
  'reconciliation.cancelled',
  'organization.lock_date_changed',
  'organization.profile_changed',
  'sales_tax_return.filed',
  'webhook_endpoint.disabled',
] as const
export type FeedType = (typeof feedTypes)[number]

const feedTypeSet: ReadonlySet<string> = new Set(feedTypes)

export const isFeedType = (operation: string): operation is FeedType => feedTypeSet.has(operation)

export interface FeedEvent {
  id: string
  seq: number
  type: FeedType
  occurredAt: string
  actorType: AuditRecord['actorType']
  actorId: string | null
  entityId: string
  /**
   * JSON text: `{"entityType","entityId","before","after"}`, the fields the change set as the
   * audit trail records them (null where the object did not exist before or after).
   */
  data: string
}

/** A sealed record of a feed type as the feed shows it. */
export function feedEventOf(record: AuditRecord & { feedSeq: number }): FeedEvent {
  const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text))
  return {
    id: record.id,
    seq: record.feedSeq,
    type: record.operation as FeedType,
    occurredAt: record.at,
    actorType: record.actorType,
    actorId: record.actorId,
    entityId: record.entityId,
    data: JSON.stringify({
      entityType: record.entityType,
      entityId: record.entityId,
      before: parse(record.before),
      after: parse(record.after),
    }),
  }
}
