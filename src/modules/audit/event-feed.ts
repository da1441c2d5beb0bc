import type { AuditRecord } from './audit-record.js'

// The event feed (DESIGN 7.5): the business facts of the audit trail that other systems are told
// of, each named by its operation. Bookkeeping internals (rules, keys, members) stay in the audit
// log alone. Journal entries are told when no event made them (DESIGN 8.4): an event's entry and
// its reversal are told as the event's confirmation and rejection.
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
  'journal_entry.created',
  'journal_entry.reversed',
  'fiscal_year.closed',
  'fiscal_year.reopened',
  'invoice.created',
  'invoice.approved',
  'invoice.paid',
  'invoice.voided',
  'payment.recorded',
  'webhook_endpoint.disabled',
] as const
export type FeedType = (typeof feedTypes)[number]

const feedTypeSet: ReadonlySet<string> = new Set(feedTypes)

export const isFeedType = (operation: string): operation is FeedType => feedTypeSet.has(operation)

/**
 * Whether a record goes to the feed. An entry's record holds its `eventId` as a key of the JSON
 * text; a memo holding those characters would be escaped, so the text alone tells.
 */
export const isFedRecord = (record: { operation: string; after: string | null }): boolean =>
  isFeedType(record.operation) &&
  (record.operation !== 'journal_entry.created' || (record.after?.includes('"eventId":null') ?? false))

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
