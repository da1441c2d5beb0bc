import { createHash } from 'node:crypto'
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

/** SHA-256 over the previous hash and every field of the record but its own hash, in hex. */
export function chainHash(previousHash: string, record: Omit<AuditRecord, 'hash'> & { seq: number }): string {
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
