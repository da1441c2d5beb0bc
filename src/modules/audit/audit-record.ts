import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { OrgScope } from '../access/principal.js'

// The pure rules of the audit trail (DESIGN 7.4): who a record names as its actor, how an entity's
// fields are written down, and the hash that chains each record to the one before it.

export const actorTypes = ['user', 'api_key', 'operator', 'system'] as const
export type ActorType = (typeof actorTypes)[number]

/** One change as a service reports it; the trail adds the actor and the time. */
export interface AuditChange {
  operation: string
  entityType: string
  entityId: string
  /** The entity's fields before and after; null where it did not exist. */
  before: unknown
  after: unknown
}

/** The creation of each of these objects of one kind: `<entityType>.created`, the object after. */
export function creations(entityType: string, created: ReadonlyArray<{ id: string }>): AuditChange[] {
  return created.map((object) => ({
    operation: `${entityType}.created`,
    entityType,
    entityId: object.id,
    before: null,
    after: object,
  }))
}

export interface AuditRecord {
  id: string
  seq: number | null
  at: string
  actorType: ActorType
  actorId: string | null
  operation: string
  entityType: string
  entityId: string
  before: string | null
  after: string | null
  hash: string | null
}

/** The chain's start, before any record: the hash every first record chains to. */
export const genesisHash = ''

export function actorOf(scope: OrgScope): { actorType: ActorType; actorId: string | null } {
  const actor = scope.actor
  if (actor.kind === 'api_key') return { actorType: 'api_key', actorId: actor.apiKeyId }
  // The operator CLI and Daybook's own work act under fixed user ids (AccessService).
  if (actor.userId === 'operator') return { actorType: 'operator', actorId: null }
  if (actor.userId === 'system') return { actorType: 'system', actorId: null }
  return { actorType: 'user', actorId: actor.userId }
}

/**
 * An entity's fields as JSON text, bigints as decimal strings. Keys keep the order the services
 * build them in; the chain hashes the stored text, so that order needs no sorting.
 */
export function fieldsText(fields: unknown): string | null {
  if (fields === null || fields === undefined) return null
  return JSON.stringify(fields, bigintAsText)
}

function bigintAsText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

/**
 * The chain's link (ADR 0051): HMAC-SHA-256 under the organization's key over the previous hash,
 * the record's place in the chain and in the feed, and every field of the record. Without the key
 * nobody can write a link that holds, so rewriting records and recomputing the hashes is caught.
 */
export function chainHash(
  key: Buffer,
  previousHash: string,
  record: Omit<AuditRecord, 'hash'> & { seq: number; feedSeq: number | null },
): string {
  return mac(key, ['chain', previousHash, record.seq, record.feedSeq, ...recordFields(record)])
}

/**
 * What an unsealed record carries in its hash column until it is sealed: its fields under the key,
 * so a row written into the table by anything but Daybook is never taken into the chain.
 */
export function recordSeal(key: Buffer, record: Omit<AuditRecord, 'hash' | 'seq'>): string {
  return mac(key, ['record', ...recordFields(record)])
}

/** A record's own fields, in the order both its seal and its link hash them. */
function recordFields(record: Omit<AuditRecord, 'hash' | 'seq'>) {
  return [
    record.id,
    record.at,
    record.actorType,
    record.actorId,
    record.operation,
    record.entityType,
    record.entityId,
    record.before,
    record.after,
  ]
}

/** The anchor's own seal: a head moved back to an earlier record does not hold. */
export function headSeal(key: Buffer, head: { seq: number; hash: string; feedSeq: number }): string {
  return mac(key, ['head', head.seq, head.hash, head.feedSeq])
}

export function sameHash(a: string | null | undefined, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false
  return timingSafeEqual(Buffer.from(a), Buffer.from(b))
}

function mac(key: Buffer, fields: unknown[]): string {
  return createHmac('sha256', key).update(JSON.stringify(fields)).digest('hex')
}

/**
 * The unkeyed SHA-256 link of the versions before ADR 0051, read once: when an existing chain is
 * checked before it is sealed again under its key.
 */
export function unkeyedChainHash(
  previousHash: string,
  record: Omit<AuditRecord, 'hash'> & { seq: number },
): string {
  const content = JSON.stringify([
    previousHash,
    record.seq,
    record.id,
    record.at,
    record.actorType,
    record.actorId,
    record.operation,
    record.entityType,
    record.entityId,
    record.before,
    record.after,
  ])
  return createHash('sha256').update(content).digest('hex')
}
