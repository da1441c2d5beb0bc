import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { type Failure, fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { IncomingFile } from '../files/files-port.js'
import type { ReceiptsPort } from '../receipts/receipts-port.js'
import { type AddressType, normalizeAddress, parseLabel } from './intake-address.js'
import type { IntakeAddressRecord, IntakeAddressStore } from './intake-address-store.js'

export interface IncomingMessage {
  addressType: AddressType
  /** Every address the message was sent to; the first one Daybook knows routes it. */
  recipients: string[]
  files: IncomingFile[]
  body: { text: string; html: string | null } | null
}

export class IntakeService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: IntakeAddressStore
      clock: Clock
      access: AccessPort
      receipts: ReceiptsPort
      audit: AuditRecorder
    },
  ) {}

  async createIntakeAddress(
    principal: Principal,
    organizationId: string,
    input: { addressType: string; address: string; label?: string | null },
  ): Promise<Result<IntakeAddressRecord>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createIntakeAddress')
    const normalized = normalizeAddress(input.addressType, input.address)
    if (!normalized.ok) return normalized
    const label = parseLabel(input.label)
    if (!label.ok) return label
    const record = {
      id: newId(),
      ...normalized.value,
      label: label.value,
      active: true,
      createdAt: this.deps.clock.now().toISOString(),
    }
    // The message does not say whether another organization holds the address.
    const inserted = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      if (!(await this.deps.store.insert(tx, scope, record))) return false
      await this.deps.audit.record(tx, scope, [addressChange('created', record.id, null, record)])
      return true
    })
    if (!inserted) {
      return fail('ADDRESS_UNAVAILABLE', 'This address is not available.', 'address')
    }
    return ok({ ...record, organizationId: scope.organizationId })
  }

  async listIntakeAddresses(principal: Principal, organizationId: string): Promise<IntakeAddressRecord[]> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listIntakeAddresses')
    return this.deps.store.list(this.deps.db, scope)
  }

  async deleteIntakeAddress(
    principal: Principal,
    organizationId: string,
    intakeAddressId: string,
  ): Promise<Result<true>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'deleteIntakeAddress')
    const deleted = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      if (!(await this.deps.store.delete(tx, scope, intakeAddressId))) return false
      await this.deps.audit.record(tx, scope, [
        addressChange('deleted', intakeAddressId, { id: intakeAddressId }, null),
      ])
      return true
    })
    if (!deleted) {
      return fail('INTAKE_ADDRESS_NOT_FOUND', 'No intake address with this id.', 'intakeAddressId')
    }
    return ok(true as const)
  }

  /** The organization and address a message is for, or undefined when none of its recipients is ours. */
  async route(addressType: AddressType, recipients: string[]): Promise<IntakeAddressRecord | undefined> {
    for (const recipient of recipients) {
      const normalized = normalizeAddress(addressType, recipient)
      if (!normalized.ok) continue
      const found = await this.deps.store.findActive(this.deps.db, addressType, normalized.value.address)
      if (found) return found
    }
    return undefined
  }

  /**
   * Files the message's receipts: INTAKE_ADDRESS_NOT_FOUND when it is for no known address, and
   * RATE_LIMITED when its documents would take its address or organization past the hourly
   * quota (ADR 0049); either way nothing is stored.
   */
  async receive(message: IncomingMessage): Promise<Result<string[], IntakeRefusal>> {
    const address = await this.route(message.addressType, message.recipients)
    if (!address) {
      return fail('INTAKE_ADDRESS_NOT_FOUND', 'No active intake address matches the recipient.', 'to')
    }
    const scope = this.deps.access.internalScope(address.organizationId)
    const documents = this.deps.receipts.documentsOf(message.files, message.body)
    const refused = await this.overQuota(scope, address, documents.length)
    if (refused) return refused
    return ok(
      await this.deps.receipts.receive(scope, {
        source: message.addressType === 'email' ? 'email' : 'sms',
        intakeAddressId: address.id,
        documents,
      }),
    )
  }

  /**
   * The refusal of a message of `count` documents, or undefined when both quotas have room. Two
   * messages checked at the same moment may both pass: a quota is a bound on a flood, not on a count.
   */
  private async overQuota(
    scope: OrgScope,
    address: IntakeAddressRecord,
    count: number,
  ): Promise<{ ok: false; error: IntakeRefusal } | undefined> {
    if (count === 0) return undefined
    const now = this.deps.clock.now().getTime()
    const since = new Date(now - limits.intakeQuotaWindowMs).toISOString()
    const quotas = [
      {
        max: limits.intakeDocumentsPerAddressPerHourMax,
        of: 'This intake address',
        intakeAddressId: address.id,
      },
      { max: limits.intakeDocumentsPerOrganizationPerHourMax, of: "The organization's intake addresses" },
    ]
    for (const { max, of, intakeAddressId } of quotas) {
      const received = await this.deps.receipts.receivedSince(this.deps.db, scope, {
        ...(intakeAddressId ? { intakeAddressId } : {}),
        since,
        limit: max,
      })
      if (received.length + count <= max) continue
      // Room comes back as the oldest receipts of the window leave it; a message larger than the
      // quota itself never fits, and waits out a whole window like any other.
      const freedBy = received[Math.min(received.length - 1, received.length + count - max - 1)]
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil(((freedBy ? Date.parse(freedBy) : now) + limits.intakeQuotaWindowMs - now) / 1000),
      )
      return {
        ok: false,
        error: {
          code: 'RATE_LIMITED',
          message: `${of} may receive at most ${max} documents an hour; this message's ${count} would pass it. Send it again later.`,
          retryAfterSeconds,
        },
      }
    }
    return undefined
  }
}

/** Why a message was not filed; a quota's refusal says when to try again. */
export interface IntakeRefusal extends Failure {
  retryAfterSeconds?: number
}

const addressChange = (verb: string, addressId: string, before: unknown, after: unknown) => ({
  operation: `intake_address.${verb}`,
  entityType: 'intake_address',
  entityId: addressId,
  before,
  after,
})
